import SegueWire
import Testing

@testable import SegueCore

/// Snapshots: a snapshot plus the events after it rebuilds exactly what a replay of the whole log rebuilds.
@Suite("snapshot")
struct SnapshotTests {
    /// The snapshot of `core`, through its wire encoding, restored.
    static func roundTrip(_ core: EngineCore) throws -> EngineCore {
        let decoded = try Snapshot(decoding: core.snapshot().encoded())
        #expect(decoded == core.snapshot())
        return try EngineCore(snapshot: decoded)
    }

    /// Whether two cores hold the same state, as far as the log determines it.
    static func same(_ a: EngineCore, _ b: EngineCore) -> Bool {
        a.stacks == b.stacks && a.headPosition == b.headPosition && a.clockUs == b.clockUs && wakesInTime(a)
            && wakesInTime(b)
    }

    /// The clock's queue wakes the engine no later than the earliest stack deadline (it may wake it earlier).
    static func wakesInTime(_ core: EngineCore) -> Bool {
        guard let earliest = core.stacks.values.compactMap(\.deadline).min() else { return true }
        return (core.nextDeadline() ?? .max) <= earliest
    }

    @Test(
        "snapshot at any position, then the later events, equals a full replay (random sessions)",
        arguments: 0..<4)
    func randomSessions(batch: UInt64) throws {
        var transitionsInFlight = 0
        for index in UInt64(0)..<8 {
            let seed = 500 + batch * 100 + index
            let h = PropertyTests.session(seed: seed, steps: 120)
            let full = try RestoreTests.restored(h.events)
            // Cut points spread over the log, including its first and last event.
            let cuts = Set([1, h.events.count] + (1...9).map { h.events.count * $0 / 10 }).filter { $0 >= 1 }
            for cut in cuts.sorted() {
                let prefix = try RestoreTests.restored(Array(h.events[..<cut]))
                transitionsInFlight += prefix.stacks.values.filter { $0.transition != nil }.count
                var restored = try Self.roundTrip(prefix)
                #expect(Self.same(restored, prefix), "seed \(seed) cut \(cut): the snapshot alone differs")
                for event in h.events[cut...] { try restored.restore(event) }
                #expect(Self.same(restored, full), "seed \(seed) cut \(cut): snapshot + tail differs from replay")

                // Transitions left in flight at the cut end the same way from either state.
                var fromSnapshot = try Self.roundTrip(prefix)
                var fromReplay = prefix
                var snapshotOutcome = Outcome()
                var replayOutcome = Outcome()
                let restart = prefix.clockUs + 2_000_000
                fromSnapshot.endTransitionsInFlight(now: restart, into: &snapshotOutcome)
                fromReplay.endTransitionsInFlight(now: restart, into: &replayOutcome)
                #expect(snapshotOutcome.events == replayOutcome.events, "seed \(seed) cut \(cut)")
                #expect(snapshotOutcome.frames == replayOutcome.frames, "seed \(seed) cut \(cut)")
                #expect(Self.same(fromSnapshot, fromReplay))
            }
        }
        // The cuts land inside transitions often enough to exercise restoring them.
        #expect(transitionsInFlight > 10)
    }

    @Test("a live core mid-transition snapshots to the replayed state (frame counters are not kept)")
    func liveMidTransition() throws {
        var h = CoreHarness()
        h.create("nav", profile: "fluid")
        h.create("tabs", screens: [], tabs: ["A", "B", "C"], selectedTab: 1, profile: "classic", rightToLeft: true)
        h.create("sheet", screens: ["Root"], profile: "modal")
        h.create("pop", profile: "fluid")
        // nav: tracking, resized mid-gesture; sheet: an animated present settling; pop: caught mid-settle
        // (interrupted) and tracking again; tabs: a swipe toward the next tab, settling with frames drawn.
        let finger = h.began(stack: "nav")
        h.changed(finger, stack: "nav", x: 80)
        h.command(.resize(Resize(size: Size(width: 600, height: 800))), stack: "nav")
        h.changed(finger, stack: "nav", x: 150)
        h.present("Modal", stack: "sheet")
        h.pop(stack: "pop")
        h.advance(ms: 50)
        h.swipe(stack: "pop", to: 30, velocity: nil, steps: 2, end: .panChanged)
        h.swipe(stack: "tabs", to: 250, velocity: 0, steps: 2, target: .panTargetTabs)
        h.advance(ms: 40)
        h.command(
            .setScreenOptions(
                SetScreenOptions(
                    screen: "Home",
                    options: ScreenOptions(
                        backGestureDisabled: true, exclusionRects: [Rect(x: 1, y: 2, width: 3, height: 4)]))),
            stack: "nav")

        #expect(h.rejections.isEmpty)
        #expect(h.interrupted.count == 1)
        let moving = h.core.stacks.values.filter { $0.transition != nil }.map(\.id).sorted()
        #expect(moving == ["nav", "pop", "sheet", "tabs"])
        #expect(h.core.stacks.values.contains { ($0.transition?.frameSequence ?? 0) > 0 })

        let replayed = try RestoreTests.restored(h.events)
        let restored = try Self.roundTrip(h.core)
        #expect(restored.stacks == replayed.stacks)
        #expect(Self.same(restored, replayed))
        #expect(RestoreTests.comparable(restored.stacks) == RestoreTests.comparable(h.core.stacks))
        #expect(restored.stacks["tabs"]?.transition?.gestureSign == -1)
        #expect(restored.stacks["nav"]?.width == 600)
    }

    @Test("equal states encode to equal bytes")
    func deterministic() throws {
        let h = RestoreTests.scenario()
        let replayed = try RestoreTests.restored(h.events)
        #expect(h.core.snapshot().encoded() == replayed.snapshot().encoded())
        #expect(h.core.snapshot().stacks.map(\.stackId) == ["modal", "nav", "tabs"])
        #expect(EngineCore().snapshot() == Snapshot())
        #expect(try EngineCore(snapshot: Snapshot()).stacks.isEmpty)
    }

    @Test("a snapshot that no log could fold is refused, naming the stack")
    func refusesImpossibleSnapshots() throws {
        var h = CoreHarness()
        h.create("a")
        h.create("b")
        let good = h.core.snapshot()
        func refused(_ change: (inout Snapshot) -> Void) -> String? {
            var snapshot = good
            change(&snapshot)
            do {
                _ = try EngineCore(snapshot: snapshot)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(try EngineCore(snapshot: good).stacks.keys.sorted() == ["a", "b"])
        #expect(refused { $0.stacks[1].stackId = "a" }?.contains("more than once") == true)
        #expect(refused { $0.stacks[0].stackId = "a/b" }?.contains("'a/b'") == true)
        #expect(refused { $0.stacks[0].config = nil }?.contains("no config") == true)
        #expect(refused { $0.stacks[0].version = 0 }?.contains("version 0") == true)
        #expect(refused { $0.stacks[0].lastPosition = 99 }?.contains("last position 99") == true)
        #expect(refused { $0.stacks[0].tabs = ["T"] }?.contains("either screens or tabs") == true)
        #expect(refused { $0.stacks[0].selectedTab = 1 }?.contains("selected tab") == true)
        #expect(
            refused {
                $0.stacks[0].lastTransitionId = 1
                $0.stacks[0].transition = TransitionSnapshot(transitionId: 1, gestureSign: 1)
            }?.contains("no phase") == true)
        #expect(
            refused {
                $0.stacks[0].lastTransitionId = 1
                $0.stacks[0].transition = TransitionSnapshot(
                    transitionId: 1, gestureSign: 1,
                    phase: .settling(SettlingSnapshot(durationUs: 10)))
            }?.contains("no curve") == true)
        #expect(
            refused {
                $0.stacks[0].transition = TransitionSnapshot(
                    transitionId: 3, gestureSign: 1,
                    phase: .animating(AnimatingSnapshot()))
            }?.contains("newest began") == true)
        #expect(
            refused {
                $0.stacks[0].lastTransitionId = 1
                $0.stacks[0].transition = TransitionSnapshot(
                    transitionId: 1, gestureSign: 0,
                    phase: .animating(AnimatingSnapshot()))
            }?.contains("gesture sign") == true)
    }
}
