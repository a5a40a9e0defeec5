import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue tail` as a script leaves it running: across a daemon restart (on the same log or another), on a stack that
/// does not exist yet or any more, from now on, and from a position still to come.
@Suite("segue tail")
struct CLITailTests {
    @Test("tail says when the daemon goes away and when it is back, and goes on where it was")
    func daemonRestart() throws {
        let data = try ScratchDirectory(prefix: "segue-tail-restart")
        let (first, tail) = try Self.tailOfStoppedDaemon(data: data.url)
        defer { tail.kill() }
        let events = first.endpoints.events
        // The same data directory on the same ports, where tail's sockets keep reconnecting.
        let second = try DaemonProcess.start(dataDirectory: data.url, endpoints: first.endpoints)
        defer { second.kill() }
        #expect(
            tail.readErrorLine(timeoutMs: 20000) == "segue: tail: the daemon at \(events) is back", "\(tail.stderr)")
        #expect(try runSegue(["pop", "demo", "--immediate"], daemon: second).status == 0)
        #expect(try Self.positions(tail, count: 3) == [5, 6, 7])
        Self.expectQuietStop(tail)
        #expect(second.stop() == 0)
    }

    @Test("tail rides out a daemon that answers nothing for many of its reads, then goes on where it was")
    func longSilence() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        #expect(try runSegue(["push", "demo", "Detail", "--immediate"], daemon: daemon).status == 0)
        let tail = try startSegue(["tail", "--from", "1", "--json", "--timeout-ms", "1000"], daemon: daemon)
        defer { tail.kill() }
        #expect(try Self.positions(tail, count: 4) == [1, 2, 3, 4])
        // A stopped daemon keeps its sockets bound and its connections open: tail's reads wait in them unanswered,
        // as they would in the queue of a connection to a daemon that is away and comes back.
        #expect(Glibc.kill(daemon.pid, SIGSTOP) == 0)
        defer { _ = Glibc.kill(daemon.pid, SIGCONT) }
        // The outage itself, nothing to wait on: one read a second (an idle check, given up after 1 s and tried again
        // at once) makes a dozen, more than the 8 the daemon serves one client at a time, and the last is still waiting
        // for its reply when the daemon goes on.
        Thread.sleep(forTimeInterval: 12)
        #expect(Glibc.kill(daemon.pid, SIGCONT) == 0)
        #expect(try runSegue(["pop", "demo", "--immediate"], daemon: daemon).status == 0)
        #expect(try Self.positions(tail, count: 3) == [5, 6, 7])
        #expect(tail.stop() == 0, "\(tail.stderr)")
        // It may have noticed the silence and said so (the daemon's heartbeat stops too); it says nothing else.
        let endpoint = daemon.endpoints.events
        let notes = [
            "segue: tail: the daemon at \(endpoint) went away; waiting for it to come back",
            "segue: tail: the daemon at \(endpoint) is back",
        ]
        while let said = tail.readErrorLine(timeoutMs: 0) { #expect(notes.contains(said), "\(tail.stderr)") }
        #expect(daemon.stop() == 0)
    }

    @Test("a daemon back with a shorter log: tail says so once, and prints that log's events from its head on")
    func shorterLog() throws {
        let (first, tail) = try Self.tailOfStoppedDaemon()
        defer { tail.kill() }
        let events = first.endpoints.events
        // A fresh data directory on the same ports: its log ends before what tail printed.
        let second = try DaemonProcess.start(endpoints: first.endpoints)
        defer { second.kill() }
        // The two notes come in either order: the feed may read the new log before the subscriber is back.
        let notes = Set([tail.readErrorLine(timeoutMs: 20000), tail.readErrorLine(timeoutMs: 20000)])
        #expect(
            notes == [
                "segue: tail: the daemon at \(events) is back",
                "segue: tail: the daemon's log at \(events) ends at 0, before position 4 seen already: a different "
                    + "log; following it from its head",
            ], "\(tail.stderr)")
        #expect(try runSegue(["create", "newlife", "--screens", "Home"], daemon: second).status == 0)
        #expect(try runSegue(["push", "newlife", "Detail", "--immediate"], daemon: second).status == 0)
        #expect(try Self.positions(tail, count: 4) == [1, 2, 3, 4])
        Self.expectQuietStop(tail)
        #expect(second.stop() == 0)
    }

    @Test("tail names the events' gesture progress and the frames' visual progress apart")
    func twoProgressValues() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        // fullscreen counts 200 pt as the whole gesture while its screen follows the finger over the width.
        let create = ["create", "demo", "--screens", "Home,Detail", "--profile", "fullscreen"]
        #expect(try runSegue(create, daemon: daemon).status == 0)
        let tail = try startSegue(["tail", "--from", "1", "--frames"], daemon: daemon)
        defer { tail.kill() }
        #expect(tail.readLine(timeoutMs: 10000)?.contains(" created ") == true, "\(tail.stderr)")
        #expect(try runSegue(["swipe", "demo", "--to", "0.3"], daemon: daemon).status == 0)
        var lines: [String] = []
        while lines.last?.contains(" completed ") != true, let line = tail.readLine(timeoutMs: 10000) {
            lines.append(line)
        }
        let progressed = try #require(lines.last { $0.contains(" progressed ") }, "\(lines)")
        let frame = try #require(lines.last { $0.contains(" frame ") && $0.contains(" TRACKING ") }, "\(lines)")
        // The finger's 117 pt is past the 200 pt of the gesture's half, the screens at 0.3 of the width.
        #expect(progressed.hasSuffix(" gesture=0.585"), "\(progressed)")
        #expect(frame.contains(" TRACKING visual=0.300 "), "\(frame)")
        #expect(!lines.contains { $0.contains(" p=") }, "\(lines)")
        #expect(tail.stop() == 0)
        #expect(daemon.stop() == 0)
    }

    @Test("tail --from past the log's head says once that it waits for that position, then prints from it")
    func fromPastHead() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        let tail = try startSegue(["tail", "--from", "3", "--json"], daemon: daemon)
        defer { tail.kill() }
        #expect(
            tail.readErrorLine(timeoutMs: 10000)
                == "segue: tail: waiting for position 3 (the daemon's log at \(daemon.endpoints.events) ends at 1)",
            "\(tail.stderr)")
        #expect(try runSegue(["push", "demo", "Detail", "--immediate"], daemon: daemon).status == 0)
        #expect(try Self.positions(tail, count: 2) == [3, 4])
        Self.expectQuietStop(tail)
        #expect(daemon.stop() == 0)
    }

    @Test("tail --stack with an id no stack can have is a usage error, before any waiting", arguments: ["", "bad id!"])
    func invalidStack(stack: String) throws {
        // Nothing answers there: the id is refused before the daemon is asked anything.
        let output = try runSegue(["tail", "--stack", stack], environment: ["SEGUE_CONTROL": "tcp://127.0.0.1:1"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("--stack"), "\(output)")
        #expect(!output.stderr.contains("waiting"), "\(output)")
    }

    @Test("a stack deleted while tail follows it, or before: tail says it waits for it to be created again")
    func deletedStack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "gone", "--screens", "Home"], daemon: daemon).status == 0)
        let tail = try startSegue(["tail", "--stack", "gone", "--from", "1", "--json"], daemon: daemon)
        defer { tail.kill() }
        #expect(try Self.positions(tail, count: 1) == [1])
        #expect(try runSegue(["delete", "gone"], daemon: daemon).status == 0)
        #expect(try Self.positions(tail, count: 1) == [2])
        let deleted = "segue: tail: stack gone was deleted; waiting for it to be created again"
        #expect(tail.readErrorLine(timeoutMs: 10000) == deleted, "\(tail.stderr)")

        // Started after the deletion, reading the history with it: the same note, once.
        let later = try startSegue(["tail", "--stack", "gone", "--from", "1", "--json"], daemon: daemon)
        defer { later.kill() }
        #expect(later.readErrorLine(timeoutMs: 10000) == deleted, "\(later.stderr)")
        #expect(try Self.positions(later, count: 2) == [1, 2])
        #expect(try runSegue(["create", "gone", "--screens", "Home"], daemon: daemon).status == 0)
        #expect(try Self.positions(tail, count: 1) == [3])
        #expect(try Self.positions(later, count: 1) == [3])
        for process in [tail, later] { Self.expectQuietStop(process) }
        #expect(daemon.stop() == 0)
    }

    @Test("tail --stack of a stack that does not exist says so once, then prints its events once it is created")
    func missingStack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let tail = try Self.startWaiting(for: "later", daemon: daemon)
        defer { tail.kill() }
        #expect(try runSegue(["create", "later", "--screens", "Home"], daemon: daemon).status == 0)
        #expect(try Self.positions(tail, count: 1) == [1])
        Self.expectQuietStop(tail)
        #expect(daemon.stop() == 0)
    }

    @Test("tail --from now prints what happens after it starts, not the history")
    func fromNow() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        // A stack created and deleted: history (positions 1 and 2) for a stack that does not exist, so that tail's
        // note that it waits for it says that tail has read where now is.
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        _ = try control.command(
            Command(
                stackId: "again",
                op: .create(CreateStack(screens: ["Home"], config: StackConfig(size: Size(width: 390, height: 844))))))
        _ = try control.command(Command(stackId: "again", op: .delete(DeleteStack())))

        let tail = try Self.startWaiting(
            for: "again", options: ["--from", "now"],
            note: "stack again was deleted; waiting for it to be created again",
            daemon: daemon)
        defer { tail.kill() }
        #expect(try runSegue(["create", "again", "--screens", "Home"], daemon: daemon).status == 0)
        #expect(try Self.positions(tail, count: 1) == [3])
        #expect(tail.stop() == 0, "\(tail.stderr)")
    }

    @Test("tail --help says what --from takes")
    func fromInHelp() throws {
        let help = try runSegue(["tail", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--from POS|now"), "\(help)")
        let wrong = try runSegue(["tail", "--from", "later"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--from must be a position"), "\(wrong)")
    }

    /// A daemon (on `data`, else on a directory of its own) with a stack's first four events, and a `tail --from 1
    /// --json` that printed them; the daemon is stopped, and tail has said that it went away.
    static func tailOfStoppedDaemon(data: URL? = nil) throws -> (DaemonProcess, ChildProcess) {
        let daemon = try DaemonProcess.start(dataDirectory: data)
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        #expect(try runSegue(["push", "demo", "Detail", "--immediate"], daemon: daemon).status == 0)
        // From the start of the log, so that what tail prints does not depend on when it got going.
        let tail = try startSegue(["tail", "--from", "1", "--json"], daemon: daemon)
        #expect(try Self.positions(tail, count: 4) == [1, 2, 3, 4])
        #expect(daemon.stop() == 0)
        #expect(
            tail.readErrorLine(timeoutMs: 20000)
                == "segue: tail: the daemon at \(daemon.endpoints.events) went away; waiting for it to come back",
            "\(tail.stderr)")
        return (daemon, tail)
    }

    /// Starts `tail --stack <stack> --json` with `options`, and waits for its note that the stack does not exist
    /// (`no stack <stack> yet; waiting for it` unless `note` says otherwise).
    static func startWaiting(
        for stack: String, options: [String] = [], note: String? = nil, daemon: DaemonProcess
    ) throws -> ChildProcess {
        let tail = try startSegue(["tail", "--stack", stack, "--json"] + options, daemon: daemon)
        let said = tail.readErrorLine(timeoutMs: 10000)
        #expect(said == "segue: tail: " + (note ?? "no stack \(stack) yet; waiting for it"), "\(tail.stderr)")
        return tail
    }

    /// Stops `tail` (SIGTERM), which must exit 0 without saying anything more on stderr: each note comes once.
    static func expectQuietStop(_ tail: ChildProcess) {
        #expect(tail.stop() == 0, "\(tail.stderr)")
        #expect(tail.readErrorLine(timeoutMs: 0) == nil, "said more than once: \(tail.stderr)")
    }

    /// The positions of the next `count` events tail prints (`--json`).
    static func positions(_ tail: ChildProcess, count: Int) throws -> [Int] {
        var positions: [Int] = []
        for _ in 0..<count {
            let line = try #require(tail.readLine(timeoutMs: 10000), "after \(positions); stderr: \(tail.stderr)")
            let event = try #require(try jsonObject(line)["event"] as? [String: Any], "\(line)")
            positions.append(try #require(event["position"] as? Int, "\(line)"))
        }
        return positions
    }
}
