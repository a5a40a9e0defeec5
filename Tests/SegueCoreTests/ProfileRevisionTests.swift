@testable import SegueCore
import SegueWire
import Testing

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
        #expect(unknown.message.contains("percent-1s") && unknown.message.contains("in revision 1"))
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

    @Test("a resting spring's settling time leaves it within the tolerance, whatever the finger hands it",
          arguments: [0.0, 5, -5, 40, -40], [0.5, 1, 1.5])
    func restingSpring(initialVelocity: Double, dampingRatio: Double) {
        let tolerance = 0.1 / 300
        let probe = Spring(response: 0.35, dampingRatio: dampingRatio, initialVelocity: initialVelocity,
                           durationSeconds: 100)
        let settle = probe.settlingSeconds(tolerance: tolerance)
        #expect(settle > 0 && settle < 10)
        // From the settling time on, the unsnapped spring stays within the tolerance.
        for step in 0...200 {
            let t = settle + Double(step) * 0.005
            #expect(abs(1 - probe.completion(at: t)) <= tolerance, "t \(t)")
        }
    }
}
