import SegueWire
import Testing

@testable import SegueCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Each profile's finish rule, as a table through `ReleaseDecision.decide` and end to end through gestures.
@Suite("profiles")
struct ProfileTests {
    struct Decision: Sendable, CustomTestStringConvertible {
        var profile: String
        var width: Double
        /// Decision progress p at release.
        var progress: Double
        /// Release velocity toward back, pt/s.
        var velocity: Double
        var finish: Bool
        var reason: Reason
        var testDescription: String { "\(profile) W \(width) p \(progress) v \(velocity)" }
    }

    static let decisions: [Decision] = [
        // The seed profiles of 000-002 and 004: position only, whatever the velocity.
        Decision(
            profile: "percent-1s", width: 400, progress: 0.49, velocity: 5000, finish: false,
            reason: .belowThreshold),
        Decision(
            profile: "percent-250ms", width: 400, progress: 0.51, velocity: -5000, finish: true,
            reason: .passedThreshold),
        Decision(
            profile: "slide-left", width: 400, progress: 0.5, velocity: 5000, finish: false,
            reason: .belowThreshold),
        Decision(profile: "modal", width: 400, progress: 0.49, velocity: 5000, finish: false, reason: .belowThreshold),
        Decision(
            profile: "modal-percent", width: 400, progress: 0.51, velocity: -5000, finish: true,
            reason: .passedThreshold),
        // fullscreen: D = 200 pt, threshold 0.1, fling 100 pt/s; (p > 0.1 and v > 0) or v > 100.
        Decision(
            profile: "fullscreen", width: 400, progress: 30.0 / 200, velocity: 10, finish: true,
            reason: .passedThreshold),
        Decision(
            profile: "fullscreen", width: 400, progress: 30.0 / 200, velocity: -5, finish: false,
            reason: .flungBack),
        Decision(
            profile: "fullscreen", width: 400, progress: 30.0 / 200, velocity: 0, finish: false,
            reason: .releasedAtRest),
        Decision(
            profile: "fullscreen", width: 400, progress: 5.0 / 200, velocity: 150, finish: true,
            reason: .flungForward),
        Decision(
            profile: "fullscreen", width: 400, progress: 5.0 / 200, velocity: 100, finish: false,
            reason: .belowThreshold),
        Decision(
            profile: "fullscreen", width: 400, progress: 5.0 / 200, velocity: 101, finish: true,
            reason: .flungForward),
        Decision(profile: "fullscreen", width: 400, progress: 0.9, velocity: -50, finish: false, reason: .flungBack),
        // flutter: |v| >= 1 W/s decides by its sign; slower by position, exactly half finishing.
        Decision(
            profile: "flutter", width: 400, progress: 0.2, velocity: 1.2 * 400, finish: true,
            reason: .flungForward),
        Decision(
            profile: "flutter", width: 400, progress: 0.8, velocity: -1.2 * 400, finish: false,
            reason: .flungBack),
        Decision(profile: "flutter", width: 400, progress: 0.9, velocity: -400, finish: false, reason: .flungBack),
        Decision(profile: "flutter", width: 400, progress: 0.1, velocity: 400, finish: true, reason: .flungForward),
        Decision(profile: "flutter", width: 400, progress: 0.6, velocity: -399, finish: true, reason: .passedThreshold),
        Decision(profile: "flutter", width: 400, progress: 0.4, velocity: 399, finish: false, reason: .belowThreshold),
        Decision(profile: "flutter", width: 400, progress: 0.5, velocity: 0, finish: true, reason: .passedThreshold),
        // fluid: p + 0.499 v / D > 0.5; at p = 0.3 the boundary is v = 0.2 x 400 / 0.499 = 160.3 pt/s.
        Decision(profile: "fluid", width: 400, progress: 0.3, velocity: 160, finish: false, reason: .belowThreshold),
        Decision(profile: "fluid", width: 400, progress: 0.3, velocity: 161, finish: true, reason: .flungForward),
        Decision(profile: "fluid", width: 400, progress: 0.7, velocity: -160, finish: true, reason: .passedThreshold),
        Decision(profile: "fluid", width: 400, progress: 0.7, velocity: -161, finish: false, reason: .flungBack),
        Decision(profile: "fluid", width: 400, progress: 0.51, velocity: 0, finish: true, reason: .passedThreshold),
        Decision(profile: "fluid", width: 400, progress: 0.49, velocity: 0, finish: false, reason: .belowThreshold),
        // ios without UIKit's averages (fewer than three samples): any motion toward back finishes.
        Decision(profile: "ios", width: 400, progress: 0.9, velocity: 0, finish: false, reason: .releasedAtRest),
        Decision(profile: "ios", width: 400, progress: 0.05, velocity: 0, finish: false, reason: .belowThreshold),
    ]

    @Test("ReleaseDecision.decide follows each profile's rule", arguments: decisions)
    func decide(decision: Decision) throws {
        let profile = try #require(ProfileCatalog.named(decision.profile))
        let result = ReleaseDecision.decide(
            profile: profile, width: decision.width, progress: decision.progress,
            velocity: decision.velocity)
        #expect(result.finish == decision.finish)
        #expect(result.reason == decision.reason)
    }

    @Test(
        "ios finish threshold = min(187.5 / W, 0.5) (_UINavigationInteractiveTransitionBase.m line 369)",
        arguments: [(375.0, 0.5), (300.0, 0.5), (400.0, 0.468_75), (750.0, 0.25), (1000.0, 0.1875)])
    func iosThreshold(width: Double, threshold: Double) {
        #expect(close(ProfileCatalog.ios.finishThreshold(width: width), threshold))
    }

    @Test("every name resolves to itself; classic is an alias; \"\" is fluid; unknown names and revisions are nil")
    func names() throws {
        for name in ProfileCatalog.names { #expect(ProfileCatalog.named(name)?.name == name) }
        #expect(ProfileCatalog.named("")?.name == "fluid")
        #expect(ProfileCatalog.named("Classic") == nil)
        var alias = try #require(ProfileCatalog.named("classic"))
        #expect(alias.name == "classic")
        alias.name = "percent-250ms"
        #expect(alias == ProfileCatalog.percent250ms)
        #expect(ProfileCatalog.named("fluid", revision: ProfileCatalog.newestRevision + 1) == nil)
        // Revision 0 knows the names of its time only.
        #expect(ProfileCatalog.named("classic", revision: 0) == ProfileRevision0.classic)
        #expect(ProfileCatalog.named("percent-1s", revision: 0) == nil)
        #expect(ProfileCatalog.names(revision: 0) == ["fluid", "classic", "fullscreen", "modal", "ios", "flutter"])
    }

    @Test("tuning overrides a profile's constants")
    func tuning() {
        let tuned = ProfileCatalog.fluid.tuned(
            Tuning(
                edgeWidth: 30, progressDistance: 250, finishThreshold: 0.3,
                flingVelocity: 2, settleMs: 250, dampingRatio: 0.7,
                parallax: 0.2, dimming: 0.05, gestureTimeoutMs: 300))
        #expect(tuned.edgeWidth == 30)
        #expect(tuned.progressDistance(width: 400) == 250)
        #expect(tuned.finishThreshold(width: 400) == 0.3)
        #expect(tuned.flingPointsPerSecond(width: 400) == 800)
        #expect(tuned.gestureSettle == .spring(ms: 250, dampingRatio: 0.7, handOff: true, initialVelocity: 0))
        #expect(tuned.layout.parallax == 0.2 && tuned.layout.dimming == 0.05 && tuned.gestureTimeoutMs == 300)
        #expect(ProfileCatalog.fluid.tuned(Tuning(progressDistance: 0)).progressDistance(width: 400) == 400)
        #expect(ProfileCatalog.percent1s.tuned(nil) == ProfileCatalog.percent1s)
        #expect(
            ProfileCatalog.percent1s.tuned(Tuning(settleMs: 500)).gestureSettle
                == .timeline(ms: 500, curve: .easeInOut, completionCurve: .easeInOut))
    }

    // MARK: end to end

    struct Swipe: Sendable, CustomTestStringConvertible {
        var profile: String
        var width: Double = 400
        /// Translation toward back at release, pt.
        var translation: Double
        var velocity: Double
        var end: PanPhase = .panEnded
        var finish: Bool
        var reason: Reason
        var settleUs: Int64
        var testDescription: String { "\(profile) tx \(translation) v \(velocity) \(end)" }
    }

    static let swipes: [Swipe] = [
        Swipe(
            profile: "fullscreen", translation: 30, velocity: 10, finish: true, reason: .passedThreshold,
            settleUs: 400_000),
        Swipe(
            profile: "fullscreen", translation: 30, velocity: -5, finish: false, reason: .flungBack,
            settleUs: 400_000),
        Swipe(
            profile: "fullscreen", translation: 5, velocity: 150, finish: true, reason: .flungForward,
            settleUs: 400_000),
        Swipe(
            profile: "fluid", translation: 120, velocity: 161, finish: true, reason: .flungForward,
            settleUs: 500_000),
        Swipe(
            profile: "fluid", translation: 120, velocity: 160, finish: false, reason: .belowThreshold,
            settleUs: 500_000),
        Swipe(
            profile: "fluid", translation: 280, velocity: -161, finish: false, reason: .flungBack,
            settleUs: 500_000),
        Swipe(
            profile: "fluid", translation: 280, velocity: 0, end: .panCancelled, finish: false,
            reason: .gestureCancelled, settleUs: 500_000),
        Swipe(
            profile: "modal", translation: 220, velocity: -900, finish: true, reason: .passedThreshold,
            settleUs: 200_000),
        Swipe(
            profile: "modal", translation: 240, velocity: 0, end: .panCancelled, finish: true,
            reason: .passedThreshold, settleUs: 200_000),
        Swipe(
            profile: "percent-1s", translation: 100, velocity: 0, finish: false, reason: .belowThreshold,
            settleUs: 250_000),
        Swipe(
            profile: "classic", translation: 100, velocity: 0, finish: false, reason: .belowThreshold,
            settleUs: 62_500),
    ]

    @Test("a back swipe end to end: the profile's decision, reason, settle_us and completion", arguments: swipes)
    func swipe(swipe: Swipe) throws {
        var h = CoreHarness()
        h.create(width: swipe.width, profile: swipe.profile, revision: CoreHarness.newest)
        h.swipe(to: swipe.translation, velocity: swipe.velocity, end: swipe.end)
        #expect(h.rejections.isEmpty)
        let decided = try #require(h.events.last)
        let distance = swipe.profile == "fullscreen" ? 200 : swipe.width
        let p = min(swipe.translation / distance, 1)
        if swipe.finish {
            let finished = try #require(decided.finished)
            #expect(finished.reason == swipe.reason)
            #expect(close(finished.progress, p))
            #expect(finished.settleUs == swipe.settleUs)
            if swipe.end == .panEnded { #expect(close(finished.velocity, swipe.velocity / distance)) }
        } else {
            let cancelled = try #require(decided.cancelled)
            #expect(cancelled.reason == swipe.reason)
            #expect(close(cancelled.progress, p))
            #expect(cancelled.settleUs == swipe.settleUs)
        }
        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [swipe.finish])
        let done = try #require(h.frames.last)
        #expect(done.phase == .done && done.timeUs == decided.timeUs + swipe.settleUs)
        #expect(h.stack()?.screens == (swipe.finish ? ["Home"] : ["Home", "Detail"]))
    }

    @Test("fullscreen: decision progress uses D = 200 pt while the screen follows the finger (f = tx / W)")
    func fullscreenProgressVersusFraction() throws {
        var h = CoreHarness()
        h.create(profile: "fullscreen", revision: CoreHarness.newest)
        let gesture = h.began()
        h.changed(gesture, x: 100)
        #expect(h.progressed.last.map { close($0.progress, 0.5) } == true)
        #expect(h.frames.last.map { close($0.progress, 0.25) } == true)
        h.changed(gesture, x: 300)
        #expect(h.progressed.last?.progress == 1)
        #expect(h.frames.last.map { close($0.progress, 0.75) } == true)
    }

    @Test("modal: animated present is a spring of 800 ms, dismiss 400 ms, a gesture 200 ms")
    func modalSettles() throws {
        var h = CoreHarness()
        h.create(profile: "modal", revision: CoreHarness.newest)
        h.present("Sheet")
        #expect(h.finished.last?.settleUs == 800_000)
        h.runUntilIdle()
        // The bouncy spring (damping 0.8, initial velocity 5) overshoots the target on the way.
        let presentFrames = h.frames(transition: 1).filter { $0.phase == .settling }
        #expect(presentFrames.contains { $0.progress > 1 })
        #expect(h.frames.last?.progress == 1)
        h.dismiss()
        #expect(h.finished.last?.settleUs == 400_000)
        h.runUntilIdle()
        h.present("Sheet", immediate: true)
        h.swipe(to: 300, velocity: 0)
        #expect(h.finished.last?.settleUs == 200_000)
        #expect(h.began.last?.operation == .dismiss)
        h.runUntilIdle()
        #expect(h.stack()?.presented == [])
    }

    @Test("fluid hands the finger's velocity to the spring: a fast release starts faster")
    func velocityHandOff() throws {
        func firstSettleProgress(velocity: Double) throws -> Double {
            var h = CoreHarness()
            h.create(profile: "fluid")
            h.swipe(to: 240, velocity: velocity)
            h.advance(ms: 17)
            return try #require(h.frames.last { $0.phase == .settling }?.progress)
        }
        let slow = try firstSettleProgress(velocity: 0)
        let fast = try firstSettleProgress(velocity: 1200)
        #expect(fast > slow)
        // With no hand-off the critically damped spring starts at rest: x(t) = (1 + w t) e^(-w t).
        let w = 6.907755278982137 / 0.5
        let t = Double(1_000_000 / 60) / 1_000_000
        #expect(close(slow, 0.6 + 0.4 * (1 - (1 + w * t) * exp(-w * t)), 1e-9))
    }

    @Test("Spring: starts at 0, snaps to 1 at T, critically damped at rest never overshoots")
    func spring() {
        let spring = Spring(dampingRatio: 1, durationSeconds: 0.5, initialVelocity: 0)
        #expect(spring.completion(at: 0) == 0)
        #expect(spring.completion(at: 0.5) == 1)
        var previous = 0.0
        for i in 1..<50 {
            let value = spring.completion(at: Double(i) * 0.01)
            #expect(value >= previous && value <= 1)
            previous = value
        }
        #expect(1 - spring.completion(at: 0.4999) < 0.01)
        let bouncy = Spring(dampingRatio: 0.5, durationSeconds: 1, initialVelocity: 0)
        #expect((1..<100).contains { bouncy.completion(at: Double($0) / 100) > 1 })
    }
}
