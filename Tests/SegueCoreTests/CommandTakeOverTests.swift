import SegueWire
import Testing

@testable import SegueCore

/// A pop while a finger drags a `flutter` page back takes the drag over, and so does one while a swipe released
/// short of finishing springs the page back (docs/semantics.md, "A pop during a back swipe"): logged like any
/// decision, so replay and a restart draw what the live engine draws.
@Suite("command take-over")
struct CommandTakeOverTests {
    /// A flutter stack whose back swipe, dragged to 200 pt (and `released` at rest, springing back for 100 ms), a
    /// pop took over; stops `stopMs` after the pop, or runs to the end.
    static func takenOver(released: Bool = false, stopMs: Int64? = nil) -> CoreHarness {
        var h = CoreHarness()
        h.create(
            screens: ["Home", "Detail"], width: 800, height: 600, profile: "flutter", revision: CoreHarness.newest)
        let gesture = h.began(start: Vec2(x: 5, y: 300))
        h.changed(gesture, x: 200, start: Vec2(x: 5, y: 300))
        if released {
            h.pan(
                .panEnded, gesture: gesture, translation: Vec2(x: 200, y: 0), location: Vec2(x: 205, y: 300),
                velocity: Vec2(x: 0, y: 0))
            h.advance(ms: 100)
        }
        h.pop(requestId: "pop")
        if let stopMs {
            h.advance(ms: stopMs)
        } else {
            h.runUntilIdle()
        }
        return h
    }

    @Test("the log replays to the live frames byte for byte, the take-over's included")
    func replay() throws {
        let h = Self.takenOver()
        #expect(h.finished.last?.reason == .takenOverByCommand && h.completed.last?.finished == true)
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks)
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "take-over")
    }

    @Test("a pop during the spring back turns it from where the page is, over what remains of 500 ms, linearly")
    func springBackTakenOver() throws {
        let h = Self.takenOver(released: true)
        #expect(h.cancelled.count == 1 && h.cancelled.first?.reason == .belowThreshold)
        let turn = try #require(h.events.first { $0.finished != nil })
        let finished = try #require(turn.finished)
        #expect(finished.reason == .takenOverByCommand && turn.requestId == "pop")
        // Back in place over min(floor(800 (1 - 0.75)), 300) = 200 ms along fastLinearToSlowEaseIn: 100 ms in, the
        // page is between where the finger left it (0.25) and home.
        let springFrames = h.frames(transition: 1).filter { $0.timeUs < turn.timeUs && $0.phase == .settling }
        let last = try #require(springFrames.last)
        #expect(finished.progress > 0 && finished.progress < 0.25 && finished.progress <= last.progress)
        #expect(finished.settleUs == Int64(((1 - finished.progress) * 500_000).rounded()))
        // Linear in time from there to the end, with no jump.
        let after = h.frames(transition: 1).filter { $0.timeUs > turn.timeUs }
        let first = try #require(after.first)
        let step = 1_000_000 / 60
        let expected =
            finished.progress + (1 - finished.progress) * Double(first.timeUs - turn.timeUs)
            / Double(finished.settleUs)
        #expect(abs(first.progress - expected) < 1e-9 && Int(first.timeUs - turn.timeUs) <= step)
        #expect(zip(after, after.dropFirst()).allSatisfy { $0.progress < $1.progress })
        #expect(h.completed.last?.finished == true && h.completed.last?.screens == ["Home"])
        #expect(h.events.last?.requestId == "pop")
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks)
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "spring back taken over")

        // A pop while the page settles off the screen is still refused.
        var off = CoreHarness()
        off.create(
            screens: ["Home", "Detail"], width: 800, height: 600, profile: "flutter", revision: CoreHarness.newest)
        off.swipe(to: 600, start: Vec2(x: 5, y: 300))
        #expect(off.finished.count == 1 && off.pop().error?.code == .transitionInProgress)
    }

    @Test(
        "restored in the middle of the take-over from a snapshot or the log, the core goes on to the same frames",
        arguments: [false, true])
    func restoreMidTakeOver(released: Bool) throws {
        var live = Self.takenOver(released: released, stopMs: 60)
        #expect(live.stack()?.transition != nil)
        let replayed = try RestoreTests.restored(live.events)
        let fromSnapshot = try SnapshotTests.roundTrip(live.core)
        #expect(SnapshotTests.same(fromSnapshot, replayed))
        var restored = fromSnapshot
        let slot = try #require(restored.stacks.slot(of: "main"))
        restored.stacks.models[slot].skipSettleFrames(through: live.now)
        let mark = live.mark()
        live.runUntilIdle()
        var outcome = Outcome()
        restored.runUntilIdle(into: &outcome)
        #expect(!outcome.frames.isEmpty && outcome.frames == live.frames(since: mark))
        #expect(outcome.events == live.events(since: mark))
        #expect(outcome.events.last?.requestId == "pop")
    }

    @Test("profiles without the rule, and a pop to root during a flutter drag, still refuse")
    func othersRefuse() throws {
        for profile in ["ios", "fluid", "android"] {
            var h = CoreHarness()
            h.create(
                screens: ["Home", "Detail"], width: 800, height: 600, profile: profile, revision: CoreHarness.newest)
            let gesture = h.began(start: Vec2(x: 5, y: 300))
            h.changed(gesture, x: 200, start: Vec2(x: 5, y: 300))
            #expect(h.pop().error?.code == .transitionInProgress, "\(profile)")
        }
        var h = CoreHarness()
        h.create(
            screens: ["Home", "Detail"], width: 800, height: 600, profile: "flutter", revision: CoreHarness.newest)
        let gesture = h.began(start: Vec2(x: 5, y: 300))
        h.changed(gesture, x: 200, start: Vec2(x: 5, y: 300))
        #expect(h.command(.popToRoot(PopToRoot())).error?.code == .transitionInProgress)
        #expect(h.dismiss().error?.code == .transitionInProgress)
    }
}
