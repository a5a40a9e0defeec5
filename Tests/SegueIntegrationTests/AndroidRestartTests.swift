import Foundation
import SegueClient
import SegueJSON
import SegueSystem
import SegueWire
import Testing

/// The android profile through a real segued stopped while its screens move: a 240 fps stack whose spring back is
/// cut by a clean stop (the snapshot at shutdown holds the spring), then a commit cut by SIGKILL (recovery from the
/// periodic snapshot and the log), then a swipe at the end of Int64's producer time. Each restart ends the settle
/// toward its target, and `segue replay --frames` draws every frame the subscriber saw, byte for byte, the same on
/// every run.
@Suite struct AndroidRestartTests {
    static let stack = "droid"

    static func pan(_ phase: PanPhase, gesture: UInt64, x: Double, timeUs: Int64) -> PanEvent {
        PanEvent(
            stackId: stack, gestureId: gesture, phase: phase, location: Vec2(x: 6 + x, y: 400),
            translation: Vec2(x: x, y: 0), velocity: phase == .panChanged ? nil : Vec2(), timestampUs: timeUs)
    }

    /// A drag to 240 pt held past the back arrow's delay, released (ENDED) or cancelled by the producer.
    static func swipe(_ producer: Producer, gesture: UInt64, from timeUs: Int64, end: PanPhase) throws {
        try producer.send(pan: pan(.panBegan, gesture: gesture, x: 0, timeUs: timeUs))
        for step in 1...16 {
            try producer.send(
                pan: pan(
                    .panChanged, gesture: gesture, x: Double(min(step, 8)) * 30, timeUs: timeUs + Int64(step) * 16_000))
        }
        try producer.send(pan: pan(end, gesture: gesture, x: 240, timeUs: timeUs + 17 * 16_000))
    }

    /// The frames `segue replay --frames --json` draws from `directory`, by transition and sequence, and its output.
    static func replay(_ directory: URL) throws -> (frames: [String: Frame], output: String) {
        let replay = try runSegue(["replay", directory.path, "--frames", "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        var frames: [String: Frame] = [:]
        for line in replay.lines {
            guard case .object(let members) = try JSONValue(parsing: Array(line.utf8)), let frame = members["frame"]
            else { continue }
            let decoded = try Frame(json: frame, path: "frame")
            frames["\(decoded.transitionId)/\(decoded.sequence)"] = decoded
        }
        return (frames, replay.lines.joined(separator: "\n"))
    }

    @Test("a stop mid-spring and a crash mid-commit: the restarts end each settle, the replay draws every live frame")
    func stopsWhileMoving() throws {
        let data = try ScratchDirectory(prefix: "segued-android-restart")
        let directory = data.url.appendingPathComponent("data")
        var frames: [Frame] = []
        var events: [Event] = []
        do {
            let daemon = try DaemonProcess.start(dataDirectory: directory, extraArguments: ["--snapshot-every", "0"])
            defer { daemon.kill() }
            let (control, producer, subscriber) = try AndroidDaemonTests.subscribe(daemon)
            _ = try control.command(
                Command(
                    stackId: Self.stack,
                    op: .create(
                        CreateStack(
                            screens: ["Home", "Inbox", "Thread"],
                            config: StackConfig(size: Size(width: 400, height: 800), profile: "android", fps: 240)))))
            try Self.swipe(producer, gesture: 1, from: 0, end: .panCancelled)
            // The spring back has begun: stop now, while it moves.
            try AndroidDaemonTests.collect(subscriber, into: &frames, events: &events) {
                $0.contains { $0.transitionId == 1 && $0.phase == .settling }
            }
            #expect(daemon.stop() == 0)
        }
        do {
            let daemon = try DaemonProcess.start(dataDirectory: directory, extraArguments: ["--snapshot-every", "1"])
            defer { daemon.kill() }
            let (control, producer, subscriber) = try AndroidDaemonTests.subscribe(daemon)
            let state = try control.stack(Self.stack)
            #expect(state.screens == ["Home", "Inbox", "Thread"] && state.transition == nil)
            try Self.swipe(producer, gesture: 2, from: 1_000_000, end: .panEnded)
            try AndroidDaemonTests.collect(subscriber, into: &frames, events: &events) {
                $0.filter { $0.transitionId == 2 && $0.phase == .settling }.count >= 3
            }
            daemon.kill()
        }
        do {
            let daemon = try DaemonProcess.start(dataDirectory: directory)
            defer { daemon.kill() }
            let (control, producer, subscriber) = try AndroidDaemonTests.subscribe(daemon)
            let state = try control.stack(Self.stack)
            #expect(state.screens == ["Home", "Inbox"] && state.transition == nil)
            // A producer whose clock is at Int64's end springs back as any other.
            try Self.swipe(producer, gesture: 3, from: Int64.max - 300_000, end: .panCancelled)
            try AndroidDaemonTests.collect(subscriber, into: &frames, events: &events) {
                $0.contains { $0.transitionId == 3 && $0.phase == .done }
            }
            #expect(daemon.stop() == 0)
        }
        let outcomes = events.compactMap { event -> Reason? in
            switch event.body {
            case .finished(let finished): finished.reason
            case .cancelled(let cancelled): cancelled.reason
            default: nil
            }
        }
        #expect(outcomes == [.gestureCancelled, .passedThreshold, .gestureCancelled])
        let first = try Self.replay(directory)
        let second = try Self.replay(directory)
        #expect(first.output == second.output)
        #expect(first.frames.values.filter { $0.phase == .done }.count == 3)
        for frame in frames {
            let again = first.frames["\(frame.transitionId)/\(frame.sequence)"]
            #expect(again?.encoded() == frame.encoded(), "frame \(frame.transitionId)/\(frame.sequence)")
        }
    }
}
