import SegueClient
import SegueSystem
import SegueWire
import ZMQ

/// The producer thread of an engine run: drives swipes on every stack through the daemon's ingest socket.
///
/// Each stack repeats: a gesture (BEGAN, CHANGED at 120 Hz producer time, then ENDED or CANCELLED), then a wait
/// for the transition's DONE frame (the subscriber reports it), then, when the swipe finished and popped a
/// screen, an immediate push that puts it back, and the next gesture. Stacks that are mid-gesture take turns one
/// pan at a time, as 1000 fingers on 1000 screens would interleave.
///
/// Sending is either as fast as the daemon takes it (throughput; at most `window` pans whose frames have not
/// arrived yet, so the queues stay short and the measurement is of the engine, not of queue bloat), or paced at
/// `rate` pans per second (latency).
struct SwipeProducer: Sendable {
    struct Plan: Sendable {
        var ingest: String
        /// The control endpoint, for the probes that prove the subscriber live.
        var control: String
        var stacks: Int
        /// Pans per second, nil for as fast as possible.
        var rate: Double?
        /// Pans in flight at most (sent, frame not yet received) when not paced.
        var window: Int
        var seed: UInt64
    }

    /// What the producer did, for the report.
    struct Report: Sendable {
        /// Send times of the pans that should yield TRACKING frames, sent inside the measured window.
        var sends = StampLog()
        var pans = 0
        var pushes = 0
        var gestures = 0
        /// Time in the measured window with no stack ready to send (all waiting for their settle to end).
        var idleNs: Int64 = 0
        /// Time in the measured window spent waiting because `window` pans were in flight.
        var windowWaitNs: Int64 = 0
        /// Sends that waited out the 100 ms send timeout (the daemon's input queue was full) and were retried.
        var blockedSends = 0
        /// Stacks that never saw their DONE frame within 5 s and were restarted anyway.
        var fallbacks = 0
        var pacerRestarts = 0
        var failure: String?
    }

    let plan: Plan
    let shared: RunShared

    /// Where one stack is.
    private struct Driver {
        enum Phase { case gesturing, settling }
        var phase = Phase.gesturing
        /// The transition id the next started transition will get (stacks are created idle, last id 0).
        var nextTransition: UInt64 = 1
        /// The transition the current gesture runs.
        var transition: UInt64 = 0
        var gesture: [[UInt8]] = []
        var cursor = 0
        var gestureCount: UInt64 = 0
        var settlingSinceNs: Int64 = 0
    }

    /// Sends until `shared.stopProducer`; returns what it did.
    func run() -> Report {
        var report = Report()
        do {
            try drive(&report)
        } catch {
            report.failure = "\(error)"
        }
        return report
    }

    private func drive(_ report: inout Report) throws {
        let context = try ZMQContext()
        let socket = try context.makeSocket(.push)
        defer { socket.close(linger: 0) }
        // A short send timeout lets a producer blocked by a full queue notice the stop flag.
        try socket.setOption(.sendTimeout, 100)
        try socket.connect(plan.ingest)
        try awaitLiveSubscription()

        var planner = GesturePlanner(seed: plan.seed)
        var drivers = [Driver](repeating: Driver(), count: plan.stacks)
        var ready = IndexRing(capacity: plan.stacks)
        // Stacks waiting for their DONE frame, oldest first; entries of stacks that moved on are skipped lazily.
        var settling: [(stack: Int, sinceNs: Int64)] = []
        var settlingHead = 0
        let ids = (0..<plan.stacks).map { BenchStacks.id($0) }
        let pushes = (0..<plan.stacks).map { Input(body: .command(BenchStacks.pushBack($0))).encoded() }
        var pacer = plan.rate.map { Pacer(ratePerSecond: $0) }
        var pending: [RunShared.Completion] = []
        var changedSent = 0
        var iteration = 0

        func startGesture(_ stack: Int) {
            drivers[stack].gestureCount += 1
            let gestureId = UInt64(stack) << 32 | drivers[stack].gestureCount
            let gesture = planner.next(stackId: ids[stack], gestureId: gestureId, startUs: MonotonicTime.nowUs())
            drivers[stack].gesture = gesture.inputs
            drivers[stack].cursor = 0
            drivers[stack].transition = drivers[stack].nextTransition
            drivers[stack].nextTransition += 1
            drivers[stack].phase = .gesturing
            report.gestures += 1
            ready.push(stack)
        }

        func send(_ bytes: [UInt8]) throws -> Bool {
            while !shared.stopProducer.load(ordering: .relaxed) {
                if try socket.send(bytes, more: false) { return true }
                report.blockedSends += 1
            }
            return false
        }

        /// The stack's transition completed: put back a popped screen, then start the next gesture.
        func resume(_ stack: Int, finished: Bool) throws {
            if finished {
                guard try send(pushes[stack]) else { return }
                drivers[stack].nextTransition += 1
                report.pushes += 1
            }
            startGesture(stack)
        }

        for stack in 0..<plan.stacks { startGesture(stack) }

        while !shared.stopProducer.load(ordering: .relaxed) {
            iteration += 1
            if iteration & 31 == 0 || ready.isEmpty {
                pending.removeAll(keepingCapacity: true)
                shared.completions.withLock { swap(&$0, &pending) }
                for done in pending
                where drivers[done.stack].phase == .settling && drivers[done.stack].transition == done.transition {
                    try resume(done.stack, finished: done.finished)
                }
                // A DONE frame the publisher dropped would strand its stack: restart those after 5 s.
                let now = MonotonicTime.nowNs()
                while settlingHead < settling.count {
                    let (oldest, since) = settling[settlingHead]
                    let driver = drivers[oldest]
                    if driver.phase != .settling || driver.settlingSinceNs != since {
                        settlingHead += 1
                    } else if now - since > 5_000_000_000 {
                        settlingHead += 1
                        report.fallbacks += 1
                        try resume(oldest, finished: true)
                    } else {
                        break
                    }
                }
                if settlingHead > 4096 && settlingHead * 2 > settling.count {
                    settling.removeFirst(settlingHead)
                    settlingHead = 0
                }
                shared.pansSent.store(report.pans, ordering: .relaxed)
            }
            guard let stack = ready.first else {
                let idleStart = MonotonicTime.nowNs()
                MonotonicTime.sleep(nanoseconds: 100_000)
                if shared.recording.load(ordering: .relaxed) { report.idleNs += MonotonicTime.nowNs() - idleStart }
                continue
            }
            if var paced = pacer {
                let due = paced.waitForTurn()
                pacer = paced
                if !due { continue }
            } else if changedSent - shared.trackingFrames.load(ordering: .relaxed) > plan.window {
                let waitStart = MonotonicTime.nowNs()
                MonotonicTime.sleep(nanoseconds: 50_000)
                if shared.recording.load(ordering: .relaxed) {
                    report.windowWaitNs += MonotonicTime.nowNs() - waitStart
                }
                continue
            }
            _ = ready.pop()
            let cursor = drivers[stack].cursor
            let sentAt = MonotonicTime.nowNs()
            guard try send(drivers[stack].gesture[cursor]) else { break }
            report.pans += 1
            pacer?.didSend()
            // Only CHANGED pans yield TRACKING frames: BEGAN does not, nor does the release, which repeats the
            // last CHANGED's translation. Counting those would leak one "in flight" per gesture until the window
            // never opens again.
            if cursor > 0 && cursor + 1 < drivers[stack].gesture.count {
                changedSent += 1
                if shared.recording.load(ordering: .relaxed) {
                    let key = FrameKey(stack: stack, transition: drivers[stack].transition, sequence: UInt64(cursor))
                    report.sends.append(StampedKey(key: key, ns: sentAt))
                }
            }
            if cursor + 1 < drivers[stack].gesture.count {
                drivers[stack].cursor = cursor + 1
                ready.push(stack)
            } else {
                drivers[stack].phase = .settling
                drivers[stack].settlingSinceNs = sentAt
                drivers[stack].gesture = []
                settling.append((stack, sentAt))
            }
        }
        shared.pansSent.store(report.pans, ordering: .relaxed)
        report.pacerRestarts = pacer?.restarts ?? 0
    }

    /// Asks the daemon for a probe every 20 ms until the subscriber has seen one (at most 10 s).
    private func awaitLiveSubscription() throws {
        let control = try ControlClient(endpoint: plan.control, timeoutMs: 5000)
        defer { control.close() }
        let deadline = MonotonicTime.nowNs() + 10_000_000_000
        while !shared.live.load(ordering: .relaxed) {
            guard MonotonicTime.nowNs() < deadline else {
                throw BenchError(
                    "the subscriber saw no probe within 10 s: the daemon is not publishing, or the "
                        + "bench is not connected to it")
            }
            if shared.stopProducer.load(ordering: .relaxed) { return }
            try control.publishProbe(token: RunShared.probeToken)
            for _ in 0..<20 where !shared.live.load(ordering: .relaxed) {
                MonotonicTime.sleep(nanoseconds: 1_000_000)
            }
        }
    }
}

/// A fixed-capacity FIFO of stack indexes (each stack is in it at most once).
struct IndexRing {
    private var slots: [Int]
    private var head = 0
    private(set) var count = 0

    init(capacity: Int) {
        slots = [Int](repeating: 0, count: max(capacity, 1))
    }

    var isEmpty: Bool { count == 0 }
    var first: Int? { count == 0 ? nil : slots[head] }

    mutating func push(_ value: Int) {
        precondition(count < slots.count, "IndexRing overflow")
        slots[(head + count) % slots.count] = value
        count += 1
    }

    @discardableResult
    mutating func pop() -> Int? {
        guard count > 0 else { return nil }
        let value = slots[head]
        head = (head + 1) % slots.count
        count -= 1
        return value
    }
}
