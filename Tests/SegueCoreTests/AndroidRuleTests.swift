import SegueWire
import Testing

@testable import SegueCore

/// The android profile's gesture rules against Android's own unit tests of them: BackTouchTrackerTest.kt
/// (core/tests/coretests/src/android/window/, 5787820b) for the progress, BackPanelControllerTest.kt
/// (packages/SystemUI/tests/src/com/android/systemui/navigationbar/gestural/, 10e260fc) for the back arrow, and
/// where a swipe may begin through the engine.
@Suite("android rules")
struct AndroidRuleTests {
    // BackTouchTrackerTest's constants: MAX_DISTANCE 500, LINEAR_DISTANCE 400, NON_LINEAR_FACTOR 0.2.
    static let linear = BackTouchProgress.Thresholds(linearDistance: 500, nonLinearFactor: 0.2)
    static let nonLinear = BackTouchProgress.Thresholds(linearDistance: 400, nonLinearFactor: 0.2)

    static func progress(_ tracker: BackTouchProgress, _ thresholds: BackTouchProgress.Thresholds = linear) -> Double {
        tracker.progress(thresholds, width: 500)
    }

    @Test("BackTouchTrackerTest.generatesProgress_leftEdge: from the start, then from where back was turned off")
    func progressLeftEdge() {
        var tracker = BackTouchProgress(startX: 5, edge: .swipeEdgeLeft)
        #expect(Self.progress(tracker) == 0)
        tracker.update(x: 10)
        #expect(close(Self.progress(tracker), 0.01))
        tracker.setTriggerBack(true)
        tracker.update(x: 110)
        #expect(close(Self.progress(tracker), 0.21))
        tracker.setTriggerBack(false)
        tracker.update(x: 100)
        #expect(Self.progress(tracker) == 0)
        tracker.update(x: 90)
        #expect(Self.progress(tracker) == 0)
        tracker.update(x: 100)
        #expect(close(Self.progress(tracker), 0.02))
        tracker.update(x: 110)
        #expect(close(Self.progress(tracker), 0.04))
        tracker.setTriggerBack(true)
        tracker.update(x: 120)
        #expect(close(Self.progress(tracker), 0.23))
    }

    @Test("BackTouchTrackerTest.generatesProgress_rightEdge: the mirror image, from 495")
    func progressRightEdge() {
        var tracker = BackTouchProgress(startX: 495, edge: .swipeEdgeRight)
        tracker.update(x: 485)
        #expect(close(Self.progress(tracker), 0.02))
        tracker.setTriggerBack(true)
        tracker.update(x: 385)
        #expect(close(Self.progress(tracker), 0.22))
        tracker.setTriggerBack(false)
        tracker.update(x: 395)
        #expect(Self.progress(tracker) == 0)
        tracker.update(x: 405)
        #expect(Self.progress(tracker) == 0)
        tracker.update(x: 395)
        #expect(close(Self.progress(tracker), 0.02))
        tracker.update(x: 385)
        #expect(close(Self.progress(tracker), 0.04))
        tracker.setTriggerBack(true)
        tracker.update(x: 375)
        #expect(close(Self.progress(tracker), 0.24))
    }

    @Test("BackTouchTrackerTest.generatesNonLinearProgress_leftEdge: linear to 400, then toward 500 more slowly")
    func nonLinearProgress() {
        var tracker = BackTouchProgress(startX: 5, edge: .swipeEdgeLeft)
        let initialTarget = 400 + 100 * 0.2
        tracker.update(x: 10)
        #expect(close(Self.progress(tracker, Self.nonLinear), 5 / initialTarget))
        tracker.setTriggerBack(true)
        tracker.update(x: 110)
        #expect(close(Self.progress(tracker, Self.nonLinear), 105 / initialTarget))
        tracker.update(x: 405)
        #expect(close(Self.progress(tracker, Self.nonLinear), 400 / initialTarget))
        tracker.update(x: 415)
        #expect(close(Self.progress(tracker, Self.nonLinear), 410 / (initialTarget + (500 - initialTarget) * 0.1)))
        tracker.update(x: 505)
        #expect(Self.progress(tracker, Self.nonLinear) == 1)
    }

    @Test(
        "BackTouchTrackerTest.restartingGesture_resetsInitialTouchX: a start moved toward the edge with the finger counts even after back turns on",
        arguments: [SwipeEdge.swipeEdgeLeft, .swipeEdgeRight])
    func restartFollowsTheFinger(edge: SwipeEdge) {
        let sign: Double = edge == .swipeEdgeLeft ? 1 : -1
        let origin: Double = edge == .swipeEdgeLeft ? 0 : 500
        // updateStartLocation at x 100 from the edge, as a gesture that starts there.
        var tracker = BackTouchProgress(startX: origin + sign * 100, edge: edge)
        #expect(Self.progress(tracker) == 0)
        tracker.update(x: origin + sign * 50)
        #expect(Self.progress(tracker) == 0)
        tracker.update(x: origin + sign * 150)
        #expect(close(Self.progress(tracker), 0.2))
        tracker.setTriggerBack(true)
        #expect(close(Self.progress(tracker), 0.2))
    }

    // BackPanelControllerTest: a left panel at density 1, START_X 0, every event at velocity 0.
    static func panel() -> BackPanel {
        var parameters = ProfileCatalog.android.predictiveBack!.panel
        parameters.density = 1
        return BackPanel(parameters: parameters, edge: .swipeEdgeLeft, startX: 0, startY: 0)
    }

    static let slop = 12.0
    static let trigger = 16.0
    static let t0: Int64 = 10_000

    @Test("BackPanelControllerTest.staysHiddenBeforeSlopCrossed: within the edge slop the arrow stays gone")
    func hiddenBeforeSlop() {
        var panel = Self.panel()
        panel.move(x: Self.slop - 1, y: 0, timeMs: Self.t0, velocityX: 0)
        #expect(panel.state == .gone)
        #expect(panel.release(x: Self.slop - 1, timeMs: Self.t0, velocityX: 0) == (false, .belowThreshold))
    }

    @Test(
        "BackPanelControllerTest.handlesBackCommitted: past the trigger for more than 100 ms the arrow is on, and a release goes back"
    )
    func committed() {
        var panel = Self.panel()
        panel.move(x: Self.slop + 1, y: 0, timeMs: Self.t0, velocityX: 0)
        #expect(panel.state == .entry && !panel.triggerBack)
        panel.move(x: Self.slop + Self.trigger + 1, y: 0, timeMs: Self.t0, velocityX: 0)
        #expect(panel.state == .entry)
        panel.move(x: Self.slop + Self.trigger + 1, y: 0, timeMs: Self.t0 + 101, velocityX: 0)
        #expect(panel.state == .active && panel.triggerBack)
        #expect(
            panel.release(x: Self.slop + Self.trigger + 1, timeMs: Self.t0 + 201, velocityX: 0) == (
                true, .passedThreshold
            ))
    }

    @Test(
        "BackPanelControllerTest.handlesBackCancelled: 32 pt back toward the edge after 300 ms turns it off, and a release stays"
    )
    func cancelled() {
        var panel = Self.panel()
        panel.move(x: Self.slop + 1, y: 0, timeMs: Self.t0, velocityX: 0)
        let held = Self.slop + Self.trigger + 32
        panel.move(x: held, y: 0, timeMs: Self.t0, velocityX: 0)
        panel.move(x: held, y: 0, timeMs: Self.t0 + 101, velocityX: 0)
        #expect(panel.state == .active)
        panel.move(x: 0, y: 0, timeMs: Self.t0 + 401, velocityX: 0)
        #expect(panel.state == .inactive && !panel.triggerBack)
        #expect(panel.release(x: 0, timeMs: Self.t0 + 401, velocityX: 0) == (false, .returnedToEdge))
    }

    @Test("the arrow's other releases: a fling away from the edge, a quick activation, a vertical stray, a short drag")
    func otherReleases() {
        // A fling: more than 24 pt from where the run began, faster than 50 pt/s away from the edge.
        var flung = Self.panel()
        flung.move(x: 13, y: 0, timeMs: Self.t0, velocityX: 400)
        flung.move(x: 14, y: 0, timeMs: Self.t0 + 8, velocityX: 400)
        // The run began at 13, where the arrow appeared.
        #expect(flung.release(x: 13 + 25, timeMs: Self.t0 + 16, velocityX: 60) == (true, .flungForward))
        #expect(flung.release(x: 13 + 25, timeMs: Self.t0 + 16, velocityX: 50) == (false, .belowThreshold))
        #expect(flung.release(x: 13 + 24, timeMs: Self.t0 + 16, velocityX: 600) == (false, .belowThreshold))
        // Released in ENTRY past the trigger: back.
        var past = Self.panel()
        past.move(x: 13, y: 0, timeMs: Self.t0, velocityX: 0)
        past.move(x: 30, y: 0, timeMs: Self.t0 + 8, velocityX: 0)
        #expect(past.state == .entry)
        #expect(past.release(x: 30, timeMs: Self.t0 + 16, velocityX: 0) == (true, .passedThreshold))
        // Active within 100 ms of entry: a fling; a fast finger waits 10 ms, not 100.
        var quick = Self.panel()
        quick.move(x: 13, y: 0, timeMs: Self.t0, velocityX: 2000)
        quick.move(x: 40, y: 0, timeMs: Self.t0 + 8, velocityX: 2000)
        quick.move(x: 60, y: 0, timeMs: Self.t0 + 19, velocityX: 2000)
        #expect(quick.state == .active)
        #expect(quick.release(x: 60, timeMs: Self.t0 + 30, velocityX: 0) == (true, .flungForward))
        // More than twice as far vertically as horizontally, 300 ms after entry: off, by the vertical rule.
        var stray = Self.panel()
        stray.move(x: 13, y: 0, timeMs: Self.t0, velocityX: 0)
        stray.move(x: 40, y: 0, timeMs: Self.t0 + 10, velocityX: 0)
        stray.move(x: 40, y: 0, timeMs: Self.t0 + 120, velocityX: 0)
        #expect(stray.state == .active)
        stray.move(x: 40, y: 81, timeMs: Self.t0 + 301, velocityX: 0)
        #expect(stray.state == .inactive)
        #expect(stray.release(x: 40, timeMs: Self.t0 + 310, velocityX: 0) == (false, .movedVertically))
    }

    static func harness(safeArea: Insets? = nil) -> CoreHarness {
        var h = CoreHarness()
        h.create(profile: "android", revision: CoreHarness.newest, safeArea: safeArea)
        return h
    }

    @Test(
        "EdgeBackGestureHandler: a swipe begins within 30 pt of either edge (widened by the safe area), the side it began at is its edge"
    )
    func edges() throws {
        for (x, edge) in [(29.9, SwipeEdge.swipeEdgeLeft), (370.0, .swipeEdgeRight), (399.0, .swipeEdgeRight)] {
            var h = Self.harness()
            h.began(start: Vec2(x: x, y: 400), heading: Vec2(x: x < 200 ? 300 : -300, y: 0))
            #expect(h.began.last?.swipeEdge == edge, "x \(x)")
        }
        for x in [30.0, 200, 369.9] {
            var h = Self.harness()
            h.began(start: Vec2(x: x, y: 400))
            #expect(h.began.isEmpty && h.rejections.last?.error?.code == .gestureRejected, "x \(x)")
            #expect(h.rejections.last?.error?.message.contains("either edge") == true)
        }
        var inset = Self.harness(safeArea: Insets(top: 0, left: 20, bottom: 0, right: 0))
        inset.began(start: Vec2(x: 45, y: 400))
        #expect(inset.began.last?.swipeEdge == .swipeEdgeLeft)
    }

    @Test(
        "a right-to-left stack swipes from either edge too, drawn as a left-to-right one (Android does not mirror it); tuning widens the edge"
    )
    func rightToLeftAndTuning() throws {
        func swipeFromTheRight(_ h: inout CoreHarness) {
            let gesture = h.began(start: Vec2(x: 395, y: 400), heading: Vec2(x: -300, y: 0))
            for step in 1...6 { h.changed(gesture, x: -Double(step) * 30, start: Vec2(x: 395, y: 400)) }
        }
        var mirrored = CoreHarness()
        mirrored.create(profile: "android", revision: CoreHarness.newest, rightToLeft: true)
        swipeFromTheRight(&mirrored)
        var plain = Self.harness()
        swipeFromTheRight(&plain)
        #expect(mirrored.began.last?.swipeEdge == .swipeEdgeRight)
        #expect(!mirrored.frames.isEmpty && mirrored.frames == plain.frames)
        var wide = CoreHarness()
        wide.create(profile: "android", revision: CoreHarness.newest, tuning: Tuning(edgeWidth: 50))
        wide.began(start: Vec2(x: 45, y: 400))
        #expect(wide.began.last?.swipeEdge == .swipeEdgeLeft)
    }

    @Test("refusals: more vertical than horizontal past the 6 pt slop, a tab swipe, the root; a presented screen dismisses")
    func refusals() throws {
        var vertical = Self.harness()
        vertical.pan(
            .panBegan, gesture: 1, translation: Vec2(x: 2, y: 7), location: Vec2(x: 12, y: 407),
            velocity: Vec2(x: 10, y: 300))
        #expect(vertical.rejections.last?.error?.code == .gestureRejected)
        var barelyVertical = Self.harness()
        barelyVertical.pan(
            .panBegan, gesture: 1, translation: Vec2(x: 2, y: 6), location: Vec2(x: 12, y: 406),
            velocity: Vec2(x: 10, y: 300))
        #expect(barelyVertical.began.count == 1)

        var tabs = CoreHarness()
        tabs.create(screens: [], tabs: ["A", "B"], profile: "android", revision: CoreHarness.newest)
        tabs.began(start: Vec2(x: 300, y: 400), heading: Vec2(x: -300, y: 0), target: .panTargetTabs)
        #expect(tabs.rejections.last?.error?.code == .gestureRejected)

        // A presented screen is an activity like any other: the same gesture dismisses it.
        var presented = Self.harness()
        presented.present("Sheet", immediate: true)
        presented.began(start: Vec2(x: 390, y: 400), heading: Vec2(x: -300, y: 0))
        #expect(presented.began.last?.operation == .dismiss && presented.began.last?.swipeEdge == .swipeEdgeRight)

        var root = CoreHarness()
        root.create(screens: ["Home"], profile: "android", revision: CoreHarness.newest)
        root.began()
        #expect(root.rejections.last?.error?.code == .nothingToPop)
    }

    @Test("through the engine: a drag past the trigger held goes back, one turned back toward the edge springs back")
    func engineDecisions() throws {
        var commit = Self.harness()
        let gesture = commit.began()
        for x in stride(from: 20.0, through: 200, by: 20) { commit.changed(gesture, x: x) }
        commit.advance(ms: 16)
        commit.pan(.panEnded, gesture: gesture, translation: Vec2(x: 200, y: 0), velocity: Vec2())
        let finished = try #require(commit.finished.last)
        #expect(finished.reason == .passedThreshold && finished.settleUs == 300_000)

        var back = Self.harness()
        let returning = back.began()
        for x in stride(from: 20.0, through: 200, by: 20) { back.changed(returning, x: x) }
        for _ in 0..<20 { back.changed(returning, x: 200) }
        back.changed(returning, x: 150)
        back.advance(ms: 16)
        back.pan(.panEnded, gesture: returning, translation: Vec2(x: 150, y: 0), velocity: Vec2())
        #expect(back.cancelled.last?.reason == .returnedToEdge)
        // Progress counts again from where back turned off.
        #expect(back.progressed.last?.progress == 0)
    }
}
