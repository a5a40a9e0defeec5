import SegueWire
import Testing

@testable import SegueCore

/// The rules a BEGAN must pass, catching a settle, the gesture timeout, velocity estimation and tab swipes.
@Suite("gesture rules")
struct GestureRuleTests {
    struct Began: Sendable, CustomTestStringConvertible {
        var name: String
        var profile: String
        var rightToLeft = false
        /// Where the finger is at BEGAN, and its translation then (start = location - translation).
        var location: Vec2
        var translation = Vec2()
        var velocity: Vec2?
        var options = ScreenOptions()
        /// nil: accepted; else the refusal's code and a word of its message.
        var refusal: (ErrorCode, String)?
        var testDescription: String { name }
    }

    static let exclusion = ScreenOptions(exclusionRects: [Rect(x: 0, y: 0, width: 50, height: 100)])

    static let begans: [Began] = [
        Began(name: "ios from 10 pt", profile: "ios", location: Vec2(x: 10, y: 300), velocity: Vec2(x: 100, y: 0)),
        Began(name: "ios from 20 pt", profile: "ios", location: Vec2(x: 20, y: 300), velocity: Vec2(x: 100, y: 0)),
        Began(
            name: "ios from 30 pt", profile: "ios", location: Vec2(x: 30, y: 300), velocity: Vec2(x: 100, y: 0),
            refusal: (.gestureRejected, "edge")),
        Began(
            name: "ios starts at location - translation", profile: "ios", location: Vec2(x: 40, y: 300),
            translation: Vec2(x: 25, y: 0), velocity: Vec2(x: 100, y: 0)),
        Began(
            name: "ios right-to-left from the right edge", profile: "ios", rightToLeft: true,
            location: Vec2(x: 390, y: 300), velocity: Vec2(x: -100, y: 0)),
        Began(
            name: "ios right-to-left from the left edge", profile: "ios", rightToLeft: true,
            location: Vec2(x: 10, y: 300), velocity: Vec2(x: -100, y: 0), refusal: (.gestureRejected, "edge")),
        Began(
            name: "flutter from 30 pt", profile: "flutter", location: Vec2(x: 30, y: 300),
            refusal: (.gestureRejected, "edge_width")),
        Began(name: "fluid anywhere", profile: "fluid", location: Vec2(x: 300, y: 300), velocity: Vec2(x: 50, y: 10)),
        Began(
            name: "fluid heading away", profile: "fluid", location: Vec2(x: 300, y: 300),
            velocity: Vec2(x: -50, y: 0), refusal: (.gestureRejected, "direction")),
        Began(
            name: "fluid more vertical", profile: "fluid", location: Vec2(x: 300, y: 300),
            velocity: Vec2(x: 50, y: 80), refusal: (.gestureRejected, "vertical")),
        Began(
            name: "fluid direction from translation when no velocity", profile: "fluid",
            location: Vec2(x: 306, y: 300), translation: Vec2(x: 6, y: 1)),
        Began(
            name: "fluid translation heading away", profile: "fluid", location: Vec2(x: 294, y: 300),
            translation: Vec2(x: -6, y: 0), refusal: (.gestureRejected, "direction")),
        Began(
            name: "fluid right-to-left heading left", profile: "fluid", rightToLeft: true,
            location: Vec2(x: 300, y: 300), velocity: Vec2(x: -50, y: 0)),
        Began(
            name: "fluid right-to-left heading right", profile: "fluid", rightToLeft: true,
            location: Vec2(x: 300, y: 300), velocity: Vec2(x: 50, y: 0), refusal: (.gestureRejected, "direction")),
        Began(
            name: "fullscreen heading away", profile: "fullscreen", location: Vec2(x: 300, y: 300),
            velocity: Vec2(x: -50, y: 0), refusal: (.gestureRejected, "direction")),
        Began(
            name: "classic does not check direction", profile: "classic", location: Vec2(x: 300, y: 300),
            velocity: Vec2(x: -50, y: 500)),
        Began(
            name: "back_gesture_disabled", profile: "classic", location: Vec2(x: 10, y: 300),
            options: ScreenOptions(backGestureDisabled: true), refusal: (.gestureRejected, "back_gesture_disabled")),
        Began(
            name: "inside an exclusion rect", profile: "classic", location: Vec2(x: 10, y: 50), options: exclusion,
            refusal: (.gestureRejected, "exclusion")),
        Began(
            name: "started inside an exclusion rect, moved out", profile: "classic", location: Vec2(x: 80, y: 50),
            translation: Vec2(x: 40, y: 0), options: exclusion, refusal: (.gestureRejected, "exclusion")),
        Began(
            name: "outside the exclusion rect", profile: "classic", location: Vec2(x: 10, y: 150),
            options: exclusion),
    ]

    @Test("BEGAN checks: edge width, direction, back_gesture_disabled, exclusion rects", arguments: begans)
    func beganChecks(began: Began) throws {
        var h = CoreHarness()
        h.create(profile: began.profile, rightToLeft: began.rightToLeft)
        h.command(.setScreenOptions(SetScreenOptions(screen: "Detail", options: began.options)))
        let mark = h.mark()
        h.pan(
            .panBegan, gesture: 7, translation: began.translation, location: began.location,
            velocity: began.velocity)
        if let refusal = began.refusal {
            let (code, word) = refusal
            let rejection = try #require(h.rejections(since: mark).first)
            #expect(rejection.error?.code == code)
            #expect(rejection.error?.message.contains(word) == true, "\(rejection.error?.message ?? "")")
            #expect(h.events(since: mark).isEmpty)
            // The rest of the gesture is ignored without further rejections.
            h.changed(7, x: 100)
            h.pan(.panEnded, gesture: 7, translation: Vec2(x: 100, y: 0))
            #expect(h.rejections(since: mark).count == 1)
            #expect(h.events(since: mark).isEmpty)
        } else {
            #expect(h.rejections(since: mark).isEmpty)
            #expect(h.events(since: mark).first?.began?.gestureId == 7)
        }
    }

    @Test("the back gesture dismisses the top presented screen before popping")
    func backDismissesFirst() throws {
        var h = CoreHarness()
        h.create()
        h.present("Sheet", immediate: true)
        h.swipe(to: 300)
        #expect(h.began.last?.operation == .dismiss)
        #expect(h.began.last?.fromScreen == "Sheet" && h.began.last?.toScreen == "Detail")
        h.runUntilIdle()
        #expect(h.stack()?.presented == [] && h.stack()?.screens == ["Home", "Detail"])
        // A tab stack with something presented can be swiped back too; without it there is nothing to pop.
        h.create("tabs", screens: [], tabs: ["A", "B"])
        h.began(stack: "tabs")
        #expect(h.rejections.last?.error?.code == .nothingToPop)
    }

    // MARK: catching

    @Test(
        "fluid catches a settle: interrupted with the visual fraction, tracking resumes without a jump",
        arguments: ["fluid", "ios"])
    func catchSettle(profile: String) throws {
        var h = CoreHarness()
        h.create(profile: profile)
        h.swipe(to: 240, velocity: 0)  // p = 0.6: finishes on both
        let finished = try #require(h.events.last)
        #expect(finished.finished?.reason == .passedThreshold)
        h.advance(ms: 100)
        let lastSettle = try #require(h.frames.last)
        #expect(lastSettle.phase == .settling)

        let mark = h.mark()
        // Far from the edge and heading away: a catch is not subject to those checks.
        h.pan(
            .panBegan, gesture: 50, translation: Vec2(), location: Vec2(x: 300, y: 300),
            velocity: Vec2(x: -200, y: 0))
        #expect(h.rejections(since: mark).isEmpty)
        let event = try #require(h.events(since: mark).first)
        let interrupted = try #require(event.interrupted)
        #expect(interrupted.transitionId == 1 && interrupted.gestureId == 50)
        // The spring (no hand-off velocity) from 0.6 toward 1, 100 ms into its 500 ms.
        let elapsed = Double(event.timeUs - finished.timeUs) / 1_000_000
        let expected =
            0.6 + 0.4
            * Spring(dampingRatio: 1, durationSeconds: 0.5, initialVelocity: 0)
            .completion(at: elapsed)
        #expect(close(interrupted.progress, expected, 1e-12))
        #expect(interrupted.progress >= lastSettle.progress)
        #expect(h.began.count == 1)

        // No jump: the first TRACKING frame is at the caught fraction plus tx / W.
        h.changed(50, x: 0)
        let first = try #require(h.frames.last)
        #expect(first.phase == .tracking)
        #expect(close(first.progress, interrupted.progress))
        #expect(first.sequence == lastSettle.sequence + 1)
        h.changed(50, x: -40)
        #expect(close(h.frames.last?.progress ?? -1, interrupted.progress - 0.1))
        #expect(close(h.progressed.last?.progress ?? -1, interrupted.progress - 0.1))

        // Release dragging it back, fast: decided again, now cancelling.
        h.changed(50, x: -250, velocity: Vec2(x: -800, y: 0))
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: 50, translation: Vec2(x: -250, y: 0), velocity: Vec2(x: -800, y: 0))
        let cancelled = try #require(h.cancelled.last)
        #expect(cancelled.reason == .belowThreshold || cancelled.reason == .flungBack)
        h.runUntilIdle()
        #expect(h.completed.count == 1 && h.completed.last?.finished == false)
        #expect(h.stack()?.screens == ["Home", "Detail"])
        let frames = h.frames(transition: 1)
        #expect(frames.map(\.sequence) == Array(1...UInt64(frames.count)))
        #expect(frames.filter { $0.phase == .done }.count == 1)
    }

    @Test(
        "a caught settle released without moving is decided at the caught position",
        arguments: [(300.0, true), (100.0, false)])
    func catchAndReleaseInPlace(translation: Double, finishing: Bool) throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.swipe(to: translation, velocity: 0)
        h.advance(ms: 100)
        h.pan(.panBegan, gesture: 60, translation: Vec2(), location: Vec2(x: 200, y: 300))
        let caught = try #require(h.interrupted.last?.progress)
        h.advance(ms: 30)
        h.pan(.panEnded, gesture: 60, translation: Vec2(), velocity: Vec2())
        let decided = try #require(h.events.last { $0.finished != nil || $0.cancelled != nil })
        // The finger holds the screen where it caught it: the release decides from there, not from 0.
        #expect(close(decided.finished?.progress ?? decided.cancelled?.progress ?? -1, caught))
        #expect((decided.finished != nil) == finishing)
        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [finishing])
    }

    @Test("a settle of a screen with back_gesture_disabled is not caught")
    func catchRespectsBackGestureDisabled() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.command(
            .setScreenOptions(
                SetScreenOptions(
                    screen: "Detail",
                    options: ScreenOptions(backGestureDisabled: true))))
        h.pop()
        h.advance(ms: 50)
        h.pan(.panBegan, gesture: 61, translation: Vec2(), location: Vec2(x: 200, y: 300))
        let rejection = try #require(h.rejections.last)
        #expect(rejection.error?.code == .gestureRejected)
        #expect(rejection.error?.message.contains("back_gesture_disabled") == true)
        #expect(h.interrupted.isEmpty)
        h.runUntilIdle()
        #expect(h.stack()?.screens == ["Home"])
    }

    @Test("a BEGAN that already moved, released where it began, is decided at its translation")
    func beganTranslationCounts() throws {
        var h = CoreHarness()
        h.create()
        // The producer's BEGAN came late, with the finger already past half (start = location - translation).
        h.pan(.panBegan, gesture: 70, translation: Vec2(x: 220, y: 0), location: Vec2(x: 230, y: 300))
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: 70, translation: Vec2(x: 220, y: 0), velocity: Vec2())
        #expect(h.progressed.count == 1)
        #expect(h.progressed.first.map { close($0.progress, 0.55) } == true)
        #expect(h.finished.first?.reason == .passedThreshold)
    }

    @Test("a caught gesture that goes silent times out and settles back from where it was held")
    func caughtGestureTimesOut() throws {
        var h = CoreHarness()
        h.create(profile: "ios")
        h.swipe(to: 300, velocity: 0)
        h.advance(ms: 100)
        h.pan(.panBegan, gesture: 80, translation: Vec2(), location: Vec2(x: 200, y: 300))
        let caught = try #require(h.interrupted.last?.progress)
        h.advance(ms: 1001)
        let cancelled = try #require(h.cancelled.last)
        #expect(cancelled.reason == .gestureTimeout && close(cancelled.progress, caught))
        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [false])
        let cancelledAt = try #require(h.events.last { $0.cancelled != nil }?.timeUs)
        let settles = h.frames(transition: 1).filter { $0.phase == .settling && $0.timeUs > cancelledAt }
        #expect(settles.first.map { $0.progress < caught } == true)
    }

    @Test("an animated push is caught too: swiping toward back undoes it")
    func pushIsCaughtAndUndone() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.push("Photo")
        h.advance(ms: 50)
        h.pan(.panBegan, gesture: 12, translation: Vec2(), location: Vec2(x: 200, y: 300))
        let caught = try #require(h.interrupted.first?.progress)
        #expect(caught > 0 && caught < 1)
        // The incoming screen follows the finger back out: completion falls by tx / W.
        h.changed(12, x: 100)
        #expect(close(h.frames.last?.progress ?? -1, max(caught - 0.25, 0)))
        h.changed(12, x: 380)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: 12, translation: Vec2(x: 380, y: 0), velocity: Vec2(x: 300, y: 0))
        #expect(h.cancelled.last != nil)
        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [false])
        #expect(h.stack()?.screens == ["Home", "Detail"])
    }

    @Test("classic catches nothing")
    func classicDoesNotCatch() {
        var h = CoreHarness()
        h.create(profile: "classic")
        h.pop()
        h.advance(ms: 50)
        h.began()
        #expect(h.rejections.last?.error?.code == .transitionInProgress)
        #expect(h.rejections.last?.error?.message.contains("cannot catch") == true)
    }

    @Test("an animated pop can be caught in fluid")
    func programmaticPopCaught() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.pop(requestId: "p")
        h.advance(ms: 50)
        h.pan(.panBegan, gesture: 9, translation: Vec2(), location: Vec2(x: 200, y: 300))
        let interrupted = try #require(h.interrupted.first)
        #expect(interrupted.progress > 0 && interrupted.progress < 1)
        h.changed(9, x: 10)
        h.advance(ms: 16)
        h.pan(.panEnded, gesture: 9, translation: Vec2(x: 10, y: 0), velocity: Vec2(x: 0, y: 0))
        h.runUntilIdle()
        #expect(h.completed.count == 1)
    }

    // MARK: timeout

    @Test(
        "a tracking gesture silent for longer than the timeout is cancelled GESTURE_TIMEOUT",
        arguments: [(UInt32?.none, Int64(1000)), (UInt32(250), Int64(250))])
    func timeout(tuned: UInt32?, timeoutMs: Int64) throws {
        var h = CoreHarness()
        h.create(tuning: tuned.map { Tuning(gestureTimeoutMs: $0) })
        let gesture = h.began()
        h.changed(gesture, x: 100)
        let lastSample = try #require(h.events.last?.timeUs)
        #expect(h.stack()?.deadline == lastSample + timeoutMs * 1000 + 1)
        // The queue may wake the engine earlier (the entry from BEGAN), never later.
        #expect((h.core.nextDeadline() ?? .max) <= lastSample + timeoutMs * 1000 + 1)
        h.advance(ms: timeoutMs)
        #expect(h.cancelled.isEmpty)
        h.advance(ms: 1)
        let event = try #require(h.events.first { $0.cancelled != nil })
        #expect(event.cancelled?.reason == .gestureTimeout)
        #expect(event.timeUs == lastSample + timeoutMs * 1000 + 1)
        #expect(event.cancelled?.settleUs == 75_000)
        h.runUntilIdle()
        #expect(h.completed.map(\.finished) == [false])
        // The gesture is gone: its late events are for an unknown gesture.
        h.changed(gesture, x: 120)
        #expect(h.rejections.last?.error?.code == .invalidArgument)
    }

    @Test("CHANGED at least twice per timeout keeps a still finger tracking")
    func resentChangedKeepsTracking() {
        var h = CoreHarness()
        h.create()
        let gesture = h.began()
        for _ in 0..<6 { h.changed(gesture, x: 100, stepMs: 500) }
        #expect(h.cancelled.isEmpty && h.progressed.count == 6)
    }

    // MARK: velocity estimation

    @Test(
        "without velocity the engine estimates it by least squares over the last 100 ms",
        arguments: [(500.0, 0.0, Int64(10)), (-250.0, 40.0, Int64(8)), (1200.0, -300.0, Int64(16))])
    func velocityEstimate(vx: Double, vy: Double, stepMs: Int64) throws {
        var h = CoreHarness()
        h.create()
        let gesture = h.began()
        for i in 1...12 {
            let t = Double(Int64(i) * stepMs) / 1000
            h.changed(gesture, x: 3 + vx * t, y: vy * t, stepMs: stepMs)
            if i >= 2 {
                let velocity = try #require(h.progressed.last?.velocity)
                // Exact once the BEGAN sample (off the line by 3 pt) is out of the window.
                if Int64(i - 1) * stepMs >= 100 {
                    #expect(close(velocity.x, vx, 1e-6) && close(velocity.y, vy, 1e-6))
                }
            }
        }
        h.advance(ms: stepMs)
        h.pan(.panEnded, gesture: gesture, translation: nil)
        let decided = try #require(h.events.last { $0.finished != nil || $0.cancelled != nil })
        let v = decided.finished?.velocity ?? decided.cancelled?.velocity ?? .nan
        // The ENDED repeats the last translation: a still sample that slows the estimate.
        #expect(abs(v) <= abs(vx) / 400 + 1e-9)
    }

    @Test("uneven sample times: the least-squares slope of a straight line is exact")
    func velocityEstimateUneven() throws {
        var h = CoreHarness()
        h.create()
        let gesture = h.began()
        var t: Int64 = 0
        for step: Int64 in [7, 13, 5, 21, 9] {
            t += step
            h.changed(gesture, x: 300 * Double(t) / 1000, stepMs: step)
        }
        let velocity = try #require(h.progressed.last?.velocity)
        #expect(close(velocity.x, 300, 1e-6) && close(velocity.y, 0, 1e-9))
    }

    @Test("the velocity window stays bounded whatever the timestamps: equal times merge, a dense burst is capped")
    func velocityWindowIsBounded() throws {
        var sameTime = GestureTracker(gestureId: 1, timestampUs: 0, translation: Vec2())
        for i in 1...20_000 { sameTime.record(timestampUs: 0, translation: Vec2(x: Double(i), y: 0)) }
        #expect(sameTime.windowSamples.count == 1)
        #expect(sameTime.windowSamples.last?.translation.x == 20_000)
        #expect(sameTime.estimatedVelocity() == Vec2())

        // 20000 samples 1 us apart all lie within 100 ms: only the newest ones are kept, and a line stays exact.
        var dense = GestureTracker(gestureId: 2, timestampUs: 0, translation: Vec2())
        for i in 1...20_000 { dense.record(timestampUs: Int64(i), translation: Vec2(x: 0.5 * Double(i), y: 0)) }
        #expect(dense.windowSamples.count == GestureTracker.maxWindowSamples)
        #expect(dense.windowSamples.first?.timestampUs == Int64(20_001 - GestureTracker.maxWindowSamples))
        #expect(close(dense.estimatedVelocity().x, 500_000, 1e-3))

        // Repeated times within a moving finger: each instant counts once, at its latest position.
        var repeated = GestureTracker(gestureId: 3, timestampUs: 0, translation: Vec2())
        for ms: Int64 in 1...10 {
            repeated.record(timestampUs: ms * 1000, translation: Vec2(x: -7, y: 0))
            repeated.record(timestampUs: ms * 1000, translation: Vec2(x: 0.3 * Double(ms), y: 0))
        }
        #expect(repeated.windowSamples.count == 11)
        #expect(close(repeated.estimatedVelocity().x, 300, 1e-6))
    }

    @Test("an estimated flick decides a fluid release")
    func estimatedFlickFinishes() throws {
        var h = CoreHarness()
        h.create(profile: "fluid")
        h.swipe(to: 100, velocity: nil, steps: 5, stepMs: 10)  // 2000 pt/s, p = 0.25
        let finished = try #require(h.finished.last)
        #expect(finished.reason == .flungForward)
        #expect(finished.velocity > 1)
    }

    // MARK: tabs

    @Test(
        "tab swipes: toward the leading edge selects the next tab, the other way the previous one",
        arguments: [(false, -240.0, UInt32(2)), (false, 240.0, 0), (true, 240.0, 2), (true, -240.0, 0)])
    func tabSwipe(rightToLeft: Bool, translation: Double, selected: UInt32) throws {
        var h = CoreHarness()
        h.create("tabs", screens: [], tabs: ["A", "B", "C"], selectedTab: 1, rightToLeft: rightToLeft)
        h.swipe(stack: "tabs", to: translation, target: .panTargetTabs)
        #expect(h.rejections.isEmpty)
        let began = try #require(h.began.last)
        #expect(began.operation == .selectTab && began.toScreen == ["A", "B", "C"][Int(selected)])
        #expect(h.progressed.last.map { close($0.progress, 0.6) } == true)
        #expect(h.finished.last?.reason == .passedThreshold)
        h.runUntilIdle()
        #expect(h.stack("tabs")?.selectedTab == selected)
        let done = try #require(h.frames.last)
        #expect(done.toX == 0 && abs(done.fromX) == 400)
    }

    @Test("tab swipe refusals: past the last tab, on a navigation stack, without direction")
    func tabSwipeRefusals() {
        var h = CoreHarness()
        h.create("tabs", screens: [], tabs: ["A", "B"])
        h.began(stack: "tabs", heading: Vec2(x: 100, y: 0), target: .panTargetTabs)
        #expect(h.rejections.last?.error?.code == .gestureRejected)
        #expect(h.rejections.last?.error?.message.contains("before") == true)
        h.began(stack: "tabs", heading: Vec2(x: 0, y: 100), target: .panTargetTabs)
        #expect(h.rejections.last?.error?.code == .gestureRejected)
        h.create()
        h.began(target: .panTargetTabs)
        #expect(h.rejections.last?.error?.code == .invalidArgument)
        #expect(h.events.count == 2)
    }

    @Test(
        "pan validation: unknown stack, bad stack id, unknown phase, non-finite numbers",
        arguments: [
            PanEvent(stackId: "ghost", gestureId: 1, phase: .panBegan),
            PanEvent(stackId: "bad id", gestureId: 1, phase: .panBegan),
            PanEvent(stackId: "main", gestureId: 1, phase: .panPhaseUnspecified),
            PanEvent(stackId: "main", gestureId: 1, phase: PanPhase(rawValue: 9)),
            PanEvent(stackId: "main", gestureId: 1, phase: .panBegan, translation: Vec2(x: .nan, y: 0)),
            PanEvent(stackId: "main", gestureId: 1, phase: .panBegan, velocity: Vec2(x: 0, y: .infinity)),
            PanEvent(stackId: "main", gestureId: 1, phase: .panBegan, location: Vec2(x: 2e6, y: 0)),
            PanEvent(stackId: "main", gestureId: 1, phase: .panBegan, target: PanTarget(rawValue: 5)),
        ])
    func panValidation(pan: PanEvent) throws {
        var h = CoreHarness()
        h.create()
        var outcome = Outcome()
        h.core.apply(pan, now: h.now, into: &outcome)
        let rejection = try #require(outcome.rejections.first)
        #expect(rejection.error?.code == (pan.stackId == "ghost" ? .unknownStack : .invalidArgument))
        #expect(outcome.events.isEmpty && outcome.frames.isEmpty)
    }

    @Test(
        "producer times at the ends of Int64 are taken as they come, without overflowing",
        arguments: [Int64.min, Int64.min + 50_000, Int64.max - 10])
    func extremeProducerTimes(start: Int64) {
        var h = CoreHarness()
        h.create()
        let gesture = h.newGesture()
        h.pan(
            .panBegan, gesture: gesture, translation: Vec2(), location: Vec2(x: 10, y: 400),
            velocity: Vec2(x: 300, y: 0), timestampUs: start)
        // No velocity given: the tracker estimates it from the samples' times.
        h.pan(
            .panChanged, gesture: gesture, translation: Vec2(x: 120, y: 0), location: Vec2(x: 130, y: 400),
            timestampUs: start)
        h.pan(
            .panChanged, gesture: gesture, translation: Vec2(x: 240, y: 0), location: Vec2(x: 250, y: 400),
            timestampUs: start + 8)
        h.pan(
            .panEnded, gesture: gesture, translation: Vec2(x: 240, y: 0), location: Vec2(x: 250, y: 400),
            timestampUs: start + 8)
        h.runUntilIdle()
        #expect(h.rejections.isEmpty, "\(h.rejections)")
        #expect(h.events.contains { if case .completed = $0.body { true } else { false } })
    }
}
