import SegueSystem
import SegueWire
import ZMQ

/// The subscriber thread of an engine run: receives frames (`fr/`) and rejections (`er/`), as a renderer would.
///
/// It time-stamps every TRACKING frame on arrival, tells the producer when a transition reached its DONE frame,
/// and counts frames lost to the publisher's high-water mark from gaps in each transition's frame sequence.
struct FrameCollector: Sendable {
    /// What arrived.
    struct Report: Sendable {
        /// Arrival times of TRACKING frames from the start of the measured window on.
        var receipts = StampLog()
        var tracking = 0
        var settling = 0
        var done = 0
        /// Frames missing from a transition's sequence: dropped by the publisher (PUB drops at its high-water mark).
        var lost = 0
        /// Rejections by error code.
        var rejections: [String: Int] = [:]
        /// The first rejection's message, to show what went wrong.
        var firstRejection: String?
        var undecodable = 0
        var failure: String?
    }

    let events: String
    let stacks: Int
    let shared: RunShared

    /// Receives until told to stop and the stream has been quiet for 300 ms (at most 3 s after the stop).
    func run() -> Report {
        var report = Report()
        do {
            try collect(&report)
        } catch {
            report.failure = "\(error)"
        }
        shared.trackingFrames.store(report.tracking, ordering: .relaxed)
        return report
    }

    private func collect(_ report: inout Report) throws {
        let context = try ZMQContext()
        let socket = try context.makeSocket(.sub)
        defer { socket.close(linger: 0) }
        // The same queue a SegueClient.Subscriber has.
        try socket.setOption(.receiveHighWaterMark, 100_000)
        try socket.setOption(.receiveTimeout, 50)
        try socket.subscribe("fr/")
        try socket.subscribe("er/")
        try socket.subscribe("pr/\(RunShared.probeToken)/")
        try socket.connect(events)

        var lastTransition = [UInt64](repeating: 0, count: stacks)
        var lastSequence = [UInt64](repeating: 0, count: stacks)
        var recordingSeen = false
        var stopSeenNs: Int64?
        var lastMessageNs = MonotonicTime.nowNs()

        while true {
            let received = try socket.receive { parts -> Bool in
                let now = MonotonicTime.nowNs()
                guard parts.count == 2, let kind = parts[0].first else {
                    report.undecodable += 1
                    return true
                }
                if kind == UInt8(ascii: "f") {
                    guard let frame = try? FrameSummary(decoding: parts[1]),
                        let stack = BenchStacks.index(of: frame.stackId), stack < stacks
                    else {
                        report.undecodable += 1
                        return true
                    }
                    let sequence = frame.sequence
                    if frame.transitionId == lastTransition[stack] {
                        if sequence > lastSequence[stack] + 1 { report.lost += Int(sequence - lastSequence[stack] - 1) }
                    } else if sequence > 1 {
                        report.lost += Int(sequence - 1)
                    }
                    lastTransition[stack] = frame.transitionId
                    lastSequence[stack] = sequence
                    switch frame.phase {
                    case .tracking:
                        report.tracking += 1
                        if report.tracking & 31 == 0 {
                            shared.trackingFrames.store(report.tracking, ordering: .relaxed)
                        }
                        if !recordingSeen { recordingSeen = shared.recording.load(ordering: .relaxed) }
                        if recordingSeen {
                            let key = FrameKey(stack: stack, transition: frame.transitionId, sequence: sequence)
                            report.receipts.append(StampedKey(key: key, ns: now))
                        }
                    case .done:
                        report.done += 1
                        let completion = RunShared.Completion(
                            stack: stack, transition: frame.transitionId, finished: frame.progress > 0.5)
                        shared.completions.withLock { $0.append(completion) }
                    default:
                        report.settling += 1
                    }
                } else if kind == UInt8(ascii: "e") {
                    guard let rejection = try? Rejection(decoding: parts[1]) else {
                        report.undecodable += 1
                        return true
                    }
                    let code = rejection.error?.code.description ?? "UNKNOWN"
                    report.rejections[code, default: 0] += 1
                    if report.firstRejection == nil {
                        report.firstRejection = "\(code) on \(rejection.stackId): " + (rejection.error?.message ?? "")
                    }
                } else if kind == UInt8(ascii: "p") {
                    shared.live.store(true, ordering: .relaxed)
                } else {
                    report.undecodable += 1
                }
                return true
            }
            let now = MonotonicTime.nowNs()
            if received != nil { lastMessageNs = now }
            if stopSeenNs == nil && shared.stopSubscriber.load(ordering: .relaxed) { stopSeenNs = now }
            if let stopped = stopSeenNs {
                if now - lastMessageNs > 300_000_000 || now - stopped > 3_000_000_000 { break }
            }
        }
    }
}
