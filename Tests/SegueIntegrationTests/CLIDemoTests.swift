import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue demo` without a terminal: plain event lines, the three outcomes, and a clean end.
@Suite("segue demo")
struct CLIDemoTests {
    private static let outcomes = [
        "=> finished (PASSED_THRESHOLD) after 0.7 of the width; now Home",
        "=> cancelled (BELOW_THRESHOLD) after 0.2 of the width; now Home > Detail",
        "=> finished (FLUNG_FORWARD) after 0.25 of the width; now Home",
    ]

    @Test("against a running daemon: three swipes, a push between, and the demo's stack deleted at the end")
    func withRunningDaemon() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let output = try runSegue(["demo", "--fast"], daemon: daemon, timeoutMs: 60000)
        #expect(output.status == 0, "\(output)")
        #expect(output.lines.first == "using the segued at \(daemon.endpoints.control)", "\(output)")
        #expect(output.lines.filter { $0.hasPrefix("=> ") } == Self.outcomes, "\(output)")
        #expect(output.lines.contains("pushing Detail back (animated)"))
        #expect(
            output.lines.filter { $0.hasPrefix("    shows: ") } == [
                "    shows: a release past half way finishes the pop",
                "    shows: a short drag springs back: Detail stays",
                "    shows: a fast flick finishes though the drag is short",
            ], "\(output)")
        #expect(output.lines.contains { $0.contains(" began POP Detail -> Home interactive gesture_id=") })
        #expect(output.lines.contains { $0.hasPrefix("   ... ") && $0.hasSuffix(" progressed") })
        #expect(output.lines.contains("Try next:"))
        #expect(!output.stdout.contains("\u{1B}"), "no terminal, no escape sequences")

        let created = try #require(output.lines.first { $0.hasPrefix("created stack demo-") }, "\(output)")
        let stackId = String(created.dropFirst("created stack ".count).prefix { $0 != ":" })
        #expect(output.lines.contains("deleted stack \(stackId)"), "\(output)")
        #expect(output.lines.contains { $0.hasPrefix("  segue create demo --screens Home,Detail ") }, "\(output)")
        let stacks = try runSegue(["stacks", "--json"], daemon: daemon)
        #expect(stacks.status == 0 && !stacks.stdout.contains("demo-"), "\(stacks)")
        #expect(daemon.stop() == 0)
    }

    @Test("after the README's `segue create demo`, Try next names a stack that does not exist, and it can be created")
    func tryNextAfterTheReadmeTour() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home,Detail"], daemon: daemon).status == 0)
        let output = try runSegue(["demo", "--fast"], daemon: daemon, timeoutMs: 60000)
        #expect(output.status == 0, "\(output)")
        let suggestion = try #require(
            output.lines.first { $0.hasPrefix("  segue create ") }, "\(output)")
        let words = suggestion.split(separator: " ").prefix(4).map(String.init)
        #expect(words == ["segue", "create", "demo2", "--screens"], "\(suggestion)")
        let created = try runSegue(["create", "demo2", "--screens", "Home,Detail"], daemon: daemon)
        #expect(created.status == 0, "\(created)")
        #expect(output.lines.contains { $0.hasPrefix("  segue swipe demo2 --to 0.4") }, "\(output)")
        #expect(daemon.stop() == 0)
    }

    @Test("--help calls it a short, paced tour and documents --fast")
    func pacingDescribed() throws {
        let help = try runSegue(["demo", "--help"])
        #expect(help.status == 0, "\(help)")
        #expect(!help.stdout.contains("two-minute"), "\(help)")
        #expect(help.stdout.contains("--fast"), "\(help)")
        let list = try runSegue(["--help"])
        #expect(list.stdout.contains("a short tour: three swipes drawn live, paced to follow"), "\(list)")
    }

    @Test("Ctrl-C in the middle of the tour still deletes the stack from the running daemon")
    func interruptedWithRunningDaemon() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let demo = try startSegue(["demo", "--fast"], daemon: daemon)
        defer { demo.kill() }
        // Interrupted as the first swipe starts: whether its finger is down or up, its stack goes.
        var line: String?
        repeat { line = demo.readLine(timeoutMs: 20000) } while line.map { !$0.hasPrefix("1/3 ") } ?? false
        #expect(line != nil, "the tour never started: \(demo.stderr)")
        let status = demo.stop(signal: SIGINT, timeoutMs: 20000)
        let rest = (try? demo.finish(timeoutMs: 1000))?.stdout ?? ""
        // Exit 130, as a shell reports a command that Ctrl-C ended; not a failure of the daemon.
        #expect(status == 130, "stdout: \(rest); stderr: \(demo.stderr)")
        // With the finger down, the line also says what the stack's profile made of the cancelled gesture.
        let said = demo.stderr.split(separator: "\n").last ?? ""
        #expect(said.hasPrefix("segue: interrupted") && !demo.stderr.contains("UNAVAILABLE"), "\(demo.stderr)")
        #expect(rest.contains("deleted stack demo-"), "stdout: \(rest); stderr: \(demo.stderr)")
        let stacks = try runSegue(["stacks", "--json"], daemon: daemon)
        #expect(stacks.status == 0 && !stacks.stdout.contains("demo-"), "\(stacks)")
        #expect(daemon.stop() == 0)
    }

    @Test("with no daemon: starts segued, runs, stops it by pid and removes its directory")
    func withOwnDaemon() throws {
        // Nothing listens on port 1: the 300 ms probe times out and the demo starts its own daemon.
        let output = try runSegue(
            ["demo", "--fast"], environment: ["SEGUE_CONTROL": "tcp://127.0.0.1:1"], timeoutMs: 60000)
        #expect(output.status == 0, "\(output)")
        #expect(output.lines.filter { $0.hasPrefix("=> ") } == Self.outcomes, "\(output)")
        let daemon = try #require(output.lines.lazy.compactMap(StartedDaemon.init(line:)).first, "\(output)")
        #expect(daemon.directory.hasPrefix("/tmp/segue-demo."), "\(output)")
        #expect(
            output.lines.last
                == "stopped the demo's segued (pid \(daemon.pid), exit 0) and removed \(daemon.directory)")
        #expect(!FileManager.default.fileExists(atPath: daemon.directory))
        // Reaped by the demo: the pid no longer names a process (not even a zombie) of ours.
        #expect(kill(daemon.pid, 0) == -1 && errno == ESRCH)
    }

    @Test("--help shows an example; an unusable daemon is an error, not a second daemon")
    func helpAndErrors() throws {
        let help = try runSegue(["demo", "--help"])
        #expect(help.status == 0 && help.stdout.contains("examples:\n  segue demo"), "\(help)")
        let missing = try runSegue(
            ["demo", "--segued", "/nonexistent/segued"],
            environment: ["SEGUE_CONTROL": "tcp://127.0.0.1:1"])
        #expect(missing.status == 1, "\(missing)")
        #expect(missing.stderr.hasPrefix("segue: UNAVAILABLE: cannot start /nonexistent/segued"), "\(missing)")
    }
}
