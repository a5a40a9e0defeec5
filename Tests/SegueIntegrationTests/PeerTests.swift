import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SegueClient
import SegueWire
import Synchronization
import Testing
import ZMQ

/// Peers that misbehave by being slow or by dying do not hold the daemon up: a subscriber that never reads, a
/// producer that vanishes mid-gesture, a REQ client that asks and leaves, a producer that floods one stack.
@Suite struct PeerTests {
    static func create(_ control: ControlClient, _ stack: String, tuning: Tuning? = nil) throws {
        _ = try control.command(Command(stackId: stack, op: .create(CreateStack(
            screens: ["Home", "Detail"],
            config: StackConfig(size: Size(width: 400, height: 800), profile: "classic", tuning: tuning)))))
    }

    /// Waits (bounded) until the daemon's head reaches `position`.
    static func awaitHead(_ control: ControlClient, _ position: UInt64, within seconds: Double = 60) throws -> Stats {
        let deadline = Date().addingTimeInterval(seconds)
        var stats = try control.stats()
        while stats.headPosition < position && Date() < deadline {
            // Each request is a round trip through the daemon's loop, which is what paces this wait.
            stats = try control.stats()
        }
        return stats
    }

    @Test func aSubscriberThatNeverReadsDoesNotHoldIngestBack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        try Self.create(control, "burst")
        let producer = try Producer(endpoint: daemon.endpoints.ingest, sendTimeoutMs: 10_000)

        // A subscriber to everything with a receive queue of one message, which reads only to know it is live.
        let context = try ZMQContext()
        defer { context.shutdown() }
        let stalled = try context.makeSocket(.sub)
        defer { stalled.close(linger: 0) }
        try stalled.setOption(.receiveHighWaterMark, 1)
        try stalled.setOption(.receiveBufferSize, 4096)
        try stalled.subscribe("")
        try stalled.connect(daemon.endpoints.events)
        var live = false
        for _ in 0..<200 where !live {
            try producer.send(pan: PanEvent(stackId: "burst", gestureId: 999, phase: .panChanged))
            try stalled.setOption(.receiveTimeout, 25)
            live = try stalled.receive() != nil
        }
        #expect(live, "the subscriber never received anything")

        // Every resize appends an event (and publishes it): 20000 of them, none read by the subscriber.
        let burst = 20_000
        let before = try control.stats().headPosition
        for index in 0..<burst {
            try producer.send(command: Command(stackId: "burst", op: .resize(Resize(
                size: Size(width: 300 + Double(index % 100), height: 800)))))
        }
        let stats = try Self.awaitHead(control, before + UInt64(burst))
        #expect(stats.headPosition == before + UInt64(burst), "\(stats)")
        #expect(try control.stack("burst").version == UInt64(burst) + 1)
        #expect(daemon.stop() == 0)
    }

    @Test func aProducerThatDiesMidGestureEndsInAGestureTimeout() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        try Self.create(control, "orphan", tuning: Tuning(gestureTimeoutMs: 200))
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["ev/orphan/", "er/orphan/"])
        do {
            // Its own context: closing it is this producer's death, with BEGAN and CHANGED sent and nothing after.
            let context = try ZMQContext()
            let dying = try Producer(endpoint: daemon.endpoints.ingest, context: context)
            try DaemonTests.awaitLive(subscriber, control: control)
            for (phase, tx, timeUs) in [(PanPhase.panBegan, 5.0, Int64(0)), (.panChanged, 80.0, 16_000)] {
                try dying.send(pan: PanEvent(stackId: "orphan", gestureId: 7, phase: phase,
                                             location: Vec2(x: 10 + tx, y: 300), translation: Vec2(x: tx, y: 0),
                                             velocity: Vec2(x: 300, y: 0), timestampUs: timeUs))
            }
            dying.close()
            context.shutdown()
        }
        var cancelled: TransitionCancelled?
        var completed: TransitionCompleted?
        let deadline = Date().addingTimeInterval(10)
        while completed == nil && Date() < deadline {
            guard case .event(let event)? = try subscriber.next(timeoutMs: 100) else { continue }
            switch event.body {
            case .cancelled(let body): cancelled = body
            case .completed(let body): completed = body
            default: break
            }
        }
        #expect(cancelled?.reason == .gestureTimeout, "\(String(describing: cancelled))")
        #expect(completed?.finished == false)
        #expect(try control.stack("orphan").screens == ["Home", "Detail"])
        #expect(daemon.stop() == 0)
    }

    @Test func aRequesterThatVanishesDoesNotBlockTheControlSocket() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let context = try ZMQContext()
        defer { context.shutdown() }
        let read = Request(requestId: "gone", body: .readEvents(ReadEvents(fromPosition: 1)))
        // One asks and closes at once; others ask and never read their replies.
        let leaver = try context.makeSocket(.req)
        try leaver.connect(daemon.endpoints.control)
        try leaver.send([read.encoded()])
        leaver.close(linger: 1000)
        var silent: [ZMQSocket] = []
        for _ in 0..<20 {
            let socket = try context.makeSocket(.req)
            try socket.setOption(.linger, 0)
            try socket.connect(daemon.endpoints.control)
            try socket.send([read.encoded()])
            silent.append(socket)
        }
        defer { for socket in silent { socket.close() } }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        try Self.create(control, "after")
        #expect(try control.stats().stacks == 1)
        #expect(daemon.stop() == 0)
    }

    /// Tells the flooding thread to stop.
    final class FloodSwitch: Sendable {
        let stop = Atomic<Bool>(false)
        let sent = Atomic<Int>(0)
    }

    @Test func aFloodOnOneStackDoesNotStarveAnother() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 30_000)
        try Self.create(control, "busy")
        try Self.create(control, "quiet")
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["ev/quiet/", "er/quiet/"])
        try DaemonTests.awaitLive(subscriber, control: control)

        let flood = FloodSwitch()
        let finished = DispatchSemaphore(value: 0)
        let endpoint = daemon.endpoints.ingest
        let thread = Thread {
            defer { finished.signal() }
            guard let producer = try? Producer(endpoint: endpoint, sendTimeoutMs: 100, lingerMs: 0) else { return }
            var index = 0
            while !flood.stop.load(ordering: .relaxed) {
                // Pans of a gesture that never began (each a rejection) and resizes (each a logged event).
                let sent: Bool
                if index % 4 == 0 {
                    sent = (try? producer.send(command: Command(stackId: "busy", op: .resize(Resize(
                        size: Size(width: 300 + Double(index % 50), height: 800)))))) != nil
                } else {
                    sent = (try? producer.send(pan: PanEvent(stackId: "busy", gestureId: 3, phase: .panChanged,
                                                             translation: Vec2(x: Double(index), y: 0)))) != nil
                }
                if sent { flood.sent.add(1, ordering: .relaxed) }
                index += 1
            }
        }
        thread.start()
        defer {
            flood.stop.store(true, ordering: .relaxed)
            finished.wait()
        }
        // Let the flood get going: wait until the busy stack has taken some of it.
        _ = try Self.awaitHead(control, try control.stats().headPosition + 500, within: 30)

        let started = Date()
        let result = try control.command(Command(stackId: "quiet", op: .push(Push(screen: "Next", immediate: true))))
        let answered = Date()
        var completedPosition: UInt64?
        let deadline = Date().addingTimeInterval(30)
        while completedPosition == nil && Date() < deadline {
            if case .event(let event)? = try subscriber.next(timeoutMs: 100), case .completed = event.body {
                completedPosition = event.position
            }
        }
        let seen = Date()
        print(String(format: "PeerTests: during a flood (%d inputs sent so far) the quiet stack's push was "
            + "answered in %.1f ms and its events published in %.1f ms",
            flood.sent.load(ordering: .relaxed), answered.timeIntervalSince(started) * 1000,
            seen.timeIntervalSince(started) * 1000))
        #expect(completedPosition == result.lastPosition)
        #expect(try control.stack("quiet").screens == ["Home", "Detail", "Next"])
        flood.stop.store(true, ordering: .relaxed)
        #expect(daemon.stop() == 0)
    }
}
