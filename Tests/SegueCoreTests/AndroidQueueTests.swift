import SegueWire
import Testing

@testable import SegueCore

/// In `android` a navigation command that arrives while a command's activity transition plays, or while a back
/// swipe's commit plays, waits for it and then plays as its own transition (WM Shell's Transitions queues a
/// transition that becomes ready during another): logged as `queued`, begun in the batch that completes the one
/// ahead of it, with that `queued` event's position in its began.
@Suite("android queues a command behind the running transition")
struct AndroidQueueTests {
    /// A 400 x 800 android stack of the newest revision.
    static func android(screens: [String] = ["Home"]) -> CoreHarness {
        var h = CoreHarness()
        h.create(screens: screens, profile: "android", revision: CoreHarness.newest)
        return h
    }

    @Test("a push during a push waits for its completed, then begins at that time with its own request id")
    func pushBehindPush() throws {
        var h = Self.android()
        h.push("Detail", requestId: "first")
        h.advance(ms: 100)
        let outcome = h.push("More", requestId: "second")
        guard case .applied(let result) = outcome else {
            Issue.record("refused: \(outcome)")
            return
        }
        #expect(result.queuedBehind == 1 && result.firstPosition == result.lastPosition)
        let queued = try #require(h.events.last)
        guard case .queued(let body) = queued.body else {
            Issue.record("not queued: \(queued)")
            return
        }
        #expect(body.behindTransitionId == 1 && queued.requestId == "second")
        #expect(h.stack()?.queued.map(\.position) == [queued.position])
        #expect(h.stack()?.transition?.id == 1, "the running push goes on")

        h.runUntilIdle()
        let completedFirst = try #require(h.events.first { $0.completed?.transitionId == 1 })
        let beganSecond = try #require(h.events.first { $0.began?.transitionId == 2 })
        #expect(beganSecond.position == completedFirst.position + 1 && beganSecond.timeUs == completedFirst.timeUs)
        #expect(beganSecond.began?.queuedPosition == queued.position && beganSecond.requestId == "second")
        #expect(h.events.last?.completed?.screens == ["Home", "Detail", "More"])
        #expect(
            h.events.filter { $0.stackId == "main" && $0.transitionId == 2 }.allSatisfy { $0.requestId == "second" })
        #expect(h.stack()?.queued.isEmpty == true)
        // The first push's DONE frame, and the second begins there: its first frame is a frame later, as any
        // command's is.
        let done = try #require(h.frames(transition: 1).last)
        let next = try #require(h.frames(transition: 2).first)
        #expect(done.phase == .done && beganSecond.timeUs == done.timeUs)
        #expect(next.sequence == 1 && next.timeUs == done.timeUs + 1_000_000 / 60)
    }

    @Test("commands queue in order, each checked against the stack the ones ahead of it leave; the queue holds 8")
    func chainAndLimits() throws {
        var h = Self.android(screens: ["Home", "Detail"])
        h.pop()
        h.advance(ms: 50)
        // After the pop the stack is at its root: a queued pop has nothing to pop, and says so now.
        #expect(h.pop().error?.code == .nothingToPop)
        #expect(h.push("A").error == nil)
        #expect(h.pop().error == nil)
        #expect(h.pop().error?.code == .nothingToPop, "the push and the pop ahead of it leave Home alone")
        #expect(h.present("Sheet").error == nil)
        #expect(h.push("B").error?.code == .invalidArgument, "Sheet will be presented")
        // A resize takes effect at once, queued behind nothing.
        guard case .applied(let resized) = h.command(.resize(Resize(size: Size(width: 400, height: 800)))) else {
            Issue.record("the resize was refused")
            return
        }
        #expect(resized.queuedBehind == nil)
        for _ in 0..<5 { #expect(h.present("More").error == nil) }
        let full = h.present("Full")
        #expect(full.error?.code == .transitionInProgress && full.error?.message.contains("8 commands queued") == true)
        h.runUntilIdle()
        #expect(h.began.map(\.operation) == [.pop, .push, .pop, .present] + Array(repeating: .present, count: 5))
        #expect(h.stack()?.presented == ["Sheet", "More", "More", "More", "More", "More"])
        #expect(h.stack()?.screens == ["Home"] && h.stack()?.transition == nil)
    }

    @Test("a command queues behind a back swipe's commit; it is refused during the spring back and the drag")
    func behindASwipe() throws {
        var h = Self.android(screens: ["Home", "Detail", "More"])
        let gesture = h.began(start: Vec2(x: 5, y: 400))
        for x in stride(from: 20.0, through: 300, by: 20) { h.changed(gesture, x: x, start: Vec2(x: 5, y: 400)) }
        #expect(h.pop().error?.code == .transitionInProgress, "a command while a finger drags")
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 300, y: 0), location: Vec2(x: 305, y: 400))
        #expect(h.finished.last?.reason != .programmatic && h.stack()?.transition != nil)
        h.advance(ms: 50)
        #expect(h.pop(requestId: "after-commit").error == nil)
        h.runUntilIdle()
        #expect(h.events.last?.completed?.screens == ["Home"])
        #expect(h.began.last?.queuedPosition != nil)

        // A cancelled swipe springs back: the source says nothing of a command then.
        var s = Self.android(screens: ["Home", "Detail"])
        s.swipe(to: 200, start: Vec2(x: 5, y: 400), end: .panCancelled)
        #expect(s.cancelled.count == 1 && s.stack()?.transition != nil)
        #expect(s.push("X").error?.code == .transitionInProgress)
    }

    /// Two android stacks with commands queued, and a flutter one beside them.
    static func queuedStacks(stopMs: Int64? = nil) -> CoreHarness {
        var h = CoreHarness()
        h.create("a", screens: ["Home"], profile: "android", revision: CoreHarness.newest)
        h.create("b", screens: ["Home", "Detail"], profile: "android", revision: CoreHarness.newest)
        h.create("c", screens: ["Home"], profile: "flutter", revision: CoreHarness.newest)
        h.push("One", stack: "a", requestId: "a1")
        h.pop(stack: "b", requestId: "b1")
        h.push("Page", stack: "c")
        h.advance(ms: 120)
        h.push("Two", stack: "a", requestId: "a2")
        h.push("Three", stack: "a", immediate: true, requestId: "a3")
        h.push("Back", stack: "b", requestId: "b2")
        h.pop(stack: "b", requestId: "b3")
        if let stopMs {
            h.advance(ms: stopMs)
            return h
        }
        h.runUntilIdle()
        return h
    }

    @Test("the log replays to the live frames byte for byte, and folds to the same stacks")
    func replay() throws {
        let h = Self.queuedStacks()
        #expect(h.events.filter { if case .queued = $0.body { true } else { false } }.count == 4)
        #expect(h.stack("a")?.screens == ["Home", "One", "Two", "Three"] && h.stack("b")?.screens == ["Home"])
        let (core, frames) = try ReplayTests.replayed(h.events)
        #expect(core.stacks == h.core.stacks)
        ReplayTests.expectSameFrames(live: h.frames, replayed: frames, "queued commands")
    }

    @Test(
        "restored with commands queued, from a snapshot or the log, the core goes on alike; a restart runs the queue",
        arguments: [200, 500])
    func restoreMidQueue(stopMs: Int64) throws {
        var live = Self.queuedStacks(stopMs: stopMs)
        #expect(live.stack("a")?.queued.isEmpty == false || live.stack("b")?.queued.isEmpty == false)
        // A restart completes what runs and starts what waits, from either state alike.
        let (fromSnapshot, restart) = try RestoreTests.restoredAndRestartedAlike(live)
        #expect(restart.events.contains { $0.began?.queuedPosition != nil })

        // Kept running, the restored core decides what the live one decides.
        RestoreTests.expectGoesOnAlike(fromSnapshot, &live)
    }

    @Test("a log or snapshot whose queue the engine could not have written is refused")
    func damagedQueues() throws {
        let h = Self.queuedStacks()
        let began = try #require(h.events.firstIndex { $0.began?.queuedPosition != nil })
        var wrongHead = h.events
        guard case .began(var moved) = wrongHead[began].body else { return }
        moved.queuedPosition = (moved.queuedPosition ?? 0) + 1
        wrongHead[began].body = .began(moved)
        #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(wrongHead) }
        // A queued event for a stack with nothing running.
        var idle = Array(h.events.prefix(3))
        idle.append(
            Event(
                position: 4, stackId: "a", version: 2, timeUs: h.events[2].timeUs,
                body: .queued(CommandQueued(behindTransitionId: 1, command: Command(op: .pop(Pop()))))))
        #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(idle) }
        // Queued commands that are not ones android queues (a create would make the stack twice, a delete would
        // remove it inside a completion), and one behind another transition than the running one.
        let queuedAt = try #require(h.events.firstIndex { if case .queued = $0.body { true } else { false } })
        for op: Command.Op in [
            .create(CreateStack(screens: ["X"])), .delete(DeleteStack()),
            .resize(Resize(size: Size(width: 1, height: 1))),
            .selectTab(SelectTab(index: 1)),
        ] {
            var crafted = h.events
            crafted[queuedAt].body = .queued(CommandQueued(behindTransitionId: 1, command: Command(op: op)))
            #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(crafted) }
        }
        var behindOther = h.events
        behindOther[queuedAt].body = .queued(CommandQueued(behindTransitionId: 7, command: Command(op: .pop(Pop()))))
        #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(behindOther) }

        let running = Self.queuedStacks(stopMs: 100)
        var snapshot = running.core.snapshot()
        let slot = try #require(snapshot.stacks.firstIndex { !$0.queued.isEmpty })
        for bad in [
            Array(snapshot.stacks[slot].queued.reversed()),
            [QueuedCommand(position: 2, command: Command(op: .selectTab(SelectTab(index: 1))))],
            [QueuedCommand(position: 2, command: Command(op: .delete(DeleteStack())))],
            Array(repeating: snapshot.stacks[slot].queued[0], count: 9),
        ] where bad != snapshot.stacks[slot].queued {
            var damaged = snapshot
            damaged.stacks[slot].queued = bad
            #expect(throws: EngineCore.RestoreError.self) { try EngineCore(snapshot: damaged) }
        }
        snapshot.stacks[slot].config?.profile = "classic"
        #expect(throws: EngineCore.RestoreError.self) { try EngineCore(snapshot: snapshot) }
    }

    @Test("a restart inside a queued command's transition cancels it; what no longer fits is dropped with its refusal")
    func restartDropsWhatNoLongerFits() throws {
        var h = Self.android()
        h.push("One")
        h.advance(ms: 100)
        // Checked against [Home, One]: Two pushed, then popped twice (to Home), then Three pushed.
        for (index, op) in [
            Command.Op.push(Push(screen: "Two")), .pop(Pop()), .pop(Pop()), .push(Push(screen: "Three")),
        ]
        .enumerated() {
            _ = h.apply(Command(stackId: "main", requestId: "q\(index)", op: op))
        }
        let queued = h.events.filter { if case .queued = $0.body { true } else { false } }.map(\.position)
        #expect(queued.count == 4)
        h.runUntilIdle()
        #expect(h.stack()?.screens == ["Home", "Three"])

        // The log torn inside the push of Two: its finished never reached the disk.
        let pushOfTwo = try #require(h.events.first { $0.began?.toScreen == "Two" })
        var restarted = CoreHarness()
        restarted.now = h.now + 1_000_000
        try restarted.restart(from: h.events.filter { $0.position <= pushOfTwo.position })
        restarted.runUntilIdle()
        let after = Array(restarted.events.drop { $0.position <= pushOfTwo.position })
        #expect(after.first?.cancelled?.reason == .engineRestarted)
        // [Home, One]: the first pop still fits and runs; the second would pop the root, so it is dropped, logged
        // with the refusal its sender would get now, and Three is pushed in its place.
        let dropped = try #require(after.compactMap { event in event.dropped.map { (event, $0) } }.first)
        #expect(dropped.1.queuedPosition == queued[2] && dropped.0.requestId == "q2")
        #expect(dropped.1.error?.code == .nothingToPop, "\(dropped.1)")
        #expect(after.compactMap(\.began?.queuedPosition) == [queued[1], queued[3]])
        #expect(restarted.stack()?.screens == ["Home", "Three"] && restarted.stack()?.queued.isEmpty == true)
        // The restarted log restores to the same stacks and has nothing left to run.
        var replayed = try RestoreTests.restored(restarted.events)
        #expect(replayed.stacks == restarted.core.stacks)
        var again = Outcome()
        replayed.endTransitionsInFlight(now: restarted.now + 1_000_000, into: &again)
        #expect(again.events.isEmpty, "\(again.events)")

        // A drop the engine could not have logged: not the first queued command, or while a transition runs.
        let droppedAt = try #require(restarted.events.firstIndex { $0.dropped != nil })
        var notFirst = restarted.events
        notFirst[droppedAt].body = .dropped(CommandDropped(queuedPosition: queued[3]))
        #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(notFirst) }
        var running = h.events.filter { $0.position <= pushOfTwo.position }
        running.append(
            Event(
                position: pushOfTwo.position + 1, stackId: "main", version: pushOfTwo.version + 1,
                timeUs: pushOfTwo.timeUs, body: .dropped(CommandDropped(queuedPosition: queued[1]))))
        #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(running) }
        // A drop with another refusal than the command meets, and one of a command that fits.
        var otherCode = restarted.events
        otherCode[droppedAt].body = .dropped(
            CommandDropped(queuedPosition: queued[2], error: ErrorDetail(code: .invalidArgument, message: "x")))
        #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(otherCode) }
        let completedFirst = try #require(h.events.first { $0.completed?.transitionId == 1 })
        var fits = h.events.filter { $0.position <= completedFirst.position }
        fits.append(
            Event(
                position: completedFirst.position + 1, stackId: "main", version: completedFirst.version + 1,
                timeUs: completedFirst.timeUs,
                body: .dropped(
                    CommandDropped(queuedPosition: queued[0], error: ErrorDetail(code: .nothingToPop, message: "x")))))
        let fitting = #expect(throws: EngineCore.RestoreError.self) { try RestoreTests.restored(fits) }
        #expect(fitting?.message.contains("it runs on the stack as it is") == true, "\(String(describing: fitting))")
    }

    @Test("every other profile still refuses a command during a push")
    func othersRefuse() {
        for name in ProfileCatalog.names where name != "android" {
            var h = CoreHarness()
            h.create(screens: ["Home"], profile: name, revision: CoreHarness.newest)
            h.push("Detail")
            h.advance(ms: 20)
            #expect(h.push("More").error?.code == .transitionInProgress, "\(name)")
        }
    }
}
