import Foundation
import SegueWire
import Testing

@testable import SegueCore

/// Where the android profile departed from what Android does, each case against the AOSP rule it breaks:
/// EdgeBackGestureHandler (which edge, what cancels a swipe before it crosses the slop), CrossActivityBackAnimation.kt
/// @0451978b (the vertical offset's origin) and ValueAnimator (the post-commit animation's first frame).
@Suite("android deviations")
struct AndroidDeviationTests {
    static func harness(
        screens: [String] = ["Home", "Detail"], width: Double = 400, fps: UInt32 = 0
    ) -> CoreHarness {
        var h = CoreHarness()
        h.create(screens: screens, width: width, profile: "android", revision: CoreHarness.newest, fps: fps)
        return h
    }

    /// BEGAN at the left edge, then a drag to 240 pt held long enough for the back arrow to turn on.
    static func dragPastTheTrigger(_ h: inout CoreHarness) -> UInt64 {
        let gesture = h.began()
        for x in stride(from: 40.0, through: 240, by: 40) { h.changed(gesture, x: x) }
        for _ in 0..<10 { h.changed(gesture, x: 240) }
        return gesture
    }

    @Test(
        "EdgeBackGestureHandler: a touch-down at exactly the edge width is on the left edge (x <= width) when both zones accept it"
    )
    func edgeAtTheBoundary() {
        // 50 pt wide: the right zone starts at 20, so x 30 may start a swipe; mIsOnLeftEdge is x <= 30.
        var h = Self.harness(width: 50)
        h.pan(
            .panBegan, gesture: h.newGesture(), translation: Vec2(), location: Vec2(x: 30, y: 400),
            velocity: Vec2(x: 300, y: 0))
        #expect(h.began.last?.swipeEdge == .swipeEdgeLeft)
        // Past it, on the right.
        var right = Self.harness(width: 50)
        right.pan(
            .panBegan, gesture: right.newGesture(), translation: Vec2(), location: Vec2(x: 31, y: 400),
            velocity: Vec2(x: -300, y: 0))
        #expect(right.began.last?.swipeEdge == .swipeEdgeRight)
    }

    @Test(
        "CrossActivityBackAnimation.getYOffset: the vertical travel counts from the touch that started the animation (BEGAN's location), not from the touch-down"
    )
    func verticalOffsetFromTheStart() throws {
        var h = Self.harness()
        let gesture = h.newGesture()
        // Touched down at (5, 400), BEGAN 20 pt right and 10 pt down: the animation starts at (25, 410).
        h.pan(
            .panBegan, gesture: gesture, translation: Vec2(x: 20, y: 10), location: Vec2(x: 25, y: 410),
            velocity: Vec2(x: 300, y: 0))
        for _ in 0..<30 {
            h.advance(ms: 16)
            h.pan(
                .panChanged, gesture: gesture, translation: Vec2(x: 220, y: 10), location: Vec2(x: 225, y: 410),
                velocity: Vec2())
        }
        // The finger is level with where the animation started: no vertical offset, the rect centred.
        let rect = try #require(h.frames.last?.from?.rect)
        #expect(rect.width < 400)
        #expect(close(rect.y, (800 - rect.height) / 2, 1e-9), "y \(rect.y), centred \((800 - rect.height) / 2)")
    }

    @Test(
        "EdgeBackGestureHandler: until the finger crosses the 6 pt slop horizontally, a move more vertical than horizontal past it cancels the swipe"
    )
    func verticalBeforeTheSlop() throws {
        var h = Self.harness()
        let gesture = h.began()
        h.changed(gesture, x: 2, y: 30)
        let cancelled = try #require(h.cancelled.last)
        #expect(cancelled.reason == .movedVertically && h.progressed.isEmpty)
        // The rest of the gesture goes nowhere, unrefused.
        h.changed(gesture, x: 200, y: 30)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 200, y: 30), velocity: Vec2())
        #expect(h.rejections.isEmpty && h.began.count == 1 && h.cancelled.count == 1)
        // Once across the slop horizontally, a vertical move is the back arrow's to judge.
        var crossed = Self.harness()
        let across = crossed.began()
        crossed.changed(across, x: 7)
        crossed.changed(across, x: 7, y: 40)
        #expect(crossed.cancelled.isEmpty && crossed.progressed.count == 2)
    }

    @Test(
        "EdgeBackGestureHandler: a finger that has not crossed the slop 250 ms after it began (gestures.back_timeout) is cancelled, however far it goes after"
    )
    func slopTimeout() throws {
        var h = Self.harness()
        let gesture = h.began()
        h.changed(gesture, x: 3, stepMs: 300)
        for x in stride(from: 40.0, through: 240, by: 40) { h.changed(gesture, x: x) }
        for _ in 0..<20 { h.changed(gesture, x: 240) }
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 240, y: 0), velocity: Vec2())
        #expect(h.finished.isEmpty)
        #expect(h.cancelled.count == 1)
    }

    @Test(
        "ValueAnimator: the post-commit animation takes its start time from its first frame, which draws the start (raw fraction 0), and ends 300 ms after it"
    )
    func postCommitFirstFrame() throws {
        var h = Self.harness()
        let gesture = h.began()
        for step in 1...10 { h.changed(gesture, x: Double(step) * 40) }
        for _ in 0..<20 { h.changed(gesture, x: 400) }
        let lastTracking = try #require(h.frames.last)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 400, y: 0), velocity: Vec2())
        let decision = try #require(h.events.last)
        h.runUntilIdle()
        let settle = h.frames.filter { $0.phase == .settling }
        let first = try #require(settle.first)
        #expect(first.from?.alpha == 1 && first.from?.rect == lastTracking.from?.rect)
        #expect(close(first.dimming, 0.2))
        let done = try #require(h.frames.last)
        #expect(done.timeUs >= first.timeUs + 300_000, "done \(done.timeUs - decision.timeUs) us after the commit")
    }

    @Test(
        "BackAnimationController: a swipe during the post-commit animation is queued, and one that ends going back is an immediate back once the animation is over"
    )
    func queuedDuringCommit() throws {
        var h = Self.harness(screens: ["Home", "Inbox", "Thread"])
        let first = Self.dragPastTheTrigger(&h)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: first, translation: Vec2(x: 240, y: 0), velocity: Vec2())
        #expect(h.finished.count == 1)
        // 100 ms into the 300 ms post-commit animation, a second swipe goes back.
        h.advance(ms: 100)
        let second = Self.dragPastTheTrigger(&h)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: second, translation: Vec2(x: 240, y: 0), velocity: Vec2())
        h.runUntilIdle()
        #expect(h.rejections.isEmpty, "\(h.rejections.map { $0.error?.message ?? "" })")
        #expect(h.stack()?.screens == ["Home"])
    }

    @Test(
        "BackAnimationController: a swipe during the spring back of a cancelled one interrupts it and is a new animated gesture"
    )
    func interruptsTheSpringBack() throws {
        var h = Self.harness()
        let first = Self.dragPastTheTrigger(&h)
        h.advance(ms: 16)
        h.pan(.panCancelled, gesture: first, translation: Vec2(x: 240, y: 0))
        #expect(h.cancelled.count == 1)
        h.advance(ms: 32)
        _ = h.began()
        #expect(h.rejections.isEmpty, "\(h.rejections.map { $0.error?.message ?? "" })")
        #expect(h.began.count == 2 || h.interrupted.count == 1)
    }

    @Test(
        "DefaultSurfaceAnimator: a commanded transition's animator also starts at its first frame, which draws play time 0 (the new screen 96 pt right, transparent)"
    )
    func commandFirstFrame() throws {
        var h = Self.harness(screens: ["Home"])
        let mark = h.mark()
        h.command(.push(Push(screen: "Detail")), requestId: "push")
        h.runUntilIdle()
        let frames = h.frames(since: mark)
        let first = try #require(frames.first { $0.phase != .done })
        #expect(first.to?.rect?.x == 96 && first.to?.alpha == 0, "x \(first.to?.rect?.x ?? 0)")
        let done = try #require(frames.last)
        #expect(done.timeUs - first.timeUs >= 450_000, "done \(done.timeUs - first.timeUs) us after the first frame")
    }

    @Test(
        "BackProgressAnimator: the spring runs on the display's frames, so a finger that stops (no more samples) still sees the screens reach its progress"
    )
    func springRunsWhileTheFingerRests() throws {
        var h = Self.harness()
        let gesture = h.began()
        for step in 1...5 { h.changed(gesture, x: Double(step) * 40) }
        let moving = try #require(h.frames.last)
        #expect(moving.progress < 0.45)
        // 300 ms of a finger at rest at 200 pt (0.5), well within the gesture timeout.
        h.advance(ms: 300)
        #expect(h.cancelled.isEmpty)
        let resting = try #require(h.frames.last)
        #expect(close(resting.progress, 0.5), "progress \(resting.progress) after 300 ms at rest")
    }
}
