import SegueWire
import Testing

@testable import SegueCore

/// Recovery: the log alone rebuilds the state, gaps are refused, and transitions left in flight are ended.
@Suite("restore")
struct RestoreTests {
    /// A fresh core with `events` folded in.
    static func restored(_ events: [Event]) throws -> EngineCore {
        var core = EngineCore()
        for event in events { try core.restore(event) }
        return core
    }

    /// `live`'s core restored from its snapshot and from its log, checked to agree with each other and with it,
    /// then restarted a second later from both (`endTransitionsInFlight`), checked to end alike.
    /// - Returns: the core restored from the snapshot, and what its restart appended.
    static func restoredAndRestartedAlike(
        _ live: CoreHarness, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (fromSnapshot: EngineCore, restart: Outcome) {
        let replayed = try restored(live.events)
        let fromSnapshot = try SnapshotTests.roundTrip(live.core)
        #expect(SnapshotTests.same(fromSnapshot, replayed), sourceLocation: sourceLocation)
        #expect(comparable(fromSnapshot.stacks) == comparable(live.core.stacks), sourceLocation: sourceLocation)
        var restartSnapshot = Outcome()
        var restartReplay = Outcome()
        var a = fromSnapshot
        var b = replayed
        a.endTransitionsInFlight(now: live.now + 1_000_000, into: &restartSnapshot)
        b.endTransitionsInFlight(now: live.now + 1_000_000, into: &restartReplay)
        #expect(
            restartSnapshot.events == restartReplay.events && restartSnapshot.frames == restartReplay.frames,
            sourceLocation: sourceLocation)
        return (fromSnapshot, restartSnapshot)
    }

    /// `restored` (from `live`'s snapshot), brought to `live`'s time without drawing again what `live` drew, then
    /// run beside it until both are idle: checked to append the same events and frames.
    static func expectGoesOnAlike(
        _ restored: EngineCore, _ live: inout CoreHarness, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var restored = restored
        for slot in restored.stacks.models.indices {
            restored.stacks.models[slot].skipSettleFrames(through: live.now)
        }
        let mark = live.mark()
        live.runUntilIdle()
        var outcome = Outcome()
        restored.runUntilIdle(into: &outcome)
        #expect(outcome.events == live.events(since: mark), sourceLocation: sourceLocation)
        #expect(outcome.frames == live.frames(since: mark), sourceLocation: sourceLocation)
    }

    /// The stacks without the frames a settle in progress has drawn, which only the live engine knows: the rest of
    /// the frame count follows from the events, so it must agree.
    static func comparable(_ stacks: StackTable) -> [String: StackModel] {
        stacks.dictionary.mapValues { stack in
            var stack = stack
            if case .settling(var settling) = stack.transition?.phase {
                stack.transition?.frameSequence -= UInt64(settling.framesPublished)
                settling.framesPublished = 0
                stack.transition?.phase = .settling(settling)
            }
            return stack
        }
    }

    /// Several stacks through commands and gestures of every kind, all settled.
    static func scenario() -> CoreHarness {
        var h = CoreHarness()
        h.create("nav", profile: "fluid")
        h.create("tabs", screens: [], tabs: ["A", "B", "C"], profile: "classic")
        h.create("modal", screens: ["Root"], profile: "modal", rightToLeft: true)
        h.push(
            "Photo", stack: "nav", requestId: "push",
            options: ScreenOptions(exclusionRects: [Rect(x: 0, y: 0, width: 10, height: 10)]))
        h.command(.selectTab(SelectTab(index: 2)), stack: "tabs")
        h.present("Sheet", stack: "modal")
        h.runUntilIdle()
        h.swipe(stack: "nav", to: 260, velocity: 100)
        h.swipe(stack: "tabs", to: 300, target: .panTargetTabs)
        h.swipe(stack: "modal", to: -300, velocity: 0)
        h.advance(ms: 60)
        h.swipe(stack: "nav", to: 40, velocity: -300)  // catches the settle
        h.runUntilIdle()
        h.command(.resize(Resize(size: Size(width: 500, height: 900))), stack: "nav")
        h.command(.popToRoot(PopToRoot(immediate: true)), stack: "nav")
        return h
    }

    @Test("folding the events of a run into a fresh core rebuilds every stack")
    func restoreRebuildsStacks() throws {
        let h = Self.scenario()
        #expect(h.rejections.isEmpty)
        #expect(h.interrupted.count == 1)
        let core = try Self.restored(h.events)
        #expect(core.stacks == h.core.stacks)
        #expect(core.headPosition == h.core.headPosition)
        #expect(core.clockUs == h.core.clockUs)
        #expect(core.nextDeadline() == nil)
    }

    @Test("restoring mid-transition gives the same stacks, but for frame counters")
    func restoreMidTransition() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        let gesture = h.began()
        h.changed(gesture, x: 100)
        #expect(Self.comparable(try Self.restored(h.events).stacks) == Self.comparable(h.core.stacks))
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 300, y: 0), velocity: Vec2(x: 200, y: 0))
        h.advance(ms: 100)
        let core = try Self.restored(h.events)
        #expect(Self.comparable(core.stacks) == Self.comparable(h.core.stacks))
        // The settle's deadline is its next frame: the first one, as nothing has been published by the restore.
        guard case .settling(let settling) = core.stacks["main"]?.transition?.phase else {
            Issue.record("not settling")
            return
        }
        #expect(core.nextDeadline() == settling.startUs + 1_000_000 / 60)
    }

    @Test("a position gap, a version gap, an unknown stack and a bad first version throw")
    func gapsThrow() throws {
        let h = Self.scenario()
        var core = EngineCore()
        try core.restore(h.events[0])
        #expect(throws: EngineCore.RestoreError.self) { try core.restore(h.events[2]) }
        do {
            try core.restore(h.events[2])
            Issue.record("restored past a gap")
        } catch {
            #expect(error.position == 3)
            #expect(error.description.contains("expected position 2"))
        }
        var skipped = h.events[3]
        skipped.position = 2
        #expect(skipped.stackId == "nav")
        skipped.version += 1
        #expect(throws: EngineCore.RestoreError.self) { try core.restore(skipped) }
        var ghost = h.events[3]
        ghost.position = 2
        ghost.stackId = "ghost"
        #expect(throws: EngineCore.RestoreError.self) { try core.restore(ghost) }
        var created = h.events[1]
        created.position = 2
        created.version = 2
        #expect(throws: EngineCore.RestoreError.self) { try core.restore(created) }
        // Nothing was folded by the refusals.
        #expect(core.headPosition == 1)
        created.version = 1
        try core.restore(created)
        #expect(core.headPosition == 2)
        // Creating a stack that exists (never deleted) cannot come from the engine.
        var again = h.events[0]
        again.position = 3
        #expect(throws: EngineCore.RestoreError.self) { try core.restore(again) }
        #expect(core.headPosition == 2)
    }

    @Test("endTransitionsInFlight: a tracking gesture is cancelled ENGINE_RESTARTED, then completed unfinished")
    func endTracking() throws {
        var h = CoreHarness()
        h.create()
        let gesture = h.began()
        h.changed(gesture, x: 300)
        var core = try Self.restored(h.events)
        var outcome = Outcome()
        let restart = h.now + 5_000_000
        core.endTransitionsInFlight(now: restart, into: &outcome)
        #expect(outcome.events.count == 2)
        let cancelled = try #require(outcome.events.first?.cancelled)
        #expect(cancelled.reason == .engineRestarted && close(cancelled.progress, 0.75))
        let completedEvent = try #require(outcome.events.last)
        #expect(completedEvent.completed?.finished == false)
        #expect(completedEvent.completed?.screens == ["Home", "Detail"])
        #expect(outcome.events.map(\.position) == [h.core.headPosition + 1, h.core.headPosition + 2])
        #expect(outcome.events.map(\.version) == [4, 5])
        #expect(outcome.events.allSatisfy { $0.timeUs == restart })
        #expect(outcome.frames.count == 1)
        let done = try #require(outcome.frames.first)
        #expect(done.phase == .done && done.progress == 0 && done.fromX == 0)
        #expect(done.position == completedEvent.position)
        #expect(core.stacks["main"]?.transition == nil)
        #expect(core.nextDeadline() == nil)

        // A new gesture after the restart works: no stale tracker.
        var after = Outcome()
        core.apply(
            PanEvent(stackId: "main", gestureId: gesture, phase: .panBegan, location: Vec2(x: 5, y: 5)),
            now: restart + 10, into: &after)
        #expect(after.rejections.isEmpty && after.events.first?.began?.transitionId == 2)
    }

    @Test(
        "endTransitionsInFlight completes a settling transition toward its target",
        arguments: [(300.0, true), (100.0, false)])
    func endSettling(translation: Double, finished: Bool) throws {
        var h = CoreHarness()
        h.create()
        h.swipe(to: translation, velocity: 0)
        h.advance(ms: 20)
        var core = try Self.restored(h.events)
        var outcome = Outcome()
        core.endTransitionsInFlight(now: h.now + 1_000, into: &outcome)
        #expect(outcome.events.count == 1)
        let completed = try #require(outcome.events.first?.completed)
        #expect(completed.finished == finished)
        #expect(completed.screens == (finished ? ["Home"] : ["Home", "Detail"]))
        #expect(outcome.frames.map(\.phase) == [.done])
        #expect(outcome.frames.first?.progress == (finished ? 1 : 0))
        #expect(core.stacks["main"]?.screens == completed.screens)
    }

    @Test("endTransitionsInFlight cancels a command's transition whose finished was lost")
    func endAnimating() throws {
        var h = CoreHarness()
        h.create()
        h.pop(requestId: "lost")
        let began = try #require(h.events.first { $0.began != nil })
        var core = try Self.restored([h.events[0], began])
        var outcome = Outcome()
        core.endTransitionsInFlight(now: h.now + 1, into: &outcome)
        #expect(outcome.events.compactMap(\.cancelled).first?.reason == .engineRestarted)
        #expect(outcome.events.compactMap(\.completed).first?.finished == false)
        #expect(outcome.events.allSatisfy { $0.requestId == "lost" })
        #expect(core.stacks["main"]?.screens == ["Home", "Detail"])
    }

    @Test("events round-trip through the wire encoding before restore")
    func encodedRoundTrip() throws {
        let h = Self.scenario()
        let decoded = try h.events.map { event throws(WireDecodingError) in try Event(decoding: event.encoded()) }
        #expect(decoded == h.events)
        #expect(try Self.restored(decoded).stacks == h.core.stacks)
    }

    @Test(
        "after a restart a settle's DONE frame follows every frame it may have drawn, as a replay numbers it",
        arguments: [false, true])
    func restartNumbersTheDoneFrameAfterTheSettle(caught: Bool) throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.swipe(to: 300, velocity: 0)
        h.advance(ms: 120)
        if caught {
            // Caught mid-settle and released again: the first settle's frames are part of the sequence too.
            h.swipe(to: 20, velocity: 0, steps: 2)
            h.advance(ms: 60)
        }
        let drawn = try #require(h.frames.map(\.sequence).max())
        for var core in [try Self.restored(h.events), try SnapshotTests.roundTrip(h.core)] {
            var restart = Outcome()
            // The engine stopped mid-settle and starts again 50 ms later, before the settle's end.
            core.endTransitionsInFlight(now: h.now + 50_000, into: &restart)
            let done = try #require(restart.frames.last)
            #expect(done.phase == .done && done.sequence > drawn, "\(done.sequence) after \(drawn) drawn")
            var replayed = EngineCore()
            var frames = Outcome()
            for event in h.events + restart.events { try replayed.replay(event, into: &frames) }
            #expect(frames.frames.last == done)
        }
    }

    @Test("a log whose catch comes before frames already drawn replays without trapping")
    func catchBeforeDrawnFramesReplays() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.swipe(to: 300, velocity: 0)
        let finished = try #require(h.events.last { if case .finished = $0.body { true } else { false } })
        var events = h.events.filter { $0.position <= finished.position }
        // Hand-edited: an event 100 ms into the settle (the replay draws its frames up to it), then a catch at 20 ms.
        let later = Event(
            position: finished.position + 1, stackId: "main", version: finished.version + 1,
            timeUs: finished.timeUs + 100_000, body: .screenOptionsSet(ScreenOptionsSet(screen: "Home")))
        let caught = Event(
            position: finished.position + 2, stackId: "main", version: finished.version + 2,
            timeUs: finished.timeUs + 20_000,
            body: .interrupted(TransitionInterrupted(transitionId: 1, progress: 0.5, gestureId: 99)))
        events += [later, caught]
        var core = EngineCore()
        var frames = Outcome()
        for event in events { try core.replay(event, into: &frames) }
        var restored = EngineCore()
        for event in events { try restored.restore(event) }
        #expect(core.stacks["main"]?.transition?.frameSequence == frames.frames.last?.sequence)
        #expect(restored.stacks["main"]?.transition?.gestureId == 99)
    }
}
