import SegueWire
import Testing

@testable import SegueCore

/// Every gesture rule of the profiles that reproduce a source, one row each, naming the line it checks: the
/// articles (by file name and line), UIKit (decompiled iOS 26.1 UIKitCore,
/// `_UINavigationInteractiveTransitionBase.m`) and Flutter (`route.dart` at 7c1ae2bc). Each row runs a gesture
/// through an engine core on a manual clock, on a 400 x 800 stack [Home, Detail].
@Suite("reference rules")
struct ReferenceRuleTests {
    /// One pan of a scripted gesture; translations and velocities in points along x.
    enum Step: Sendable {
        case began(x: Double = 10, translation: Double = 0, heading: Vec2 = Vec2(x: 300, y: 0))
        case changed(Double)
        case ended(Double, velocity: Double = 0)
        case cancelled(Double)
    }

    enum Outcome: Sendable, Equatable {
        case refused(ErrorCode)
        case decided(finish: Bool, reason: Reason, progress: Double, settleUs: Int64)
        /// Released, and neither finished nor cancelled.
        case undecided
    }

    struct Rule: Sendable, CustomTestStringConvertible {
        var source: String
        var rule: String
        var profile: String
        var presented = false
        var safeArea: Insets? = nil
        var steps: [Step]
        var outcome: Outcome
        var testDescription: String { "\(profile) \(source): \(rule)" }
    }

    static let seed000 = "000_f97c34e89b1bf4ea.txt"
    static let seed001 = "001_774936b8fb1b231f.txt"
    static let seed002 = "002_810f39d264b170eb.txt"
    static let seed003 = "003_4a43ebb7871f4f2c.txt"
    static let seed004 = "004_52fd9526dceceade.txt"
    static let route = "route.dart@7c1ae2bc"

    static let rules: [Rule] = [
        // 000: percent = clamp(tx / width); ENDED or CANCELLED finish when percent > 0.5; settle = the rest of 1 s.
        Rule(
            source: "\(seed000):165-176", rule: "ENDED past half finishes, whatever the velocity",
            profile: "percent-1s", steps: [.began(), .changed(204), .ended(204, velocity: -3000)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.51, settleUs: 490_000)),
        Rule(
            source: "\(seed000):175", rule: "exactly half cancels (percent > 0.5)", profile: "percent-1s",
            steps: [.began(), .changed(200), .ended(200, velocity: 3000)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.5, settleUs: 500_000)),
        Rule(
            source: "\(seed000):173", rule: "CANCELLED is decided like ENDED", profile: "percent-1s",
            steps: [.began(), .changed(240), .cancelled(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 400_000)),
        Rule(
            source: "\(seed000):173", rule: "CANCELLED short of half cancels", profile: "percent-1s",
            steps: [.began(), .changed(100), .cancelled(100)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.25, settleUs: 250_000)),
        Rule(
            source: "\(seed000):167", rule: "percent is clamped at 1", profile: "percent-1s",
            steps: [.began(), .changed(480), .ended(480)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 1, settleUs: 0)),
        Rule(
            source: "\(seed000):164-176",
            rule: "ENDED decides on its own translation; the screens go on from where the last CHANGED left them",
            profile: "percent-1s", steps: [.began(), .changed(160), .ended(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 600_000)),
        Rule(
            source: "\(seed000):157-169", rule: "a pan anywhere, in any direction, begins", profile: "percent-1s",
            steps: [.began(x: 300, heading: Vec2(x: -300, y: 900)), .changed(-50), .ended(-50)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0, settleUs: 0)),
        // 001: the same handler over 0.25 s.
        Rule(
            source: "\(seed001):34-58", rule: "ENDED past half finishes in the rest of 0.25 s",
            profile: "percent-250ms", steps: [.began(), .changed(240), .ended(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 100_000)),
        Rule(
            source: "\(seed001):48", rule: "CANCELLED is decided like ENDED", profile: "percent-250ms",
            steps: [.began(), .changed(300), .cancelled(300)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.75, settleUs: 62_500)),
        Rule(
            source: "\(seed001):48", rule: "classic is percent-250ms", profile: "classic",
            steps: [.began(), .changed(100), .cancelled(100)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.25, settleUs: 62_500)),
        // 002: shouldComplete is set by each CHANGED; ENDED uses it; CANCELLED always cancels; 0.3 s.
        Rule(
            source: "\(seed002):61-75", rule: "ENDED finishes on the last CHANGED's shouldComplete",
            profile: "slide-left", steps: [.began(), .changed(240), .ended(120)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 120_000)),
        Rule(
            source: "\(seed002):61-75", rule: "and cancels on it, wherever ENDED is", profile: "slide-left",
            steps: [.began(), .changed(120), .ended(240)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.3, settleUs: 90_000)),
        Rule(
            source: "\(seed002):70", rule: "CANCELLED always cancels", profile: "slide-left",
            steps: [.began(), .changed(360), .cancelled(360)],
            outcome: .decided(finish: false, reason: .gestureCancelled, progress: 0.9, settleUs: 270_000)),
        Rule(
            source: "\(seed002):64", rule: "no CHANGED, no shouldComplete: ENDED cancels", profile: "slide-left",
            steps: [.began(), .ended(300)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0, settleUs: 0)),
        // 003: BEGAN refused only at velocity.x == 0; (p > 0.1 and v > 0) or v > 100; D = 200 pt.
        Rule(
            source: "\(seed003):166", rule: "BEGAN with velocity.x == 0 is refused", profile: "fullscreen",
            steps: [.began(heading: Vec2(x: 0, y: 300))], outcome: .refused(.gestureRejected)),
        Rule(
            source: "\(seed003):155, 166", rule: "a BEGAN whose velocity is zero is refused, though it moved",
            profile: "fullscreen", steps: [.began(translation: 12, heading: Vec2())],
            outcome: .refused(.gestureRejected)),
        Rule(
            source: "\(seed003):160-176", rule: "BEGAN heading away from back is not refused",
            profile: "fullscreen", steps: [.began(heading: Vec2(x: -300, y: 0)), .changed(100), .ended(100)],
            outcome: .decided(finish: false, reason: .releasedAtRest, progress: 0.5, settleUs: 400_000)),
        Rule(
            source: "\(seed003):160-176", rule: "BEGAN more vertical than horizontal is not refused",
            profile: "fullscreen",
            steps: [.began(heading: Vec2(x: 50, y: 600)), .changed(30), .ended(30, velocity: 10)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.15, settleUs: 400_000)),
        Rule(
            source: "\(seed003):202-205", rule: "a release at rest past 0.1 cancels: RELEASED_AT_REST",
            profile: "fullscreen", steps: [.began(), .changed(30), .ended(30)],
            outcome: .decided(finish: false, reason: .releasedAtRest, progress: 0.15, settleUs: 400_000)),
        Rule(
            source: "\(seed003):203-205", rule: "a release moving back past 0.1 cancels: FLUNG_BACK",
            profile: "fullscreen", steps: [.began(), .changed(30), .ended(30, velocity: -5)],
            outcome: .decided(finish: false, reason: .flungBack, progress: 0.15, settleUs: 400_000)),
        Rule(
            source: "\(seed003):205", rule: "v > 100 finishes from anywhere", profile: "fullscreen",
            steps: [.began(), .changed(5), .ended(5, velocity: 150)],
            outcome: .decided(finish: true, reason: .flungForward, progress: 0.025, settleUs: 400_000)),
        Rule(
            source: "\(seed003):205", rule: "v = 100 is not more than 100", profile: "fullscreen",
            steps: [.began(), .changed(5), .ended(5, velocity: 100)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.025, settleUs: 400_000)),
        Rule(
            source: "\(seed003):190-196", rule: "CANCELLED cancels", profile: "fullscreen",
            steps: [.began(), .changed(150), .cancelled(150)],
            outcome: .decided(finish: false, reason: .gestureCancelled, progress: 0.75, settleUs: 400_000)),
        Rule(
            source: "\(seed003):202", rule: "ENDED's percent is its own, D = 200 pt", profile: "fullscreen",
            steps: [.began(), .changed(10), .ended(60, velocity: 1)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.3, settleUs: 400_000)),
        // 004: a dismiss; a negative percent returns at once; ENDED and CANCELLED finish past half; 0.2 s.
        Rule(
            source: "\(seed004):222-225", rule: "a BEGAN at a negative percent does not dismiss", profile: "modal",
            presented: true, steps: [.began(translation: -10)], outcome: .refused(.gestureRejected)),
        Rule(
            source: "\(seed004):223-225", rule: "a release at a negative percent decides nothing",
            profile: "modal", presented: true, steps: [.began(), .changed(240), .ended(-40)], outcome: .undecided),
        Rule(
            source: "\(seed004):223-225", rule: "a CANCELLED at a negative percent decides nothing",
            profile: "modal", presented: true, steps: [.began(), .changed(240), .cancelled(-40)], outcome: .undecided),
        Rule(
            source: "\(seed004):223-225", rule: "a negative CHANGED moves nothing; the release decides",
            profile: "modal", presented: true, steps: [.began(), .changed(240), .changed(-40), .ended(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 200_000)),
        Rule(
            source: "\(seed004):242-252", rule: "CANCELLED is decided like ENDED", profile: "modal",
            presented: true, steps: [.began(), .changed(240), .cancelled(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 200_000)),
        Rule(
            source: "\(seed004):248", rule: "exactly half cancels, in a fixed 0.2 s", profile: "modal",
            presented: true, steps: [.began(), .changed(200), .ended(200)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.5, settleUs: 200_000)),
        Rule(
            source: "\(seed004):447-480", rule: "percent-driven: the rest of 0.4 s", profile: "modal-percent",
            presented: true, steps: [.began(), .changed(240), .ended(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 160_000)),
        Rule(
            source: "\(seed004):471-480", rule: "percent-driven: CANCELLED is decided like ENDED",
            profile: "modal-percent", presented: true, steps: [.began(), .changed(100), .cancelled(100)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.25, settleUs: 100_000)),
        Rule(
            source: "\(seed004):449-451", rule: "percent-driven: a negative BEGAN does not dismiss",
            profile: "modal-percent", presented: true, steps: [.began(translation: -5)],
            outcome: .refused(.gestureRejected)),
        // Flutter: a fling of 1 W/s decides by its sign; else pop unless more than half is shown; dropped-swipe
        // settle floor(800 x remaining) ms, at most 300 ms when the page stays.
        Rule(
            source: "\(route):698", rule: "exactly half pops (value > 0.5 keeps the page)", profile: "flutter",
            steps: [.began(), .changed(200), .ended(200)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.5, settleUs: 400_000)),
        Rule(
            source: "\(route):719", rule: "a pop takes floor(800 x remaining) ms, uncapped", profile: "flutter",
            steps: [.began(), .changed(240), .ended(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 320_000)),
        Rule(
            source: "\(route):705-709", rule: "staying takes floor(800 x remaining) ms", profile: "flutter",
            steps: [.began(), .changed(100), .ended(100)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.25, settleUs: 200_000)),
        Rule(
            source: "\(route):705-709", rule: "staying takes at most 300 ms", profile: "flutter",
            steps: [.began(), .changed(180), .ended(180)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.45, settleUs: 300_000)),
        Rule(
            source: "\(route):692-696", rule: "a fling of 1 W/s toward back pops", profile: "flutter",
            steps: [.began(), .changed(80), .ended(80, velocity: 400)],
            outcome: .decided(finish: true, reason: .flungForward, progress: 0.2, settleUs: 640_000)),
        Rule(
            source: "\(route):692-696", rule: "a fling of 1 W/s away keeps the page", profile: "flutter",
            steps: [.began(), .changed(320), .ended(320, velocity: -400)],
            outcome: .decided(finish: false, reason: .flungBack, progress: 0.8, settleUs: 300_000)),
        Rule(
            source: "\(route):590-596", rule: "a cancel is a release at velocity 0", profile: "flutter",
            steps: [.began(), .changed(240), .cancelled(240)],
            outcome: .decided(finish: true, reason: .passedThreshold, progress: 0.6, settleUs: 320_000)),
        Rule(
            source: "\(route):669-698", rule: "the release decides on the controller's value, set by the last update",
            profile: "flutter", steps: [.began(), .changed(180), .ended(240)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.45, settleUs: 300_000)),
        Rule(
            source: "\(route):616-619", rule: "the swipe begins within 20 pt of the edge", profile: "flutter",
            steps: [.began(x: 30)], outcome: .refused(.gestureRejected)),
        Rule(
            source: "\(route):616-619", rule: "or within the leading safe-area inset when wider", profile: "flutter",
            safeArea: Insets(left: 44), steps: [.began(x: 30), .changed(100), .ended(100)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0.25, settleUs: 200_000)),
        Rule(
            source: "pages.dart popGestureEnabled", rule: "a fullscreen dialog has no back swipe",
            profile: "flutter", presented: true, steps: [.began()], outcome: .refused(.gestureRejected)),
        // UIKit (iOS 26.1): a content-area swipe heading back; CANCELLED cancels.
        Rule(
            source: "interactiveContentPopGestureRecognizer", rule: "a swipe anywhere in the content begins",
            profile: "ios", steps: [.began(x: 300), .cancelled(0)],
            outcome: .decided(finish: false, reason: .gestureCancelled, progress: 0, settleUs: 0)),
        Rule(
            source: "interactiveContentPopGestureRecognizer", rule: "heading back (leading to trailing) only",
            profile: "ios", steps: [.began(x: 300, heading: Vec2(x: -300, y: 0))],
            outcome: .refused(.gestureRejected)),
        Rule(
            source: "_UINavigationInteractiveTransitionBase.m:379",
            rule: "without a CHANGED the percent is 0, and a release cancels", profile: "ios",
            steps: [.began(), .ended(300, velocity: 500)],
            outcome: .decided(finish: false, reason: .belowThreshold, progress: 0, settleUs: 0)),
    ]

    @Test("each rule of each reference", arguments: rules)
    func rule(_ rule: Rule) throws {
        var h = CoreHarness()
        h.create(profile: rule.profile, revision: CoreHarness.newest, safeArea: rule.safeArea)
        if rule.presented { h.present("Sheet", immediate: true) }
        let mark = h.mark()
        let gesture = h.newGesture()
        for step in rule.steps {
            switch step {
            case .began(let x, let translation, let heading):
                h.pan(
                    .panBegan, gesture: gesture, translation: Vec2(x: translation, y: 0),
                    location: Vec2(x: x + translation, y: 400), velocity: heading)
            case .changed(let x):
                h.advance(ms: 16)
                h.pan(.panChanged, gesture: gesture, translation: Vec2(x: x, y: 0), location: Vec2(x: 10 + x, y: 400))
            case .ended(let x, let velocity):
                h.advance(ms: 16)
                h.pan(
                    .panEnded, gesture: gesture, translation: Vec2(x: x, y: 0), location: Vec2(x: 10 + x, y: 400),
                    velocity: Vec2(x: velocity, y: 0))
            case .cancelled(let x):
                h.advance(ms: 16)
                h.pan(
                    .panCancelled, gesture: gesture, translation: Vec2(x: x, y: 0),
                    location: Vec2(x: 10 + x, y: 400))
            }
        }
        let rejections = h.rejections(since: mark)
        let decisions = h.events(since: mark).filter { $0.finished != nil || $0.cancelled != nil }
        switch rule.outcome {
        case .refused(let code):
            #expect(rejections.first?.error?.code == code)
            #expect(h.events(since: mark).isEmpty)
        case .undecided:
            #expect(rejections.isEmpty)
            #expect(decisions.isEmpty)
        case .decided(let finish, let reason, let progress, let settleUs):
            #expect(rejections.isEmpty)
            let decided = try #require(decisions.first)
            if finish {
                let finished = try #require(decided.finished)
                #expect(finished.reason == reason)
                #expect(close(finished.progress, progress))
                #expect(finished.settleUs == settleUs)
            } else {
                let cancelled = try #require(decided.cancelled)
                #expect(cancelled.reason == reason)
                #expect(close(cancelled.progress, progress))
                #expect(cancelled.settleUs == settleUs)
            }
            h.runUntilIdle()
            #expect(h.completed.last?.finished == finish)
        }
    }
}
