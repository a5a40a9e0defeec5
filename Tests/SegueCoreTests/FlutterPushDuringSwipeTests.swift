import SegueWire
import Testing

@testable import SegueCore

/// In `flutter` a push or present during a back swipe waits for it (docs/semantics.md, "A push during a back
/// swipe"): during the drag it ends the drag, whose page goes back in place, and runs once it is; during a
/// released swipe's settle it waits for that. Flutter plays both at once; one transition per stack plays them in
/// turn, each logged, so that replay and a restart draw what the live engine draws.
@Suite("flutter queues a push behind a back swipe")
struct FlutterPushDuringSwipeTests {
    static let start = Vec2(x: 5, y: 300)

    /// An 800 x 600 flutter stack [Home, Detail] whose back swipe is dragged to `x`.
    static func dragging(to x: Double = 200, limits: Limits = Limits()) -> (CoreHarness, UInt64) {
        var h = CoreHarness(limits: limits)
        h.create(
            screens: ["Home", "Detail"], width: 800, height: 600, profile: "flutter", revision: CoreHarness.newest)
        let gesture = h.began(start: start)
        h.changed(gesture, x: x, start: start)
        return (h, gesture)
    }

    /// A push of More during a drag to 200 pt; stops `stopMs` after it, or runs to the end.
    static func pushedDuringDrag(stopMs: Int64? = nil) -> CoreHarness {
        var (h, _) = dragging()
        h.push("More", requestId: "push")
        if let stopMs {
            h.advance(ms: stopMs)
        } else {
            h.runUntilIdle()
        }
        return h
    }

    @Test("a push during the drag ends it, the page goes back in place as after a push, then the push plays")
    func pushDuringDrag() throws {
        var (h, gesture) = Self.dragging()
        let mark = h.mark()
        guard case .applied(let result) = h.push("More", requestId: "push") else {
            Issue.record("refused: \(h.last)")
            return
        }
        let events = h.events(since: mark)
        let cancelled = try #require(events.first?.cancelled)
        // min(floor(800 x 0.25), 300) ms back in place (route.dart@7c1ae2bc line 709), at the finger's progress.
        #expect(cancelled.reason == .cancelledByCommand && cancelled.settleUs == 200_000)
        #expect(cancelled.progress == h.progressed.last?.progress && events.first?.requestId == "push")
        let queued = try #require(events.last)
        #expect(result.queuedBehind == 1 && result.firstPosition == events.first?.position)
        #expect(result.lastPosition == queued.position && queued.requestId == "push")
        // The finger's later samples are dropped without a word.
        h.changed(gesture, x: 300, start: Self.start)
        #expect(h.rejections.isEmpty && h.events(since: mark).count == 2)

        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [false, true])
        #expect(h.completed.first?.screens == ["Home", "Detail"] && h.stack()?.screens == ["Home", "Detail", "More"])
        let began = try #require(h.began.last)
        #expect(began.operation == .push && began.queuedPosition == queued.position && !began.interactive)
        // Every event of the swipe after the push decided it carries the push's id, as a take-over's does.
        let decided = try #require(events.first?.position)
        #expect(
            h.events.filter { $0.position >= decided && $0.transitionId == 1 }.allSatisfy { $0.requestId == "push" })
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks)
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "push during a drag")
    }

    @Test("a push or present during a released swipe's settle waits for it, back in place or off the screen")
    func pushDuringSettle() throws {
        for (x, finishes) in [(200.0, false), (600.0, true)] {
            var h = CoreHarness()
            h.create(
                screens: ["Home", "Detail"], width: 800, height: 600, profile: "flutter", revision: CoreHarness.newest)
            h.swipe(to: x, start: Self.start)
            #expect(h.finished.count == (finishes ? 1 : 0) && h.stack()?.transition != nil)
            h.advance(ms: 30)
            let outcome = h.present("Sheet", requestId: "present")
            #expect(outcome.result?.queuedBehind == 1, "\(outcome)")
            h.runUntilIdle()
            #expect(h.completed.first?.finished == finishes && h.began.last?.operation == .present)
            #expect(h.stack()?.presented == ["Sheet"])
        }
    }

    @Test("a drag still at its start has nothing to spring back: the push plays at once")
    func pushAtTheStart() throws {
        var (h, _) = Self.dragging(to: 0)
        let mark = h.mark()
        // Sent against the stack's version while the finger was down, which the drag's end moves on.
        let version = try #require(h.stack()?.version)
        let outcome = h.apply(
            Command(stackId: "main", requestId: "push", expectedVersion: version, op: .push(Push(screen: "More"))))
        #expect(outcome.error == nil, "\(outcome)")
        let bodies = h.events(since: mark).map { $0.body.map { String(describing: $0).prefix { $0 != "(" } } ?? "" }
        #expect(bodies == ["cancelled", "completed", "began", "finished"], "\(bodies)")
        #expect(h.began.last?.queuedPosition == nil)
        h.runUntilIdle()
        #expect(h.stack()?.screens == ["Home", "Detail", "More"])
    }

    @Test("while commands wait, a pop neither takes the swipe over nor reverses the push they wait behind")
    func nothingChangesWhatTheQueueWasCheckedAgainst() throws {
        var (h, _) = Self.dragging()
        h.push("X", requestId: "x")
        h.push("Y", requestId: "y")
        // Queued behind the page going back: the pop would take that over and pop Detail under them.
        #expect(h.pop(requestId: "pop").error?.code == .transitionInProgress)
        // Y waits behind X's push: reversing it would leave Y on another stack than the one it was checked against.
        while h.stack()?.transition?.operation != .push { h.advance(ms: 16) }
        let refusal = h.pop(immediate: true, requestId: "pop").error
        #expect(refusal?.code == .transitionInProgress && refusal?.message.contains("1 command(s) queued") == true)
        h.runUntilIdle()
        #expect(h.stack()?.screens == ["Home", "Detail", "X", "Y"])
        // With nothing queued, the pop reverses the last push again.
        h.push("Z")
        h.advance(ms: 100)
        #expect(h.pop().error == nil && h.cancelled.last?.reason == .reversedByCommand)
    }

    @Test("a push refused when its turn came is refused now, and the finger drags on")
    func refusedPush() throws {
        var limits = Limits()
        limits.maxScreensPerStack = 2
        var (h, gesture) = Self.dragging(limits: limits)
        #expect(h.push("More").error?.code == .resourceExhausted)
        guard case .tracking? = h.stack()?.transition?.phase else {
            Issue.record("the drag ended: \(String(describing: h.stack()?.transition))")
            return
        }
        h.changed(gesture, x: 300, start: Self.start)
        #expect(h.progressed.last?.translation?.x == 300)
    }

    @Test(
        "restored while the dragged page goes back with the push queued, from a snapshot or the log, the core goes on alike",
        arguments: [50, 300])
    func restoreMidQueue(stopMs: Int64) throws {
        var live = Self.pushedDuringDrag(stopMs: stopMs)
        _ = try RestoreTests.restoredAndRestartedAlike(live)
        let fromSnapshot = try SnapshotTests.roundTrip(live.core)
        RestoreTests.expectGoesOnAlike(fromSnapshot, &live)
        #expect(live.stack()?.screens == ["Home", "Detail", "More"])
    }
}
