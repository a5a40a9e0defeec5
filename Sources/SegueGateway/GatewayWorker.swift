import SegueClient
import SegueJSON
import SegueSystem
import SegueWire
import Synchronization
import WebSockets
import ZMQ

/// The gateway's long work, on a thread of its own so that the bridge keeps every page's frames flowing meanwhile:
/// reading large messages (a comparison of a long gesture is most of a megabyte of JSON), reading and folding a
/// stack's history (seconds for a long log) and comparisons (a second for 5,000 pans through four profiles). The
/// bridge submits one job at a time and keeps the others; the history reads go over a `ControlClient` of the
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
        let control: ControlClient
        do throws(ClientError) {
            control = try ControlClient(
                endpoint: endpoints.control, timeoutMs: GatewayLimits.requestTimeoutMs, curve: curve)
        } catch {
            throw .daemonUnreachable(error)
        }
        defer { control.close() }
        var poller = ZMQPoller()
        _ = poller.add(fileDescriptor: jobs.fileDescriptor)
        while !isStopped {
            _ = try? poller.poll(timeoutMs: -1)
            for job in jobs.take() where !isStopped {
                finished(job.page, answer(job, control: control))
            }
        }
    }

    private func answer(_ job: Job, control: ControlClient) -> Answer {
        switch job {
        case .read(_, let bytes):
            do throws(PageMessageError) {
                return .read(.success(try PageMessage.parse(bytes)))
            } catch {
                return .read(.failure(error))
            }
        case .history(_, let ref, let stackId):
            do throws(Refusal) {
                return Self.json(try Self.history(of: stackId, from: control), ref: ref)
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
        }
    }

    /// Reads a stack's events a page at a time and folds them into a `StackHistory`.
    private static func history(of stackId: String, from control: ControlClient) throws(Refusal) -> JSONObject {
        var history = StackHistory(stackId: stackId)
        while true {
            let batch: EventBatch
            do throws(ClientError) {
                batch = try control.readEvents(
                    from: history.nextPosition, stack: stackId, maxCount: StackHistory.eventsPerRead)
            } catch {
                throw Refusal(error.code, error.message)
            }
            if try history.add(batch) { return history.message() }
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
