import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

/// The built `segued` as a subprocess, driven through SegueClient: a swipe back end to end, and restarts.
@Suite struct DaemonTests {
    static let width = 400.0

    static func createClassic(_ control: ControlClient, stack: String = "demo", tuning: Tuning? = nil) throws {
        _ = try control.command(
            Command(
                stackId: stack,
                op: .create(
                    CreateStack(
                        screens: ["Home", "Detail"],
                        config: StackConfig(
                            size: Size(width: width, height: 800), profile: "classic", tuning: tuning)))))
    }

    /// Returns once the subscriber's subscriptions are live (`SubscriptionProbe`). What arrives meanwhile (the
    /// effects of what the test did before) is dropped: the daemon published it before the probe.
    static func awaitLive(_ subscriber: Subscriber, control: ControlClient) throws {
        try SubscriptionProbe.awaitLive(subscriber, control: control, timeoutMs: 5000)
    }

    static func pan(_ phase: PanPhase, tx: Double, timeUs: Int64) -> PanEvent {
        PanEvent(
            stackId: "demo", gestureId: 1, phase: phase, location: Vec2(x: 10 + tx, y: 300),
            translation: Vec2(x: tx, y: 0), velocity: Vec2(x: 600, y: 0), timestampUs: timeUs)
    }

    @Test func swipeBackEndToEnd() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let producer = try Producer(endpoint: daemon.endpoints.ingest)
        let subscriber = try Subscriber(
            endpoint: daemon.endpoints.events,
            prefixes: [Topic.event.prefix("demo"), Topic.frame.prefix("demo"), Topic.rejection.prefix("demo")])
        try Self.createClassic(control)
        try Self.awaitLive(subscriber, control: control)

        try producer.send(pan: Self.pan(.panBegan, tx: 4, timeUs: 0))
        for step in 1...4 {
            try producer.send(pan: Self.pan(.panChanged, tx: Double(step) * 65, timeUs: Int64(step) * 8_333))
        }
        try producer.send(pan: Self.pan(.panEnded, tx: 260, timeUs: 40_000))

        var events: [Event] = []
        var frames: [Frame] = []
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            guard let publication = try subscriber.next(timeoutMs: 100) else { continue }
            switch publication {
            case .event(let event): events.append(event)
            case .frame(let frame): frames.append(frame)
            case .rejection(let rejection): Issue.record("unexpected rejection \(rejection)")
            case .probe: break  // a late answer to the liveness probe
            case .undecodable(let topic, let reason): Issue.record("undecodable \(topic): \(reason)")
            }
            if frames.last?.phase == .done { break }
        }
        let kinds = events.compactMap { event -> String? in
            switch event.body {
            case .began(let began): began.interactive && began.operation == .pop ? "began" : "other"
            case .progressed: "progressed"
            case .finished(let finished): finished.reason == .passedThreshold ? "finished" : "other"
            case .completed(let completed): completed.finished && completed.screens == ["Home"] ? "completed" : "other"
            default: "other"
            }
        }
        #expect(kinds == ["began", "progressed", "progressed", "progressed", "progressed", "finished", "completed"])
        #expect(zip(events, events.dropFirst()).allSatisfy { $1.position == $0.position + 1 })
        #expect(frames.filter { $0.phase == .tracking }.count == 4)
        guard
            case .finished(let finished)? = events.first(where: { if case .finished = $0.body { true } else { false } }
            )?.body,
            let finishedAt = events.first(where: { if case .finished = $0.body { true } else { false } })?.timeUs,
            let done = frames.last, done.phase == .done
        else {
            Issue.record("no finished event or DONE frame: \(events) \(frames)")
            return
        }
        // 260 of 400 pt: 0.35 of the classic (001_774936b8fb1b231f.txt) 250 ms animation remains.
        #expect(finished.settleUs == 87_500)
        #expect(done.timeUs == finishedAt + finished.settleUs)
        #expect(done.from?.rect?.x == Self.width)
        #expect(done.to?.rect?.x == 0)
        let settling = frames.filter { $0.phase == .settling }.map(\.timeUs)
        let due = (1...5).map { finishedAt + Int64($0) * 1_000_000 / 60 }
        // A daemon that fell more than 50 ms behind skips the late frames and counts them (`FramePacing`); the
        // frames it drew are still at their own times.
        let skipped = try control.stats().framesSkipped
        #expect(settling == due.filter { settling.contains($0) } && settling.count + Int(skipped) == due.count)
        #expect(daemon.stop() == 0)
    }

    @Test func aProbeReachesOnlyItsOwnTopicAndChangesNothing() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let mine = try Subscriber(endpoint: daemon.endpoints.events, prefixes: [Topic.probe.prefix("mine")])
        // What `segue tail --frames` subscribes to: every topic but the probes'.
        let tail = try Subscriber(
            endpoint: daemon.endpoints.events,
            prefixes: [Topic.event.prefix, Topic.frame.prefix, Topic.rejection.prefix])
        try Self.awaitLive(tail, control: control)
        let head = try control.stats().headPosition
        var arrived = false
        for _ in 0..<100 where !arrived {
            try control.publishProbe(token: "mine")
            if case .probe(let probe)? = try mine.next(timeoutMs: 50) {
                #expect(probe.token == "mine")
                arrived = true
            }
        }
        #expect(arrived, "no probe on pr/mine/")
        // A stack created after the probes: the tail sees its event, and nothing of the probes before it.
        try Self.createClassic(control, stack: "after")
        let first = try tail.next(timeoutMs: 5000)
        guard case .event(let event)? = first else {
            Issue.record("expected the stack_created event, got \(String(describing: first))")
            return
        }
        #expect(event.stackId == "after" && event.position == head + 1)
        for token in ["", "a/b", String(repeating: "x", count: 65)] {
            #expect {
                try control.publishProbe(token: token)
            } throws: { error in
                guard case ClientError.errorReply(let detail) = error else { return false }
                return detail.code == .invalidArgument && detail.message.hasPrefix("probe token")
            }
        }
        #expect(daemon.stop() == 0)
    }

    @Test func restartKeepsTheStateAndTheHistory() throws {
        let data = try ScratchDirectory(prefix: "segued-restart")
        var history: [Event] = []
        do {
            let daemon = try DaemonProcess.start(dataDirectory: data.url)
            defer { daemon.kill() }
            let control = try ControlClient(endpoint: daemon.endpoints.control)
            try Self.createClassic(control)
            _ = try control.command(Command(stackId: "demo", op: .push(Push(screen: "Settings", immediate: true))))
            history = try control.readEvents(from: 1).events
            control.close()
            #expect(daemon.stop() == 0)
        }
        let daemon = try DaemonProcess.start(dataDirectory: data.url)
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let state = try control.stack("demo")
        #expect(state.screens == ["Home", "Detail", "Settings"])
        #expect(state.version == 4)
        #expect(try control.readEvents(from: 1).events == history)
        // Positions and versions continue where the first run stopped.
        let result = try control.command(Command(stackId: "demo", op: .pop(Pop(immediate: true))))
        #expect(result.firstPosition == 5)
        #expect(result.version == 7)
        control.close()
        #expect(daemon.stop() == 0)
    }

    @Test func secondDaemonOnTheSameDirectoryExitsNamingIt() throws {
        let data = try ScratchDirectory(prefix: "segued-lock")
        let first = try DaemonProcess.start(dataDirectory: data.url)
        defer { first.kill() }
        let second = try ChildProcess(
            try BuildProducts.executable("segued"),
            [
                "--data", data.url.path, "--ingest", "tcp://127.0.0.1:*",
                "--control", "tcp://127.0.0.1:*", "--events", "tcp://127.0.0.1:*",
            ])
        let output = try second.finish(timeoutMs: 10_000)
        #expect(output.status == 1)
        #expect(output.stderr.contains(data.url.path))
        #expect(first.stop() == 0)
    }
}
