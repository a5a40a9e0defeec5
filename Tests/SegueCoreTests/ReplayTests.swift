import SegueWire
import Testing

@testable import SegueCore

/// `EngineCore.replay`: the frames regenerated from the events alone are the frames the live engine published.
@Suite("replay")
struct ReplayTests {
    /// Each stack's frames in order, as encoded bytes (deleted and re-created stacks continue under one id).
    static func perStack(_ frames: [Frame]) -> [String: [[UInt8]]] {
        Dictionary(grouping: frames, by: \.stackId).mapValues { $0.map { $0.encoded() } }
    }

    /// Replays `events` into a fresh core and returns it with the frames drawn.
    static func replayed(_ events: [Event]) throws -> (core: EngineCore, frames: [Frame]) {
        var core = EngineCore()
        var outcome = Outcome()
        for event in events { try core.replay(event, into: &outcome) }
        #expect(outcome.events.isEmpty && outcome.rejections.isEmpty)
        return (core, outcome.frames)
    }

    /// Records an issue for each stack whose replayed frames are not byte for byte the live ones, naming the
    /// first frame where they part.
    static func expectSameFrames(
        live: [Frame], replayed: [Frame], _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let liveBytes = perStack(live)
        let replayedBytes = perStack(replayed)
        #expect(
            liveBytes.keys.sorted() == replayedBytes.keys.sorted(), "\(context): stacks with frames differ",
            sourceLocation: sourceLocation)
        for (stack, bytes) in liveBytes.sorted(by: { $0.key < $1.key }) where replayedBytes[stack] != bytes {
            let a = live.filter { $0.stackId == stack }
            let b = replayed.filter { $0.stackId == stack }
            let index = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            let detail =
                index < min(a.count, b.count)
                ? "frame \(index): live \(a[index]) replayed \(b[index])"
                : "live has \(a.count) frames, replay \(b.count)"
            Issue.record("\(context), stack \(stack): \(detail)", sourceLocation: sourceLocation)
        }
    }

    @Test("frames replayed from random sessions equal the live frames, per stack", arguments: 0..<6)
    func randomSessions(batch: UInt64) throws {
        var framesCompared = 0
        for index in 0..<UInt64(25) {
            let seed = 70_000 + batch * 1000 + index
            let h = PropertyTests.session(seed: seed, steps: 150)
            let (core, frames) = try Self.replayed(h.events)
            #expect(core.stacks == h.core.stacks, "seed \(seed): replayed stacks differ")
            #expect(core.headPosition == h.core.headPosition)
            Self.expectSameFrames(live: h.frames, replayed: frames, "seed \(seed)")
            framesCompared += h.frames.count
        }
        // The sessions draw plenty of settle, tracking and DONE frames.
        #expect(framesCompared > 2000)
    }

    @Test("a session driven by a clock that jumps past deadlines replays to the same frames")
    func coarseClock() throws {
        // The daemon wakes when it wakes: frames come due in bunches and completions are appended late.
        var h = CoreHarness()
        h.create("a", profile: "fluid")
        h.create("b", profile: "flutter", fps: 30)
        var outcome = Outcome()
        var now = CoreHarness.startUs + 1_000
        for (index, op) in [
            Command.Op.push(Push(screen: "P1")), .pop(Pop()), .push(Push(screen: "P2")),
            .present(Present(screen: "M")), .dismiss(Dismiss(immediate: true)),
        ].enumerated() {
            for stack in ["a", "b"] {
                h.core.advance(to: now, into: &outcome)
                _ = h.core.apply(
                    Command(stackId: stack, requestId: "r\(index)\(stack)", op: op), requestId: "",
                    now: now, into: &outcome)
                now += 97_000
            }
        }
        h.core.advance(to: now + 2_000_000, into: &outcome)
        let live = h.frames + outcome.frames
        let events = h.events + outcome.events
        let (_, frames) = try Self.replayed(events)
        Self.expectSameFrames(live: live, replayed: frames, "coarse clock")
        #expect(frames.filter { $0.phase == .done }.count == events.filter { $0.completed != nil }.count)
    }

    @Test("a settle cut short by a restart replays to the DONE frame the restarted engine published")
    func restartMidSettle() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.swipe(to: 300, velocity: 0)
        h.advance(ms: 40)
        var core = try RestoreTests.restored(h.events)
        var outcome = Outcome()
        let restart = h.now + 20_000
        core.endTransitionsInFlight(now: restart, into: &outcome)
        let done = try #require(outcome.frames.last)
        #expect(done.phase == .done && done.timeUs == restart)

        let (_, frames) = try Self.replayed(h.events + outcome.events)
        let replayedDone = try #require(frames.last)
        // The replay numbers the DONE after the settle frames it drew; everything else is what was published.
        var expected = done
        expected.sequence = replayedDone.sequence
        #expect(replayedDone == expected)
        // And it draws the settle frames up to the restart, as an engine that had not stopped would have.
        let settles = frames.filter { $0.phase == .settling }
        #expect(!settles.isEmpty && settles.allSatisfy { $0.timeUs <= restart })
    }

    @Test("a restart after the settle's end puts the DONE frame at the end")
    func restartAfterSettleEnd() throws {
        var h = CoreHarness()
        h.create(profile: "classic")
        h.swipe(to: 300, velocity: 0)
        let finished = try #require(h.events.last)
        let settleUs = try #require(finished.settleUs)
        var core = try RestoreTests.restored(h.events)
        var outcome = Outcome()
        core.endTransitionsInFlight(now: finished.timeUs + settleUs + 5_000_000, into: &outcome)
        #expect(outcome.frames.map(\.timeUs) == [finished.timeUs + settleUs])
        let (_, frames) = try Self.replayed(h.events + outcome.events)
        #expect(frames.last?.timeUs == finished.timeUs + settleUs)
        #expect(frames.last?.position == outcome.events.last?.position)
    }

    @Test("an event that does not follow is refused and leaves the state as it was")
    func refusesGaps() throws {
        var h = CoreHarness()
        h.create(profile: "classic")
        h.push("Third", immediate: true)
        #expect(h.events.count == 4)
        var core = EngineCore()
        var outcome = Outcome()
        for event in h.events.prefix(2) { try core.replay(event, into: &outcome) }
        let before = core
        let framesBefore = outcome.frames.count
        #expect(throws: EngineCore.RestoreError.self) { try core.replay(h.events[3], into: &outcome) }
        #expect(core.stacks == before.stacks && core.headPosition == before.headPosition)
        #expect(outcome.frames.count == framesBefore)
    }
}
