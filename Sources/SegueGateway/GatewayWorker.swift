import SegueClient
import SegueJSON
import SegueWire
import Synchronization
import WebSockets
import ZMQ

/// The gateway's long work, on a thread of its own so that the bridge keeps every page's frames flowing meanwhile:
/// reading large messages (a comparison of a long gesture is most of a megabyte of JSON), reading and folding a
/// stack's history (seconds for a long log) and comparisons (a second for 5,000 pans through four profiles). The
/// bridge submits one job at a time and keeps the others; the history reads go over a control socket of the
/// worker's own. Each job's answer goes to `finished`.
final class GatewayWorker: Sendable {
    enum Job: Sendable {
        case read(ConnectionID, [UInt8])
        case history(ConnectionID, ref: String, stackId: String)
        case compare(ConnectionID, ref: String, GestureComparison)

        var page: ConnectionID {
            switch self {
            case .read(let id, _), .history(let id, _, _), .compare(let id, _, _): id
            }
        }
    }

    enum Answer: Sendable {
        /// A message read for the bridge to handle.
        case read(Result<(PageMessage, ref: String), PageMessageError>)
        /// JSON for the page.
        case json([UInt8])
    }

    private let jobs: Mailbox<Job>
    private let stopped = Atomic<Bool>(false)
    private let endpoints: SegueEndpoints
    private let curve: CurveClientKeys?
    private let finished: @Sendable (ConnectionID, Answer) -> Void

    init(
        endpoints: SegueEndpoints, curve: CurveClientKeys?,
        finished: @escaping @Sendable (ConnectionID, Answer) -> Void
    ) throws(GatewayError) {
        self.endpoints = endpoints
        self.curve = curve
        self.finished = finished
        jobs = try Mailbox()
    }

    /// Queues a job; any thread.
    func submit(_ job: Job) {
        jobs.post(job)
    }

    /// Makes `run()` return, within 50 ms when a history read is waiting on the daemon; any thread.
    func stop() {
        stopped.store(true, ordering: .releasing)
        jobs.wake()
    }

    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Runs until `stop()`. - Throws: `GatewayError` when the control socket cannot be made.
    func run() throws(GatewayError) {
        let control: ZMQSocket
        do throws(ZMQError) {
            control = try ZMQContext().makeSocket(.dealer)
            try control.setOption(.linger, 0)
            try curve?.apply(to: control)
            try control.connect(endpoints.control)
        } catch {
            throw GatewayError("cannot connect to the daemon: \(error)")
        }
        defer { control.close(linger: 0) }
        var reader = HistoryReader(control: control, endpoint: endpoints.control)
        var poller = ZMQPoller()
        _ = poller.add(fileDescriptor: jobs.fileDescriptor)
        while !isStopped {
            _ = try? poller.poll(timeoutMs: -1)
            for job in jobs.take() where !isStopped {
                switch job {
                case .read(let id, let bytes):
                    do throws(PageMessageError) {
                        finished(id, .read(.success(try PageMessage.parse(bytes))))
                    } catch {
                        finished(id, .read(.failure(error)))
                    }
                case .history(let id, let ref, let stackId):
                    var answer: JSONObject
                    do throws(Refusal) {
                        answer = try reader.read(stackId, while: { !self.isStopped })
                    } catch {
                        answer = JSONObject()
                        answer.add("error", error.detail.jsonObject)
                    }
                    answer.add("ref", ref)
                    finished(id, .json(Array(answer.description.utf8)))
                case .compare(let id, let ref, let comparison):
                    var answer = comparison.run()
                    answer.add("ref", ref)
                    var json = Array(answer.description.utf8)
                    if json.count > GatewayLimits.maxAnswerBytes {
                        var refusal = JSONObject()
                        refusal.add(
                            "error",
                            ErrorDetail(
                                code: .resourceExhausted,
                                message: "the comparison's events "
                                    + "and frames come to \(json.count) bytes, over \(GatewayLimits.maxAnswerBytes); compare "
                                    + "fewer profiles or a shorter gesture"
                            ).jsonObject)
                        refusal.add("ref", ref)
                        json = Array(refusal.description.utf8)
                    }
                    finished(id, .json(json))
                }
            }
        }
    }
}

/// Reads a stack's events a page at a time over the worker's control socket and folds them into a `StackHistory`.
private struct HistoryReader {
    let control: ZMQSocket
    let endpoint: String
    private var lastTag: UInt64 = 0

    init(control: ZMQSocket, endpoint: String) {
        self.control = control
        self.endpoint = endpoint
    }

    mutating func read(_ stackId: String, while running: () -> Bool) throws(Refusal) -> JSONObject {
        var history = StackHistory(stackId: stackId)
        while true {
            let reply = try ask(history.request, while: running)
            if let error = reply.error { throw Refusal(error) }
            guard case .events(let batch)? = reply.body else {
                throw Refusal(.unavailable, "the daemon answered a read of \(stackId) with something else")
            }
            if try history.add(batch) { return history.message() }
        }
    }

    /// Sends one request and waits up to `GatewayLimits.requestTimeoutMs` for its reply, passing over late
    /// replies to earlier requests that timed out.
    private mutating func ask(_ request: Request, while running: () -> Bool) throws(Refusal) -> Reply {
        lastTag += 1
        let tag = withUnsafeBytes(of: lastTag.bigEndian) { Array($0) }
        guard (try? control.send([tag, request.encoded()], dontWait: true)) == true else {
            throw Refusal(
                .unavailable,
                "the daemon's control socket is not taking requests (is segued running at "
                    + "\(endpoint)?)")
        }
        var poller = ZMQPoller()
        _ = poller.add(control)
        let deadlineNs = GatewayBridge.nowNs() + UInt64(GatewayLimits.requestTimeoutMs) * 1_000_000
        while running(), GatewayBridge.nowNs() < deadlineNs {
            _ = try? poller.poll(timeoutMs: 50)
            while let parts = try? control.receive(dontWait: true) {
                guard parts.count == 2, parts[0] == tag else { continue }
                do {
                    return try Reply(decoding: parts[1])
                } catch {
                    throw Refusal(.malformed, "the daemon's reply does not decode: \(error)")
                }
            }
        }
        throw Refusal(
            .unavailable,
            "the daemon at \(endpoint) did not answer within "
                + "\(GatewayLimits.requestTimeoutMs) ms")
    }
}
