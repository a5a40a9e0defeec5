import Foundation
import SegueClient
import SegueJSON
import SegueSystem
import SegueWire
import Testing

/// The android profile through a real segued: a right-edge swipe drifting up that commits, a left-edge swipe the
/// producer cancels that springs back, and a finger still down when the daemon stops; then `segue replay --frames`
/// of the data directory regenerates every frame the subscriber saw, byte for byte, across the restart.
@Suite struct AndroidDaemonTests {
    static let stack = "droid"

    /// A pan of gesture `gesture` at `translation` from a touch-down at `start`, at producer time `timeUs`.
    static func pan(
        _ phase: PanPhase, gesture: UInt64, start: Vec2, translation: Vec2, timeUs: Int64, velocity: Vec2? = nil
    ) -> PanEvent {
        PanEvent(
            stackId: stack, gestureId: gesture, phase: phase,
            location: Vec2(x: start.x + translation.x, y: start.y + translation.y), translation: translation,
            velocity: velocity, timestampUs: timeUs)
    }

    /// Frames and events from `subscriber` until `done` says so (at most 10 s).
    static func collect(
        _ subscriber: Subscriber, into frames: inout [Frame], events: inout [Event], until done: ([Frame]) -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline && !done(frames) {
            switch try subscriber.next(timeoutMs: 100) {
            case .frame(let frame)?: frames.append(frame)
            case .event(let event)?: events.append(event)
            case .rejection(let rejection)?: Issue.record("rejected: \(rejection)")
            default: break
            }
        }
    }

    static func subscribe(_ daemon: DaemonProcess) throws -> (ControlClient, Producer, Subscriber) {
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let producer = try Producer(endpoint: daemon.endpoints.ingest)
        let subscriber = try Subscriber(
            endpoint: daemon.endpoints.events,
            prefixes: [Topic.event.prefix(stack), Topic.frame.prefix(stack), Topic.rejection.prefix(stack)])
        try SubscriptionProbe.awaitLive(subscriber, control: control, timeoutMs: 5000)
        return (control, producer, subscriber)
    }

    @Test("commit from the right edge, spring back from the left, a restart mid-gesture: replayed byte for byte")
    func swipesAndRestartReplayByteForByte() throws {
        let data = try ScratchDirectory(prefix: "segued-android")
        let directory = data.url.appendingPathComponent("data")
        var frames: [Frame] = []
        var events: [Event] = []
        do {
            let daemon = try DaemonProcess.start(dataDirectory: directory)
            defer { daemon.kill() }
            let (control, producer, subscriber) = try Self.subscribe(daemon)
            _ = try control.command(
                Command(
                    stackId: Self.stack,
                    op: .create(
                        CreateStack(
                            screens: ["Home", "Inbox", "Thread", "Reply"],
                            config: StackConfig(size: Size(width: 400, height: 800), profile: "android")))))
            // From the right edge, leftward and drifting up, held: the arrow turns on, the release goes back.
            let right = Vec2(x: 396, y: 500)
            try producer.send(pan: Self.pan(.panBegan, gesture: 1, start: right, translation: Vec2(), timeUs: 0))
            for step in 1...20 {
                let travel = Double(min(step, 12))
                try producer.send(
                    pan: Self.pan(
                        .panChanged, gesture: 1, start: right, translation: Vec2(x: -travel * 20, y: -travel * 10),
                        timeUs: Int64(step) * 16_000))
            }
            try producer.send(
                pan: Self.pan(
                    .panEnded, gesture: 1, start: right, translation: Vec2(x: -240, y: -120), timeUs: 340_000,
                    velocity: Vec2()))
            try Self.collect(subscriber, into: &frames, events: &events) { $0.last?.phase == .done }
            // From the left edge, then the producer cancels: the spring takes the screens back.
            let left = Vec2(x: 6, y: 400)
            try producer.send(pan: Self.pan(.panBegan, gesture: 2, start: left, translation: Vec2(), timeUs: 400_000))
            for step in 1...8 {
                try producer.send(
                    pan: Self.pan(
                        .panChanged, gesture: 2, start: left, translation: Vec2(x: Double(step) * 25, y: 0),
                        timeUs: 400_000 + Int64(step) * 16_000))
            }
            try producer.send(
                pan: Self.pan(.panCancelled, gesture: 2, start: left, translation: Vec2(x: 200, y: 0), timeUs: 540_000))
            try Self.collect(subscriber, into: &frames, events: &events) {
                $0.filter { $0.phase == .done }.count == 2
            }
            // A third finger, still down when the daemon stops.
            try producer.send(pan: Self.pan(.panBegan, gesture: 3, start: left, translation: Vec2(), timeUs: 700_000))
            for step in 1...5 {
                try producer.send(
                    pan: Self.pan(
                        .panChanged, gesture: 3, start: left, translation: Vec2(x: Double(step) * 30, y: 8),
                        timeUs: 700_000 + Int64(step) * 16_000))
            }
            try Self.collect(subscriber, into: &frames, events: &events) {
                $0.filter { $0.transitionId == 3 }.count == 5
            }
            #expect(daemon.stop() == 0)
        }
        let began = events.compactMap { event -> TransitionBegan? in
            if case .began(let began) = event.body { return began }
            return nil
        }
        #expect(began.map(\.swipeEdge) == [.swipeEdgeRight, .swipeEdgeLeft, .swipeEdgeLeft])
        let outcomes = events.compactMap { event -> Reason? in
            switch event.body {
            case .finished(let finished): finished.reason
            case .cancelled(let cancelled): cancelled.reason
            default: nil
            }
        }
        #expect(outcomes == [.passedThreshold, .gestureCancelled])
        let springBack = frames.filter { $0.transitionId == 2 && $0.phase == .settling }
        #expect(springBack.count > 3 && springBack.last.map { $0.progress < springBack[0].progress } == true)
        #expect(frames.contains { $0.transitionId == 1 && ($0.from?.rect?.width ?? 400) < 370 })
        #expect(frames.contains { ($0.from?.cornerRadius ?? 0) > 15 })

        // The restart cancels the third finger ENGINE_RESTARTED and draws its DONE frame.
        do {
            let daemon = try DaemonProcess.start(dataDirectory: directory)
            defer { daemon.kill() }
            let state = try ControlClient(endpoint: daemon.endpoints.control).stack(Self.stack)
            #expect(state.screens == ["Home", "Inbox", "Thread"] && state.transition == nil)
            #expect(daemon.stop() == 0)
        }
        let (replayed, output) = try AndroidRestartTests.replay(directory)
        var restartCancel: TransitionCancelled?
        for line in output.split(separator: "\n") {
            guard case .object(let members) = try JSONValue(parsing: Array(line.utf8)), let event = members["event"]
            else { continue }
            if case .cancelled(let cancelled)? = try Event(json: event, path: "").body { restartCancel = cancelled }
        }
        #expect(restartCancel?.reason == .engineRestarted && restartCancel?.transitionId == 3)
        #expect(replayed.values.contains { $0.transitionId == 3 && $0.phase == .done })
        // As text, a frame names what moves besides x: y and size, alpha, corner radius, and the scrim.
        let text = try runSegue(["replay", directory.path, "--frames"])
        let tracking = text.lines.filter { $0.contains(" frame \(Self.stack) t1 ") && $0.contains("TRACKING") }
        #expect(tracking.last?.contains(" r=") == true && tracking.last?.contains(" scrim=0.20") == true, "\(tracking)")
        #expect(text.lines.contains { $0.contains(" t1 ") && $0.contains("SETTLING") && $0.contains(" a=0.") })
        // Every frame seen live is one the replay draws, to the byte (a loaded daemon may skip late settle frames).
        for frame in frames {
            let again = replayed["\(frame.transitionId)/\(frame.sequence)"]
            #expect(again?.encoded() == frame.encoded(), "frame \(frame.transitionId)/\(frame.sequence)")
        }
    }
}
