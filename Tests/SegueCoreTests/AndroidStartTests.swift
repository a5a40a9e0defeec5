import Foundation
import SegueWire
import Testing

@testable import SegueCore

/// Where an android swipe starts and what stops it before it crosses the slop, each case against the AOSP rule it
/// follows: EdgeBackGestureHandler (which edge, a swipe that turns vertical first) and CrossActivityBackAnimation.kt
/// @0451978b (where the vertical offset counts from).
@Suite("android start")
struct AndroidStartTests {
    static func harness(width: Double = 400) -> CoreHarness {
        var h = CoreHarness()
        h.create(width: width, profile: "android", revision: CoreHarness.newest)
        return h
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
}
