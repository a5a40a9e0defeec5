import SegueWire
import Testing

@testable import SegueCore

/// A pop while a finger drags a `flutter` page back takes the drag over (docs/semantics.md, "A pop during a back
/// swipe"): logged like any decision, so replay and a restart draw what the live engine draws.
@Suite("command take-over")
struct CommandTakeOverTests {
    /// A flutter stack whose back swipe, dragged to 200 pt, a pop took over; stops `stopMs` after the pop, or runs
    /// to the end.
    static func takenOver(stopMs: Int64? = nil) -> CoreHarness {
        var h = CoreHarness()
        h.create(
            screens: ["Home", "Detail"], width: 800, height: 600, profile: "flutter", revision: CoreHarness.newest)
        let gesture = h.began(start: Vec2(x: 5, y: 300))
        h.changed(gesture, x: 200, start: Vec2(x: 5, y: 300))
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

    @Test("restored in the middle of the take-over from a snapshot or the log, the core goes on to the same frames")
    func restoreMidTakeOver() throws {
        var live = Self.takenOver(stopMs: 60)
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

    @Test("profiles without the rule, and a push or present during a flutter drag, still refuse")
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
        #expect(h.push("More").error?.code == .transitionInProgress)
        #expect(h.present("Sheet").error?.code == .transitionInProgress)
        #expect(h.command(.popToRoot(PopToRoot())).error?.code == .transitionInProgress)
    }
}
