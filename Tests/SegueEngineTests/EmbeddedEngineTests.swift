import Foundation
import SegueCore
import SegueEngine
import SegueWire
import Testing

/// The embedded engine runs the daemon's ledger, codec and log with a manual clock: these tests check exact
/// frame sequences and that the state survives a reopen of the data directory.
@Suite struct EmbeddedEngineTests {
    static let width = 400.0

    static func createClassic(_ engine: EmbeddedEngine, screens: [String] = ["Home", "Detail"]) throws {
        let create = CreateStack(
            screens: screens,
            config: StackConfig(
                size: Size(width: width, height: 800), profile: "classic"))
        let reply = try engine.request(
            Request(
                requestId: "create",
                body: .command(
                    Command(stackId: "demo", op: .create(create)))))
        #expect(reply.error == nil)
    }

    static func pan(_ phase: PanPhase, tx: Double, timeUs: Int64, velocity: Vec2? = nil) -> Input {
        Input(
            body: .pan(
                PanEvent(
                    stackId: "demo", gestureId: 7, phase: phase, location: Vec2(x: 10 + tx, y: 300),
                    translation: Vec2(x: tx, y: 0), velocity: velocity, timestampUs: timeUs)))
    }

    static func events(_ engine: EmbeddedEngine) -> [Event] {
        engine.published.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    static func frames(_ engine: EmbeddedEngine) -> [Frame] {
        engine.published.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }
    }

    @Test func classicSwipeSettlesOnExactFrameTimes() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            let engine = try EmbeddedEngine(configuration: configuration)
            defer { engine.close() }
            try Self.createClassic(engine)
            try engine.send(Self.pan(.panBegan, tx: 4, timeUs: 0, velocity: Vec2(x: 500, y: 0)))
            for step in 1...4 {
                try engine.advance(byUs: 8_000)
                try engine.send(Self.pan(.panChanged, tx: Double(step) * 70, timeUs: Int64(step) * 8_000))
            }
            try engine.advance(byUs: 8_000)
            let releaseUs = engine.nowUs
            try engine.send(Self.pan(.panEnded, tx: 280, timeUs: 40_000, velocity: Vec2(x: 0, y: 0)))
            try engine.advance(byUs: 1_000_000)

            let events = Self.events(engine)
            let kinds = events.map { event -> String in
                switch event.body {
                case .stackCreated: "created"
                case .began: "began"
                case .progressed: "progressed"
                case .finished: "finished"
                case .cancelled: "cancelled"
                case .completed: "completed"
                default: "other"
                }
            }
            #expect(
                kinds == [
                    "created", "began", "progressed", "progressed", "progressed", "progressed", "finished",
                    "completed",
                ])
            #expect(events.map(\.position) == Array(1...8))
            guard case .finished(let finished) = events[6].body else {
                Issue.record("no finished event")
                return
            }
            // classic is the percent-driven pop of 001_774936b8fb1b231f.txt: released at 280 of 400 pt, 0.7 of
            // the animation's time; its remaining 0.3 of 250 ms is 75 ms.
            #expect(finished.reason == .passedThreshold)
            #expect(abs(finished.progress - 0.7) < 1e-12)
            #expect(finished.settleUs == 75_000)
            #expect(events[6].timeUs == releaseUs)

            let frames = Self.frames(engine)
            let tracking = frames.filter { $0.phase == .tracking }
            let settling = frames.filter { $0.phase == .settling }
            let done = frames.filter { $0.phase == .done }
            #expect(tracking.count == 4)
            // While tracking, the screen sits at the ease-in-out value of the finger's fraction.
            #expect(tracking.map(\.progress) == [0.175, 0.35, 0.525, 0.7].map { CubicBezier.easeInOut.value(at: $0) })
            // 60 fps: k * 1e6 / 60 us after the release, strictly before the 75 ms end.
            let expectedTimes = (1...4).map { releaseUs + Int64($0) * 1_000_000 / 60 }
            #expect(settling.map(\.timeUs) == expectedTimes)
            #expect(frames.map(\.sequence) == Array(1...UInt64(frames.count)))
            #expect(done.count == 1)
            #expect(done.first?.timeUs == releaseUs + 75_000)
            #expect(done.first?.from?.rect?.x == Self.width)
            #expect(done.first?.to?.rect?.x == 0)
            // Monotone toward the target along ease-in-out.
            let progress = settling.map(\.progress)
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0 < $1 })
            let released = CubicBezier.easeInOut.value(at: 0.7)
            #expect(progress.allSatisfy { $0 > released && $0 < 1 })
        }
    }

    @Test func stateSurvivesReopen() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            do {
                let engine = try EmbeddedEngine(configuration: configuration)
                defer { engine.close() }
                try Self.createClassic(engine, screens: ["Home"])
                let push = try engine.request(
                    Request(
                        requestId: "p",
                        body: .command(
                            Command(stackId: "demo", op: .push(Push(screen: "Detail", immediate: true))))))
                #expect(push.error == nil)
            }
            let reopened = try EmbeddedEngine(configuration: configuration)
            defer { reopened.close() }
            let reply = try reopened.request(Request(requestId: "g", body: .getStack(GetStack(stackId: "demo"))))
            guard case .stack(let state) = reply.body else {
                Issue.record("no stack in \(reply)")
                return
            }
            #expect(state.screens == ["Home", "Detail"])
            #expect(state.version == 4)
            let history = try reopened.request(Request(body: .readEvents(ReadEvents(fromPosition: 1))))
            guard case .events(let batch) = history.body else {
                Issue.record("no events in \(history)")
                return
            }
            #expect(batch.events.map(\.position) == [1, 2, 3, 4])
            #expect(batch.headPosition == 4)
            #expect(batch.nextPosition == 5)
        }
    }

    @Test func swipeInFlightIsCancelledOnReopen() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            do {
                let engine = try EmbeddedEngine(configuration: configuration)
                defer { engine.close() }
                try Self.createClassic(engine)
                try engine.send(Self.pan(.panBegan, tx: 4, timeUs: 0, velocity: Vec2(x: 500, y: 0)))
                try engine.send(Self.pan(.panChanged, tx: 100, timeUs: 8_000))
            }
            let reopened = try EmbeddedEngine(configuration: configuration)
            defer { reopened.close() }
            let events = Self.events(reopened)
            guard events.count == 2, case .cancelled(let cancelled) = events[0].body,
                case .completed(let completed) = events[1].body
            else {
                Issue.record("expected cancelled + completed, got \(events)")
                return
            }
            #expect(cancelled.reason == .engineRestarted)
            #expect(!completed.finished)
            #expect(completed.screens == ["Home", "Detail"])
            #expect(events.map(\.position) == [4, 5])
        }
    }

    @Test func malformedIngestBytesAreRejectedNotLogged() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            let engine = try EmbeddedEngine(configuration: configuration)
            defer { engine.close() }
            try engine.send(parts: [[0xFF, 0xFF, 0xFF]])
            guard case .rejection(let rejection)? = engine.published.last else {
                Issue.record("no rejection")
                return
            }
            #expect(rejection.error?.code == .malformed)
            #expect(rejection.stackId.isEmpty)
            #expect(engine.logHead == 0)
        }
    }
}

/// Runs `body` with a fresh temporary directory, removed afterwards.
func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-engine-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
}
