import SegueClient
import SegueWire
import Testing

/// `SwipeTrace` is pure: its samples are checked directly, without a daemon.
@Suite("SwipeTrace")
struct CLISwipeTraceTests {
    private func trace(
        rightToLeft: Bool = false, target: PanTarget = .panTargetBack, fraction: Double = 0.7,
        velocity: Double = 0, cancel: Bool = false, edge: SwipeEdge = .swipeEdgeUnspecified, drift: Double = 0
    ) -> SwipeTrace {
        SwipeTrace(
            stackId: "demo", gestureId: 7, target: target, width: 400, height: 800, rightToLeft: rightToLeft,
            fraction: fraction, releaseVelocity: velocity, durationMs: 250, rateHz: 120, cancel: cancel, edge: edge,
            drift: drift, startTimestampUs: 1_000_000)
    }

    @Test("BEGAN at the first movement sample, CHANGED at the rate, ENDED with the release velocity")
    func shape() throws {
        let events = trace(velocity: 300).events
        let count = 250 * 120 / 1000
        #expect(abs(events.count - (count + 1)) <= 1)
        let changed = Array(repeating: PanPhase.panChanged, count: events.count - 2)
        #expect(events.map(\.phase) == [.panBegan] + changed + [.panEnded])

        let first = try #require(events.first)
        let began = try #require(first.translation)
        #expect(began.x > 0 && began.y == 0)
        #expect(try #require(first.velocity).x > 0)
        #expect(first.timestampUs > 1_000_000)
        #expect(first.location == Vec2(x: trace().start.x + began.x, y: trace().start.y))

        let last = try #require(events.last)
        #expect(abs(try #require(last.translation).x - 280) < 1e-9)
        #expect(try #require(last.velocity) == Vec2(x: 300, y: 0))
        #expect(events[events.count - 2].timestampUs == 1_250_000)
        #expect(last.timestampUs == 1_250_000)
        #expect(events.allSatisfy { $0.stackId == "demo" && $0.gestureId == 7 && $0.target == .panTargetBack })
    }

    @Test("timestamps never go back and the finger never backs up", arguments: [0.0, 300, 5000, -800])
    func monotone(velocity: Double) {
        let events = trace(velocity: velocity).events
        for (earlier, later) in zip(events, events.dropFirst()) {
            #expect(earlier.timestampUs <= later.timestampUs)
            #expect((earlier.translation?.x ?? 0) <= (later.translation?.x ?? 0) + 1e-9)
        }
    }

    @Test("a right-to-left trace is the mirror image")
    func mirrored() {
        let ltr = trace().events
        let rtl = trace(rightToLeft: true).events
        #expect(rtl.count == ltr.count)
        for (left, right) in zip(ltr, rtl) {
            #expect(right.translation?.x == -(left.translation?.x ?? 0))
            #expect(right.velocity?.x == left.velocity.map { -$0.x })
            #expect(right.timestampUs == left.timestampUs)
        }
        // Both start within the narrowest edge zone (20 pt) of their leading edge.
        #expect(trace().start.x <= 20)
        #expect(trace(rightToLeft: true).start.x >= 400 - 20)
    }

    @Test("a tab swipe heads for the leading edge (next tab); a negative fraction reverses any swipe")
    func directions() {
        #expect((trace(target: .panTargetTabs).events.last?.translation?.x ?? 0) < 0)
        #expect((trace(rightToLeft: true, target: .panTargetTabs).events.last?.translation?.x ?? 0) > 0)
        #expect((trace(target: .panTargetTabs, fraction: -0.5).events.last?.translation?.x ?? 0) == 200)
        #expect((trace(fraction: -0.5).events.last?.translation?.x ?? 0) == -200)
        // Tab swipes start on the side they move away from, so the finger stays inside the container.
        let tabs = trace(target: .panTargetTabs)
        let end = tabs.start.x + (tabs.events.last?.translation?.x ?? 0)
        #expect(end >= 0 && end <= 400)
    }

    @Test("a back swipe from the right edge starts 8 pt inside it and moves leftward, whatever the direction")
    func rightEdge() throws {
        for rightToLeft in [false, true] {
            let swipe = trace(rightToLeft: rightToLeft, velocity: 300, edge: .swipeEdgeRight)
            #expect(swipe.start == Vec2(x: 392, y: 400))
            let last = try #require(swipe.events.last)
            #expect(abs(try #require(last.translation).x + 280) < 1e-9)
            #expect(last.velocity == Vec2(x: -300, y: 0))
            #expect(swipe.events.allSatisfy { ($0.translation?.x ?? 0) < 0 })
        }
        // The leading edge is the default: the right one only for right-to-left stacks.
        #expect(trace(rightToLeft: true).events == trace(rightToLeft: true, edge: .swipeEdgeRight).events)
        #expect(trace().events == trace(edge: .swipeEdgeLeft).events)
        let left = trace(rightToLeft: true, edge: .swipeEdgeLeft)
        #expect(left.start.x == 8 && (left.events.last?.translation?.x ?? 0) > 0)
        // A negative fraction heads back toward the edge it started at.
        #expect((trace(fraction: -0.25, edge: .swipeEdgeRight).events.last?.translation?.x ?? 0) == 100)
    }

    @Test(
        "a drift slants the finger's line: y follows x in proportion, ending at drift x height",
        arguments: [0.1, -0.25])
    func drift(drift: Double) throws {
        let swipe = trace(velocity: 600, drift: drift)
        let slope = drift * 800 / 280
        for event in swipe.events {
            let translation = try #require(event.translation)
            #expect(abs(translation.y - slope * translation.x) < 1e-9)
            #expect(event.location == Vec2(x: 8 + translation.x, y: 400 + translation.y))
        }
        let last = try #require(swipe.events.last)
        #expect(abs(try #require(last.translation).y - drift * 800) < 1e-9)
        #expect(abs(try #require(last.velocity).y - slope * 600) < 1e-9)
        #expect(try #require(last.velocity).x == 600)
        // Without a drift the trace is what it always was: flat.
        #expect(trace(velocity: 600).events.allSatisfy { $0.translation?.y == 0 && $0.location?.y == 400 })
    }

    @Test("--cancel ends with PAN_CANCELLED")
    func cancelled() {
        let last = trace(cancel: true).events.last
        #expect(last?.phase == .panCancelled)
        #expect(last?.velocity == nil)
    }

    @Test("sample count follows duration and rate", arguments: [(100, 60.0), (250, 120.0), (1000, 240.0), (5, 60.0)])
    func count(durationMs: Int, rate: Double) {
        let trace = SwipeTrace(stackId: "s", gestureId: 1, width: 390, durationMs: durationMs, rateHz: rate)
        let expected = max(Int((Double(durationMs) * rate / 1000).rounded()), 1)
        #expect(trace.sampleCount == expected)
        #expect(trace.events.count == expected + 1)
        #expect(trace.offsetsUs.last == Int64(durationMs) * 1000 - trace.events[0].timestampUs)
    }
}
