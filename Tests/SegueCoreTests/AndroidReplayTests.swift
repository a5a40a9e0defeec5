import SegueWire
import Testing

@testable import SegueCore

/// The android profile's frames are a function of its log: the spring's state folds from the `progressed` events'
/// producer times, the swipe edge from `began`, so a replay draws the live frames byte for byte, and a snapshot
/// taken mid-gesture or mid-spring goes on exactly as the live engine does.
@Suite("android replay")
struct AndroidReplayTests {
    /// Three stacks: a left-edge swipe with a vertical drift that commits, a right-edge swipe cancelled by the
    /// producer while the spring still moves, and a push and pop.
    static func session() -> CoreHarness {
        var h = CoreHarness()
        for stack in ["left", "right", "commands"] {
            h.create(stack, screens: ["Home", "Detail", "Settings"], profile: "android", revision: CoreHarness.newest)
        }
        let left = h.began(stack: "left")
        let right = h.began(stack: "right", start: Vec2(x: 398, y: 300), heading: Vec2(x: -300, y: 0))
        h.push("Extra", stack: "commands")
        for step in 1...14 {
            let x = Double(step) * 17
            h.changed(left, stack: "left", x: x, y: -Double(step) * 9)
            h.changed(right, stack: "right", x: -x, y: Double(step) * 4, start: Vec2(x: 398, y: 300), stepMs: 5)
        }
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: left, stack: "left", translation: Vec2(x: 238, y: -126), velocity: Vec2(x: 900, y: 0))
        h.pan(.panCancelled, gesture: right, stack: "right")
        h.advance(ms: 200)
        h.pop(stack: "commands")
        return h
    }

    @Test("a replay of the log draws the live frames byte for byte")
    func replayMatchesLive() throws {
        var h = Self.session()
        h.runUntilIdle()
        #expect(h.rejections.isEmpty)
        #expect(h.began.first { $0.operation == .pop && $0.swipeEdge == .swipeEdgeRight } != nil)
        // The finger's drift up moves the left stack's screens' centre up.
        #expect(h.frames.contains { $0.stackId == "left" && ($0.from?.rect).map { $0.y + $0.height / 2 } ?? 400 < 399 })
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks)
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "android")
    }

    @Test(
        "a snapshot mid-gesture and mid-spring restores the state a replay folds, and goes on to the live frames",
        arguments: [8, 14]
    )
    func snapshotGoesOn(cut: Int) throws {
        var h = CoreHarness()
        h.create("right", profile: "android", revision: CoreHarness.newest)
        let gesture = h.began(stack: "right", start: Vec2(x: 398, y: 300), heading: Vec2(x: -300, y: 0))
        for step in 1...cut {
            h.changed(gesture, stack: "right", x: -Double(step) * 19, y: Double(step) * 3, start: Vec2(x: 398, y: 300))
        }
        if cut > 10 {
            h.pan(.panCancelled, gesture: gesture, stack: "right")
            h.advance(ms: 40)
        }
        let snapshot = try SnapshotTests.roundTrip(h.core)
        let replayed = try RestoreTests.restored(h.events)
        #expect(RestoreTests.comparable(snapshot.stacks) == RestoreTests.comparable(replayed.stacks))
        #expect(snapshot.stacks["right"]?.transition?.swipeEdge == .swipeEdgeRight)
        if case .tracking(let tracking)? = snapshot.stacks["right"]?.transition?.phase {
            #expect(
                tracking.spring
                    == h.core.stacks["right"].flatMap { stack -> BackProgressSpring? in
                        if case .tracking(let live)? = stack.transition?.phase { return live.spring }
                        return nil
                    })
        }
        // The same clock from the live core and from the restored one draws the same frames from the cut on (their
        // numbers aside: only the live engine counted the settle's frames): the spring back of the cancel, or of the
        // gesture timeout of a finger gone silent.
        var live = h.core
        var restored = snapshot
        var liveOutcome = Outcome()
        var restoredOutcome = Outcome()
        let end = h.now + 2_000_000
        live.runClock(to: end, into: &liveOutcome)
        restored.runClock(to: end, into: &restoredOutcome)
        #expect(liveOutcome.events == restoredOutcome.events)
        // A core restored mid-settle draws that settle's frames from its start: those before the cut were drawn.
        let cutUs = h.now
        func placed(_ frames: [Frame]) -> [Frame] {
            frames.filter { $0.timeUs > cutUs }.map {
                var frame = $0
                frame.sequence = 0
                return frame
            }
        }
        #expect(placed(liveOutcome.frames) == placed(restoredOutcome.frames))
        #expect(!liveOutcome.frames.isEmpty && liveOutcome.frames.last?.phase == .done)
    }
}
