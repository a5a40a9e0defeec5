import SegueWire
import Testing

@testable import SegueCore

/// Flutter's own widget tests of `CupertinoPageRoute`, ported to the `flutter` profile: the same 800 x 600 surface,
/// the same pumped durations, the same expected positions (`tester.getTopLeft(...)` of a page) and Flutter's own
/// tolerance (`moreOrLessEquals`: |actual - expected| <= epsilon, 1e-10 when the test names none).
///
/// The tests are read in flutter/flutter at the versions that go with route.dart@7c1ae2bc (500 ms transitions,
/// `fastEaseInToSlowEaseOut`): packages/flutter/test/cupertino/route_test.dart at
/// 00bb2feba33ec95ba608cd123cd49d0d4d0d0c3f and packages/flutter/test/cupertino/page_test.dart at
/// 8b37856ef47818ed96407fd2bc90c292a550a134, each test cited by its name (`testWidgets('...')`).
///
/// A pump of d ms after the one that starts an animation is the frame d ms after the transition began (or the
/// release that started its settle); a stack at 200 fps has a frame every 5 ms, so every pumped time has its frame.
/// A Flutter drag of one `moveBy` reaches the page whole (the tests expect the page at the full distance), so the
/// producer sends that translation, and a release after a single move has no velocity.
///
/// Revision 1 solves the curves exactly; Flutter's tests see Flutter's bisection, which only revision 2
/// reproduces: the ports whose tolerance is below that difference miss on revision 1 (checked here too).
@Suite("flutter widget test ports")
struct FlutterWidgetTestPorts {
    /// An 800 x 600 flutter stack of `screens` at 200 fps.
    static func harness(
        revision: UInt32, screens: [String] = ["Home", "Detail"], rightToLeft: Bool = false, safeArea: Insets? = nil
    ) -> CoreHarness {
        var h = CoreHarness()
        h.create(
            screens: screens, width: 800, height: 600, profile: "flutter", revision: revision,
            rightToLeft: rightToLeft, fps: 200, safeArea: safeArea)
        return h
    }

    /// One of Flutter's expectations: where a page is `ms` after the animation started.
    struct Expectation {
        let ms: Int64
        let page: KeyPath<Frame, Double>
        let expected: Double
        let epsilon: Double

        init(_ ms: Int64, _ page: KeyPath<Frame, Double>, _ expected: Double, epsilon: Double = 1e-10) {
            self.ms = ms
            self.page = page
            self.expected = expected
            self.epsilon = epsilon
        }
    }

    /// The expectations the stack's frames miss, in words (none when Flutter's test would pass).
    static func misses(_ h: CoreHarness, since startUs: Int64, _ expectations: [Expectation]) -> [String] {
        expectations.compactMap { expectation in
            let timeUs = startUs + expectation.ms * 1000
            // What Flutter shows at a pump is the latest frame by then: a finished animation stays where it ended.
            guard let frame = h.frames.last(where: { $0.timeUs <= timeUs }) else {
                return "\(expectation.ms) ms: no frame"
            }
            let actual = frame[keyPath: expectation.page]
            if abs(actual - expectation.expected) <= expectation.epsilon { return nil }
            return "\(expectation.ms) ms: \(actual), Flutter expects \(expectation.expected) ± \(expectation.epsilon)"
        }
    }

    /// A drag from `start` by `distance` in one move, released without velocity when `release`.
    @discardableResult
    static func drag(_ h: inout CoreHarness, from start: Vec2 = Vec2(x: 5, y: 300), by distance: Double, release: Bool)
        -> UInt64
    {
        let gesture = h.newGesture()
        h.pan(.panBegan, gesture: gesture, translation: Vec2(), location: start, velocity: Vec2())
        h.advance(ms: 16)
        let moved = Vec2(x: start.x + distance, y: start.y)
        h.pan(.panChanged, gesture: gesture, translation: Vec2(x: distance, y: 0), location: moved)
        if release {
            h.advance(ms: 16)
            h.pan(
                .panEnded, gesture: gesture, translation: Vec2(x: distance, y: 0), location: moved, velocity: Vec2())
        }
        return gesture
    }

    // MARK: commands

    /// route_test.dart 'Fullscreen route animates correct transform values over time': a fullscreen dialog's top
    /// (its Placeholder at the page's top) every 40-50 ms up and back down, within 0.1 pt.
    static func fullscreenDialog(revision: UInt32) -> [String] {
        var h = harness(revision: revision, screens: ["Home"])
        var start = h.now
        h.present("Dialog")
        let up: [(Int64, Double)] = [
            (40, 475.6), (80, 350.0), (120, 237.4), (160, 149.2), (200, 89.5), (240, 54.4), (280, 33.2),
            (320, 20.4), (360, 12.6), (400, 7.4), (450, 3), (500, 0),
        ]
        var missed = misses(h.advancing(ms: 500), since: start, up.map { Expectation($0, \.toY, $1, epsilon: 0.1) })
        h.runUntilIdle()
        h.advance(ms: 1)
        start = h.now
        h.dismiss()
        let down: [(Int64, Double)] = [
            (50, 156.3), (100, 308.1), (140, 411.03), (180, 484.35), (220, 530.67), (260, 557.61), (300, 573.88),
            (340, 583.86), (380, 590.26), (420, 594.58), (460, 597.66), (500, 600.0),
        ]
        missed += misses(h.advancing(ms: 500), since: start, down.map { Expectation($0, \.fromY, $1, epsilon: 0.1) })
        return missed
    }

    @Test(
        "route_test.dart@00bb2feb 'Fullscreen route animates correct transform values over time': the dialog's y at each pump within 0.1 pt; revision 1 misses"
    )
    func fullscreenDialogTransform() {
        #expect(Self.fullscreenDialog(revision: 2) == [])
        #expect(!Self.fullscreenDialog(revision: 1).isEmpty)
    }

    /// route_test.dart `testParallax(fromFullscreenDialog: false)`, run by 'CupertinoPageRoute has parallax when
    /// non fullscreenDialog route is pushed on top': the page below at each pump of a push and of the pop after
    /// it, within 1 pt.
    /// `testParallax`'s page below at each pump of a push (ms, x).
    static let parallaxPush: [(Int64, Double)] = [
        (40, -55), (80, -111), (120, -161), (160, -200), (200, -226), (240, -242), (280, -251), (320, -257),
        (360, -261), (400, -263), (450, -265), (500, -266),
    ]

    /// `testParallax` on `h`: a push and the pop after it, the screen below (a page or a dialog) within 1 pt.
    static func parallaxMisses(_ h: inout CoreHarness) -> [String] {
        var start = h.now
        h.push("Next")
        let push = parallaxPush.map { Expectation($0, \.fromX, $1, epsilon: 1) }
        var missed = misses(h.advancing(ms: 500), since: start, push)
        h.runUntilIdle()
        h.advance(ms: 1)
        start = h.now
        h.pop()
        let pop: [(Int64, Double)] = [(50, -197), (100, -129), (140, -83), (500, -0.0)]
        missed += misses(h.advancing(ms: 500), since: start, pop.map { Expectation($0, \.toX, $1, epsilon: 1) })
        return missed
    }

    /// The group 'Interrupted push''s `testParallax` on `h`: popped at 400 ms, the screen below comes back through
    /// the positions it passed ("the forward curved is used for the reversed animation to avoid discontinuities").
    static func interruptedPushMisses(_ h: inout CoreHarness) -> [String] {
        let start = h.now
        h.push("Next")
        let out = parallaxPush.prefix(10)
        var missed = misses(h.advancing(ms: 400), since: start, out.map { Expectation($0, \.fromX, $1, epsilon: 1) })
        let popped = h.now
        h.pop()
        let back = (1...10).map { k in Expectation(Int64(k) * 40, \.fromX, k == 10 ? 0 : out[9 - k].1, epsilon: 1) }
        missed += misses(h.advancing(ms: 400), since: popped, back)
        h.runUntilIdle()
        return missed
    }

    static func parallax(revision: UInt32) -> [String] {
        var h = harness(revision: revision, screens: ["Home"])
        return parallaxMisses(&h)
    }

    @Test(
        "route_test.dart@00bb2feb 'CupertinoPageRoute has parallax when non fullscreenDialog route is pushed on top': the page below a third behind along linearToEaseOut, within 1 pt; revision 1 misses at 140 ms of the pop"
    )
    func parallaxWhenPushedOnTop() {
        #expect(Self.parallax(revision: 2) == [])
        #expect(Self.parallax(revision: 1).count == 1)
    }

    @Test(
        "route_test.dart@00bb2feb group 'Interrupted push', 'CupertinoPageRoute has parallax when non fullscreenDialog route is pushed on top and gets popped before the end of the animation': popped at 400 ms, the page below comes back through the positions it passed, within 1 pt"
    )
    func interruptedPush() {
        var h = Self.harness(revision: 2, screens: ["Home"])
        #expect(Self.interruptedPushMisses(&h) == [])
        #expect(h.completed.last?.finished == false && h.stack()?.screens == ["Home"])
    }

    @Test(
        "route_test.dart@00bb2feb 'CupertinoPageRoute has no parallax when fullscreenDialog route is pushed on top': the page below stays at exactly 0 while a dialog comes and goes"
    )
    func noParallaxUnderADialog() {
        var h = Self.harness(revision: 2, screens: ["Home"])
        var start = h.now
        h.present("Dialog")
        let entrance = (1...10).map { Expectation(Int64($0) * 40, \.fromX, 0, epsilon: 0) }
        #expect(Self.misses(h.advancing(ms: 400), since: start, entrance) == [])
        h.runUntilIdle()
        h.advance(ms: 1)
        start = h.now
        h.dismiss()
        let exit = [Expectation(40, \.toX, 0, epsilon: 0), Expectation(400, \.toX, 0, epsilon: 0)]
        #expect(Self.misses(h.advancing(ms: 400), since: start, exit) == [])
    }

    @Test(
        "route_test.dart@00bb2feb 'Animated push/pop is not linear': both pages at 50, 100 and 150 ms of a push and of a pop, within 1 pt"
    )
    func animatedPushPopIsNotLinear() {
        var h = Self.harness(revision: 2, screens: ["1"])
        var start = h.now
        h.push("2")
        let push = [
            Expectation(50, \.fromX, -69, epsilon: 1), Expectation(50, \.toX, 609, epsilon: 1),
            Expectation(100, \.fromX, -136, epsilon: 1), Expectation(100, \.toX, 362, epsilon: 1),
            Expectation(150, \.fromX, -191, epsilon: 1), Expectation(150, \.toX, 192, epsilon: 1),
        ]
        #expect(Self.misses(h.advancing(ms: 150), since: start, push) == [])
        h.runUntilIdle()
        h.advance(ms: 1)
        start = h.now
        h.pop()
        let pop = [
            Expectation(50, \.toX, -197, epsilon: 1), Expectation(50, \.fromX, 190, epsilon: 1),
            Expectation(100, \.toX, -129, epsilon: 1), Expectation(100, \.fromX, 437, epsilon: 1),
            Expectation(150, \.toX, -74, epsilon: 1), Expectation(150, \.fromX, 607, epsilon: 1),
        ]
        #expect(Self.misses(h.advancing(ms: 150), since: start, pop) == [])
    }

    /// page_test.dart 'test iOS page transition (LTR)' expects the text 'Page 1', centred on its page, at
    /// x = 158 after 150 ms of a push and at 220 after 100 ms of the pop, within 1 pt. The text is 6 glyphs of
    /// the test font, each as wide as its size, CupertinoApp's 17 pt: 102 pt wide, so it starts
    /// (800 - 102) / 2 = 349 pt right of its page's left edge.
    @Test(
        "page_test.dart@8b37856e 'test iOS page transition (LTR)': the page below at 150 ms of a push and 100 ms of the pop, within 1 pt"
    )
    func iosPageTransition() {
        let textInset = (800.0 - 6 * 17) / 2
        var h = Self.harness(revision: 2, screens: ["Page 1"])
        var start = h.now
        h.push("Page 2")
        let push = [Expectation(150, \.fromX, 158 - textInset, epsilon: 1)]
        #expect(Self.misses(h.advancing(ms: 150), since: start, push) == [])
        h.runUntilIdle()
        start = h.now
        h.pop()
        let pop = [Expectation(100, \.toX, 220 - textInset, epsilon: 1)]
        #expect(Self.misses(h.advancing(ms: 100), since: start, pop) == [])
    }

    // MARK: back swipes

    @Test(
        "page_test.dart@8b37856e 'test iOS page transition (RTL)': 150 ms into a push and 100 ms into the pop the page below is right of where it was and the other page left of it, neither moved vertically; both end where they started"
    )
    func iosPageTransitionRightToLeft() throws {
        var h = Self.harness(revision: 2, screens: ["Page 1"], rightToLeft: true)
        h.push("Page 2")
        h.advance(ms: 150)
        let pushing = try #require(h.frames.last)
        #expect(pushing.fromX > 0 && pushing.toX < 0 && pushing.from?.rect?.y == 0 && pushing.to?.rect?.y == 0)
        h.runUntilIdle()
        h.pop()
        h.advance(ms: 100)
        let popping = try #require(h.frames.last)
        #expect(popping.toX > 0 && popping.fromX < 0 && popping.to?.rect?.y == 0 && popping.from?.rect?.y == 0)
        h.runUntilIdle()
        #expect(h.frames.last?.toX == 0 && h.stack()?.screens == ["Page 1"])
    }

    @Test(
        "page_test.dart@8b37856e 'test iOS fullscreen dialog transition': 100 ms into the present and into the dismiss the page below is exactly where it was and the dialog below its place, not moved sideways"
    )
    func iosFullscreenDialogTransition() throws {
        var h = Self.harness(revision: 2, screens: ["Page 1"])
        h.present("Page 2")
        h.advance(ms: 100)
        let presenting = try #require(h.frames.last)
        #expect(presenting.fromX == 0 && presenting.from?.rect?.y == 0)
        #expect(presenting.toX == 0 && (presenting.to?.rect?.y ?? 0) > 0)
        h.runUntilIdle()
        h.dismiss()
        h.advance(ms: 100)
        let dismissing = try #require(h.frames.last)
        #expect(dismissing.toX == 0 && dismissing.to?.rect?.y == 0)
        #expect(dismissing.fromX == 0 && (dismissing.from?.rect?.y ?? 0) > 0)
        h.runUntilIdle()
        #expect(h.stack()?.presented == [])
    }

    @Test(
        "route_test.dart@00bb2feb 'Dragged pop gesture is linear': moves of 100 pt put the page at 100, 200, 300 and the page below at -233, -200, -166"
    )
    func draggedPopGestureIsLinear() {
        var h = Self.harness(revision: 2, screens: ["1", "2"])
        let gesture = Self.drag(&h, from: Vec2(x: 5, y: 100), by: 100, release: false)
        let expected: [(upper: Double, lower: Double, epsilon: Double)] = [
            (100, -233, 1), (200, -200, 1e-10), (300, -166, 1),
        ]
        for (index, expectation) in expected.enumerated() {
            if index > 0 {
                h.changed(gesture, x: 100 * Double(index + 1), start: Vec2(x: 5, y: 100))
            }
            let frame = h.frames.last
            #expect(frame.map { abs($0.fromX - expectation.upper) <= 1e-10 } == true)
            #expect(frame.map { abs($0.toX - expectation.lower) <= expectation.epsilon } == true)
        }
    }

    @Test(
        "route_test.dart@00bb2feb 'Pop gesture snapping is not linear': released at 500 pt the pages go on from 500 and -100 to 744 and -19 at 50 ms, 787 and -4 at 100 ms"
    )
    func popGestureSnappingIsNotLinear() throws {
        var h = Self.harness(revision: 2, screens: ["1", "2"])
        Self.drag(&h, from: Vec2(x: 5, y: 100), by: 500, release: true)
        let release = try #require(h.events.last)
        #expect(release.finished?.settleUs == 300_000)
        let expectations = [
            Expectation(0, \.fromX, 500), Expectation(0, \.toX, -100),
            Expectation(50, \.fromX, 744, epsilon: 1), Expectation(50, \.toX, -19, epsilon: 1),
            Expectation(100, \.fromX, 787, epsilon: 1), Expectation(100, \.toX, -4, epsilon: 1),
        ]
        #expect(Self.misses(h.advancing(ms: 100), since: release.timeUs, expectations) == [])
    }

    @Test(
        "route_test.dart@00bb2feb 'Snapped drags forwards and backwards should signal didStart/StopUserGesture': dropped at 100 pt the page is back at 0 after 101 ms; dropped at 500 pt the page below is at 0 after 301 ms"
    )
    func snappedDragsForwardsAndBackwards() throws {
        var h = Self.harness(revision: 2, screens: ["1", "2"])
        Self.drag(&h, from: Vec2(x: 5, y: 100), by: 100, release: true)
        var release = try #require(h.events.last)
        #expect(release.cancelled?.settleUs == 100_000)
        #expect(Self.misses(h.advancing(ms: 101), since: release.timeUs, [Expectation(101, \.fromX, 0)]) == [])
        #expect(h.stack()?.screens == ["1", "2"])
        Self.drag(&h, from: Vec2(x: 5, y: 100), by: 500, release: true)
        release = try #require(h.events.last)
        #expect(release.finished?.settleUs == 300_000)
        #expect(Self.misses(h.advancing(ms: 301), since: release.timeUs, [Expectation(301, \.toX, 0)]) == [])
        #expect(h.stack()?.screens == ["1"])
    }

    @Test(
        "route_test.dart@00bb2feb 'Back swipe dismiss interrupted by route push', up to the push: dropped halfway the page sits at 400 and the page below left of 0, then at 0; dropped halfway again, the page is at 798 after 240 ms, within 1 pt"
    )
    func backSwipeDroppedHalfway() throws {
        var h = Self.harness(revision: 2, screens: ["push", "route"])
        Self.drag(&h, by: 400, release: true)
        var release = try #require(h.events.last)
        #expect(release.finished?.settleUs == 400_000)
        let frame = try #require(h.frames.last)
        #expect(frame.fromX == 400 && frame.toX < 0)
        h.runUntilIdle()
        #expect(h.frames.last?.toX == 0 && h.stack()?.screens == ["push"])
        h.push("route")
        h.runUntilIdle()
        Self.drag(&h, by: 400, release: true)
        release = try #require(h.events.last)
        #expect(
            Self.misses(h.advancing(ms: 240), since: release.timeUs, [Expectation(240, \.fromX, 798, epsilon: 1)]) == []
        )
    }

    @Test(
        "route_test.dart@00bb2feb 'Back swipe less than halfway is interrupted by route pop' and '... more than halfway ...': dragged to 100 or 500 and popped with the finger still down, the page is popped as if there were no back gesture: the page below ends at 0 and the page is gone",
        arguments: [100.0, 500.0])
    func backSwipeInterruptedByPop(distance: Double) throws {
        var h = Self.harness(revision: 2, screens: ["Page 1", "Page 2"])
        let gesture = Self.drag(&h, by: distance, release: false)
        let dragged = try #require(h.frames.last)
        #expect(dragged.fromX == distance && dragged.toX < 0)
        let mark = h.mark()
        #expect(h.pop(requestId: "pop").error == nil)
        // The finger goes on moving and lifts: the pop has the page now, and nothing of the finger's counts.
        h.changed(gesture, x: distance / 2)
        h.runUntilIdle()
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: distance / 2, y: 0), location: Vec2(x: 5, y: 300))
        #expect(h.rejections(since: mark).isEmpty)
        let events = h.events(since: mark)
        let finished = try #require(events.first?.finished)
        #expect(finished.reason == .takenOverByCommand && events.first?.requestId == "pop")
        // The rest of Flutter's 500 ms from where the finger left the page, linear in time.
        let remaining = 1 - distance / 800
        #expect(finished.settleUs == Int64((remaining * 500_000).rounded()))
        #expect(events.last?.completed?.finished == true && events.last?.requestId == "pop")
        #expect(h.stack()?.screens == ["Page 1"])
        let frames = h.frames(since: mark)
        #expect(frames.last?.toX == 0 && frames.last?.phase == .done)
        // No jump, and the page moves on linearly: x = d + (800 - d) t / T.
        let turnUs = try #require(events.first?.timeUs)
        for frame in frames.dropLast() {
            let t = Double(frame.timeUs - turnUs) / Double(finished.settleUs)
            #expect(abs(frame.fromX - (distance + (800 - distance) * t)) < 1e-6, "\(frame.timeUs - turnUs) us")
        }
    }

    @Test(
        "route_test.dart@00bb2feb 'test edge swipe then drop back at ending point works' and '... at starting point works': dropped at the full width the page pops at once; dropped back at 0 it stays at once"
    )
    func dropsAtTheEnds() throws {
        var h = Self.harness(revision: 2, screens: ["Page 1", "Page 2"])
        Self.drag(&h, from: Vec2(x: 5, y: 200), by: 800, release: true)
        h.advance(us: 0)
        #expect(h.finished.last?.settleUs == 0)
        #expect(h.completed.last?.finished == true && h.stack()?.screens == ["Page 1"])
        h.push("Page 2")
        h.runUntilIdle()
        let gesture = Self.drag(&h, from: Vec2(x: 5, y: 200), by: 300, release: false)
        h.changed(gesture, x: 0, start: Vec2(x: 5, y: 200))
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(), location: Vec2(x: 5, y: 200), velocity: Vec2())
        h.advance(us: 0)
        #expect(h.cancelled.last?.settleUs == 0)
        #expect(h.completed.last?.finished == false && h.stack()?.screens == ["Page 1", "Page 2"])
    }

    @Test(
        "page_test.dart@8b37856e 'test only edge swipes work (LTR)' and '(RTL)': swipes from the middle or the far edge do nothing; one from 5 pt of the leading edge moves the page by 300",
        arguments: [false, true])
    func onlyEdgeSwipesWork(rightToLeft: Bool) {
        var h = Self.harness(revision: 2, screens: ["Page 1", "Page 2"], rightToLeft: rightToLeft)
        let back = rightToLeft ? -300.0 : 300
        let leading = rightToLeft ? 795.0 : 5
        let trailing = rightToLeft ? 5.0 : 795
        let mark = h.mark()
        // From the middle toward back, from the trailing edge away from it and toward back.
        for (start, distance) in [(200.0, back), (trailing, -back), (trailing, back)] {
            Self.drag(&h, from: Vec2(x: start, y: 200), by: distance, release: false)
        }
        #expect(h.began.isEmpty && h.frames.isEmpty)
        #expect(h.rejections(since: mark).contains { $0.error?.code == .gestureRejected })
        Self.drag(&h, from: Vec2(x: leading, y: 200), by: back, release: false)
        #expect(h.began.count == 1 && h.frames.last?.fromX == back)
    }

    @Test(
        "page_test.dart@8b37856e 'test edge swipes work with media query padding (LTR)' and '(RLT)': with a 40 pt inset on the leading side, a swipe from 35 pt of that edge moves the page",
        arguments: [false, true])
    func edgeSwipesWithPadding(rightToLeft: Bool) {
        let inset = rightToLeft ? Insets(right: 40) : Insets(left: 40)
        var h = Self.harness(revision: 2, screens: ["Page 1", "Page 2"], rightToLeft: rightToLeft, safeArea: inset)
        let back = rightToLeft ? -300.0 : 300
        Self.drag(&h, from: Vec2(x: rightToLeft ? 765 : 35, y: 200), by: back, release: false)
        #expect(h.began.count == 1 && h.frames.last?.fromX == back)
    }
}

extension CoreHarness {
    /// This harness after `ms` more of both clocks, for reading the frames drawn meanwhile.
    mutating func advancing(ms: Int64) -> CoreHarness {
        advance(ms: ms)
        return self
    }
}
