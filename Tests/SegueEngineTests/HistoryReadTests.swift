import Foundation
import SegueWire
import Testing

@testable import SegueEngine

/// History reads are served by the history reader from a view of the log, one-stack reads through the stacks'
/// index: page by page they return exactly the stack's events of a whole-log read, wherever those lie.
@Suite struct HistoryReadTests {
    static func command(_ stackId: String, _ op: Command.Op) -> Request {
        Request(body: .command(Command(stackId: stackId, op: op)))
    }

    static func read(_ engine: EmbeddedEngine, stack: String, from: UInt64, count: UInt32) throws -> EventBatch {
        let reply = try engine.request(
            Request(requestId: "r", body: .readEvents(ReadEvents(fromPosition: from, stackId: stack, maxCount: count))))
        #expect(reply.requestId == "r")
        guard case .events(let batch)? = reply.body else {
            Issue.record("no events: \(reply)")
            return EventBatch()
        }
        return batch
    }

    /// Every event of `stack` from `from`, read `count` at a time, following `next_position`.
    static func readAll(_ engine: EmbeddedEngine, stack: String, from: UInt64 = 1, count: UInt32) throws -> [Event] {
        var events: [Event] = []
        var position = from
        for _ in 0..<10_000 {
            let batch = try read(engine, stack: stack, from: position, count: count)
            events += batch.events
            #expect(batch.nextPosition > position || batch.events.isEmpty)
            if batch.events.isEmpty { return events }
            position = batch.nextPosition
        }
        Issue.record("reading \(stack) did not end")
        return events
    }

    /// Three stacks whose events lie close together (`busy`, `quiet`) and far apart (`rare`: one push per 150
    /// events of the others), in a log of many small segments.
    static func makeLog(_ directory: String, configuration given: EngineConfiguration? = nil) throws -> EmbeddedEngine {
        var configuration = given ?? EngineConfiguration()
        configuration.dataDirectory = directory
        configuration.segmentBytes = 8192
        let engine = try EmbeddedEngine(configuration: configuration)
        let config = StackConfig(size: Size(width: 400, height: 800))
        for stack in ["busy", "quiet", "rare"] {
            _ = try engine.request(command(stack, .create(CreateStack(screens: ["Home"], config: config))))
        }
        for step in 0..<600 {
            let screen = "S\(step)"
            _ = try engine.request(command("busy", .push(Push(screen: screen, immediate: true))))
            if step % 3 == 0 { _ = try engine.request(command("quiet", .push(Push(screen: screen, immediate: true)))) }
            if step % 150 == 0 { _ = try engine.request(command("rare", .push(Push(screen: screen, immediate: true)))) }
        }
        return engine
    }

    @Test func oneStackReadsReturnExactlyThatStacksEventsPageByPage() throws {
        try withTemporaryDirectory { directory in
            let engine = try Self.makeLog(directory)
            defer { engine.close() }
            let whole = try Self.readAll(engine, stack: "", count: 10_000)
            #expect(whole.map(\.position) == Array(1...engine.logHead))
            for stack in ["busy", "quiet", "rare"] {
                let expected = whole.filter { $0.stackId == stack }
                for count: UInt32 in [1, 7, 1000] {
                    #expect(try Self.readAll(engine, stack: stack, count: count) == expected, "\(stack) by \(count)")
                }
                // From the middle of the log.
                let middle = engine.logHead / 2
                #expect(
                    try Self.readAll(engine, stack: stack, from: middle, count: 5)
                        == expected.filter { $0.position >= middle })
            }
            #expect(try Self.read(engine, stack: "none", from: 1, count: 10).events.isEmpty)
        }
    }

    @Test func theIndexFollowsTheLogAsItGrows() throws {
        try withTemporaryDirectory { directory in
            let engine = try Self.makeLog(directory)
            defer { engine.close() }
            let before = try Self.readAll(engine, stack: "rare", count: 100)
            let pushed = try engine.request(Self.command("rare", .push(Push(screen: "Late", immediate: true))))
            #expect(pushed.error == nil)
            let after = try Self.readAll(engine, stack: "rare", count: 100)
            #expect(after.count == before.count + 3, "began, finished and completed of the late push")
            #expect(Array(after.prefix(before.count)) == before)
            // A read past the head says where the next one starts.
            let past = try Self.read(engine, stack: "rare", from: engine.logHead + 5, count: 10)
            #expect(past.events.isEmpty && past.nextPosition == engine.logHead + 5)
            let atHead = try Self.read(engine, stack: "busy", from: engine.logHead - 2, count: 10)
            #expect(atHead.events.isEmpty && atHead.nextPosition == engine.logHead + 1)
        }
    }

    @Test func aReadOfAnInvalidStackIdIsRefused() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            let engine = try EmbeddedEngine(configuration: configuration)
            defer { engine.close() }
            let reply = try engine.request(Request(body: .readEvents(ReadEvents(stackId: "no spaces allowed"))))
            #expect(reply.error?.code == .invalidArgument)
        }
    }
}

/// The history reader's limits and damage handling, through the turn with a transport in memory.
@Suite struct HistoryReaderLimitTests {
    static func readRequest(_ id: String) -> [UInt8] {
        Request(requestId: id, body: .readEvents(ReadEvents(fromPosition: 1, maxCount: 10))).encoded()
    }

    @Test func readsPastAClientsShareAreRefusedAtOnceAndOtherRequestsAreServed() throws {
        let transport = MemoryTransport()
        try withTurns(over: transport) { _, turns in
            let greedy: [UInt8] = Array("greedy".utf8)
            let polite: [UInt8] = Array("polite".utf8)
            for index in 0..<20 { transport.requestQueue.append([greedy, Self.readRequest("g\(index)")]) }
            for index in 0..<3 { transport.requestQueue.append([polite, Self.readRequest("p\(index)")]) }
            transport.requestQueue.append([polite, Request(requestId: "stats", body: .getStats(GetStats())).encoded()])
            try turns.turn(now: turns.nowUs())
            // In the same turn: the greedy client's reads past its share refused, the stats answered (reads the
            // reader served meanwhile may be answered too).
            let limit = HistoryReader.maxWaitingPerClient
            let refusedIds = (limit..<20).map { "g\($0)" }
            let firstTurn = try transport.replies.map { try Reply(decoding: $0.payload) }
            #expect(Set(refusedIds + ["stats"]).isSubset(of: firstTurn.map(\.requestId)))
            try turns.syncAndReply(waitingForReads: true)
            let replies = try transport.replies.map { try Reply(decoding: $0.payload) }
            #expect(replies.count == 24)
            for reply in replies where refusedIds.contains(reply.requestId) {
                #expect(reply.error?.code == .resourceExhausted)
            }
            let served = replies.filter { $0.requestId != "stats" && !refusedIds.contains($0.requestId) }
            #expect(Set(served.map(\.requestId)) == Set((0..<limit).map { "g\($0)" } + (0..<3).map { "p\($0)" }))
            #expect(served.allSatisfy { $0.error == nil })
            #expect(turns.history.waiting == 0)
        }
    }

    @Test func aDamagedRecordFailsOnlyTheReadsThatReachIt() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            configuration.segmentBytes = 8192
            let engine = try HistoryReadTests.makeLog(directory, configuration: configuration)
            defer { engine.close() }
            let whole = try HistoryReadTests.readAll(engine, stack: "", count: 10_000)
            // Damage a record in the middle of the second segment: its checksum no longer holds.
            let segments = try FileManager.default.contentsOfDirectory(atPath: directory + "/log")
                .filter { $0.hasSuffix(".seg") }.sorted()
            let damaged = directory + "/log/" + segments[1]
            let handle = try #require(FileHandle(forUpdatingAtPath: damaged))
            try handle.seek(toOffset: 4000)
            let byte = try #require(try handle.read(upToCount: 1)).first!
            try handle.seek(toOffset: 4000)
            try handle.write(contentsOf: [byte ^ 0xFF])
            try handle.close()
            let secondStart = try #require(UInt64(segments[2].prefix(20)))
            let busyAfter = whole.filter { $0.stackId == "busy" && $0.position >= secondStart }
            // Reads past the damaged segment are served through the index.
            #expect(try HistoryReadTests.readAll(engine, stack: "busy", from: secondStart, count: 50) == busyAfter)
            // A read that reaches the damage fails, naming it; one that ends before it does not.
            let reply = try engine.request(Request(body: .readEvents(ReadEvents(fromPosition: 1, stackId: "busy"))))
            #expect(reply.error?.code == .unavailable, "\(reply)")
            #expect(reply.error?.message.contains("corrupt") == true, "\(reply)")
            let before = try HistoryReadTests.read(engine, stack: "busy", from: 1, count: 2)
            #expect(before.events.count == 2)
        }
    }
}
