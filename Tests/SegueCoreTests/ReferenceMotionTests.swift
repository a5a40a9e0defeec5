import SegueWire
import Testing

@testable import SegueCore

/// Where the reference profiles put the screens, frame by frame, against independent references of their curves:
/// percent-driven tracking and completion (UIKit), the articles' layouts, UIKit's completion speed and
/// interrupting spring, Flutter's command curves, scrim and fullscreen dialogs. A 400 x 800 stack [Home, Detail].
@Suite("reference motion")
struct ReferenceMotionTests {
    static func harness(_ profile: String, revision: UInt32 = CoreHarness.newest, tuning: Tuning? = nil) -> CoreHarness
    {
        var h = CoreHarness()
        h.create(profile: profile, revision: revision, tuning: tuning)
        return h
    }

    /// Settle frames of the newest transition as (time since the decision in us, frame).
    static func settleFrames(_ h: CoreHarness, since decision: Event) -> [(Int64, Frame)] {
        h.frames.filter { $0.phase == .settling && $0.timeUs > decision.timeUs }.map {
            ($0.timeUs - decision.timeUs, $0)
        }
    }

    @Test(
        "percent-driven (000_f97c34e89b1bf4ea.txt:99-101, 172): the screen sits at ease-in-out of the percent, and the rest plays the animation's time along the completion curve"
    )
    func percentDriven() throws {
        var h = Self.harness("percent-1s")
        let gesture = h.began()
        h.changed(gesture, x: 100)
        let tracked = try #require(h.frames.last)
        #expect(close(tracked.progress, referenceEaseInOut(0.25)))
        #expect(close(tracked.fromX, 400 * referenceEaseInOut(0.25)) && tracked.toX == 0)
        h.changed(gesture, x: 240)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 240, y: 0), velocity: Vec2())
        let decision = try #require(h.events.last)
        #expect(decision.finished?.settleUs == 400_000)
        h.runUntilIdle()
        let frames = Self.settleFrames(h, since: decision)
        #expect(frames.count == 23)
        for (elapsed, frame) in frames {
            let time = 0.6 + 0.4 * referenceEaseInOut(Double(elapsed) / 400_000)
            #expect(close(frame.progress, referenceEaseInOut(time), 1e-8))
        }
        #expect(h.frames.last?.phase == .done && h.frames.last?.timeUs == decision.timeUs + 400_000)
    }

    @Test("percent-driven cancel (000_f97c34e89b1bf4ea.txt:178): the animation's time runs back to 0")
    func percentDrivenCancel() throws {
        var h = Self.harness("percent-250ms")
        h.swipe(to: 120, velocity: 0)
        let decision = try #require(h.events.last)
        #expect(decision.cancelled?.settleUs == 75_000)
        h.runUntilIdle()
        for (elapsed, frame) in Self.settleFrames(h, since: decision) {
            let time = 0.3 - 0.3 * referenceEaseInOut(Double(elapsed) / 75_000)
            #expect(close(frame.progress, referenceEaseInOut(time), 1e-8))
        }
    }

    @Test(
        "slide-left (002_810f39d264b170eb.txt:34, 44): pop moves the top screen to -width, push brings the new one from -width over 0.3 s; the other screen stays"
    )
    func slideLeft() throws {
        var h = Self.harness("slide-left")
        let gesture = h.began()
        h.changed(gesture, x: 100)
        let tracked = try #require(h.frames.last)
        #expect(close(tracked.fromX, -400 * referenceEaseInOut(0.25)) && tracked.toX == 0)
        h.advance(ms: 16)
        h.pan(.panCancelled, gesture: gesture, translation: Vec2(x: 100, y: 0))
        h.runUntilIdle()
        let mark = h.mark()
        h.push("Next")
        #expect(h.finished.last?.settleUs == 300_000)
        let start = h.now
        h.runUntilIdle()
        let push = h.frames(since: mark)
        #expect(push.count == 18)
        for frame in push {
            let t = Double(frame.timeUs - start) / 300_000
            #expect(close(frame.toX, -400 * (1 - referenceEaseInOut(t)), 1e-7))
            #expect(frame.fromX == 0)
        }
        h.pop()
        h.runUntilIdle()
        #expect(h.frames.last?.fromX == -400 && h.frames.last?.toX == 0)
    }

    @Test("fullscreen (003_4a43ebb7871f4f2c.txt:326, 346-347): the upper screen at tx, the lower at -W/4 + tx/4")
    func fullscreenLayout() throws {
        var h = Self.harness("fullscreen")
        let gesture = h.began()
        h.changed(gesture, x: 100)
        let frame = try #require(h.frames.last)
        #expect(frame.fromX == 100 && close(frame.toX, -75))
    }

    @Test(
        "modal (004_52fd9526dceceade.txt:112, 120-126, 397-409): present from the right on the 0.8 s spring, dismiss to the right over 0.4 s ease-in-out, the lower screen still"
    )
    func modalCommands() throws {
        var h = Self.harness("modal")
        let mark = h.mark()
        h.present("Sheet")
        h.runUntilIdle()
        let present = h.frames(since: mark)
        #expect(present.first.map { $0.toX > 0 && $0.fromX == 0 } == true)
        #expect(present.contains { $0.toX < 0 })  // damping 0.8 overshoots
        #expect(present.last?.toX == 0)
        let dismissMark = h.mark()
        h.dismiss()
        let start = h.now
        h.runUntilIdle()
        for frame in h.frames(since: dismissMark) {
            #expect(close(frame.fromX, 400 * referenceEaseInOut(Double(frame.timeUs - start) / 400_000), 1e-7))
            #expect(frame.toX == 0)
        }
    }

    @Test("modal-percent (004_52fd9526dceceade.txt:467): the dismissed screen sits at ease-in-out of the percent")
    func modalPercentTracking() throws {
        var h = Self.harness("modal-percent")
        h.present("Sheet", immediate: true)
        let gesture = h.began()
        h.changed(gesture, x: 300)
        #expect(h.frames.last.map { close($0.fromX, 400 * referenceEaseInOut(0.75)) } == true)
    }

    @Test(
        "modal (004_52fd9526dceceade.txt:223-225): a release at a negative percent leaves the dismiss waiting; the gesture timeout cancels it"
    )
    func undecidedReleaseTimesOut() throws {
        var h = Self.harness("modal")
        h.present("Sheet", immediate: true)
        let start = h.mark()
        let gesture = h.began()
        h.changed(gesture, x: 240)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: -40, y: 0))
        #expect(!h.events(since: start).contains { $0.finished != nil || $0.cancelled != nil })
        let mark = h.mark()
        h.began()
        let refusal = try #require(h.rejections(since: mark).first?.error)
        #expect(refusal.code == .transitionInProgress && refusal.message.contains("undecided"))
        h.advance(ms: 1000)
        let cancelled = try #require(h.cancelled.last)
        #expect(cancelled.reason == .gestureTimeout && cancelled.settleUs == 200_000)
        h.runUntilIdle()
        #expect(h.stack()?.presented == ["Sheet"])
    }

    @Test(
        "flutter revision 1, its curves solved exactly (routes.dart@69273e35:1606, route.dart@7c1ae2bc:39, 59-62): under the finger the lower screen is a third behind and its scrim 0x18 eased by Curves.ease"
    )
    func flutterScrim() throws {
        var h = Self.harness("flutter", revision: 1)
        let gesture = h.began()
        h.changed(gesture, x: 100)
        let frame = try #require(h.frames.last)
        #expect(close(frame.toX, -400.0 / 3 * 0.75))
        #expect(close(frame.dimming, 24.0 / 255 * referenceCubic(0.75, 0.25, 0.1, 0.25, 1)))
    }

    /// Flutter's fastEaseInToSlowEaseOut, evaluated from its five points with `referenceCubic` (exactly, as
    /// revision 1 solves it; FlutterWidgetTestPorts holds revision 2 to Flutter's own expectations).
    static func fastEaseInToSlowEaseOut(_ t: Double) -> Double {
        let (mx, my) = (0.198, 0.541)
        if t < mx {
            return referenceCubic(t / mx, 0.056 / mx, 0.024 / my, 0.108 / mx, 0.3085 / my) * my
        }
        let (sx, sy) = (1 - mx, 1 - my)
        return referenceCubic(
            (t - mx) / sx, (0.3655 - mx) / sx, (1 - my) / sy, (0.5465 - mx) / sx,
            (0.989 - my) / sy) * sy + my
    }

    @Test(
        "flutter revision 1 push, its curves solved exactly (route.dart@7c1ae2bc:145, 396-413): 500 ms, the page along fastEaseInToSlowEaseOut, the one below along linearToEaseOut, the scrim along ease of the time"
    )
    func flutterPush() throws {
        var h = Self.harness("flutter", revision: 1)
        let mark = h.mark()
        h.push("Next")
        #expect(h.finished.last?.settleUs == 500_000)
        let start = h.now
        h.runUntilIdle()
        let frames = h.frames(since: mark).filter { $0.phase == .settling }
        #expect(frames.count == 29)
        for frame in frames {
            let t = Double(frame.timeUs - start) / 500_000
            #expect(close(frame.toX, 400 * (1 - Self.fastEaseInToSlowEaseOut(t)), 1e-6))
            #expect(close(frame.fromX, -400.0 / 3 * referenceCubic(t, 0.35, 0.91, 0.33, 0.97), 1e-6))
            #expect(close(frame.dimming, 24.0 / 255 * referenceCubic(t, 0.25, 0.1, 0.25, 1), 1e-9))
        }
    }

    @Test(
        "flutter revision 1 present, its curves solved exactly (route.dart@7c1ae2bc:65-68, 148, 154-157, 472-477): a fullscreen dialog slides up from the bottom along linearToEaseOut; the page below stays, with no scrim"
    )
    func flutterPresent() throws {
        var h = Self.harness("flutter", revision: 1)
        let mark = h.mark()
        h.present("Sheet")
        let start = h.now
        h.runUntilIdle()
        let frames = h.frames(since: mark)
        #expect(frames.last?.phase == .done && frames.last?.timeUs == start + 500_000)
        for frame in frames {
            let t = Double(frame.timeUs - start) / 500_000
            #expect(close(frame.toY, 800 * (1 - referenceCubic(t, 0.35, 0.91, 0.33, 0.97)), 1e-6))
            #expect(frame.toX == 0 && frame.fromX == 0 && frame.fromY == 0 && frame.dimming == 0)
        }
    }

    @Test(
        "ios (_UINavigationInteractiveTransitionBase.m:366-369): p + v D > min(187.5 / W, 0.5) at D = 0.35 s with UIKit's averaged velocity; here 0.3 + 0.5 x 0.35 finishes and 0.3 + 0.475 x 0.35 does not",
        arguments: [(200.0, true), (190.0, false)])
    func iosProjection(velocity: Double, finish: Bool) throws {
        var h = Self.harness("ios")
        h.swipe(to: 120, velocity: velocity)
        let decision = try #require(h.events.last)
        if finish {
            #expect(decision.finished?.reason == .flungForward)
            #expect(decision.finished?.settleUs == 350_000)  // slower than the animation: the whole 350 ms
        } else {
            #expect(decision.cancelled?.reason == .belowThreshold)
            #expect(decision.cancelled?.settleUs == 350_000)
        }
    }

    @Test(
        "ios (_UINavigationInteractiveTransitionBase.m:477-504): a fast flick completes at the finger's speed, 156 pt at 3000 pt/s in 52 ms, along ease-in-out, and completes as it comes to rest"
    )
    func iosCompletionSpeed() throws {
        var h = CoreHarness()
        h.create(width: 390, profile: "ios", revision: CoreHarness.newest)
        h.swipe(to: 234, velocity: 3000)
        let decision = try #require(h.events.last)
        let finished = try #require(decision.finished)
        #expect(finished.reason == .passedThreshold && finished.settleUs == 52_000)
        h.runUntilIdle()
        for (elapsed, frame) in Self.settleFrames(h, since: decision) {
            #expect(close(frame.progress, 0.6 + 0.4 * referenceEaseInOut(Double(elapsed) / 52_000), 1e-8))
        }
        #expect(h.frames.last?.phase == .done && h.frames.last?.timeUs == decision.timeUs + 52_000)
        #expect(h.completed.last?.finished == true)
    }

    @Test(
        "ios (_UINavigationParallaxTransition.m:224): a caught transition settles on a spring of damping 1, response 0.35 s, until it is within 0.1 pt of rest: no jump at the end"
    )
    func iosCaughtSpring() throws {
        var h = Self.harness("ios")
        h.push("Next")
        h.advance(ms: 100)
        let gesture = h.began()
        #expect(h.interrupted.count == 1)
        h.changed(gesture, x: 30, velocity: Vec2(x: 600, y: 0))
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 30, y: 0), velocity: Vec2(x: 600, y: 0))
        let decision = try #require(h.events.last)
        let settleUs = try #require(decision.settleUs)
        guard case .settling(let settling)? = h.stack()?.transition?.phase,
            case .restingSpring(let response, let damping, let velocity) = settling.curve
        else {
            Issue.record("the caught transition does not settle on a resting spring")
            return
        }
        #expect(response == 0.35 && damping == 1)
        let points = abs(settling.targetFraction - settling.fromFraction) * 400
        // Where the spring has carried the screen when the settle ends, before DONE snaps it: within 0.1 pt.
        let end = Double(settleUs) / 1_000_000
        let unsnapped = Spring(
            response: response, dampingRatio: damping, initialVelocity: velocity,
            durationSeconds: end + 1)
        #expect(abs(1 - unsnapped.completion(at: end)) * points <= SettleCurve.restDistance)
        #expect(settleUs > 300_000)
        h.runUntilIdle()
        #expect(h.frames.last?.phase == .done)
    }

    @Test("ios: the content-area swipe by default, the 20 pt edge of interactivePopGestureRecognizer with tuning")
    func iosEdge() {
        var h = Self.harness("ios", tuning: Tuning(edgeWidth: 20))
        let mark = h.mark()
        h.began(start: Vec2(x: 300, y: 400))
        #expect(h.rejections(since: mark).first?.error?.code == .gestureRejected)
        h.began(start: Vec2(x: 12, y: 400))
        #expect(h.began.count == 1)
    }
}
