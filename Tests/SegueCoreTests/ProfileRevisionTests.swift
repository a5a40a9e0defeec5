import SegueWire
import Testing

@testable import SegueCore

/// Profiles are logged by name and revision: new stacks record the newest revision, and a stack of revision 0 (a
/// log written before revisions) keeps the semantics it was created with, live and through snapshots.
@Suite("profile revisions")
struct ProfileRevisionTests {
    @Test("CreateStack records the newest revision in stack_created; an explicit one is kept")
    func recorded() throws {
        var h = CoreHarness()
        h.create("a", profile: "flutter", revision: CoreHarness.newest)
        h.command(.create(CreateStack(screens: ["Home"], config: CoreHarness.config(profile: "ios"))), stack: "b")
        let created = h.events.compactMap { event -> StackConfig? in
            if case .stackCreated(let created) = event.body { return created.config }
            return nil
        }
        #expect(created.map(\.profileRevision) == [ProfileCatalog.newestRevision, ProfileCatalog.newestRevision])
        #expect(h.stack("b")?.profile.edgeWidth == 0)
    }

    @Test("a revision this engine does not know is refused, naming the known ones; names are checked per revision")
    func unknownRevision() throws {
        var h = CoreHarness()
        var config = CoreHarness.config(profile: "fluid")
        config.profileRevision = ProfileCatalog.newestRevision + 1
        let refusal = try #require(h.command(.create(CreateStack(screens: ["Home"], config: config))).error)
        #expect(refusal.code == .invalidArgument && refusal.message.contains("profile_revision"))
        let unknown = try #require(h.create("x", profile: "springy", revision: CoreHarness.newest).error)
        #expect(
            unknown.message.contains("percent-1s")
                && unknown.message.contains("in revision \(ProfileCatalog.newestRevision)"))
    }

    @Test("a revision-0 ios stack keeps its 20 pt edge and its 500 ms spring; today's ios begins anywhere")
    func oldStacksKeepTheirSemantics() throws {
        var h = CoreHarness()
        h.create("old", profile: "ios")
        h.create("new", profile: "ios", revision: CoreHarness.newest)
        let mark = h.mark()
        h.began(stack: "old", start: Vec2(x: 200, y: 400))
        #expect(h.rejections(since: mark).first?.error?.code == .gestureRejected)
        h.began(stack: "new", start: Vec2(x: 200, y: 400))
        #expect(h.began.count == 1)
        h.swipe(stack: "old", to: 300, velocity: 0)
        #expect(h.finished.last?.settleUs == 500_000)
        #expect(h.stack("old")?.config.profileRevision == 0)
    }

    @Test("snapshots and resizes keep a stack's revision")
    func revisionSurvives() throws {
        var h = CoreHarness()
        h.create("old", profile: "classic")
        h.create("new", profile: "classic", revision: CoreHarness.newest)
        h.command(.resize(Resize(size: Size(width: 300, height: 600))), stack: "old")
        let restored = try EngineCore(snapshot: h.core.snapshot())
        #expect(restored.stacks["old"]?.config.profileRevision == 0)
        #expect(restored.stacks["old"]?.profile == ProfileRevision0.classic)
        #expect(restored.stacks["new"]?.profile.gestureSettle == ProfileCatalog.percent250ms.gestureSettle)
    }

    @Test(
        "a resting spring's settling time leaves it within the tolerance, whatever the finger hands it",
        arguments: [0.0, 5, -5, 40, -40], [0.5, 1, 1.5])
    func restingSpring(initialVelocity: Double, dampingRatio: Double) {
        let tolerance = 0.1 / 300
        let probe = Spring(
            response: 0.35, dampingRatio: dampingRatio, initialVelocity: initialVelocity,
            durationSeconds: 100)
        let settle = probe.settlingSeconds(tolerance: tolerance)
        #expect(settle > 0 && settle < 10)
        // From the settling time on, the unsnapped spring stays within the tolerance.
        for step in 0...200 {
            let t = settle + Double(step) * 0.005
            #expect(abs(1 - probe.completion(at: t)) <= tolerance, "t \(t)")
        }
    }

    @Test(
        "revision-0 stacks decide as they did: flutter's PAN_CANCELLED on the last progressed, fullscreen's release at rest FLUNG_BACK"
    )
    func oldStacksDecideAsBefore() throws {
        var h = CoreHarness()
        h.create("flutter", profile: "flutter")
        let gesture = h.began(stack: "flutter")
        h.changed(gesture, stack: "flutter", x: 120)
        h.advance(ms: 16)
        h.pan(.panCancelled, gesture: gesture, stack: "flutter", translation: Vec2(x: 280, y: 0))
        let cancelled = try #require(h.cancelled.last)
        #expect(cancelled.reason == .belowThreshold && close(cancelled.progress, 0.3))
        h.create("fullscreen", profile: "fullscreen")
        h.swipe(stack: "fullscreen", to: 100, velocity: 0)
        #expect(h.cancelled.last?.reason == .flungBack)
        // Today's fullscreen says why.
        h.create("today", profile: "fullscreen", revision: CoreHarness.newest)
        h.swipe(stack: "today", to: 100, velocity: 0)
        #expect(h.cancelled.last?.reason == .releasedAtRest)
    }

    @Test("a log or a snapshot with a profile this engine does not know is refused, not run as fluid")
    func unknownProfilesAreRefused() throws {
        var core = EngineCore()
        let future = StackCreated(
            screens: ["Home"],
            config: StackConfig(
                size: Size(width: 400, height: 800), profile: "ios", profileRevision: ProfileCatalog.newestRevision + 1)
        )
        #expect(throws: EngineCore.RestoreError.self) {
            try core.restore(Event(position: 1, stackId: "s", version: 1, timeUs: 1, body: .stackCreated(future)))
        }
        let misnamed = StackCreated(
            screens: ["Home"],
            config: StackConfig(
                size: Size(width: 400, height: 800), profile: "percent-1s", profileRevision: 0))
        #expect(throws: EngineCore.RestoreError.self) {
            try core.restore(Event(position: 1, stackId: "s", version: 1, timeUs: 1, body: .stackCreated(misnamed)))
        }
        var h = CoreHarness()
        h.create("s", profile: "ios", revision: CoreHarness.newest)
        var snapshot = h.core.snapshot()
        snapshot.stacks[0].config?.profileRevision = ProfileCatalog.newestRevision + 1
        #expect(throws: EngineCore.RestoreError.self) { try EngineCore(snapshot: snapshot) }
    }

    @Test("tuning reaches ios's caught spring and its projection; flutter's edge 0 stays anywhere with a safe area")
    func tuningReachesEveryPart() throws {
        let ios = ProfileCatalog.ios.tuned(Tuning(settleMs: 500, dampingRatio: 0.7))
        #expect(ios.caughtSettle == .restingSpring(response: 0.5, dampingRatio: 0.7))
        #expect(ios.finishRule == .uikitPop(durationMs: 500))
        var h = CoreHarness()
        h.create(
            profile: "flutter", revision: CoreHarness.newest, tuning: Tuning(edgeWidth: 0),
            safeArea: Insets(left: 44))
        h.began(start: Vec2(x: 200, y: 400))
        #expect(h.began.count == 1 && h.rejections.isEmpty)
    }

    @Test("a size below a point, or a progress distance between 0 and 1 pt, is refused: velocities stay finite")
    func degenerateSizes() throws {
        var h = CoreHarness()
        let tiny = h.create("a", width: .leastNonzeroMagnitude, revision: CoreHarness.newest)
        #expect(tiny.error?.code == .invalidArgument)
        let short = h.create("b", revision: CoreHarness.newest, tuning: Tuning(progressDistance: 1e-9))
        #expect(short.error?.code == .invalidArgument)
        #expect(h.create("c", revision: CoreHarness.newest, tuning: Tuning(progressDistance: 1)).error == nil)
    }

    @Test("a percent-driven stack's state reports where its frames put the screens")
    func stateFollowsTheFrames() throws {
        var h = CoreHarness()
        h.create(profile: "percent-1s", revision: CoreHarness.newest)
        let gesture = h.began()
        h.changed(gesture, x: 80)
        let state = try #require(h.core.state(of: "main", now: h.now)?.transition)
        #expect(close(state.progress, try #require(h.frames.last).progress))
    }
}
