import Dispatch
import SegueLog
import SegueSystem
import SegueWire
import Synchronization

/// Serves `ReadEvents` on a thread of its own, from a view of the log (`LogView`) taken when the request arrived:
/// reading history never stalls the engine's turns. (On the engine's thread, a one-stack read of a 70,000-event log
/// took about 21 ms, and every pan waited as long.) One-stack reads go through the stacks' index
/// (`StackPositions`).
///
/// The thread runs in the idle scheduling class (SCHED_IDLE): reads take only CPU that nothing else wants, so they
/// never delay the engine's thread (nor the producers and subscribers on the same machine). Reads slow down under
/// load, and wait while the machine is saturated; pans do not. (At normal priority reads took about a fifth of a
/// two-core machine's CPU from the engine's thread, and at nice 19 the pan -> frame p99 still rose 1.6 to 3.7
/// times: docs/performance.md.)
///
/// The engine hands over reads (`submit`) and takes the finished answers on a later turn (`collect`); each answer
/// is a reply to send as it is. A finished answer makes `wakeDescriptor` (a pipe's reading end) readable, so that
/// an engine waiting in poll sends it at once; the engine empties it (`drainWake`) whenever poll finds it readable.
/// At most `maxWaiting` reads wait, and `maxWaitingPerClient` of one client: past that a read is refused at once
/// (`refusal(for:)`), so one client's reads never hold up the others' requests.
final class HistoryReader {
    /// One read to serve, with what its reply needs.
    struct Job: Sendable {
        var envelope: [[UInt8]]
        var requestId: String
        var read: ReadEvents
        var view: LogView
    }

    /// A served read: the reply to send to `envelope`, encoded by the reading thread (a reply of 64 KiB of events
    /// takes a few hundred microseconds to encode, which the engine's thread does not spend).
    struct Answer: Sendable {
        var envelope: [[UInt8]]
        var requestId: String
        var payload: [UInt8]
        var failed: Bool
    }

    /// What the engine's thread and the reading thread share.
    private final class Shared: Sendable {
        let jobs = Mutex<[Job]>([])
        let answers = Mutex<[Answer]>([])
        /// Signalled once per job submitted, and once to stop.
        let jobsWaiting = DispatchSemaphore(value: 0)
        /// Signalled once per job served while `waitUntilServed` waits.
        let jobServed = DispatchSemaphore(value: 0)
        let waiter = Atomic<Bool>(false)
        let served = Atomic<Int>(0)
        let stopping = Atomic<Bool>(false)
        let wake: WakePipe

        init(wake: WakePipe) {
            self.wake = wake
        }
    }

    private let shared: Shared
    private let thread: JoinableThread<Void>
    private var stopped = false
    /// Reads submitted, and answers collected (engine thread only).
    private var submitted = 0
    private var collected = 0
    /// Reads waiting, by the routing id of the client that asked (engine thread only).
    private var waitingByClient: [[UInt8]: Int] = [:]
    /// A pipe's reading end, readable after answers were added for collection.
    var wakeDescriptor: Int32 { shared.wake.fileDescriptor }

    /// The most reads that may wait for the reader, in all and from one client.
    static let maxWaiting = 256
    static let maxWaitingPerClient = 8

    /// Starts the reading thread.
    /// - Throws: `EngineError` when no pipe or thread can be made.
    init() throws(EngineError) {
        let wake: WakePipe
        do {
            wake = try WakePipe()
        } catch {
            throw EngineError("cannot start the history reader", .system(error))
        }
        let shared = Shared(wake: wake)
        self.shared = shared
        do {
            thread = try JoinableThread(name: "segue-history") { Self.serve(shared) }
        } catch {
            throw EngineError("cannot start the history reader", .thread(error))
        }
    }

    /// Stops the reading thread once the read it is serving is done; the reads still queued are dropped (their
    /// clients get no reply). Idempotent.
    func stop() {
        if stopped { return }
        stopped = true
        shared.stopping.store(true, ordering: .relaxed)
        shared.jobsWaiting.signal()
        thread.join()
    }

    deinit {
        stop()
    }

    /// Reads submitted whose answers have not been collected.
    var waiting: Int { submitted - collected }

    /// Why a read from the client `routingId` cannot be queued now, or nil when it can.
    func refusal(for routingId: [UInt8]) -> ErrorDetail? {
        if waiting >= Self.maxWaiting {
            return ErrorDetail(
                code: .resourceExhausted,
                message: "\(Self.maxWaiting) history reads are waiting to be served; read again later")
        }
        if waitingByClient[routingId, default: 0] >= Self.maxWaitingPerClient {
            return ErrorDetail(
                code: .resourceExhausted,
                message: "this client has \(Self.maxWaitingPerClient) history reads waiting to be served; wait for "
                    + "their replies before reading more")
        }
        return nil
    }

    /// Queues a read; its answer comes out of `collect` once served.
    func submit(_ job: Job) {
        submitted += 1
        waitingByClient[job.envelope[0], default: 0] += 1
        shared.jobs.withLock { $0.append(job) }
        shared.jobsWaiting.signal()
    }

    /// The answers served since the last call, in the order they were submitted.
    func collect() -> [Answer] {
        let taken = shared.answers.withLock { list in
            defer { list.removeAll() }
            return list
        }
        collected += taken.count
        for answer in taken {
            let client = answer.envelope[0]
            let left = waitingByClient[client, default: 1] - 1
            waitingByClient[client] = left > 0 ? left : nil
        }
        return taken
    }

    /// Empties the wake-up pipe: the engine calls it whenever poll finds it readable, whatever is waiting, so that
    /// a byte written for answers already collected cannot keep poll returning at once.
    func drainWake() {
        shared.wake.drain()
    }

    /// Waits until every read submitted so far is served (at once once stopped: nothing will serve them).
    func waitUntilServed() {
        if stopped { return }
        shared.waiter.store(true, ordering: .sequentiallyConsistent)
        while shared.served.load(ordering: .sequentiallyConsistent) < submitted { shared.jobServed.wait() }
        shared.waiter.store(false, ordering: .sequentiallyConsistent)
    }

    /// The reading thread: serves jobs in order until told to stop.
    private static func serve(_ shared: Shared) {
        ThreadPriority.lowerToIdle()
        let serving = HistoryServing()
        while true {
            shared.jobsWaiting.wait()
            if shared.stopping.load(ordering: .relaxed) { return }
            let (job, last) = shared.jobs.withLock { jobs -> (Job?, Bool) in
                jobs.isEmpty ? (nil, true) : (jobs.removeFirst(), jobs.isEmpty)
            }
            guard let job else { continue }
            var reply = Reply(requestId: job.requestId)
            do throws(HistoryReadFailure) {
                reply.body = .events(try serving.serve(job.read, from: job.view))
            } catch {
                reply.error = error.detail
            }
            let first = shared.answers.withLock { list in
                list.append(
                    Answer(
                        envelope: job.envelope, requestId: job.requestId, payload: reply.encoded(),
                        failed: reply.error != nil))
                return list.count == 1
            }
            if last { serving.idle() }
            shared.served.add(1, ordering: .sequentiallyConsistent)
            if shared.waiter.load(ordering: .sequentiallyConsistent) { shared.jobServed.signal() }
            // One byte whenever answers start to wait; `drainWake` empties the pipe (should it ever be full, a
            // failed write is harmless: the pipe is readable already).
            if first { shared.wake.wake() }
        }
    }
}
