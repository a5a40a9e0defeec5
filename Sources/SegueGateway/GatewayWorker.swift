import SegueClient
import SegueJSON
import SegueSystem
import SegueWire
import Synchronization
import WebSockets
import ZMQ

/// The gateway's long work, on a thread of its own so that the bridge keeps every page's frames flowing meanwhile:
/// reading large messages (a comparison of a long gesture is most of a megabyte of JSON), reading and folding a
/// stack's history (seconds for a long log), comparisons (a second for 5,000 pans through four profiles) and the
/// gestures of a recording file (a near-megabyte one holds some ten thousand pans). The bridge submits one job at
/// a time and keeps the others; the history reads go over a `ControlClient` of the worker's own. Each job's answer
/// goes to `finished`.
final class GatewayWorker: Sendable {
    enum Job: Sendable {
        case read(ConnectionID, [UInt8])
        case history(ConnectionID, ref: String, stackId: String)
        case compare(ConnectionID, ref: String, GestureComparison)
        case recording(ConnectionID, ref: String, RecordedGestures)

        var page: ConnectionID {
            switch self {
            case .read(let id, _), .history(let id, _, _), .compare(let id, _, _), .recording(let id, _, _): id
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
    /// In front of a cluster, where each stack's history is read: its shard's holder now.
    private let route: ClusterRoute?
    private let curve: CurveClientKeys?
    private let finished: @Sendable (ConnectionID, Answer) -> Void

    init(
        endpoints: SegueEndpoints, route: ClusterRoute? = nil, curve: CurveClientKeys?,
        finished: @escaping @Sendable (ConnectionID, Answer) -> Void
    ) throws(GatewayError) {
        self.endpoints = endpoints
        self.route = route
        self.curve = curve
        self.finished = finished
        do throws(SystemError) {
            jobs = try Mailbox()
        } catch {
            throw .system(error)
        }
    }

    /// Queues a job; any thread.
    func submit(_ job: Job) {
        jobs.post(job)
    }

    /// Makes `run()` return once the job it runs is done (a history read waits at most
    /// `GatewayLimits.requestTimeoutMs` for each page); any thread.
    func stop() {
        stopped.store(true, ordering: .releasing)
        jobs.wake()
    }

    private var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Runs until `stop()`. - Throws: `GatewayError` when the control socket cannot be made.
    func run() throws(GatewayError) {
        var controls = HistoryControls(curve: curve)
        if route == nil {
            do throws(ClientError) {
                _ = try controls.client(for: endpoints.control)
            } catch {
                throw .daemonUnreachable(error)
            }
        }
        defer { controls.closeAll() }
        var poller = ZMQPoller()
        _ = poller.add(fileDescriptor: jobs.fileDescriptor)
        while !isStopped {
            _ = try? poller.poll(timeoutMs: -1)
            for job in jobs.take() where !isStopped {
                finished(job.page, answer(job, controls: &controls))
            }
        }
    }

    private func answer(_ job: Job, controls: inout HistoryControls) -> Answer {
        switch job {
        case .read(_, let bytes):
            do throws(PageMessageError) {
                return .read(.success(try PageMessage.parse(bytes)))
            } catch {
                return .read(.failure(error))
            }
        case .history(_, let ref, let stackId):
            do throws(Refusal) {
                return Self.json(try history(of: stackId, controls: &controls), ref: ref)
            } catch {
                return Self.json(Self.refusal(error.detail), ref: ref)
            }
        case .compare(_, let ref, let comparison):
            let answer: Answer
            do throws(Refusal) {
                answer = Self.json(try comparison.run(maxAnswerBytes: GatewayLimits.maxAnswerBytes), ref: ref)
            } catch {
                return Self.json(Self.refusal(error.detail), ref: ref)
            }
            // The counts refuse most answers that do not fit; this catches the rest (numbers longer than least).
            guard case .json(let bytes) = answer, bytes.count > GatewayLimits.maxAnswerBytes else { return answer }
            return Self.json(
                Self.refusal(
                    ErrorDetail(
                        code: .resourceExhausted,
                        message: "the comparison's events and frames come to \(bytes.count) bytes, over "
                            + "\(GatewayLimits.maxAnswerBytes); compare fewer profiles or a shorter gesture")),
                ref: ref)
        case .recording(_, let ref, let recording):
            do throws(Refusal) {
                return Self.json(try recording.message(), ref: ref)
            } catch {
                return Self.json(Self.refusal(error.detail), ref: ref)
            }
        }
    }

    /// Reads a stack's events a page at a time and folds them into a `StackHistory`; in front of a cluster, at
    /// its shard's holder, and on at the next one from where the read was when the shard changes hands.
    private func history(of stackId: String, controls: inout HistoryControls) throws(Refusal) -> JSONObject {
        var history = StackHistory(stackId: stackId)
        while true {
            let endpoint = route.map { $0.holder(of: $0.shard(of: stackId)).control } ?? endpoints.control
            let batch: EventBatch
            do throws(ClientError) {
                batch = try controls.client(for: endpoint).readEvents(
                    from: history.nextPosition, stack: stackId, maxCount: StackHistory.eventsPerRead)
            } catch {
                guard let route else { throw Refusal(error.code, error.message) }
                controls.close(endpoint)
                if route.holder(of: route.shard(of: stackId)).control != endpoint, !isStopped { continue }
                throw Refusal(error.code, error.message)
            }
            if try history.add(batch) { return history.message() }
        }
    }

    /// The worker's control connections, one per daemon read from, made at its first read.
    private struct HistoryControls {
        let curve: CurveClientKeys?
        private var clients: [String: ControlClient] = [:]

        init(curve: CurveClientKeys?) { self.curve = curve }

        mutating func client(for endpoint: String) throws(ClientError) -> ControlClient {
            if let client = clients[endpoint] { return client }
            let client = try ControlClient(endpoint: endpoint, timeoutMs: GatewayLimits.requestTimeoutMs, curve: curve)
            clients[endpoint] = client
            return client
        }

        /// Closes the connection to a daemon that did not answer (it may have gone away).
        mutating func close(_ endpoint: String) {
            clients.removeValue(forKey: endpoint)?.close()
        }

        mutating func closeAll() {
            for client in clients.values { client.close() }
            clients = [:]
        }
    }

    private static func refusal(_ detail: ErrorDetail) -> JSONObject {
        var object = JSONObject()
        object.add("error", detail.jsonObject)
        return object
    }

    private static func json(_ object: JSONObject, ref: String) -> Answer {
        var object = object
        object.addRef(ref)
        return .json(Array(object.description.utf8))
    }
}
