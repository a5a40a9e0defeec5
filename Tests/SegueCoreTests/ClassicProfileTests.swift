import SegueWire
import Testing

@testable import SegueCore

/// The classic profile (seeds 000-002): progress = translation / W, finish past half, velocity ignored, settle over
/// the remaining distance x 300 ms along ease-in-out, frames at 60 fps.
@Suite("classic profile")
struct ClassicProfileTests {
    struct Release: Sendable, CustomTestStringConvertible {
        var fraction: Double
        /// Release velocity toward back; classic ignores it, so it is chosen to disagree with the position.
        var velocity: Double
        var finishes: Bool
        var reason: Reason
        var testDescription: String { "release at \(fraction), v \(velocity)" }
    }

    static let releases: [Release] = [
        Release(fraction: 0.49, velocity: 3000, finishes: false, reason: .belowThreshold),
        Release(fraction: 0.51, velocity: -3000, finishes: true, reason: .passedThreshold),
        Release(fraction: 0.5, velocity: 0, finishes: false, reason: .belowThreshold),
        Release(fraction: 0.1, velocity: 0, finishes: false, reason: .belowThreshold),
        Release(fraction: 0.9, velocity: 0, finishes: true, reason: .passedThreshold),
        Release(fraction: 1.2, velocity: 0, finishes: true, reason: .passedThreshold),
    ]

    @Test(
        "release decides by position; settle = remaining x 300 ms; frames at start + k/60 s, then one DONE",
        arguments: [375.0, 400.0], releases)
    func release(width: Double, release: Release) throws {
        var h = CoreHarness()
        h.create(width: width)
        let gesture = h.swipe(to: release.fraction * width, velocity: release.velocity)

        // began, 4 progressed, then the decision.
        let began = try #require(h.began.first)
        #expect(began.transitionId == 1)
        #expect(began.operation == .pop)
        #expect(began.fromScreen == "Detail" && began.toScreen == "Home")
        #expect(began.interactive && began.gestureId == gesture)
        #expect(h.progressed.count == 4)

        let f = min(release.fraction, 1)
        let target: Double = release.finishes ? 1 : 0
        let decided = try #require(h.events.first { $0.finished != nil || $0.cancelled != nil })
        let expectedSettle = Int64((abs(target - f) * 300_000).rounded())
        if release.finishes {
            let finished = try #require(decided.finished)
            #expect(finished.reason == release.reason)
            #expect(close(finished.progress, f))
            #expect(finished.settleUs == expectedSettle)
            #expect(h.cancelled.isEmpty)
        } else {
            let cancelled = try #require(decided.cancelled)
            #expect(cancelled.reason == release.reason)
            #expect(close(cancelled.progress, f))
            #expect(cancelled.settleUs == expectedSettle)
            #expect(h.finished.isEmpty)
        }

        h.runUntilIdle()
        let t0 = decided.timeUs
        let end = t0 + expectedSettle
        let frames = h.frames(transition: 1)
        let settling = frames.filter { $0.phase == .settling }
        let expectedTimes = (1...).lazy.map { t0 + Int64($0) * 1_000_000 / 60 }.prefix { $0 < end }
        #expect(settling.map(\.timeUs) == Array(expectedTimes))
        #expect(settling.allSatisfy { $0.position == decided.position })
        for frame in settling {
            let elapsed = Double(frame.timeUs - t0) / Double(expectedSettle)
            #expect(close(frame.progress, f + (target - f) * referenceEaseInOut(elapsed), 1e-9))
        }
        // Monotone toward the target.
        for (a, b) in zip(settling, settling.dropFirst()) {
            #expect(release.finishes ? b.progress >= a.progress : b.progress <= a.progress)
        }

        let done = frames.filter { $0.phase == .done }
        #expect(done.count == 1)
        let last = try #require(frames.last)
        #expect(last.phase == .done)
        #expect(last.timeUs == end)
        #expect(last.progress == target)
        #expect(last.fromX == (release.finishes ? width : 0))
        #expect(last.toX == 0)
        #expect(last.from?.rect?.width == width && last.to?.rect?.height == 800)
        #expect(frames.map(\.sequence) == Array(1...UInt64(frames.count)))

        #expect(h.completed.count == 1)
        let completedEvent = try #require(h.events.last)
        let completed = try #require(completedEvent.completed)
        #expect(completed.finished == release.finishes)
        #expect(completed.screens == (release.finishes ? ["Home"] : ["Home", "Detail"]))
        #expect(completedEvent.timeUs == end)
        #expect(last.position == completedEvent.position)
        #expect(h.stack()?.screens == completed.screens)
        #expect(h.stack()?.transition == nil)
    }

    @Test("every CHANGED appends progressed and publishes a TRACKING frame at f = tx / W")
    func trackingFrames() throws {
        var h = CoreHarness()
        h.create()
        let gesture = h.began()
        let xs: [Double] = [10, 40, 40, 120, -30, 250, 480]
        for x in xs {
            let mark = h.mark()
            h.changed(gesture, x: x)
            let events = h.events(since: mark)
            let frames = h.frames(since: mark)
            #expect(events.count == 1)
            #expect(frames.count == 1)
            let progressed = try #require(events.first?.progressed)
            let frame = try #require(frames.first)
            let f = min(max(x / 400, 0), 1)
            #expect(close(progressed.progress, f))
            #expect(progressed.translation == Vec2(x: x, y: 0))
            #expect(frame.phase == .tracking)
            #expect(close(frame.progress, f))
            #expect(close(frame.fromX, f * 400))
            #expect(frame.position == events.first?.position)
            #expect(frame.timeUs == events.first?.timeUs)
        }
        #expect(h.frames.map(\.sequence) == Array(1...UInt64(xs.count)))
        #expect(h.rejections.isEmpty)
    }

    @Test("PAN_CANCELLED cancels with GESTURE_CANCELLED and settles back from where the finger was")
    func producerCancel() throws {
        var h = CoreHarness()
        h.create()
        h.swipe(to: 320, velocity: 0, end: .panCancelled)
        let cancelled = try #require(h.cancelled.first)
        #expect(cancelled.reason == .gestureCancelled)
        #expect(close(cancelled.progress, 0.8))
        #expect(cancelled.settleUs == 240_000)
        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [false])
        #expect(h.stack()?.screens == ["Home", "Detail"])
    }

    @Test("BEGAN at the root is refused NOTHING_TO_POP and the rest of the gesture is ignored")
    func beganAtRoot() throws {
        var h = CoreHarness()
        h.create(screens: ["Home"])
        let mark = h.mark()
        let gesture = h.began()
        let rejection = try #require(h.rejections.last)
        #expect(rejection.error?.code == .nothingToPop)
        #expect(rejection.gestureId == gesture && rejection.stackId == "main")
        h.changed(gesture, x: 100)
        h.changed(gesture, x: 200)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 200, y: 0))
        #expect(h.rejections(since: mark).count == 1)
        #expect(h.events(since: mark).isEmpty)
        #expect(h.frames(since: mark).isEmpty)
        // Once ENDED, the id is forgotten: a stray CHANGED for it is an unknown gesture again.
        h.pan(.panChanged, gesture: gesture, translation: Vec2(x: 210, y: 0))
        #expect(h.rejections.last?.error?.code == .invalidArgument)
    }

    @Test(
        "CHANGED, ENDED or CANCELLED for an unknown gesture is rejected INVALID_ARGUMENT",
        arguments: [PanPhase.panChanged, .panEnded, .panCancelled])
    func unknownGesture(phase: PanPhase) throws {
        var h = CoreHarness()
        h.create()
        h.pan(phase, gesture: 99, translation: Vec2(x: 50, y: 0))
        let rejection = try #require(h.rejections.last)
        #expect(rejection.error?.code == .invalidArgument)
        #expect(rejection.gestureId == 99)
        #expect(rejection.error?.message.contains("PAN_BEGAN") == true)
        #expect(h.events.count == 1)
    }

    @Test("a producer timestamp that goes back is rejected; the gesture goes on")
    func timestampGoesBack() throws {
        var h = CoreHarness()
        h.create()
        let gesture = h.began()
        h.changed(gesture, x: 50)
        let mark = h.mark()
        h.advance(ms: 16)
        h.pan(.panChanged, gesture: gesture, translation: Vec2(x: 60, y: 0), timestampUs: h.producerUs - 40_000)
        #expect(h.rejections(since: mark).map { $0.error?.code } == [.invalidArgument])
        #expect(h.rejections.last?.error?.message.contains("timestamp") == true)
        #expect(h.events(since: mark).isEmpty)
        h.changed(gesture, x: 70)
        #expect(h.progressed.count == 2)
        #expect(h.progressed.last.map { close($0.progress, 70.0 / 400) } == true)
    }

    @Test("an ENDED without movement appends no progressed; an ENDED that moved appends one")
    func endedAppendsProgressOnlyWhenMoved() throws {
        var h = CoreHarness()
        h.create()
        let gesture = h.began()
        h.changed(gesture, x: 300)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: gesture, translation: Vec2(x: 300, y: 0), velocity: Vec2())
        #expect(h.progressed.count == 1)
        h.runUntilIdle()

        var g = CoreHarness()
        g.create()
        let second = g.began()
        g.changed(second, x: 100)
        g.advance(ms: 16)
        g.pan(.panEnded, gesture: second, translation: Vec2(x: 300, y: 0), velocity: Vec2())
        #expect(g.progressed.count == 2)
        #expect(g.finished.first?.reason == .passedThreshold)
    }

    @Test("a second BEGAN while one gesture tracks is refused TRANSITION_IN_PROGRESS")
    func secondGesture() throws {
        var h = CoreHarness()
        h.create()
        let first = h.began()
        h.changed(first, x: 100)
        let second = h.began()
        #expect(h.rejections.last?.error?.code == .transitionInProgress)
        #expect(h.rejections.last?.gestureId == second)
        h.changed(second, x: 300)  // ignored: part of a refused gesture
        #expect(h.rejections.count == 1)
        h.changed(first, x: 150)
        #expect(h.progressed.count == 2)
    }

    @Test("a BEGAN during a settle is refused: classic cannot catch")
    func cannotCatch() throws {
        var h = CoreHarness()
        h.create()
        h.swipe(to: 300)
        h.advance(ms: 50)
        h.began()
        #expect(h.rejections.last?.error?.code == .transitionInProgress)
        #expect(h.rejections.last?.error?.message.contains("classic") == true)
        h.runUntilIdle()
        #expect(h.completed.count == 1)
    }

    @Test(
        "CubicBezier.easeInOut matches the reference curve",
        arguments: [0.0, 0.05, 0.1, 0.25, 0.3333, 0.5, 0.6, 0.75, 0.9, 0.99, 1.0])
    func easeInOut(t: Double) {
        let value = CubicBezier.easeInOut.value(at: t)
        #expect(close(value, referenceEaseInOut(t), 1e-9))
        #expect(close(value + CubicBezier.easeInOut.value(at: 1 - t), 1, 1e-9))
    }

    @Test("ease-in-out at known points")
    func easeInOutKnownValues() {
        #expect(CubicBezier.easeInOut.value(at: 0.5) == 0.5 || close(CubicBezier.easeInOut.value(at: 0.5), 0.5))
        // Slow start and end: below the diagonal before the middle, above after it.
        #expect(CubicBezier.easeInOut.value(at: 0.25) < 0.25)
        #expect(CubicBezier.easeInOut.value(at: 0.75) > 0.75)
        #expect(close(CubicBezier.easeInOut.value(at: 0.25), 0.129_161, 1e-5))
        #expect(CubicBezier.easeInOut.value(at: -1) == 0 && CubicBezier.easeInOut.value(at: 2) == 1)
    }
}
