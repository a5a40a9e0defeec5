import Foundation
import SegueClient
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A daemon whose data directory fills up refuses commands with UNAVAILABLE instead of exiting, keeps its log
/// intact, and works again once there is room.
@Suite struct DiskFullTests {
    static func push(_ screen: String) -> Command {
        Command(stackId: "full", op: .push(Push(screen: screen, immediate: true)))
    }

    static let pop = Command(stackId: "full", op: .pop(Pop(immediate: true)))

    /// The error `command` is answered with, or nil when it is applied.
    static func refusal(of command: Command, _ control: ControlClient) throws -> ErrorDetail? {
        do {
            _ = try control.command(command)
            return nil
        } catch {
            guard case .errorReply(let detail) = error else { throw error }
            return detail
        }
    }

    @Test func aFullDiskRefusesCommandsAndRecovers() throws {
        let disk = try SmallFileSystem.mountOrCancel()
        let data = URL(fileURLWithPath: disk.path("data"))
        let daemon = try DaemonProcess.start(dataDirectory: data)
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        _ = try control.command(
            Command(
                stackId: "full",
                op: .create(
                    CreateStack(
                        screens: ["Home"], config: StackConfig(size: Size(width: 400, height: 800))))))
        let notices = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["er//"])
        // Live before the disk fills: a PUB socket drops what it sends before the subscription arrives.
        try DaemonTests.awaitLive(notices, control: control)

        try disk.fill("filler")
        // The log's last page may still have room for a few batches: command until one is refused.
        var refusal: ErrorDetail?
        var lastGood = try control.stack("full")
        for step in 0..<500 where refusal == nil {
            refusal = try Self.refusal(of: step % 2 == 0 ? Self.push("S\(step)") : Self.pop, control)
            if refusal == nil { lastGood = try control.stack("full") }
        }
        guard let refusal else {
            Issue.record("no command was refused with the disk full; stderr: \(daemon.stderr)")
            return
        }
        #expect(refusal.code == .unavailable)
        #expect(refusal.message.contains("No space left on device"), "\(refusal.message)")
        #expect(refusal.message.contains("nothing was applied"))

        // Still up: reads are answered, and the refused command left no trace in the state.
        #expect(daemon.process.isRunning)
        let stats = try control.stats()
        #expect(stats.headPosition == lastGood.version, "one stack: its version counts every event")
        #expect(try control.stack("full") == lastGood)
        var noticed = false
        let deadline = Date().addingTimeInterval(5)
        while !noticed && Date() < deadline {
            if case .rejection(let rejection)? = try notices.next(timeoutMs: 100) {
                noticed = rejection.error?.code == .unavailable
            }
        }
        #expect(noticed, "producers are told on er// that their inputs were dropped")
        #expect(daemon.stderr.contains("refusing batches"))

        // Room again: the next command is applied.
        #expect(unlink(disk.path("filler")) == 0)
        let applied = try control.command(Self.push("After"))
        #expect(applied.version == lastGood.version + 3)
        #expect(try control.stack("full").screens.last == "After")
        #expect(daemon.stderr.contains("writable again"))

        // The log runs 1...head without gaps and replays to the same state after a restart.
        let head = try control.stats().headPosition
        let events = try control.readEvents(from: 1, maxCount: 10_000).events
        #expect(events.map(\.position) == Array(1...head))
        let before = try control.stack("full")
        #expect(daemon.stop() == 0, "stderr: \(daemon.stderr)")
        let verify = try runSegue(["replay", data.path, "--verify", "--quiet"])
        #expect(verify.status == 0, "\(verify)")
        let again = try DaemonProcess.start(dataDirectory: data)
        defer { again.kill() }
        let control2 = try ControlClient(endpoint: again.endpoints.control)
        #expect(try control2.stack("full") == before)
        #expect(try control2.stats().headPosition == head)
        #expect(again.stop() == 0)
    }
}
