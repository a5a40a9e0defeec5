import Foundation
import SegueWire
import Testing

@testable import SegueCore

/// Where the android profile puts the screens, against independent references: Android's PathInterpolator polyline
/// and BackProgressAnimator spring as a float32 re-implementation of Path.cpp and SpringForce computes them, the
/// closed forms of the critically damped spring and of CrossActivityBackAnimation.kt@0451978b's rects, and
/// BackProgressAnimatorTest (libs/WindowManager/Shell/tests/unittest/.../back/, 06f8f85b). A 400 x 800 stack
/// [Home, Detail]: 400 pt is under the 412 pt linear distance, so progress is the finger's travel / 400.
@Suite("android motion")
struct AndroidMotionTests {
    static func harness(fps: UInt32 = 0) -> CoreHarness {
        var h = CoreHarness()
        h.create(profile: "android", revision: CoreHarness.newest, fps: fps)
        return h
    }

    @Test("PathInterpolator: the polylines of Path.approximate(0.002), within 0.003 of the exact cubics")
    func polylines() {
        guard case .path(let decelerate) = AndroidInterpolator.standardDecelerate,
            case .path(let fastOutSlowIn) = AndroidInterpolator.fastOutSlowIn
        else {
            Issue.record("not path interpolators")
            return
        }
        #expect(decelerate.xs.count == 26 && fastOutSlowIn.xs.count == 24)
        let reference: [(AndroidInterpolator, Double, Double)] = [
            (.standardDecelerate, 0.1, 0.4434911), (.standardDecelerate, 0.5, 0.8891814),
            (.standardDecelerate, 0.75, 0.9762468), (.fastOutSlowIn, 0.25, 0.2369026),
            (.fastOutSlowIn, 0.5, 0.7751051), (.fastOutSlowIn, 0.9, 0.9936283),
        ]
        for (interpolator, t, expected) in reference {
            #expect(close(interpolator.value(at: t), expected, 1e-7), "\(interpolator) at \(t)")
        }
        var worst = (decelerate: 0.0, fastOutSlowIn: 0.0)
        for i in 0...2000 {
            let t = Double(i) / 2000
            worst.decelerate = max(
                worst.decelerate,
                abs(AndroidInterpolator.standardDecelerate.value(at: t) - referenceCubic(t, 0, 0, 0, 1)))
            worst.fastOutSlowIn = max(
                worst.fastOutSlowIn,
                abs(AndroidInterpolator.fastOutSlowIn.value(at: t) - referenceCubic(t, 0.4, 0, 0.2, 1)))
        }
        #expect(worst.decelerate > 2.5e-3 && worst.decelerate < 3e-3)
        #expect(worst.fastOutSlowIn > 2.5e-3 && worst.fastOutSlowIn < 3e-3)
        // fast_out_extra_slow_in: two cubics joined at (0.166666, 0.4).
        #expect(close(ProfileCatalog.fastOutExtraSlowIn.value(at: 0.166666), 0.4, 1e-6))
        #expect(close(ProfileCatalog.fastOutExtraSlowIn.value(at: 0.5), 0.950612, 3e-3))
        #expect(AndroidInterpolator.decelerate.value(at: 0.25) == 0.4375)
        #expect(close(AndroidInterpolator.accelerateDecelerate.value(at: 0.25), (1 - cos(Double.pi / 4)) / 2, 1e-7))
    }

    /// The finger's travel (pt) at each 16 ms CHANGED after a BEGAN at x 10, and the progress of its TRACKING frame.
    static func tracked(_ h: inout CoreHarness, travel: [Double]) -> [Double] {
        let gesture = h.began()
        let mark = h.mark()
        for x in travel { h.changed(gesture, x: x) }
        return h.frames(since: mark).map(\.progress)
    }

    @Test(
        "BackProgressAnimator: the first target is reached at once (onBackStarted's skip to end), the next starts the spring again, then each frame half toward the old target and half toward the new"
    )
    func springWhileTracking() {
        var h = Self.harness()
        // Targets 0.1, 0.2, ..., 1.0, then 1.0 held, one per 16 ms frame.
        let travel = (1...10).map { Double($0) * 40 } + Array(repeating: 400, count: 10)
        let progress = Self.tracked(&h, travel: travel)
        let reference = [
            0.1, 0.1, 0.116757, 0.162903, 0.229048, 0.308207, 0.395580, 0.488025, 0.583552, 0.680924, 0.775477,
            0.850755, 0.904393, 0.940321, 0.963457, 0.977952, 0.986853, 0.992235, 1, 1,
        ]
        #expect(progress.count == reference.count)
        for (index, (got, expected)) in zip(progress, reference).enumerated() {
            #expect(close(got, expected, 1e-6), "frame \(index + 1)")
        }
        // testBackProgressed: progress reaches the target exactly.
        #expect(progress.last == 1)
    }

    /// A critically damped spring of natural frequency sqrt(1500) from `value` at rest, `t` seconds later.
    static func closedForm(_ value: Double, seconds t: Double) -> (value: Double, velocity: Double) {
        let omega = 1500.0.squareRoot()
        let decay = exp(-omega * t)
        return (value * (1 + omega * t) * decay, -value * omega * omega * t * decay)
    }

    @Test(
        "BackProgressAnimator.onBackCancelled: from rest the spring's first frame only starts it, then it follows the closed form back to 0 on the engine's frame clock, and ends at rest exactly at 0"
    )
    func springBack() throws {
        var h = Self.harness()
        // 60 % and held until the spring is at rest there, then a producer cancel.
        _ = Self.tracked(&h, travel: [240] + Array(repeating: 240, count: 30))
        h.advance(ms: 16)
        let gesture = h.began.last?.gestureId ?? 0
        h.pan(.panCancelled, gesture: gesture)
        let decision = try #require(h.events.last)
        let cancelled = try #require(decision.cancelled)
        #expect(cancelled.reason == .gestureCancelled)
        h.runUntilIdle()
        let settle = h.frames.filter { $0.phase == .settling }
        let startMs = decision.timeUs / 1000
        // Frame 1 records the time; from frame 2 on, the spring has run from frame 1's whole millisecond.
        let firstMs = (decision.timeUs + 1_000_000 / 60) / 1000
        #expect(close(settle.first?.progress ?? 0, 0.6, 1e-7))
        for frame in settle.dropFirst() {
            let seconds = Double(frame.timeUs / 1000 - firstMs) / 1000
            let expected = Self.closedForm(0.6, seconds: seconds).value
            #expect(close(frame.progress, expected, 2e-6), "at \(frame.timeUs / 1000 - startMs) ms")
        }
        // It stops at the first frame within 0.0075 of 0 and slower than 0.46875 per second.
        let done = try #require(h.frames.last)
        #expect(done.phase == .done && done.progress == 0)
        let doneSeconds = Double(done.timeUs / 1000 - firstMs) / 1000
        let atEnd = Self.closedForm(0.6, seconds: doneSeconds)
        #expect(abs(atEnd.value) < 0.0075 && abs(atEnd.velocity) < 0.46875)
        let before = Self.closedForm(0.6, seconds: Double((settle.last?.timeUs ?? 0) / 1000 - firstMs) / 1000)
        #expect(!(abs(before.value) < 0.0075 && abs(before.velocity) < 0.46875))
        #expect(decision.timeUs + cancelled.settleUs == done.timeUs)
        // testBackCancelled: the screens are back where they were, square and unscrimmed.
        #expect(done.from?.rect == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(done.from?.cornerRadius == 0 && done.to?.cornerRadius == 0 && done.dimming == 0)
    }

    // CrossActivityBackAnimation.kt@0451978b for a 400 x 800 container: the closing target scaled 0.9 about the
    // centre, then 8 pt from the right edge for a left-edge swipe; the entering one from -96 pt scaled about its own.
    static let leftClosingTarget = Rect(x: 32, y: 40, width: 360, height: 720)
    static let rightClosingTarget = Rect(x: 20, y: 40, width: 360, height: 720)
    static let enteringTarget = Rect(x: -76, y: 40, width: 360, height: 720)

    static func expectRect(_ rect: Rect?, _ expected: Rect, _ tolerance: Double = 1e-9, _ note: String = "") {
        guard let rect else {
            Issue.record("no rect \(note)")
            return
        }
        #expect(
            close(rect.x, expected.x, tolerance) && close(rect.y, expected.y, tolerance)
                && close(rect.width, expected.width, tolerance) && close(rect.height, expected.height, tolerance),
            "\(rect) is not \(expected) \(note)")
    }

    /// The rect `amount` of the way from `start` to `target`.
    static func lerp(_ start: Rect, _ target: Rect, _ amount: Double) -> Rect {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
        return Rect(
            x: mix(start.x, target.x), y: mix(start.y, target.y), width: mix(start.width, target.width),
            height: mix(start.height, target.height))
    }

    @Test(
        "the gesture's rects: STANDARD_DECELERATE of the spring's progress between the start and the targets, the left and right edge apart, corners 17.905 pt scaled with the screen, the scrim at 0.2"
    )
    func gestureRects() throws {
        let screen = Rect(x: 0, y: 0, width: 400, height: 800)
        let enteringStart = Rect(x: -96, y: 0, width: 400, height: 800)
        for (start, direction, target) in [
            (10.0, 1.0, Self.leftClosingTarget), (395.0, -1.0, Self.rightClosingTarget),
        ] {
            var h = Self.harness()
            let gesture = h.began(start: Vec2(x: start, y: 400), heading: Vec2(x: direction * 300, y: 0))
            for step in 1...12 {
                h.changed(gesture, x: direction * Double(step) * 20, start: Vec2(x: start, y: 400))
            }
            let frame = try #require(h.frames.last)
            let amount = AndroidInterpolator.standardDecelerate.value(at: frame.progress)
            Self.expectRect(frame.from?.rect, Self.lerp(screen, target, amount), 1e-9, "closing from \(start)")
            Self.expectRect(frame.to?.rect, Self.lerp(enteringStart, Self.enteringTarget, amount), 1e-9, "entering")
            let scale = (frame.from?.rect?.width ?? 0) / 400
            #expect(close(frame.from?.cornerRadius ?? 0, 47 / 2.625 * scale))
            #expect(frame.dimming == 0.2 && frame.from?.alpha == 1 && frame.to?.alpha == 1)
        }
    }

    @Test(
        "getYOffset: the finger's vertical travel since BEGAN, decelerated over half the height, moves both screens up to the margin"
    )
    func verticalDrift() throws {
        var h = Self.harness()
        // BEGAN 6 pt below the touch-down: the screens follow the finger from there.
        let gesture = h.newGesture()
        h.pan(
            .panBegan, gesture: gesture, translation: Vec2(x: 0, y: 6), location: Vec2(x: 10, y: 406),
            velocity: Vec2(x: 300, y: 0))
        #expect(h.began.last?.startTranslation == Vec2(x: 0, y: 6))
        // To the whole width and a quarter of the height up, held until the spring rests at 1.
        for step in 1...10 { h.changed(gesture, x: Double(step) * 40, y: 6 - Double(step) * 20) }
        for _ in 0..<20 { h.changed(gesture, x: 400, y: 6 - 200) }
        let frame = try #require(h.frames.last)
        #expect(frame.progress == 1)
        // Room (800 - 720) / 2 - 8 = 32 pt, decelerate(200 / 400) = 0.75.
        let dy = -0.75 * 32
        Self.expectRect(frame.from?.rect, Rect(x: 32, y: 40 + dy, width: 360, height: 720))
        Self.expectRect(frame.to?.rect, Rect(x: -76, y: 40 + dy, width: 360, height: 720))
        // Past half the height the offset is the whole room.
        h.changed(gesture, x: 400, y: 6 + 500)
        Self.expectRect(h.frames.last?.from?.rect, Rect(x: 32, y: 40 + 32, width: 360, height: 720))
    }

    @Test(
        "after commit: 300 ms of the animator's AccelerateDecelerate, the rects along FAST_OUT_SLOW_IN of it to the full screen and out by 96 pt, the closing screen and the scrim fading"
    )
    func postCommit() throws {
        var h = Self.harness()
        let gesture = h.began()
        for step in 1...10 { h.changed(gesture, x: Double(step) * 40) }
        for _ in 0..<20 { h.changed(gesture, x: 400) }
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 400, y: 0), velocity: Vec2())
        let decision = try #require(h.events.last)
        #expect(decision.finished?.settleUs == 300_000)
        h.runUntilIdle()
        let closingEnd = Rect(x: 32 + 96, y: 0, width: 400, height: 800)
        let screen = Rect(x: 0, y: 0, width: 400, height: 800)
        let settle = h.frames.filter { $0.phase == .settling }
        #expect(settle.count == 17)
        for frame in settle {
            let t = Double(frame.timeUs - decision.timeUs) / 300_000
            let u = (1 - cos(t * Double.pi)) / 2
            let amount = AndroidInterpolator.fastOutSlowIn.value(at: u)
            // Android's interpolators take and give floats: the rects agree to their rounding.
            Self.expectRect(frame.from?.rect, Self.lerp(Self.leftClosingTarget, closingEnd, amount), 1e-4)
            Self.expectRect(frame.to?.rect, Self.lerp(Self.enteringTarget, screen, amount), 1e-4)
            #expect(close(frame.from?.alpha ?? -1, max(1 - 2 * u, 0), 1e-6))
            #expect(close(frame.dimming, 0.2 * (1 - u), 1e-6))
        }
        let done = try #require(h.frames.last)
        #expect(done.phase == .done && done.timeUs == decision.timeUs + 300_000)
        #expect(done.to?.rect == screen && done.to?.cornerRadius == 0 && done.from?.alpha == 0)
        #expect(h.completed.last?.finished == true && h.completed.last?.screens == ["Home"])
    }

    @Test(
        "commands: activity_open/close_enter/exit.xml, 450 ms, both screens 96 pt along fast_out_extra_slow_in, the top one fading; a tab at once"
    )
    func commands() throws {
        var h = Self.harness()
        h.push("Settings")
        let pushed = try #require(h.finished.last)
        #expect(pushed.settleUs == 450_000)
        let start = try #require(h.events.last?.timeUs)
        h.runUntilIdle()
        for frame in h.frames.filter({ $0.phase == .settling }) {
            let t = Double(frame.timeUs - start) / 450_000
            let moved = ProfileCatalog.fastOutExtraSlowIn.value(at: t)
            #expect(
                close(frame.from?.rect?.x ?? .nan, -96 * moved) && close(frame.to?.rect?.x ?? .nan, 96 * (1 - moved)))
            #expect(close(frame.to?.alpha ?? -1, min(max((t * 450 - 50) / 83, 0), 1), 1e-9))
            #expect(frame.from?.alpha == 1 && frame.dimming == 0 && frame.to?.cornerRadius == 0)
        }
        let mark = h.mark()
        h.pop()
        let popStart = try #require(h.events.last?.timeUs)
        h.runUntilIdle()
        for frame in h.frames(since: mark).filter({ $0.phase == .settling }) {
            let t = Double(frame.timeUs - popStart) / 450_000
            let moved = ProfileCatalog.fastOutExtraSlowIn.value(at: t)
            #expect(
                close(frame.from?.rect?.x ?? .nan, 96 * moved) && close(frame.to?.rect?.x ?? .nan, -96 * (1 - moved)))
            #expect(close(frame.from?.alpha ?? -1, 1 - min(max((t * 450 - 35) / 83, 0), 1), 1e-9))
        }
        var tabs = CoreHarness()
        tabs.create(screens: [], tabs: ["A", "B"], profile: "android", revision: CoreHarness.newest)
        tabs.command(.selectTab(SelectTab(index: 1)))
        #expect(tabs.finished.last?.settleUs == 0 && tabs.completed.last?.selectedTab == 1)
        #expect(tabs.frames.count == 1 && tabs.frames.last?.to?.alpha == 1 && tabs.frames.last?.from?.alpha == 0)
    }

    @Test("the spring's frame clock counts whole milliseconds down, whatever the producer's clock")
    func milliseconds() {
        #expect(BackProgressSpring.milliseconds(1999) == 1 && BackProgressSpring.milliseconds(-1) == -1)
        #expect(BackProgressSpring.milliseconds(-1000) == -1 && BackProgressSpring.milliseconds(-1001) == -2)
        #expect(BackProgressSpring.milliseconds(.min) == .min / 1000 - 1)
        #expect(BackProgressSpring.milliseconds(.max) == .max / 1000)
        // A gesture near the ends of the producer's clock tracks like any other.
        var h = Self.harness()
        let gesture = h.newGesture()
        let times: [Int64] = [.min, .min + 16_000, .min + 32_000]
        for (index, time) in times.enumerated() {
            h.pan(
                index == 0 ? .panBegan : .panChanged, gesture: gesture, translation: Vec2(x: Double(index) * 40, y: 0),
                location: Vec2(x: 10 + Double(index) * 40, y: 400), timestampUs: time)
        }
        #expect(h.rejections.isEmpty && h.frames.count == 2)
    }
}
