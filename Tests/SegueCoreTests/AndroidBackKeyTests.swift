import SegueWire
import Testing

@testable import SegueCore

/// In `android` a back swipe that begins while a released swipe settles is held (BackAnimationController's
/// queued tracker): it logs nothing while the finger moves, and its release with the arrow saying back sends a
/// back key, a pop or dismiss queued behind the settle, or run at once once that has completed.
@Suite("android holds a back swipe during the animation and sends its back key")
struct AndroidBackKeyTests {
    static let start = Vec2(x: 5, y: 400)

    /// An android stack whose first swipe was released past the threshold 50 ms ago: its 300 ms commit plays.
    static func committing(screens: [String] = ["Home", "Detail", "More"], cancel: Bool = false) -> CoreHarness {
        var h = AndroidQueueTests.android(screens: screens)
        h.swipe(to: cancel ? 200 : 300, start: start, end: cancel ? .panCancelled : .panEnded)
        h.advance(ms: 50)
        return h
    }

    /// A second swipe: BEGAN, moves to `x`, and (unless `release` is nil) that phase at `x`.
    @discardableResult
    static func second(
        _ h: inout CoreHarness, to x: Double = 300, release: PanPhase? = .panEnded
    ) -> UInt64 {
        let gesture = h.began(start: start)
        h.changed(gesture, x: x, start: start)
        if let release {
            h.pan(release, gesture: gesture, translation: Vec2(x: x, y: 0), location: Vec2(x: start.x + x, y: start.y))
        }
        return gesture
    }

    static func queuedEvents(_ h: CoreHarness) -> [(Event, CommandQueued)] {
        h.events.compactMap { event in
            if case .queued(let queued) = event.body { (event, queued) } else { nil }
        }
    }

    @Test("a swipe during a commit logs nothing until its release queues a pop, which runs after the commit")
    func behindACommit() throws {
        var h = Self.committing()
        #expect(h.finished.count == 1 && h.stack()?.transition?.id == 1)
        let mark = h.mark()
        let gesture = Self.second(&h, release: nil)
        #expect(h.events(since: mark).isEmpty && h.rejections(since: mark).isEmpty, "held: nothing logged")
        #expect(h.frames(since: mark).allSatisfy { $0.transitionId == 1 && $0.phase != .tracking })
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 300, y: 0), location: Vec2(x: 305, y: 400))
        let (event, queued) = try #require(Self.queuedEvents(h).last)
        #expect(queued.gestureId == gesture && queued.behindTransitionId == 1 && event.requestId.isEmpty)
        #expect(queued.command?.op == .pop(Pop()))
        #expect(h.stack()?.queued.map(\.gestureId) == [gesture])
        h.runUntilIdle()
        let began = try #require(h.began.last)
        #expect(began.transitionId == 2 && !began.interactive && began.gestureId == gesture)
        #expect(began.queuedPosition == event.position && began.operation == .pop)
        #expect(h.completed.last?.screens == ["Home"] && h.rejections.isEmpty)
    }

    @Test("during a spring back too; the back key of a dismiss is checked against the stack the settle leaves")
    func behindASpringBack() throws {
        var h = Self.committing(screens: ["Home", "Detail"], cancel: true)
        #expect(h.cancelled.count == 1 && h.stack()?.transition != nil)
        Self.second(&h)
        #expect(Self.queuedEvents(h).count == 1)
        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [false, true] && h.stack()?.screens == ["Home"])

        // Over a presented dialog the first swipe dismisses it; the back key then pops.
        var d = AndroidQueueTests.android(screens: ["Home", "Detail"])
        d.present("Sheet", immediate: true)
        d.swipe(to: 300, start: Self.start)
        d.advance(ms: 50)
        Self.second(&d)
        #expect(Self.queuedEvents(d).last?.1.command?.op == .pop(Pop()))
        d.runUntilIdle()
        #expect(d.began.map(\.operation) == [.present, .dismiss, .pop] && d.stack()?.screens == ["Home"])
        #expect(d.stack()?.presented.isEmpty == true)
    }

    @Test("a release away from back, a cancel or a vertical move sends nothing; a third swipe is refused")
    func nothingSent() throws {
        for release in [PanPhase.panEnded, .panCancelled] {
            var h = Self.committing()
            let gesture = h.began(start: Self.start)
            h.changed(gesture, x: 200, start: Self.start)
            // Back near the edge: the arrow no longer says back.
            h.changed(gesture, x: 2, start: Self.start)
            h.pan(release, gesture: gesture, translation: Vec2(x: 2, y: 0), location: Vec2(x: 7, y: 400))
            h.runUntilIdle()
            #expect(Self.queuedEvents(h).isEmpty && h.began.count == 1 && h.rejections.isEmpty, "\(release)")
        }
        var vertical = Self.committing()
        let strayed = vertical.began(start: Self.start)
        vertical.changed(strayed, x: 1, y: 40, start: Self.start)
        vertical.changed(strayed, x: 300, start: Self.start)
        vertical.pan(.panEnded, gesture: strayed, translation: Vec2(x: 300, y: 0), location: Vec2(x: 305, y: 400))
        #expect(Self.queuedEvents(vertical).isEmpty && vertical.rejections.isEmpty, "its rest is ignored")

        var h = Self.committing()
        let held = Self.second(&h, release: nil)
        let third = h.began(start: Self.start)
        #expect(h.rejections.last?.gestureId == third && h.rejections.last?.error?.code == .transitionInProgress)
        #expect(h.rejections.last?.error?.message.contains("gesture \(held) already waits") == true)
        h.pan(.panEnded, gesture: held, translation: Vec2(x: 300, y: 0), location: Vec2(x: 305, y: 400))
        // Sent, it still holds the place: one back key per settle.
        let fourth = h.began(start: Self.start)
        #expect(h.rejections.last?.gestureId == fourth && Self.queuedEvents(h).count == 1)
        // A swipe far from both edges is no back swipe, held or not.
        var far = Self.committing()
        far.began(start: Vec2(x: 200, y: 400))
        #expect(far.rejections.last?.error?.code == .gestureRejected)
    }

    @Test("held past the settle, its release sends the back key at once; a new swipe takes its place")
    func heldPastTheSettle() throws {
        var h = Self.committing()
        let gesture = Self.second(&h, release: nil)
        h.runUntilIdle()
        #expect(h.stack()?.transition == nil && h.stack()?.screens == ["Home", "Detail"])
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 300, y: 0), location: Vec2(x: 305, y: 400))
        let began = try #require(h.began.last)
        #expect(began.transitionId == 2 && began.gestureId == gesture && !began.interactive)
        #expect(began.queuedPosition == nil && Self.queuedEvents(h).isEmpty)
        h.runUntilIdle()
        #expect(h.stack()?.screens == ["Home"])

        var replaced = Self.committing()
        let old = Self.second(&replaced, release: nil)
        replaced.runUntilIdle()
        let new = replaced.began(start: Self.start)
        #expect(replaced.began.last?.gestureId == new && replaced.began.last?.interactive == true)
        let mark = replaced.mark()
        replaced.pan(.panEnded, gesture: old, translation: Vec2(x: 300, y: 0), location: Vec2(x: 305, y: 400))
        #expect(replaced.events(since: mark).isEmpty && replaced.rejections(since: mark).isEmpty)
    }

    @Test("a back key that would pop the root, or leave a screen that takes no back swipe, is refused to the swipe")
    func refusedBackKeys() throws {
        var root = Self.committing(screens: ["Home", "Detail"])
        let gesture = Self.second(&root)
        #expect(root.rejections.last?.gestureId == gesture && root.rejections.last?.error?.code == .nothingToPop)
        // Said of the stack the commit will leave, not of the one still on screen.
        let message = root.rejections.last?.error?.message ?? ""
        #expect(message.hasPrefix("the back key of gesture \(gesture), behind transition 1: "), "\(message)")
        #expect(Self.queuedEvents(root).isEmpty)

        var disabled = AndroidQueueTests.android(screens: ["Home", "Detail", "More"])
        disabled.command(
            .setScreenOptions(SetScreenOptions(screen: "Detail", options: ScreenOptions(backGestureDisabled: true))))
        disabled.swipe(to: 300, start: Self.start)
        disabled.advance(ms: 50)
        Self.second(&disabled)
        #expect(disabled.rejections.last?.error?.code == .gestureRejected && Self.queuedEvents(disabled).isEmpty)
    }

    /// A stack with a back key queued behind a spring back, and one behind a commit with a command after it.
    static func heldStacks(stopMs: Int64? = nil) -> CoreHarness {
        var h = CoreHarness()
        h.create("a", screens: ["Home", "Detail"], profile: "android", revision: CoreHarness.newest)
        h.create("b", screens: ["Home", "Detail", "More"], profile: "android", revision: CoreHarness.newest)
        h.swipe(stack: "a", to: 200, start: start, end: .panCancelled)
        h.swipe(stack: "b", to: 300, start: start)
        for stack in ["a", "b"] {
            let gesture = h.began(stack: stack, start: start)
            h.changed(gesture, stack: stack, x: 300, start: start)
            h.pan(
                .panEnded, gesture: gesture, stack: stack, translation: Vec2(x: 300, y: 0),
                location: Vec2(x: 305, y: 400))
        }
        h.push("Again", stack: "b", requestId: "after")
        if let stopMs {
            h.advance(ms: stopMs)
            return h
        }
        h.runUntilIdle()
        return h
    }

    @Test("the log replays to the live frames; restored mid-settle, the core goes on alike and a restart sends the key")
    func replayAndRestore() throws {
        let h = Self.heldStacks()
        #expect(Self.queuedEvents(h).count == 3 && h.rejections.isEmpty)
        #expect(h.stack("a")?.screens == ["Home"] && h.stack("b")?.screens == ["Home", "Again"])
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks)
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "back keys")

        var live = Self.heldStacks(stopMs: 10)
        #expect(live.stack("a")?.queued.count == 1 && live.stack("b")?.queued.count == 2)
        let (fromSnapshot, restart) = try RestoreTests.restoredAndRestartedAlike(live)
        #expect(restart.events.compactMap(\.began).filter { $0.gestureId != 0 && !$0.interactive }.count == 2)
        RestoreTests.expectGoesOnAlike(fromSnapshot, &live)
    }

    /// Why restoring `events` fails, or nil when it does not.
    static func refusal(_ events: [Event]) -> String? {
        do {
            _ = try RestoreTests.restored(events)
            return nil
        } catch {
            return (error as? EngineCore.RestoreError)?.message
        }
    }

    @Test("a back key whose turn finds another stack than expected (a restart cut a present short) acts on its top")
    func backKeyActsOnWhatIsOnTop() throws {
        var h = Self.committing(screens: ["Home", "Detail", "More"])
        h.present("Dialog", requestId: "present")
        Self.second(&h)
        #expect(Self.queuedEvents(h).last?.1.command?.op == .dismiss(Dismiss()))
        h.runUntilIdle()
        let present = try #require(h.events.first { $0.began?.operation == .present })
        var restarted = CoreHarness()
        restarted.now = h.now + 1_000_000
        try restarted.restart(from: h.events.filter { $0.position <= present.position })
        restarted.runUntilIdle()
        // The present was cancelled: the key pops Detail instead of dismissing a dialog that never came.
        let key = try #require(restarted.began.last)
        #expect(key.operation == .pop && key.gestureId != 0 && !key.interactive)
        #expect(restarted.stack()?.screens == ["Home"] && restarted.events.allSatisfy { $0.dropped == nil })
        #expect(try RestoreTests.restored(restarted.events).stacks == restarted.core.stacks)
    }

    @Test("a log or snapshot holding a back key the engine could not have sent is refused")
    func damagedBackKeys() throws {
        let h = Self.heldStacks()
        let keyAt = try #require(h.events.firstIndex { $0.queued?.gestureId ?? 0 != 0 })
        // A second back key behind the same settle, and a back key behind a command's transition.
        var twice = Array(h.events.prefix(through: keyAt))
        var again = twice[keyAt]
        again.position += 1
        again.version += 1
        twice.append(again)
        #expect(Self.refusal(twice)?.contains("or a second one") == true)
        var idle = AndroidQueueTests.android()
        idle.push("Detail", immediate: true)
        var behindNothing = idle.events
        behindNothing.append(
            Event(
                position: (idle.events.last?.position ?? 0) + 1, stackId: "main",
                version: (idle.events.last?.version ?? 0) + 1, timeUs: idle.now,
                body: .queued(CommandQueued(behindTransitionId: 1, command: Command(op: .pop(Pop())), gestureId: 9))))
        #expect(Self.refusal(behindNothing)?.contains("back key behind no settle") == true)
        // A command behind a spring back is no back key.
        var springBack = Array(h.events.prefix(through: keyAt))
        guard case .queued(var body) = springBack[keyAt].body else { return }
        body.gestureId = 0
        springBack[keyAt].body = .queued(body)
        #expect(h.events[keyAt].stackId == "a")
        #expect(Self.refusal(springBack)?.contains("command behind no transition settling toward its end") == true)

        let running = Self.heldStacks(stopMs: 10)
        var snapshot = running.core.snapshot()
        let slot = try #require(snapshot.stacks.firstIndex { $0.stackId == "a" })
        let entry = snapshot.stacks[slot].queued[0]
        for bad in [
            [QueuedCommand(position: entry.position, command: Command(op: .push(Push(screen: "X"))), gestureId: 3)],
            [QueuedCommand(position: entry.position, command: entry.command)],
        ] {
            var damaged = snapshot
            damaged.stacks[slot].queued = bad
            #expect(throws: EngineCore.RestoreError.self) { try EngineCore(snapshot: damaged) }
        }
        snapshot.stacks[slot].queued = [entry]
        #expect(throws: Never.self) { try EngineCore(snapshot: snapshot) }
    }
}

extension Event {
    fileprivate var queued: CommandQueued? {
        if case .queued(let queued) = body { queued } else { nil }
    }
}
