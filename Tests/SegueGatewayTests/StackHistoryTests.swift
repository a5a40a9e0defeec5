import SegueClient
import SegueCore
import SegueJSON
import SegueWire
import Testing

@testable import SegueGateway

/// Time travel's history: the frames a stack's events regenerate, the newest events kept, and an answer that fits
/// the page's queue.
struct StackHistoryTests {
    /// `transitions` animated pushes and pops at 240 fps, as the log holds them (positions from 1).
    private func events(transitions: Int) -> [Event] {
        var core = EngineCore()
        var outcome = Outcome()
        var now: Int64 = 1_000_000
        let config = StackConfig(size: Size(width: 390, height: 844), profile: "ios", fps: 240)
        _ = core.apply(
            Command(stackId: "s", op: .create(CreateStack(screens: ["Home"], config: config))),
            requestId: "", now: now, into: &outcome)
        for index in 0..<transitions {
            let op: Command.Op = index % 2 == 0 ? .push(Push(screen: "Detail")) : .pop(Pop())
            _ = core.apply(Command(stackId: "s", op: op), requestId: "", now: now, into: &outcome)
            core.runUntilIdle(into: &outcome)
            now = outcome.frames.last?.timeUs ?? now
        }
        return outcome.events.enumerated().map { index, event in
            var numbered = event
            numbered.position = UInt64(index + 1)
            return numbered
        }
    }

    @Test func keepsTheNewestEventsThatFitTheAnswerAndTheirFrames() throws {
        let all = events(transitions: 12)
        var history = StackHistory(stackId: "s")
        let done = try history.add(
            EventBatch(
                events: all, nextPosition: UInt64(all.count + 1),
                headPosition: UInt64(all.count)))
        #expect(done)
        let whole = try JSONValue(parsing: Array(history.message().description.utf8))
        let wholeEvents = try #require(whole.history?["events"]?.array)
        #expect(wholeEvents.count == all.count && whole.history?["truncated"] == .bool(false))

        let limit = 32 << 10
        let text = history.message(maxBytes: limit).description
        #expect(text.utf8.count <= limit)
        let cut = try JSONValue(parsing: Array(text.utf8))
        let events = try #require(cut.history?["events"]?.array)
        let frames = try #require(cut.history?["frames"]?.array)
        #expect(cut.history?["truncated"] == .bool(true))
        #expect(events.count < all.count && !frames.isEmpty)
        // The newest events, and no frame from before the first of them.
        #expect(events.last?.object?["position"] == .integer(Int64(all.count)))
        let firstUs = try #require(events.first?.object?["timeUs"]?.number)
        #expect(frames.allSatisfy { ($0.object?["timeUs"]?.number ?? 0) >= firstUs })
    }
}

extension JSONValue {
    fileprivate var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .unsigned(let value): Double(value)
        case .number(let value): value
        case .string(let text): Double(text)
        default: nil
        }
    }

    fileprivate var history: [String: JSONValue]? { object?["history"]?.object }
}
