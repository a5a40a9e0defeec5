import Foundation
import SegueClient
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The `segue` command line against a real `segued`: outputs and exit codes (0 ok, 1 error or no daemon, 2 usage).
@Suite("segue command line")
struct CLITests {
    @Test("create, push, pop and state round trip")
    func roundTrip() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }

        let created = try runSegue(["create", "demo", "--screens", "Home", "--profile", "classic"], daemon: daemon)
        #expect(created.status == 0, "\(created)")
        #expect(created.lines == ["created demo (version 1)"])

        let pushed = try runSegue(["push", "demo", "Detail", "--immediate"], daemon: daemon)
        #expect(pushed.status == 0, "\(pushed)")
        #expect(pushed.lines == ["pushed Detail onto demo: positions 2-4, version 4"])

        let state = try runSegue(["state", "demo"], daemon: daemon)
        #expect(state.status == 0, "\(state)")
        #expect(state.lines.contains("  screens Home > Detail"), "\(state)")
        #expect(state.lines.contains("  idle"), "\(state)")

        let popped = try runSegue(["pop", "demo", "--immediate"], daemon: daemon)
        #expect(popped.status == 0, "\(popped)")
        #expect(popped.lines == ["popped demo: positions 5-7, version 7"])

        let json = try runSegue(["state", "demo", "--json"], daemon: daemon)
        #expect(json.status == 0, "\(json)")
        let object = try jsonObject(json.lines.first ?? "")
        #expect(object["stackId"] as? String == "demo")
        #expect(object["version"] as? Int == 7)
        #expect(object["screens"] as? [String] == ["Home"])
        #expect(object["transition"] == nil)

        let stacks = try runSegue(["stacks"], daemon: daemon)
        #expect(stacks.lines == ["demo"])
        let stats = try runSegue(["stats", "--json"], daemon: daemon)
        #expect(try jsonObject(stats.lines.first ?? "")["headPosition"] as? Int == 7)
        #expect(daemon.stop() == 0)
    }

    @Test("resize and delete round trip; a bad size is a usage error, an unknown stack UNKNOWN_STACK")
    func resizeAndDelete() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)

        let resized = try runSegue(["resize", "demo", "1024x768.5"], daemon: daemon)
        #expect(resized.status == 0, "\(resized)")
        #expect(resized.lines == ["resized demo to 1024x768.5: position 2, version 2"])
        let state = try runSegue(["state", "demo"], daemon: daemon)
        #expect(state.lines.contains { $0.contains("size 1024x768.5") }, "\(state)")

        for size in ["wide", "0x100", "100x", "-5x10", "1e3x10", "100x100001", "100x100x100"] {
            let bad = try runSegue(["resize", "demo", size], daemon: daemon)
            #expect(bad.status == 2, "\(size): \(bad)")
            #expect(
                bad.stderr.hasPrefix("segue resize: the size must be WIDTHxHEIGHT in points")
                    && bad.stderr.contains("'\(size)'"),
                "\(size): \(bad)")
        }

        let deleted = try runSegue(["delete", "demo", "--json"], daemon: daemon)
        #expect(deleted.status == 0, "\(deleted)")
        #expect(try jsonObject(deleted.lines.first ?? "")["version"] as? Int == 3, "\(deleted)")
        #expect(try runSegue(["stacks"], daemon: daemon).lines.isEmpty)
        for arguments in [["delete", "demo"], ["resize", "demo", "800x600"]] {
            let unknown = try runSegue(arguments, daemon: daemon)
            #expect(unknown.status == 1, "\(arguments): \(unknown)")
            #expect(unknown.stderr.hasPrefix("segue: UNKNOWN_STACK: "), "\(arguments): \(unknown)")
        }
        // The id is free again.
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        let again = try runSegue(["delete", "demo"], daemon: daemon)
        #expect(again.lines == ["deleted demo: position 5, version 2"], "\(again)")
        #expect(daemon.stop() == 0)
    }

    @Test("tail colours finished green and cancelled yellow on a terminal; not under NO_COLOR, not into a pipe")
    func tailColours() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let setup = [
            ["create", "demo", "--screens", "Home,Detail", "--profile", "classic"], ["swipe", "demo", "--to", "0.7"],
            ["push", "demo", "Detail", "--immediate"], ["swipe", "demo", "--to", "0.3"],
        ]
        for arguments in setup {
            let output = try runSegue(arguments, daemon: daemon)
            #expect(output.status == 0, "\(arguments): \(output)")
        }
        let history = { (text: String) in text.contains(" completed t3 reverted") }

        // An empty NO_COLOR is no NO_COLOR (whatever the environment running the tests says).
        let coloured = try TerminalProcess(
            ["tail", "--from", "1"], daemon: daemon, columns: 200, rows: 50, environment: ["NO_COLOR": ""])
        defer { coloured.kill() }
        #expect(coloured.waitForText(timeoutMs: 10000, history), "\(coloured.raw)")
        let lines = coloured.raw.components(separatedBy: "\r\n")
        let finished = lines.first { $0.contains(" finished t1 ") } ?? ""
        #expect(finished.hasPrefix("\u{1B}[32m#") && finished.hasSuffix("\u{1B}[0m"), "\(finished)")
        let cancelled = lines.first { $0.contains(" cancelled t3 ") } ?? ""
        #expect(cancelled.hasPrefix("\u{1B}[33m#") && cancelled.hasSuffix("\u{1B}[0m"), "\(cancelled)")
        #expect(lines.first { $0.contains(" began ") }?.contains("\u{1B}") == false, "\(lines)")
        #expect(coloured.stop(signal: SIGTERM) == 0)

        let monochrome = try TerminalProcess(
            ["tail", "--from", "1"], daemon: daemon, columns: 200, rows: 50, environment: ["NO_COLOR": "1"])
        defer { monochrome.kill() }
        #expect(monochrome.waitForText(timeoutMs: 10000, history), "\(monochrome.raw)")
        #expect(!monochrome.raw.contains("\u{1B}"), "\(monochrome.raw)")
        #expect(monochrome.stop(signal: SIGTERM) == 0)

        let piped = try startSegue(["tail", "--from", "1"], daemon: daemon, environment: ["NO_COLOR": ""])
        defer { piped.kill() }
        var text = ""
        while !history(text), let line = piped.readLine(timeoutMs: 10000) { text += line + "\n" }
        #expect(history(text) && !text.contains("\u{1B}"), "\(text)")
        #expect(piped.stop() == 0)
        #expect(daemon.stop() == 0)
    }

    @Test("swipe --to 0.7 finishes a pop on a classic stack, --to 0.3 cancels it")
    func swipeFinishesAndCancels() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let created = try runSegue(
            ["create", "demo", "--screens", "Home,Detail", "--profile", "classic"],
            daemon: daemon)
        #expect(created.status == 0, "\(created)")

        let cancelled = try runSegue(["swipe", "demo", "--to", "0.3"], daemon: daemon)
        #expect(cancelled.status == 0, "\(cancelled)")
        #expect(
            cancelled.lines == [
                "cancelled (BELOW_THRESHOLD) after 0.3 of the width",
                "completed: stack is now Home > Detail",
            ], "\(cancelled)")

        let finished = try runSegue(["swipe", "demo", "--to", "0.7"], daemon: daemon)
        #expect(finished.status == 0, "\(finished)")
        #expect(
            finished.lines == [
                "finished (PASSED_THRESHOLD) after 0.7 of the width",
                "completed: stack is now Home",
            ], "\(finished)")

        let state = try runSegue(["state", "demo", "--json"], daemon: daemon)
        #expect(try jsonObject(state.lines.first ?? "")["screens"] as? [String] == ["Home"])
        // The swipes proved their subscriptions live with probes, not with inputs the daemon had to reject (which
        // every `segue tail` would have shown).
        let stats = try runSegue(["stats", "--json"], daemon: daemon)
        #expect(try jsonObject(stats.lines.first ?? "")["inputsRejected"] as? Int == 0, "\(stats)")
    }

    @Test("a swipe typed while a transition runs waits for it; --no-wait and commands are refused with a hint")
    func swipeWaitsForRunningTransition() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let producer = try Producer(endpoint: daemon.endpoints.ingest)
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: [Topic.event.prefix("demo")])
        // The finger stays still through several commands: a gesture silent for the default second would end
        // in a GESTURE_TIMEOUT on a loaded machine, so its timeout is a minute.
        try DaemonTests.createClassic(control, tuning: Tuning(gestureTimeoutMs: 60_000))
        try DaemonTests.awaitLive(subscriber, control: control)
        // Another finger holds the stack: its pop tracks until the test lets go.
        try producer.send(pan: DaemonTests.pan(.panBegan, tx: 4, timeUs: 0))
        try producer.send(pan: DaemonTests.pan(.panChanged, tx: 40, timeUs: 8_333))
        while true {
            let publication = try #require(try subscriber.next(timeoutMs: 10_000), "no began")
            if case .event(let event) = publication, case .began = event.body { break }
        }

        let refused = try runSegue(["swipe", "demo", "--to", "0.3", "--no-wait"], daemon: daemon)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.hasPrefix("segue: TRANSITION_IN_PROGRESS: "), "\(refused)")
        #expect(refused.stderr.contains("hint: drop --no-wait, and swipe waits"), "\(refused)")
        let pushed = try runSegue(["push", "demo", "More"], daemon: daemon)
        #expect(pushed.status == 1, "\(pushed)")
        #expect(pushed.stderr.contains("hint: wait for the running transition to complete"), "\(pushed)")

        let short = try runSegue(["swipe", "demo", "--to", "0.3", "--wait-ms", "200"], daemon: daemon)
        #expect(short.status == 1, "\(short)")
        #expect(short.stderr.contains("a larger --wait-ms waits longer") && !short.stderr.contains("--no-wait"))

        // Two swipes wait for the same finger; when it lets go, one begins first and the other waits for it too.
        let swipes = try (0..<2).map { _ in try startSegue(["swipe", "demo", "--to", "0.3"], daemon: daemon) }
        defer { for swipe in swipes { swipe.kill() } }
        for swipe in swipes {
            #expect(
                swipe.readLine(timeoutMs: 10_000) == "waiting for transition 1 (POP) to complete", "\(swipe.stderr)")
        }
        try producer.send(pan: DaemonTests.pan(.panCancelled, tx: 40, timeUs: 16_666))
        for swipe in swipes {
            let output = try swipe.finish(timeoutMs: 20_000)
            #expect(output.status == 0, "\(output)")
            #expect(
                output.lines.suffix(2) == [
                    "cancelled (BELOW_THRESHOLD) after 0.3 of the width",
                    "completed: stack is now Home > Detail",
                ], "\(output)")
        }
    }

    @Test("swipe mirrors for right-to-left stacks and switches tabs")
    func swipeRightToLeftAndTabs() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        // The default profile (fluid) checks the direction, so a mirrored trace must head right-to-left's back.
        #expect(try runSegue(["create", "rtl", "--screens", "Home,Detail", "--rtl"], daemon: daemon).status == 0)
        let back = try runSegue(["swipe", "rtl", "--to", "0.8"], daemon: daemon)
        #expect(back.status == 0, "\(back)")
        #expect(back.lines.last == "completed: stack is now Home", "\(back)")

        #expect(try runSegue(["create", "shop", "--tabs", "Feed,Search,Cart"], daemon: daemon).status == 0)
        let tabs = try runSegue(["swipe", "shop", "--target", "tabs", "--to", "0.7"], daemon: daemon)
        #expect(tabs.status == 0, "\(tabs)")
        #expect(tabs.lines.last == "completed: stack is now tab 1 (Search)", "\(tabs)")
        // A tab swipe on a navigation stack is refused in the command line's own terms.
        let misdirected = try runSegue(["swipe", "rtl", "--target", "tabs", "--to", "0.7"], daemon: daemon)
        #expect(misdirected.status == 1, "\(misdirected)")
        #expect(
            misdirected.stderr.contains(
                "--target tabs needs a tab stack; stack 'rtl' is a navigation stack (create one with "
                    + "`segue create NAME --tabs A,B`"), "\(misdirected)")
        #expect(!misdirected.stderr.contains("PAN_TARGET_TABS"), "\(misdirected)")
        // An id that is no stack id is quoted escaped, never echoed to the terminal as it came.
        let hostile = try runSegue(["state", "ab\u{1B}]0;pwned\u{7}"], daemon: daemon)
        #expect(hostile.status != 0, "\(hostile)")
        #expect(!hostile.stderr.contains("\u{1B}") && hostile.stderr.contains("ab\\u{1b}]0;pwned\\u{7}"), "\(hostile)")
        // So is a tab selected on a navigation stack: in words, not the request's name.
        let tab = try runSegue(["tab", "rtl", "1"], daemon: daemon)
        #expect(tab.status == 1, "\(tab)")
        #expect(
            tab.stderr.contains("stack 'rtl' is a navigation stack; selecting a tab needs a tab stack"), "\(tab)")
        #expect(!tab.stderr.contains("select_tab"), "\(tab)")
    }

    @Test("swipe at the root exits 1 with NOTHING_TO_POP")
    func swipeAtRoot() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "solo", "--screens", "Home"], daemon: daemon).status == 0)
        let swiped = try runSegue(["swipe", "solo"], daemon: daemon)
        #expect(swiped.status == 1, "\(swiped)")
        #expect(swiped.stderr.hasPrefix("segue: NOTHING_TO_POP: "), "\(swiped)")
    }

    @Test("an unknown stack exits 1 with UNKNOWN_STACK")
    func unknownStack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        for arguments in [["state", "nope"], ["pop", "nope"], ["swipe", "nope"]] {
            let output = try runSegue(arguments, daemon: daemon)
            #expect(output.status == 1, "\(arguments): \(output)")
            #expect(output.stderr.hasPrefix("segue: UNKNOWN_STACK: "), "\(arguments): \(output)")
        }
    }

    @Test("stats prints its counters in one column, at least two spaces after every label")
    func statsColumns() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let output = try runSegue(["stats"], daemon: daemon)
        #expect(output.status == 0, "\(output)")
        let rows = output.lines.map { line in
            line.firstMatch(of: #/^(?<label>[a-z0-9 ]*[a-z0-9])(?<gap>  +)(?<value>[0-9][0-9.]*( us| s)?)$/#)
        }
        #expect(rows.count >= 15 && !rows.contains { $0 == nil }, "\(output)")
        let valueColumns = Set(rows.compactMap { $0.map { $0.output.label.count + $0.output.gap.count } })
        #expect(valueColumns.count == 1, "\(output)")
        #expect(output.lines.contains { $0.hasPrefix("publications refused  ") }, "\(output)")
        #expect(daemon.stop() == 0)
    }

    @Test("no daemon exits 1 with UNAVAILABLE as soon as the connection is refused, not at the timeout")
    func noDaemon() throws {
        // Nothing listens on port 1: the connection is refused at once.
        let endpoint = "tcp://127.0.0.1:1"
        let started = ContinuousClock.now
        let output = try runSegue(["stats", "--control", endpoint, "--timeout-ms", "30000"])
        // A generous bound: waiting for the timeout would take 30 s.
        #expect(ContinuousClock.now - started < .seconds(15), "\(output)")
        #expect(output.status == 1, "\(output)")
        #expect(
            output.stderr.split(separator: "\n").map(String.init) == [
                "segue: UNAVAILABLE: the connection to \(endpoint) was refused; is segued running?",
                "hint: nothing answers the connection at \(endpoint) (nothing listens there, or its host does not "
                    + "resolve): start segued (make run), or point --control, --ingest and --events (or SEGUE_CONTROL, "
                    + "...) at it",
            ], "\(output)")
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            [], ["frobnicate"], ["create", "demo"], ["create", "demo", "--screens", "A", "--tabs", "B"],
            ["push", "demo"], ["pop", "demo", "--bogus"], ["swipe", "demo", "--to", "2"],
            ["swipe", "demo", "--target", "sideways"], ["tail", "--from", "x"], ["state"], ["delete"],
            ["resize", "demo"],
        ])
    func usageErrors(arguments: [String]) throws {
        let output = try runSegue(arguments, environment: ["SEGUE_CONTROL": "tcp://127.0.0.1:1"])
        #expect(output.status == 2, "\(arguments): \(output)")
        #expect(!output.stderr.isEmpty)
    }

    @Test(
        "--help exits 0 with usage and an example",
        arguments: [
            "create", "push", "pop", "pop-to-root", "present", "dismiss", "tab", "swipe", "state", "stacks", "stats",
            "tail", "resize", "delete",
        ])
    func help(subcommand: String) throws {
        let output = try runSegue([subcommand, "--help"])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("usage: segue \(subcommand)"), "\(output)")
        let example = output.stdout.components(separatedBy: "examples:\n").last ?? ""
        #expect(
            example.hasPrefix("  segue \(subcommand) ") || example.hasPrefix("  segue \(subcommand)\n"),
            "\(output)")
    }

    @Test("segue --help lists every subcommand")
    func overview() throws {
        let output = try runSegue(["--help"])
        #expect(output.status == 0)
        for name in [
            "create", "push", "pop", "pop-to-root", "swipe", "state", "stacks", "stats", "tail", "resize", "delete",
        ] {
            #expect(output.lines.contains { $0.hasPrefix("  \(name) ") }, "\(name) missing: \(output)")
        }
    }

    @Test("tail --from 1 --json prints the history, then live events, without gaps or repeats")
    func tailHistoryThenLive() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        #expect(try runSegue(["push", "demo", "Detail", "--immediate"], daemon: daemon).status == 0)
        #expect(try runSegue(["pop", "demo", "--immediate"], daemon: daemon).status == 0)

        let tail = try startSegue(["tail", "--from", "1", "--json"], daemon: daemon)
        defer { tail.kill() }
        var positions: [Int] = []
        var kinds: [String] = []
        func readEvents(_ count: Int) throws {
            for _ in 0..<count {
                guard let line = tail.readLine(timeoutMs: 10000) else {
                    Issue.record("tail printed \(positions.count) events; stderr: \(tail.stderr)")
                    return
                }
                let event = try #require(try jsonObject(line)["event"] as? [String: Any], "\(line)")
                positions.append(try #require(event["position"] as? Int))
                kinds.append(
                    event.keys.first {
                        !["position", "stackId", "version", "timeUs", "requestId"]
                            .contains($0)
                    } ?? "?")
            }
        }
        try readEvents(7)
        #expect(positions == Array(1...7))
        #expect(kinds == ["stackCreated", "began", "finished", "completed", "began", "finished", "completed"])

        // Live events continue right after the history; tail subscribed before reading it.
        #expect(try runSegue(["push", "demo", "Settings", "--immediate"], daemon: daemon).status == 0)
        try readEvents(3)
        #expect(positions == Array(1...10))
        #expect(tail.stop() == 0, "stderr: \(tail.stderr)")
        #expect(daemon.stop() == 0)
    }
}
