import Foundation
import SegueEngine
import SegueWire
import Testing

/// The embedded engine runs the daemon's turn, disk-full rollback included: a batch the full disk refuses is undone
/// and answered UNAVAILABLE, and the engine works again once there is room.
@Suite struct EmbeddedDiskFullTests {
    static func command(_ op: Command.Op) -> Request {
        Request(body: .command(Command(stackId: "full", op: op)))
    }

    static func state(_ engine: EmbeddedEngine) throws -> StackState? {
        let reply = try engine.request(Request(body: .getStack(GetStack(stackId: "full"))))
        guard case .stack(let state)? = reply.body else { return nil }
        return state
    }

    static func stats(_ engine: EmbeddedEngine) throws -> Stats? {
        let reply = try engine.request(Request(body: .getStats(GetStats())))
        guard case .stats(let stats)? = reply.body else { return nil }
        return stats
    }

    @Test func aBatchTheFullDiskRefusesIsUndoneAndTheEngineRecovers() throws {
        let disk = try SmallFileSystem.mountOrCancel()
        var configuration = EngineConfiguration()
        configuration.dataDirectory = disk.path("data")
        let engine = try EmbeddedEngine(configuration: configuration)
        defer { engine.close() }
        let created = try engine.request(
            Self.command(
                .create(CreateStack(screens: ["Home"], config: StackConfig(size: Size(width: 400, height: 800))))))
        #expect(created.error == nil)

        try disk.fill("filler")
        // The log's last page may still have room for a few batches: command until one is refused.
        var refusal: ErrorDetail?
        var lastGood = try Self.state(engine)
        var countedBefore: Stats?
        for step in 0..<500 where refusal == nil {
            let op: Command.Op =
                step % 2 == 0 ? .push(Push(screen: "S\(step)", immediate: true)) : .pop(Pop(immediate: true))
            countedBefore = try Self.stats(engine)
            refusal = try engine.request(Self.command(op)).error
            if refusal == nil { lastGood = try Self.state(engine) }
        }
        // The undone batch's command was received and refused; the stats request after it was received.
        let countedAfter = try #require(try Self.stats(engine))
        let before = try #require(countedBefore)
        #expect(countedAfter.inputsReceived == before.inputsReceived + 2)
        #expect(countedAfter.inputsRejected == before.inputsRejected + 1)
        #expect(countedAfter.eventsAppended == before.eventsAppended)
        let refused = try #require(refusal, "no command was refused with the disk full")
        #expect(refused.code == .unavailable)
        #expect(refused.message.contains("No space left on device"), "\(refused.message)")
        #expect(refused.message.contains("nothing was applied"))
        // The refused command left no trace in the state, and producers were told on er//.
        #expect(try Self.state(engine) == lastGood)
        #expect(engine.logHead == lastGood?.version, "one stack: its version counts every event")
        let notices = engine.published.compactMap { publication -> Rejection? in
            if case .rejection(let rejection) = publication, rejection.stackId.isEmpty { rejection } else { nil }
        }
        #expect(notices.contains { $0.error?.code == .unavailable })

        // Room again: the next command is applied, and the log runs 1...head without gaps.
        #expect(unlink(disk.path("filler")) == 0)
        let applied = try engine.request(Self.command(.push(Push(screen: "After", immediate: true))))
        guard case .command(let result)? = applied.body else {
            Issue.record("not applied: \(applied)")
            return
        }
        #expect(result.version == (lastGood?.version ?? 0) + 3)
        let read = try engine.request(Request(body: .readEvents(ReadEvents(fromPosition: 1, maxCount: 10_000))))
        guard case .events(let batch)? = read.body else {
            Issue.record("no events: \(read)")
            return
        }
        #expect(batch.events.map(\.position) == Array(1...engine.logHead))
    }
}
