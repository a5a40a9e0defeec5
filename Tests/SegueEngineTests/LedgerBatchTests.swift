import SegueCore
import SegueWire
import Testing

@testable import SegueEngine

/// A batch is begun, filled and committed; what it publishes comes from the committed batch, as logged.
@Suite struct LedgerBatchTests {

    /// Runs `body` with a ledger over a fresh data directory.
    static func withLedger(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            let ledger = try Ledger(configuration: configuration)
            defer { ledger.close() }
            try body(ledger)
        }
    }

    @Test func aCommittedBatchHoldsItsEventsAsLogged() throws {
        try Self.withLedger { ledger in
            var batch = ledger.beginBatch(now: 1_000)
            var reply = Reply(requestId: "r")
            let durableAt = batch.apply(createStackS, now: 1_000, answering: &reply)
            #expect(reply.error == nil)
            #expect(durableAt == 1)
            // Decided, not yet logged.
            #expect(ledger.logHead == 0)
            let committed = try batch.commit()
            #expect(committed.refusal == nil)
            #expect(committed.head == 1)
            #expect(committed.appendedEvents == 1)
            #expect(ledger.logHead == 1)
            #expect(committed.events.map(\.stackId) == ["s"])
            var logged: Event?
            committed.eventRecords.withPayload(0) { logged = try? Event(decoding: $0) }
            #expect(logged == committed.events.first)
        }
    }

    @Test func aBatchWithoutEventsLeavesTheLogAlone() throws {
        try Self.withLedger { ledger in
            var batch = ledger.beginBatch(now: 1_000)
            var reply = Reply(requestId: "r")
            batch.publishProbe(PublishProbe(token: "probe"), answering: &reply)
            #expect(reply.error == nil)
            let committed = try batch.commit()
            #expect(committed.head == 0)
            #expect(committed.appendedEvents == 0)
            #expect(committed.events.isEmpty)
            #expect(committed.probes.map(\.token) == ["probe"])
        }
    }

    @Test func refusedInputsBecomeRejectionsOfTheirBatch() throws {
        try Self.withLedger { ledger in
            var batch = ledger.beginBatch(now: 1_000)
            let garbage: [UInt8] = [0xFF, 0xFF, 0xFF]
            #expect(garbage.withUnsafeBytes { batch.ingest($0, now: 1_000) } == 1)
            batch.refuseIngest(parts: 2, now: 1_000)
            let badProbe = Input(body: .probe(PublishProbe(token: "bad token")))
            #expect(badProbe.encoded().withUnsafeBytes { batch.ingest($0, now: 1_000) } == 1)
            let committed = try batch.commit()
            #expect(committed.rejections.map(\.error?.code) == [.malformed, .malformed, .invalidArgument])
            #expect(committed.probes.isEmpty)
        }
    }

    @Test func eachBatchPublishesOnlyWhatItDecided() throws {
        try Self.withLedger { ledger in
            var first = ledger.beginBatch(now: 1_000)
            var reply = Reply(requestId: "r")
            _ = first.apply(createStackS, now: 1_000, answering: &reply)
            _ = try first.commit()
            // The first batch's storage is reused, emptied.
            var second = ledger.beginBatch(now: 2_000)
            var again = Reply(requestId: "r2")
            _ = second.apply(createStackS, now: 2_000, answering: &again)
            #expect(again.error?.code == .stackExists)
            let committed = try second.commit()
            #expect(committed.events.isEmpty)
            #expect(committed.eventRecords.isEmpty)
            #expect(committed.head == 1)
        }
    }
}
