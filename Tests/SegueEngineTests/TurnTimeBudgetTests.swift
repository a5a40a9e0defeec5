import SegueWire
import Testing

@testable import SegueEngine

/// A turn decides ingest for `maxIngestUsPerTurn` of its clock at most, then serves control: a burst of costly
/// inputs delays a request by about a frame, not by the whole burst.
@Suite struct TurnTimeBudgetTests {
    /// A clock that moves `stepUs` each time it is read, as a daemon's does while each input costs that long.
    struct SteppingClock: EngineClock {
        var timeUs: Int64 = 1_700_000_000_000_000
        let stepUs: Int64

        mutating func nowUs() -> Int64 {
            timeUs += stepUs
            return timeUs
        }
    }

    static func create(_ index: Int) -> [UInt8] {
        Input(
            body: .command(
                Command(
                    stackId: "burst-\(index)",
                    op: .create(CreateStack(screens: ["Home"], config: StackConfig(size: Size(width: 4, height: 8))))))
        )
        .encoded()
    }

    static func stacksReported(_ transport: MemoryTransport) throws -> [UInt64] {
        try transport.replies.compactMap {
            guard case .stats(let stats)? = try Reply(decoding: $0.payload).body else { return nil }
            return stats.stacks
        }
    }

    @Test func aRequestBehindABurstIsServedOnceTheTurnsTimeIsUp() throws {
        let transport = MemoryTransport()
        // Each input read costs a millisecond: the turn's 16 ms go by after about 16 of the 100.
        try withTurns(over: transport, clock: SteppingClock(stepUs: 1000)) { ledger, turns in
            transport.ingestQueue = (0..<100).map { [Self.create($0)] }
            transport.requestQueue.append([[1], Request(body: .getStats(GetStats())).encoded()])
            try turns.turn(now: turns.nowUs())
            let served = try Self.stacksReported(transport)
            #expect(served.count == 1, "the request waited for the burst")
            let first = try #require(served.first)
            #expect(first > 0 && first < 30)
            #expect(transport.ingestQueue.count == 100 - Int(first))
            // The next turns take the rest.
            while try turns.turn(now: turns.nowUs()) {}
            #expect(ledger.core.stacks.count == 100)
        }
    }

    @Test func aClockThatStandsStillTakesTheWholeBurstInOneTurn() throws {
        let transport = MemoryTransport()
        try withTurns(over: transport) { ledger, turns in
            transport.ingestQueue = (0..<100).map { [Self.create($0)] }
            try turns.turn(now: turns.nowUs())
            #expect(ledger.core.stacks.count == 100)
            #expect(transport.ingestQueue.isEmpty)
        }
    }
}
