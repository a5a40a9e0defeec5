import SegueSystem
import Synchronization
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// The web workload's browsers: one WebSocket per stack to `segue web`, each watching its stack's frames, all on
/// one thread (libwebsockets' client side), time-stamping every TRACKING frame on arrival as `FrameCollector`
/// does on its direct ZeroMQ subscription, so the two can be joined frame by frame.
final class WebWatchers: Sendable {
    /// What arrived.
    struct Report: Sendable {
        /// Arrival times of TRACKING frames in the measured window.
        var receipts = StampLog()
        /// Frames of any phase received in the measured window.
        var framesInWindow = 0
        var closed = 0
        var failure: String?
    }

    /// The gateway's counters (its `gatewayStats` answer).
    struct GatewayCounters: Sendable {
        var framesWritten = 0
        var framesConflated = 0
    }

    let port: Int
    let stacks: Int
    let shared: RunShared
    /// Pages whose watch is live (`watching` answered).
    let watching = Atomic<Int>(0)
    private let service = Mutex<WebSocketService?>(nil)
    private let statsAsked = Atomic<Bool>(false)
    private let counters = Mutex<GatewayCounters?>(nil)

    init(port: Int, stacks: Int, shared: RunShared) {
        self.port = port
        self.stacks = stacks
        self.shared = shared
    }

    /// Connects every page and receives until `stop()`.
    func run() -> Report {
        var report = Report()
        var client: WebSocketService!
        var stackOf: [ConnectionID: Int] = [:]
        // What each page sends, in order.
        var pending: [ConnectionID: [[UInt8]]] = [:]
        var handlers = WebSocketService.Handlers()
        handlers.opened = { id in client.requestWrite(id) }
        handlers.writable = { id in
            guard var queue = pending.removeValue(forKey: id), !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            if !queue.isEmpty { pending[id] = queue }
            return first
        }
        handlers.closed = { _ in report.closed += 1 }
        handlers.woken = { [self] in
            guard statsAsked.exchange(false, ordering: .relaxed), let first = stackOf.keys.min() else { return }
            pending[first, default: []].append(Array(#"{"gatewayStats":{}}"#.utf8))
            client.requestWrite(first)
        }
        handlers.received = { [self] _, message in
            receive(message, into: &report)
        }
        do {
            client = try WebSocketService(clientsWithMaxMessageBytes: 1 << 20, handlers: handlers)
        } catch {
            report.failure = "\(error)"
            return report
        }
        service.withLock { $0 = client }
        for stack in 0..<stacks {
            guard
                let id = client.connect(
                    host: "127.0.0.1", port: port, path: "/",
                    origin: "127.0.0.1:\(port)")
            else {
                report.failure = "cannot open WebSocket \(stack) to 127.0.0.1:\(port)"
                return report
            }
            stackOf[id] = stack
            // As the page does, it asks for batches first.
            pending[id] = [
                Array(#"{"batching":{"on":true}}"#.utf8),
                Array(#"{"watch":{"stackId":"\#(BenchStacks.id(stack))"}}"#.utf8),
            ]
        }
        client.run()
        service.withLock { $0 = nil }
        client.shutDown()
        return report
    }

    /// Ends `run()`; any thread.
    func stop() {
        service.withLock { $0 }?.stop()
    }

    /// The gateway's counters, asked over the first page's socket; nil when no answer came in `timeoutMs`.
    func gatewayCounters(timeoutMs: Int) -> GatewayCounters? {
        counters.withLock { $0 = nil }
        statsAsked.store(true, ordering: .relaxed)
        service.withLock { $0 }?.wake()
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        while MonotonicTime.nowNs() < deadline {
            if let answer = counters.withLock({ $0 }) { return answer }
            MonotonicTime.sleep(nanoseconds: 5_000_000)
        }
        return nil
    }

    private func receive(_ message: [UInt8], into report: inout Report) {
        let now = MonotonicTime.nowNs()
        if message.starts(with: Self.batchPrefix) {
            for member in Self.members(ofBatch: message) { receive(member, at: now, into: &report) }
        } else {
            receive(message, at: now, into: &report)
        }
    }

    private func receive(_ message: [UInt8], at now: Int64, into report: inout Report) {
        if message.starts(with: Self.framePrefix) {
            guard let frame = Self.frameHead(message) else { return }
            guard shared.recording.load(ordering: .relaxed) else { return }
            report.framesInWindow += 1
            if frame.tracking {
                let key = FrameKey(stack: frame.stack, transition: frame.transition, sequence: frame.sequence)
                report.receipts.append(StampedKey(key: key, ns: now))
            }
        } else if message.starts(with: Array(#"{"watching""#.utf8)) {
            watching.add(1, ordering: .relaxed)
        } else if message.starts(with: Array(#"{"gatewayStats""#.utf8)) {
            let answer = GatewayCounters(
                framesWritten: Self.number(after: #""framesWritten":"#, in: message) ?? 0,
                framesConflated: Self.number(after: #""framesConflated":"#, in: message) ?? 0)
            counters.withLock { $0 = answer }
        }
    }

    private static let framePrefix = Array(#"{"frame":{"stackId":""#.utf8)
    private static let batchPrefix = Array(#"{"batch":["#.utf8)

    /// The messages of a `{"batch": [...]}` the gateway wrote, each a JSON object: split where an object at the
    /// array's level closes, strings (and their escapes) skipped, so no JSON parser is needed here either.
    static func members(ofBatch batch: [UInt8]) -> [[UInt8]] {
        var members: [[UInt8]] = []
        var depth = 0
        var start = batchPrefix.count
        var inString = false
        var escaped = false
        for index in batchPrefix.count..<batch.count {
            let byte = batch[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"):
                if depth == 0 { start = index }
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { members.append(Array(batch[start...index])) }
            default: break
            }
        }
        return members
    }

    /// The stack, transition, sequence and phase of a frame's JSON, read from its head: the gateway writes a
    /// frame's members in field order (`stackId`, `transitionId`, `sequence`, ...), so no JSON parser is needed
    /// to keep up with thousands of frames a second.
    static func frameHead(_ message: [UInt8]) -> (stack: Int, transition: UInt64, sequence: UInt64, tracking: Bool)? {
        var index = framePrefix.count
        guard let quote = message[index...].firstIndex(of: UInt8(ascii: "\"")),
            let stack = BenchStacks.index(of: String(decoding: message[index..<quote], as: UTF8.self))
        else { return nil }
        index = quote
        guard let transition = number(after: #""transitionId":"#, in: message, from: &index),
            let sequence = number(after: #""sequence":"#, in: message, from: &index)
        else { return nil }
        let tracking = end(of: trackingPhase, in: message, from: index) != nil
        return (stack, UInt64(transition), UInt64(sequence), tracking)
    }

    private static let trackingPhase = Array(#""phase":"TRACKING""#.utf8)

    /// Where the first `needle` at or after `start` ends. A plain scan: `firstRange(of:)`, generic, looked up type
    /// metadata at every call and kept this thread from following 12,000 frames a second.
    private static func end(of needle: [UInt8], in message: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, message.count >= needle.count else { return nil }
        return message.withUnsafeBufferPointer { bytes in
            needle.withUnsafeBufferPointer { needle in
                var index = start
                while index + needle.count <= bytes.count {
                    if bytes[index] == first,
                        memcmp(bytes.baseAddress! + index, needle.baseAddress!, needle.count) == 0
                    {
                        return index + needle.count
                    }
                    index += 1
                }
                return nil
            }
        }
    }

    private static func number(after label: String, in message: [UInt8]) -> Int? {
        var index = 0
        return number(after: label, in: message, from: &index)
    }

    private static func number(after label: String, in message: [UInt8], from index: inout Int) -> Int? {
        guard let end = end(of: Array(label.utf8), in: message, from: index) else { return nil }
        index = end
        var value = 0
        var digits = 0
        while index < message.count, let digit = Optional(message[index]), digit >= 48, digit <= 57 {
            value = value * 10 + Int(digit - 48)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }
}
