import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue record` as a proxy in front of a daemon, and `segue play` of its file into a fresh one.
@Suite("segue record and play")
struct CLIRecordPlayTests {
    @Test("the file format: header, records, a partial tail kept apart, damage refused")
    func format() throws {
        var bytes = Recording.header
        let records = [
            Recording.Record(offsetUs: 0, payload: [1, 2, 3]),
            Recording.Record(offsetUs: 1_234_567, payload: []),
            Recording.Record(offsetUs: Recording.maxOffsetUs, payload: Array(repeating: 7, count: 300)),
        ]
        for record in records { Recording.encode(record, into: &bytes) }
        #expect(Array(bytes[15..<27]) == [0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0])
        #expect(try Recording.decode(bytes) == Recording.Contents(records: records, trailingBytes: 0))

        let cut = Array(bytes.dropLast(5))
        #expect(
            try Recording.decode(cut)
                == Recording.Contents(
                    records: Array(records.prefix(2)),
                    trailingBytes: 12 + 300 - 5))
        #expect(throws: Recording.FormatError.self) { try Recording.decode(Array("segue-record 2\n".utf8)) }
        var absurd = Recording.header
        absurd += [0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F]
        #expect(throws: Recording.FormatError.self) { try Recording.decode(absurd) }
        for offsets: [UInt64] in [[2000, 1000], [0, Recording.maxOffsetUs + 1]] {
            var damaged = Recording.header
            for offset in offsets { Recording.encode(Recording.Record(offsetUs: offset, payload: []), into: &damaged) }
            #expect(throws: Recording.FormatError.self) { try Recording.decode(damaged) }
        }
    }

    @Test("a session recorded through the proxy plays into a fresh daemon as the same events")
    func roundTrip() throws {
        let scratch = try ScratchDirectory(prefix: "segue-record")
        let file = scratch.url.appendingPathComponent("session.rec").path
        let original = try DaemonProcess.start()
        defer { original.kill() }

        let recorder = try startSegue(
            [
                "record", file, "--listen", "tcp://127.0.0.1:*",
                "--listen-control", "tcp://127.0.0.1:*",
            ], daemon: original)
        defer { recorder.kill() }
        let ready = try #require(recorder.readLine(timeoutMs: 10000), "stderr: \(recorder.stderr)")
        let proxy = try #require(
            SegueEndpoints(
                readyLine: ready.replacingOccurrences(
                    of: "segue record ready", with: "segued ready") + " events=-"), "\(ready)")
        let viaIngest = ["--ingest", proxy.ingest]
        let viaControl = ["--control", proxy.control]

        // Commands through the control proxy, swipes through the ingest proxy; queries and events go direct.
        let steps: [[String]] = [
            ["create", "demo", "--screens", "Home,Detail", "--profile", "fluid"] + viaControl,
            ["swipe", "demo", "--to", "0.7"] + viaIngest,
            ["push", "demo", "Detail", "--immediate"] + viaControl,
            ["swipe", "demo", "--to", "0.2"] + viaIngest,
            ["swipe", "demo", "--to", "0.25", "--velocity", "1200", "--json"] + viaIngest,
        ]
        var output = ProcessOutput(status: -1, stdout: "", stderr: "")
        let control = try ControlClient(endpoint: original.endpoints.control, timeoutMs: 5000)
        for step in steps {
            output = try runSegue(step, daemon: original)
            #expect(output.status == 0, "\(step): \(output)")
            // The next step starts once the settle has completed, a process start later: a swipe that waited
            // for it would begin a millisecond after, which a replay a few milliseconds late turns into a catch.
            try Self.waitUntilIdle(control, stack: "demo")
        }
        // The last swipe's --json outcome.
        let fling = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(
            fling?["outcome"] as? String == "finished" && fling?["reason"] as? String == "FLUNG_FORWARD",
            "\(output)")
        #expect(fling?["reached"] as? Double == 0.25 && fling?["screens"] as? [String] == ["Home"], "\(output)")
        #expect(recorder.stop() == 0, "stderr: \(recorder.stderr)")
        let summary = try #require(recorder.readLine(timeoutMs: 1000))
        #expect(summary.hasPrefix("recorded "), "\(summary)")

        let recorded = try events(of: original, stack: "demo")
        #expect(recorded.count > 90)
        #expect(recorded.compactMap(reason) == [.passedThreshold, .programmatic, .belowThreshold, .flungForward])

        // A fresh daemon: the same inputs make the same events (positions, versions, bodies, request ids).
        let fresh = try DaemonProcess.start()
        defer { fresh.kill() }
        let played = try runSegue(["play", file, "--json"], daemon: fresh)
        #expect(played.status == 0, "\(played)")
        let report = try JSONSerialization.jsonObject(with: Data(played.stdout.utf8)) as? [String: Any]
        #expect(report?["inputs"] as? Int == report?["recorded"] as? Int)
        #expect(report?["accepted"] as? Int == report?["inputs"] as? Int && report?["rejected"] as? Int == 0)
        let replayed = try events(of: fresh, stack: "demo", waitingFor: recorded.count)
        #expect(replayed.map(withoutTime) == recorded.map(withoutTime))

        // Into the same daemon under another name: only the stack id (and so the positions) change.
        let copy = try runSegue(["play", file, "--speed", "1", "--stack-map", "demo=copy"], daemon: fresh)
        #expect(copy.status == 0, "\(copy)")
        let copied = try events(of: fresh, stack: "copy", waitingFor: recorded.count)
        #expect(
            copied.map { renamed(withoutTime($0), to: "demo") }.map(\.body)
                == recorded.map(withoutTime).map(\.body))
        #expect(copied.map(\.version) == recorded.map(\.version))
        #expect(original.stop() == 0)
        #expect(fresh.stop() == 0)
    }

    @Test("usage and file errors")
    func errors() throws {
        let scratch = try ScratchDirectory(prefix: "segue-record")
        let bogus = scratch.url.appendingPathComponent("bogus.rec")
        try Data("not a recording".utf8).write(to: bogus)
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let notRecording = try runSegue(["play", bogus.path], daemon: daemon)
        #expect(notRecording.status == 1, "\(notRecording)")
        #expect(
            notRecording.stderr.hasPrefix("segue: INVALID_ARGUMENT: \(bogus.path) is not a segue recording"),
            "\(notRecording)")
        let exists = try runSegue(
            ["record", bogus.path, "--listen", "tcp://127.0.0.1:*", "--listen-control", "none"],
            daemon: daemon)
        #expect(exists.status == 1 && exists.stderr.contains("--force"), "\(exists)")
        for arguments in [
            ["play", bogus.path, "--stack-map", "demo"], ["play", bogus.path, "--speed", "-1"],
            ["play", bogus.path, "--stack-map", "a=b=c"], ["play", bogus.path, "--stack-map", "a=b c"],
            ["play", bogus.path, "--stack-map", "=b"],
            ["record", "x.rec", "--listen", "tcp://0.0.0.0:7711"],
        ] {
            let output = try runSegue(arguments, daemon: daemon)
            #expect(output.status == 2, "\(arguments): \(output)")
        }
    }

    @Test("play waits until segued has decided every input, and reports the rejections with their reasons")
    func rejections() throws {
        let scratch = try ScratchDirectory(prefix: "segue-play")
        // A push that animates for 10 s, then two commands while it runs: both refused.
        let file = try Self.recording(
            in: scratch, Self.pushes(settleMs: 10_000, at: [0, 1000, 2000, 3000], animatedPop: false))
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let played = try runSegue(["play", file], daemon: daemon)
        #expect(played.status == 1, "\(played)")
        #expect(played.stdout.hasSuffix(": 2 accepted, 2 rejected\n"), "\(played)")
        #expect(played.stderr.contains("rejected 2 of 4: TRANSITION_IN_PROGRESS x2 (stack demo)"), "\(played)")
        #expect(played.stderr.contains("TRANSITION_IN_PROGRESS: stack 'demo' is running transition 1"), "\(played)")

        // The same verdict as JSON; renamed, the rejections are the new stack's.
        let json = try runSegue(["play", file, "--json", "--stack-map", "demo=copy"], daemon: daemon)
        #expect(json.status == 1, "\(json)")
        let report = try jsonObject(json.lines.first ?? "")
        #expect(report["accepted"] as? Int == 2 && report["rejected"] as? Int == 2, "\(report)")
        let refusals = try #require(report["rejections"] as? [[String: Any]], "\(report)")
        #expect(refusals.count == 1)
        #expect(refusals.first?["code"] as? String == "TRANSITION_IN_PROGRESS")
        #expect(refusals.first?["count"] as? Int == 2 && refusals.first?["stacks"] as? [String] == ["copy"])
        #expect(daemon.stop() == 0)
    }

    @Test("play at another speed than recorded warns of the animated commands whose timing that changes")
    func speedWarning() throws {
        let scratch = try ScratchDirectory(prefix: "segue-play")
        // An animated push followed by more input on its stack (counted), and an animated pop at the end (not).
        let file = try Self.recording(
            in: scratch, Self.pushes(settleMs: 50, at: [0, 1000, 400_000, 401_000], animatedPop: true))
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let fast = try runSegue(["play", file, "--speed", "4"], daemon: daemon)
        #expect(
            fast.stderr.contains(
                "segue play: warning: \(file) holds 1 animated command followed by more input on the same stack"),
            "\(fast)")
        #expect(fast.stderr.contains("at --speed 4 that input"), "\(fast)")
        // A flutter pop that met the push elsewhere turns it back from there instead of being refused.
        #expect(fast.stderr.contains("in flutter a pop turns it back from elsewhere: REVERSED_BY_COMMAND"), "\(fast)")
        // The speed as given, not rounded to three decimals.
        let almost = try runSegue(
            ["play", file, "--speed", "1.00000001", "--stack-map", "demo=almost"], daemon: daemon)
        #expect(almost.stderr.contains("at --speed 1.00000001 that input"), "\(almost)")
        let recorded = try runSegue(["play", file, "--stack-map", "demo=copy"], daemon: daemon)
        #expect(recorded.status == 0 && !recorded.stderr.contains("warning"), "\(recorded)")
        #expect(daemon.stop() == 0)
    }

    @Test("record --json prints only JSON on standard output: the ready line goes to standard error")
    func recordJSON() throws {
        let scratch = try ScratchDirectory(prefix: "segue-record")
        let file = scratch.url.appendingPathComponent("session.rec").path
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let recorder = try startSegue(
            ["record", file, "--listen", "tcp://127.0.0.1:*", "--listen-control", "tcp://127.0.0.1:*", "--json"],
            daemon: daemon)
        defer { recorder.kill() }
        let ready = try #require(recorder.readErrorLine(timeoutMs: 10000), "stderr: \(recorder.stderr)")
        let proxy = try #require(
            SegueEndpoints(
                readyLine: ready.replacingOccurrences(of: "segue record ready", with: "segued ready")
                    + " events=-"), "\(ready)")
        let created = try runSegue(["create", "demo", "--screens", "Home", "--control", proxy.control], daemon: daemon)
        #expect(created.status == 0, "\(created)")
        #expect(recorder.stop() == 0, "stderr: \(recorder.stderr)")
        var lines: [String] = []
        while let line = recorder.readLine(timeoutMs: 1000) { lines.append(line) }
        #expect(lines.count == 1, "\(lines)")
        for line in lines {
            let summary = try jsonObject(line)
            #expect(summary["inputs"] as? Int == 1, "\(summary)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test("play of a file that is not a recording says so, showing its first bytes escaped")
    func notARecording() throws {
        let scratch = try ScratchDirectory(prefix: "segue-play")
        // A PNG's signature, then a terminal escape (clear the screen), a bell, NUL and more.
        let image = scratch.url.appendingPathComponent("picture.png")
        try Data([0x89] + Array("PNG\r\n".utf8) + [0x1A, 0x0A, 0x1B] + Array("[2J".utf8) + [0x07, 0x00, 0xFF, 9, 9])
            .write(to: image)
        let played = try runSegue(["play", image.path])
        #expect(played.status == 1, "\(played)")
        #expect(
            played.stderr
                == "segue: INVALID_ARGUMENT: \(image.path) is not a segue recording: it starts with "
                + #""\x89PNG\r\n\x1A\n\x1B[2J\x07\x00\xFF\t..." where a recording starts with "segue-record 1""#
                + "\n")
        #expect(played.stderr.utf8.allSatisfy { $0 == 0x0A || (0x20..<0x7F).contains($0) }, "\(played)")

        let empty = scratch.url.appendingPathComponent("empty.rec")
        try Data().write(to: empty)
        let nothing = try runSegue(["play", empty.path])
        #expect(nothing.status == 1 && nothing.stderr.contains("\(empty.path) is empty"), "\(nothing)")
        let newer = scratch.url.appendingPathComponent("newer.rec")
        try Data("segue-record 2\n".utf8).write(to: newer)
        let unknown = try runSegue(["play", newer.path])
        #expect(unknown.status == 1 && unknown.stderr.contains("of format \"2\""), "\(unknown)")
    }

    @Test("play refuses a --speed too slow to wait for, and offsets past 7 days or going back as damage")
    func absurdTiming() throws {
        let scratch = try ScratchDirectory(prefix: "segue-play")
        let create = Input(body: .command(Command(stackId: "demo", requestId: "c1", op: .create(CreateStack()))))
        let second = 15 + 12 + create.encoded().count
        let slow = try runSegue(["play", "any.rec", "--speed", "1e-300"])
        #expect(
            slow.status == 2 && slow.stderr.contains("--speed must be 0 (without waiting) or from 0.001"), "\(slow)")
        // Played at --speed 0, so that a player that does not check sends them at once.
        let far = try Self.recording(in: scratch, [(0, create), (UInt64(1) << 63, create)], name: "far.rec")
        let farPlayed = try runSegue(["play", far, "--speed", "0"])
        #expect(farPlayed.status == 1, "\(farPlayed)")
        #expect(
            farPlayed.stderr.contains(
                "\(far) is damaged: record 2 at byte \(second) is at offset 9223372036854775808 us, past the "
                    + "604800000000 (7 days) a recording may last"), "\(farPlayed)")
        let back = try Self.recording(in: scratch, [(2000, create), (1000, create)], name: "back.rec")
        let backPlayed = try runSegue(["play", back, "--speed", "0"])
        #expect(backPlayed.status == 1, "\(backPlayed)")
        #expect(
            backPlayed.stderr.contains(
                "\(back) is damaged: record 2 at byte \(second) is at offset 1000 us, before the 2000 of record 1 "
                    + "(offsets never decrease)"), "\(backPlayed)")
    }

    @Test("record that cannot start leaves FILE as it was: none made, none replaced")
    func recordStartFailure() throws {
        let scratch = try ScratchDirectory(prefix: "segue-record")
        let kept = scratch.url.appendingPathComponent("keep.rec")
        try Data("precious".utf8).write(to: kept)
        let fresh = scratch.url.appendingPathComponent("fresh.rec")
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        // The daemon's own endpoints are taken.
        let taken = [
            ["--listen", daemon.endpoints.ingest, "--listen-control", "none"],
            ["--listen", "tcp://127.0.0.1:*", "--listen-control", daemon.endpoints.control],
        ]
        for listen in taken {
            for arguments in [["record", kept.path, "--force"], ["record", fresh.path]] {
                let failed = try runSegue(arguments + listen, daemon: daemon)
                #expect(failed.status == 1 && failed.stderr.contains("cannot listen on"), "\(failed)")
            }
        }
        #expect(try Data(contentsOf: kept) == Data("precious".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["keep.rec"])

        // Started, the recorder makes the new file and replaces the old one, leaving nothing else beside them.
        for arguments in [["record", kept.path, "--force"], ["record", fresh.path]] {
            let recorded = try runSegue(
                arguments + ["--listen", "tcp://127.0.0.1:*", "--listen-control", "none", "--duration-ms", "1"],
                daemon: daemon)
            #expect(recorded.status == 0, "\(recorded)")
        }
        #expect(try Data(contentsOf: kept) == Data(Recording.header))
        #expect(try Data(contentsOf: fresh) == Data(Recording.header))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["fresh.rec", "keep.rec"])
        // A rename would replace a link, not what it names: --force replaces only a regular file.
        let link = scratch.url.appendingPathComponent("link.rec")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: kept)
        let linked = try runSegue(
            ["record", link.path, "--force", "--listen", "tcp://127.0.0.1:*", "--listen-control", "none"],
            daemon: daemon)
        #expect(linked.status == 1 && linked.stderr.contains("not a regular file"), "\(linked)")
        #expect(daemon.stop() == 0)
    }

    @Test("play of a recording that names a thousand stacks hears every rejection")
    func thousandStacks() throws {
        let scratch = try ScratchDirectory(prefix: "segue-play")
        // A create on each of 1000 stacks, then a push on a stack that does not exist.
        let create = CreateStack(screens: ["Home"], config: StackConfig(size: Size(width: 390, height: 844)))
        var inputs = (0..<1000).map { index in
            (
                offsetUs: UInt64(index),
                input: Input(
                    body: .command(
                        Command(stackId: "s\(index)", requestId: "c\(index)", op: .create(create))))
            )
        }
        inputs.append(
            (1000, Input(body: .command(Command(stackId: "s1000", requestId: "c1000", op: .push(Push(screen: "A")))))))
        let file = try Self.recording(in: scratch, inputs)
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let played = try runSegue(["play", file, "--speed", "0"], daemon: daemon, timeoutMs: 60000)
        #expect(played.status == 1, "\(played)")
        #expect(played.stdout.hasSuffix(": 1000 accepted, 1 rejected\n"), "\(played)")
        #expect(played.stderr.contains("rejected 1 of 1001: UNKNOWN_STACK x1 (stack s1000)"), "\(played)")
        #expect(daemon.stop() == 0)
    }

    @Test("Ctrl-C in the middle of a play says how far it got, and exits 130")
    func interruptedPlay() throws {
        let scratch = try ScratchDirectory(prefix: "segue-play")
        // The stack's create at once, then a push an hour later.
        let file = try Self.recording(
            in: scratch, Array(Self.pushes(settleMs: 50, at: [0, 3_600_000_000], animatedPop: false)))
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let play = try startSegue(["play", file], daemon: daemon)
        defer { play.kill() }
        // The create has been decided: play is waiting for the push's time.
        #expect(try events(of: daemon, stack: "demo", waitingFor: 1).count == 1)
        let status = play.stop(signal: SIGINT, timeoutMs: 10000)
        let output = try play.finish(timeoutMs: 1000)
        #expect(status == 130, "\(output)")
        #expect(output.stdout.hasSuffix(": 1 accepted, 0 rejected\n"), "\(output)")
        #expect(output.stdout.hasPrefix("played 1 of 2 inputs from \(file)"), "\(output)")
        #expect(output.stderr == "segue: interrupted after 1 of 2 inputs\n", "\(output)")
        #expect(daemon.stop() == 0)
    }

    @Test("Ctrl-C while a recorded finger is down sends PAN_CANCELLED: the stack does not wait for the gesture timeout")
    func interruptedPlayLiftsTheFinger() throws {
        let scratch = try ScratchDirectory(prefix: "segue-play")
        let config = StackConfig(size: Size(width: 390, height: 844))
        func pan(_ phase: PanPhase, x: Double, at us: Int64) -> Input {
            Input(
                body: .pan(
                    PanEvent(
                        stackId: "demo", gestureId: 9, phase: phase, location: Vec2(x: 8 + x, y: 400),
                        translation: Vec2(x: x, y: 0), velocity: Vec2(x: 300, y: 0), timestampUs: us,
                        target: .panTargetBack)))
        }
        // The finger goes down and moves, then moves again an hour later.
        let file = try Self.recording(
            in: scratch,
            [
                (
                    0,
                    Input(
                        body: .command(
                            Command(
                                stackId: "demo", op: .create(CreateStack(screens: ["Home", "Detail"], config: config))))
                    )
                ),
                (10_000, pan(.panBegan, x: 2, at: 10_000)), (20_000, pan(.panChanged, x: 20, at: 20_000)),
                (3_600_000_000, pan(.panChanged, x: 40, at: 3_600_000_000)),
            ])
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let play = try startSegue(["play", file], daemon: daemon)
        defer { play.kill() }
        // create, began, progressed: the finger is down.
        #expect(try events(of: daemon, stack: "demo", waitingFor: 3).count >= 3)
        #expect(play.stop(signal: SIGINT, timeoutMs: 10000) == 130, "\(play.stderr)")
        // Read until the transition completes: its decision is the one cancelled event.
        var logged: [Event] = []
        for count in 4...16 {
            logged = try events(of: daemon, stack: "demo", waitingFor: count)
            if logged.contains(where: { if case .completed? = $0.body { true } else { false } }) { break }
        }
        let reasons = logged.compactMap { event -> Reason? in
            if case .cancelled(let cancelled)? = event.body { return cancelled.reason }
            return nil
        }
        #expect(reasons == [.gestureCancelled], "\(logged)")
        #expect(daemon.stop() == 0)
    }

    // MARK: - Helpers

    /// A recording of `inputs` written to the file `name` in `scratch`.
    private static func recording(
        in scratch: ScratchDirectory, _ inputs: [(offsetUs: UInt64, input: Input)], name: String = "made.rec"
    ) throws -> String {
        var bytes = Recording.header
        for (offsetUs, input) in inputs {
            Recording.encode(Recording.Record(offsetUs: offsetUs, payload: input.encoded()), into: &bytes)
        }
        let path = scratch.url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// On stack `demo`: its create (commands animating for `settleMs`), an animated push, an immediate push and a
    /// pop, recorded at `offsets` (microseconds after the start), with request ids c1...c4.
    private static func pushes(settleMs: UInt32, at offsets: [UInt64], animatedPop: Bool)
        -> [(offsetUs: UInt64, input: Input)]
    {
        let config = StackConfig(size: Size(width: 390, height: 844), tuning: Tuning(settleMs: settleMs))
        let ops: [Command.Op] = [
            .create(CreateStack(screens: ["Home"], config: config)), .push(Push(screen: "Detail")),
            .push(Push(screen: "More", immediate: true)), .pop(Pop(immediate: !animatedPop)),
        ]
        return zip(offsets, ops).enumerated().map { index, pair in
            (pair.0, Input(body: .command(Command(stackId: "demo", requestId: "c\(index + 1)", op: pair.1))))
        }
    }

    /// Every event of `stack` in `daemon`'s log, read once at least `count` are there (or 20 s passed).
    /// Returns once the stack runs no transition (at most 10 s).
    private static func waitUntilIdle(_ control: ControlClient, stack: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while try control.stack(stack).transition != nil && Date() < deadline {}
    }

    private func events(of daemon: DaemonProcess, stack: String, waitingFor count: Int = 0) throws -> [Event] {
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: [Topic.event.prefix(stack)])
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stack)
        feed.catchUp(from: 1)
        var events: [Event] = []
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            guard let publication = try feed.next(timeoutMs: count == 0 ? 0 : 200) else {
                if count == 0 || events.count >= count { break }
                continue
            }
            if case .event(let event) = publication { events.append(event) }
            if count > 0 && events.count >= count { break }
        }
        return events
    }

    private func withoutTime(_ event: Event) -> Event {
        var event = event
        event.timeUs = 0
        return event
    }

    private func renamed(_ event: Event, to stack: String) -> Event {
        var event = event
        event.stackId = stack
        return event
    }

    private func reason(_ event: Event) -> Reason? {
        switch event.body {
        case .finished(let finished): finished.reason
        case .cancelled(let cancelled): cancelled.reason
        default: nil
        }
    }
}
