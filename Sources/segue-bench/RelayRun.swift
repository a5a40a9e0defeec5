import SegueSystem
import ZMQ

#if canImport(Glibc)
    import SegueCommandLine
    import Glibc
#endif

/// The relay ceiling measured the way the engine is: the same producer pattern and message bytes (real encoded
/// pan `Input`s from the same gesture mix), sent as fast as the relay takes them (with the same in-flight window)
/// or paced, to a subscriber thread that time-stamps what arrives.
struct RelayRun {
    struct Setup: Sendable {
        var label: String
        var stacks: Int
        /// Messages per second, nil for as fast as possible.
        var rate: Double?
        var warmupSeconds: Double
        var measureSeconds: Double
        var window = 10_000
        var seed: UInt64 = 0x5E6E_BE4C
    }

    struct Result: Sendable {
        var setup: Setup
        var seconds: Double
        var messagesPerSecond: Double
        var latency: LatencyHistogram
        /// Messages the relay's publisher dropped (sent after the subscription was live, never received).
        var dropped: Int
        var averageBytes: Double
        /// The bench's CPU seconds per second of the window (producer, relay, subscriber and their I/O threads).
        var benchCores: Double
    }

    /// Starts a relay, measures `setup` through it, stops it.
    static func run(_ setup: Setup) throws(BenchError) -> Result {
        let relay = try Relay()
        defer { _ = relay.stop() }
        let shared = RunShared()
        let events = relay.events
        let ingest = relay.ingest
        let receiving = try JoinableThread.bench("relay subscriber") { receive(events: events, shared: shared) }
        let sending: JoinableThread<SendReport>
        do {
            sending = try JoinableThread.bench("relay producer") { send(ingest: ingest, setup: setup, shared: shared) }
        } catch {
            shared.stopSubscriber.store(true, ordering: .relaxed)
            _ = receiving.join()
            throw error
        }
        var stopped = false
        func stopThreads() -> (SendReport, ReceiveReport) {
            shared.stopProducer.store(true, ordering: .relaxed)
            let sent = sending.join()
            shared.stopSubscriber.store(true, ordering: .relaxed)
            let received = receiving.join()
            stopped = true
            return (sent, received)
        }
        defer { if !stopped { _ = stopThreads() } }

        let liveDeadline = MonotonicTime.nowNs() + 10_000_000_000
        while !shared.live.load(ordering: .relaxed) {
            try Interruption.check()
            guard MonotonicTime.nowNs() < liveDeadline else {
                throw BenchError("\(setup.label): nothing came through the relay within 10 s")
            }
            MonotonicTime.sleep(nanoseconds: 5_000_000)
        }
        try sleep(setup.warmupSeconds)
        let before = shared.trackingFrames.load(ordering: .relaxed)
        let usageBefore = ProcessUsage.read(pid: getpid())
        let start = MonotonicTime.nowNs()
        shared.recording.store(true, ordering: .relaxed)
        try sleep(setup.measureSeconds)
        shared.recording.store(false, ordering: .relaxed)
        let end = MonotonicTime.nowNs()
        let after = shared.trackingFrames.load(ordering: .relaxed)
        let usageAfter = ProcessUsage.read(pid: getpid())
        let (sent, received) = stopThreads()
        if let failure = relay.stop() ?? sent.failure ?? received.failure {
            throw BenchError("\(setup.label): \(failure)")
        }
        let seconds = MonotonicTime.seconds(from: start, to: end)
        let joined = LatencyJoin.join(sends: sent.sends.all, receipts: received.receipts.all)
        let dropped = received.firstCounter.map { sent.count - Int($0) + 1 - received.count } ?? sent.count
        return Result(
            setup: setup, seconds: seconds, messagesPerSecond: Double(after - before) / seconds,
            latency: joined.histogram, dropped: max(0, dropped),
            averageBytes: sent.count > 0 ? Double(sent.bytes) / Double(sent.count) : 0,
            benchCores: ((usageAfter?.cpuSeconds ?? 0) - (usageBefore?.cpuSeconds ?? 0)) / seconds)
    }

    private static func sleep(_ seconds: Double) throws(BenchError) {
        let deadline = MonotonicTime.nowNs() + Int64(seconds * 1e9)
        while MonotonicTime.nowNs() < deadline {
            try Interruption.check()
            MonotonicTime.sleep(nanoseconds: min(20_000_000, deadline - MonotonicTime.nowNs()))
        }
    }

    private struct SendReport: Sendable {
        var sends = StampLog()
        var count = 0
        var bytes = 0
        var failure: String?
    }

    private struct ReceiveReport: Sendable {
        var receipts = StampLog()
        var count = 0
        var firstCounter: UInt64?
        var failure: String?
    }

    /// The relay's producer: every stack's gestures, one pan per stack in turn, a new gesture as soon as one ends
    /// (the relay has no settle to wait for).
    private static func send(ingest: String, setup: Setup, shared: RunShared) -> SendReport {
        var report = SendReport()
        do {
            let context = try ZMQContext()
            let socket = try context.makeSocket(.push)
            defer { socket.close(linger: 0) }
            try socket.setOption(.sendTimeout, 100)
            try socket.connect(ingest)
            var planner = GesturePlanner(seed: setup.seed)
            let ids = (0..<setup.stacks).map { BenchStacks.id($0) }
            var gestures = ids.enumerated().map { index, id in
                planner.next(stackId: id, gestureId: UInt64(index) << 32 | 1, startUs: MonotonicTime.nowUs()).inputs
            }
            var cursors = [Int](repeating: 0, count: setup.stacks)
            var counts = [UInt64](repeating: 1, count: setup.stacks)
            var stack = 0
            var pacer = setup.rate.map { Pacer(ratePerSecond: $0) }
            // Until the subscription is live, send a message every millisecond rather than flood a void.
            while !shared.live.load(ordering: .relaxed) && !shared.stopProducer.load(ordering: .relaxed) {
                if try socket.send(gestures[0][0], more: false) {
                    report.count += 1
                    report.bytes += gestures[0][0].count
                }
                MonotonicTime.sleep(nanoseconds: 1_000_000)
            }
            while !shared.stopProducer.load(ordering: .relaxed) {
                if var paced = pacer {
                    let due = paced.waitForTurn()
                    pacer = paced
                    if !due { continue }
                } else if report.count - shared.trackingFrames.load(ordering: .relaxed) > setup.window {
                    MonotonicTime.sleep(nanoseconds: 50_000)
                    continue
                }
                let bytes = gestures[stack][cursors[stack]]
                let sentAt = MonotonicTime.nowNs()
                guard try socket.send(bytes, more: false) else { continue }
                report.count += 1
                report.bytes += bytes.count
                pacer?.didSend()
                if shared.recording.load(ordering: .relaxed) {
                    // The relay numbers messages from 1 in arrival order, which is send order.
                    report.sends.append(StampedKey(key: FrameKey(raw: UInt64(report.count)), ns: sentAt))
                }
                cursors[stack] += 1
                if cursors[stack] == gestures[stack].count {
                    counts[stack] += 1
                    gestures[stack] =
                        planner.next(
                            stackId: ids[stack], gestureId: UInt64(stack) << 32 | counts[stack],
                            startUs: MonotonicTime.nowUs()
                        ).inputs
                    cursors[stack] = 0
                }
                stack = stack + 1 == setup.stacks ? 0 : stack + 1
            }
        } catch {
            report.failure = "relay producer: \(error)"
        }
        return report
    }

    /// The relay's subscriber: counts and time-stamps what arrives, without decoding the payload.
    private static func receive(events: String, shared: RunShared) -> ReceiveReport {
        var report = ReceiveReport()
        do {
            let context = try ZMQContext()
            let socket = try context.makeSocket(.sub)
            defer { socket.close(linger: 0) }
            try socket.setOption(.receiveHighWaterMark, 100_000)
            try socket.setOption(.receiveTimeout, 50)
            try socket.subscribe("fr/")
            try socket.connect(events)
            var recordingSeen = false
            var stopSeenNs: Int64?
            var lastMessageNs = MonotonicTime.nowNs()
            while true {
                let received = try socket.receive { parts -> Bool in
                    let now = MonotonicTime.nowNs()
                    guard let counter = Relay.counter(inTopic: parts[0]) else { return true }
                    if report.firstCounter == nil {
                        report.firstCounter = counter
                        shared.live.store(true, ordering: .relaxed)
                    }
                    report.count += 1
                    if report.count & 31 == 0 { shared.trackingFrames.store(report.count, ordering: .relaxed) }
                    if !recordingSeen { recordingSeen = shared.recording.load(ordering: .relaxed) }
                    if recordingSeen { report.receipts.append(StampedKey(key: FrameKey(raw: counter), ns: now)) }
                    return true
                }
                let now = MonotonicTime.nowNs()
                if received != nil { lastMessageNs = now }
                if stopSeenNs == nil && shared.stopSubscriber.load(ordering: .relaxed) { stopSeenNs = now }
                if let stopped = stopSeenNs, now - lastMessageNs > 300_000_000 || now - stopped > 3_000_000_000 {
                    break
                }
            }
        } catch {
            report.failure = "relay subscriber: \(error)"
        }
        shared.trackingFrames.store(report.count, ordering: .relaxed)
        return report
    }
}
