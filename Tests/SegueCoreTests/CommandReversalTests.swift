import SegueWire
import Testing

@testable import SegueCore

/// A pop during a `flutter` push, and a dismiss during a present, turn the running transition back as Flutter's
/// `TransitionRoute.didPop` does; every other profile and pair refuses.
@Suite("command reversal")
struct CommandReversalTests {
    static let width = 800.0
    static let height = 600.0
    /// Flutter's page transition, in microseconds.
    static let durationUs: Int64 = 500_000

    /// A `flutter` stack of today's revision, 800 wide, with only its root.
    static func flutterStack(profile: String = "flutter", revision: UInt32 = CoreHarness.newest) -> CoreHarness {
        var h = CoreHarness()
        h.create(screens: ["Home"], width: width, height: height, profile: profile, revision: revision)
        return h
    }

    /// The forward curves of a flutter command: the page's and the one below's (presentations: the dialog's).
    static func curves(_ operation: Operation) throws -> Profile.CommandEasing {
        try #require(ProfileCatalog.flutter.layout(for: operation).commandEasing)
    }

    /// Runs `command` `afterMs` into a `forward` transition that `start` began, to its end; returns the frames
    /// before the turn and after it, and the events from the turn on.
    static func reverse(
        _ h: inout CoreHarness, afterMs: Int64, start: (inout CoreHarness) -> CommandOutcome,
        command: (inout CoreHarness) -> CommandOutcome
    ) throws -> (before: [Frame], after: [Frame], events: [Event], turnUs: Int64) {
        #expect(start(&h).error == nil)
        h.advance(ms: afterMs)
        let before = h.frames
        let mark = h.mark()
        let turnUs = h.now
        #expect(command(&h).error == nil)
        h.runUntilIdle()
        #expect(h.rejections.isEmpty)
        return (before, h.frames(since: mark), h.events(since: mark), turnUs)
    }

    @Test(
        "a flutter pop during the push turns it back from where it is, along the push's curves, in the time it ran",
        arguments: [100, 250, 400] as [Int64])
    func popDuringPush(afterMs: Int64) throws {
        var h = Self.flutterStack()
        let (before, after, events, turnUs) = try Self.reverse(
            &h, afterMs: afterMs, start: { $0.push("Detail", requestId: "push") },
            command: { $0.pop(requestId: "pop") })
        let fraction = Double(afterMs) / 500

        // The pop's events: the reversal (with the pop's request id), then the push's completion, unfinished.
        #expect(events.count == 2)
        let cancelled = try #require(events.first?.cancelled)
        #expect(cancelled.reason == .reversedByCommand)
        #expect(cancelled.transitionId == 1)
        #expect(events.first?.requestId == "pop")
        #expect(close(cancelled.progress, fraction))
        // Back in what it ran so far: the remaining fraction of Flutter's 500 ms.
        #expect(cancelled.settleUs == afterMs * 1000)
        let completed = try #require(events.last?.completed)
        #expect(!completed.finished && completed.screens == ["Home"])
        // The reversing command decided how it ends: the completion carries its id too.
        #expect(events.last?.requestId == "pop")
        #expect(events.last?.timeUs == turnUs + afterMs * 1000)
        #expect(h.stack()?.screens == ["Home"] && h.stack()?.transition == nil)

        // No jump: the last frame before the turn is where the turn logs it, the first after it a frame's step
        // back, where the push's frame before that was.
        let last = try #require(before.last)
        #expect(last.timeUs == turnUs && last.progress == cancelled.progress)
        let first = try #require(after.first)
        #expect(first.sequence == last.sequence + 1)
        let stepBack = before[before.count - 2]
        #expect(abs(first.progress - stepBack.progress) < 1e-5)
        #expect(abs(first.toX - stepBack.toX) < 0.05 && abs(first.fromX - stepBack.fromX) < 0.05)

        // Every frame back sits where the push's curves put it at the decreasing time: the page along
        // fastEaseInToSlowEaseOut, the one below along linearToEaseOut, a third of a width behind.
        let easing = try Self.curves(.push)
        let settling = after.filter { $0.phase == .settling }
        #expect(settling.count == Int((afterMs * 1000 - 1) * 60 / 1_000_000))
        for frame in settling {
            // The push's time runs back from where it turned: afterMs less the time since the turn.
            let t = Double(afterMs * 1000 - (frame.timeUs - turnUs)) / Double(Self.durationUs)
            #expect(abs(frame.progress - t) < 1e-9, "frame \(frame.sequence) at \(frame.timeUs)")
            #expect(abs(frame.toX - (1 - easing.upper.value(at: t)) * Self.width) < 1e-6)
            #expect(abs(frame.fromX + Self.width / 3 * easing.lower.value(at: t)) < 1e-6)
        }
        #expect(zip(settling, settling.dropFirst()).allSatisfy { $0.progress > $1.progress })
        let done = try #require(after.last)
        #expect(done.phase == .done && done.progress == 0 && done.timeUs == turnUs + afterMs * 1000)
        #expect(done.toX == Self.width && done.fromX == 0)

        // The stack takes the next command as usual.
        #expect(h.push("Other").error == nil)
    }

    @Test(
        "a flutter dismiss during the present turns the dialog back down along linearToEaseOut",
        arguments: [100, 250, 400] as [Int64])
    func dismissDuringPresent(afterMs: Int64) throws {
        var h = Self.flutterStack()
        let (before, after, events, turnUs) = try Self.reverse(
            &h, afterMs: afterMs, start: { $0.present("Compose", requestId: "present") },
            command: { $0.dismiss(requestId: "dismiss") })
        let cancelled = try #require(events.first?.cancelled)
        #expect(cancelled.reason == .reversedByCommand && events.first?.requestId == "dismiss")
        #expect(cancelled.settleUs == afterMs * 1000)
        let completed = try #require(events.last?.completed)
        #expect(!completed.finished && completed.presented.isEmpty)
        #expect(h.stack()?.presented == [] && h.stack()?.screens == ["Home"])

        let last = try #require(before.last)
        #expect(last.progress == cancelled.progress)
        let easing = try Self.curves(.present)
        for frame in after where frame.phase == .settling {
            let t = Double(afterMs * 1000 - (frame.timeUs - turnUs)) / Double(Self.durationUs)
            #expect(abs(frame.toY - (1 - easing.upper.value(at: t)) * Self.height) < 1e-6)
            #expect(frame.fromY == 0 && frame.toX == 0)
        }
        let done = try #require(after.last)
        #expect(done.phase == .done && done.toY == Self.height)
    }

    @Test("an immediate pop during a flutter push completes it unfinished at once")
    func immediatePop() throws {
        var h = Self.flutterStack()
        h.push("Detail")
        h.advance(ms: 100)
        let mark = h.mark()
        #expect(h.pop(immediate: true).error == nil)
        let events = h.events(since: mark)
        #expect(events.count == 2 && events.first?.cancelled?.settleUs == 0)
        #expect(events.last?.completed?.finished == false)
        #expect(h.frames(since: mark).map(\.phase) == [.done])
        #expect(h.stack()?.screens == ["Home"] && h.core.nextDeadline() == nil)
    }

    @Test("an immediate pop given a time behind the engine's clock still completes the push at once")
    func immediatePopBehindTheClock() throws {
        var h = Self.flutterStack()
        h.create("other", screens: ["Home"], revision: CoreHarness.newest)
        h.push("Detail")
        h.advance(ms: 100)
        // Another stack's input at a later time moves the clock past the pop's (event times never go below it).
        var outcome = Outcome()
        let resize = Command(stackId: "other", op: .resize(Resize(size: Size(width: 500, height: 500))))
        #expect(h.core.apply(resize, requestId: "r", now: h.now + 50_000, into: &outcome).error == nil)
        let pop = Command(stackId: "main", op: .pop(Pop(immediate: true)))
        outcome = Outcome()
        #expect(h.core.apply(pop, requestId: "pop", now: h.now, into: &outcome).error == nil)
        #expect(outcome.events.count == 2 && outcome.events.first?.cancelled?.settleUs == 0)
        #expect(outcome.events.last?.completed?.finished == false)
        #expect(outcome.frames.map(\.phase) == [.done])
        #expect(h.stack()?.screens == ["Home"] && h.stack()?.transition == nil)
    }

    @Test("profiles and pairs that do not reverse still refuse with TRANSITION_IN_PROGRESS")
    func refusals() throws {
        // percent-1s (UIKit) and revision 0's flutter refuse a pop during a push.
        for (profile, revision) in [("percent-1s", CoreHarness.newest), ("flutter", UInt32(0))] {
            var h = Self.flutterStack(profile: profile, revision: revision)
            h.push("Detail")
            h.advance(ms: 100)
            #expect(h.pop().error?.code == .transitionInProgress, "\(profile) revision \(revision)")
            #expect(h.cancelled.isEmpty)
        }
        // In flutter: a pop to root, a push or a present during a push; a second pop during the reversal; a pop
        // during a pop; a dismiss during a dismiss.
        var h = Self.flutterStack()
        h.push("Detail")
        h.advance(ms: 100)
        #expect(h.command(.popToRoot(PopToRoot())).error?.code == .transitionInProgress)
        #expect(h.push("Other").error?.message.contains("transition 1 (PUSH); wait") == true)
        #expect(h.present("Sheet").error?.code == .transitionInProgress)
        #expect(h.pop().error == nil)
        h.advance(ms: 20)
        // The refusal says the push is being undone.
        #expect(h.pop().error?.message.contains("transition 1 (PUSH, turning back); wait") == true)
        h.runUntilIdle()
        h.push("Detail", immediate: true)
        h.pop()
        h.advance(ms: 100)
        #expect(h.pop().error?.code == .transitionInProgress)
        h.runUntilIdle()
        h.present("Sheet", immediate: true)
        h.dismiss()
        h.advance(ms: 100)
        #expect(h.dismiss().error?.code == .transitionInProgress)
        h.runUntilIdle()
        #expect(h.cancelled.count == 1)
    }

    @Test("the stack's state says a reversed push is going back, and a running one is not")
    func stateGoingBack() throws {
        var h = Self.flutterStack()
        h.push("Detail")
        h.advance(ms: 200)
        let pushing = try #require(h.core.state(of: "main", now: h.now)?.transition)
        #expect(pushing.phase == .settling && !pushing.goingBack)
        h.pop()
        h.advance(ms: 50)
        let reversing = try #require(h.core.state(of: "main", now: h.now)?.transition)
        #expect(reversing.operation == .push && reversing.phase == .settling && reversing.goingBack)
        #expect(close(reversing.progress, 0.3, 1e-6))
    }

    @Test("a pop with a stale expected_version during a push is VERSION_CONFLICT, not a reversal")
    func expectedVersion() throws {
        var h = Self.flutterStack()
        h.push("Detail")
        h.advance(ms: 100)
        let stale = try #require(h.stack()?.version) - 1
        #expect(h.command(.pop(Pop()), expectedVersion: stale).error?.code == .versionConflict)
        #expect(h.cancelled.isEmpty)
    }

    /// Two flutter stacks, each reversed mid-transition, a third settling untouched; stops `stopMs` after the turns.
    static func threeStacks(stopMs: Int64? = nil) -> CoreHarness {
        var h = CoreHarness()
        for id in ["nav", "sheet", "other"] {
            h.create(
                id, screens: ["Home"], width: width, height: height, profile: "flutter", revision: CoreHarness.newest)
        }
        h.push("Detail", stack: "nav", requestId: "push")
        h.present("Compose", stack: "sheet", requestId: "present")
        h.push("Detail", stack: "other")
        h.advance(us: 233_333)
        h.pop(stack: "nav", requestId: "pop")
        h.advance(ms: 41)
        h.dismiss(stack: "sheet", requestId: "dismiss")
        if let stopMs {
            h.advance(ms: stopMs)
        } else {
            h.runUntilIdle()
        }
        return h
    }

    @Test("the log replays to the live frames byte for byte, the reversals' included")
    func replay() throws {
        let h = Self.threeStacks()
        #expect(h.cancelled.count == 2 && h.completed.count == 3)
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks)
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "reversals")
    }

    @Test("restored mid-reversal from a snapshot or the log, the core goes on to the same frames and events")
    func restoreMidReversal() throws {
        var live = Self.threeStacks(stopMs: 30)
        #expect(live.stack("nav")?.transition != nil && live.stack("sheet")?.transition != nil)
        // A restart ends them alike, from either state: unfinished, with the DONE frame a replay gives.
        let (fromSnapshot, restart) = try RestoreTests.restoredAndRestartedAlike(live)
        #expect(restart.events.compactMap(\.completed).filter { !$0.finished }.count == 2)

        // Kept running, the restored core draws what the live one draws: the frames already drawn counted, not
        // drawn again.
        RestoreTests.expectGoesOnAlike(fromSnapshot, &live)
    }
}
