import SegueWire
import Testing

@testable import SegueEngine

/// The turn keeps the engine's counters: what `GetStats` reports, the open batch's inputs included, is what the
/// counters hold once the batch is committed.
@Suite struct TurnCounterTests {
    @Test func getStatsCountsItsOwnBatchAndAgreesWithTheCounters() throws {
        let transport = MemoryTransport()
        try withTurns(over: transport) { _, turns in
            let create = Request(body: .command(createStackS))
            // Received and refused: undecodable ingest, ingest of two parts, a request of an unknown stack.
            transport.ingestQueue.append([[0xFF, 0xFF]])
            transport.ingestQueue.append([[1], [2]])
            transport.requestQueue.append([[1], create.encoded()])
            transport.requestQueue.append([[1], Request(body: .getStack(GetStack(stackId: "none"))).encoded()])
            // Dropped unread: a request without an envelope.
            transport.requestQueue.append([Request(body: .getStats(GetStats())).encoded()])
            transport.requestQueue.append([[1], Request(body: .getStats(GetStats())).encoded()])
            try turns.turn(now: turns.nowUs())
            let replies = try transport.replies.map { try Reply(decoding: $0.payload) }
            guard case .stats(let stats)? = replies.last?.body else {
                Issue.record("no stats: \(replies)")
                return
            }
            #expect(stats.inputsReceived == 5)
            #expect(stats.inputsRejected == 3)
            #expect(stats.messagesDropped == 2)
            #expect(stats.eventsAppended == 0, "counted once the batch is in the log")
            #expect(turns.stats.inputsReceived == 5)
            #expect(turns.stats.inputsRejected == 3)
            #expect(turns.stats.messagesDropped == 2)
            #expect(turns.stats.eventsAppended == 1)
        }
    }

    @Test func aTurnThatTookNoInputsSaysSo() throws {
        let transport = MemoryTransport()
        try withTurns(over: transport) { _, turns in
            let idle = try turns.turn(now: turns.nowUs())
            #expect(!idle)
            transport.requestQueue.append([[1], Request(body: .getStats(GetStats())).encoded()])
            let busy = try turns.turn(now: turns.nowUs())
            #expect(busy)
        }
    }
}
