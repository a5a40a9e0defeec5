import Dispatch
import Glibc
import SegueLog
import SegueThreads
import SegueWire
import Synchronization

/// Serves `ReadEvents` on a thread of its own, from a view of the log (`LogView`) taken when the request arrived:
/// reading history never stalls the engine's turns. (On the engine's thread, a one-stack read of a 70,000-event log
/// took about 21 ms, and every pan waited as long.) One-stack reads go through the stacks' index
/// (`StackPositions`).
///
/// The thread runs at the idle scheduling class (SCHED_IDLE): on a machine whose cores are busy, the engine's
/// thread (and the producers and subscribers on the same machine) get the CPU first, and reads take what is left.
/// Reads slow down under load; pans do not.
///
/// The engine hands over reads (`submit`) and takes the finished answers on a later turn (`collect`); each answer
/// is a reply to send as it is. A finished answer makes `wakeDescriptor` (a pipe's reading end) readable, so that
/// an engine waiting in poll sends it at once.
final class HistoryReader {
    /// One read to serve, with what its reply needs.
    struct Job: Sendable {
        var envelope: [[UInt8]]
        var requestId: String
        var read: ReadEvents
        var view: LogView
    }

    /// A served read: the reply to send to `envelope`.
    struct Answer: Sendable {
        var envelope: [[UInt8]]
        var reply: Reply
    }

    /// What the engine's thread and the reading thread share.
    private final class Shared: Sendable {
        let jobs = Mutex<[Job]>([])
        let answers = Mutex<[Answer]>([])
        /// Signalled once per job submitted, and once to stop.
        let jobsWaiting = DispatchSemaphore(value: 0)
        /// Signalled once per job served.
        let jobServed = DispatchSemaphore(value: 0)
        let served = Atomic<Int>(0)
        let stopping = Atomic<Bool>(false)
        let wakeWriter: Int32

        init(wakeWriter: Int32) {
            self.wakeWriter = wakeWriter
        }
    }

    private let shared: Shared
    private let thread: JoinableThread<Void>
    /// Reads submitted, and answers collected (engine thread only).
    private var submitted = 0
    private var collected = 0
    /// A pipe's reading end, readable while answers wait to be collected.
    let wakeDescriptor: Int32

    /// Starts the reading thread.
    /// - Throws: `EngineError` when no pipe or thread can be made.
    init() throws(EngineError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw EngineError("cannot make the history reader's pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = ends[0]
        let shared = Shared(wakeWriter: ends[1])
        self.shared = shared
        do {
            thread = try JoinableThread(name: "history reader") { Self.serve(shared) }
        } catch {
            Glibc.close(ends[0])
            Glibc.close(ends[1])
            throw EngineError("\(error)")
        }
    }

    deinit {
        shared.stopping.store(true, ordering: .relaxed)
        shared.jobsWaiting.signal()
        thread.join()
        Glibc.close(wakeDescriptor)
        Glibc.close(shared.wakeWriter)
    }

    /// Reads submitted whose answers have not been collected.
    var pending: Int { submitted - collected }

    /// Queues a read; its answer comes out of `collect` once served.
    func submit(_ job: Job) {
        submitted += 1
        shared.jobs.withLock { $0.append(job) }
        shared.jobsWaiting.signal()
    }

    /// The answers served since the last call, in the order they were submitted.
    func collect() -> [Answer] {
        var drained = [UInt8](repeating: 0, count: 64)
        _ = read(wakeDescriptor, &drained, drained.count)
        let taken = shared.answers.withLock { list in
            defer { list.removeAll() }
            return list
        }
        collected += taken.count
        return taken
    }

    /// Waits until every read submitted so far is served.
    func waitUntilServed() {
        while shared.served.load(ordering: .acquiring) < submitted { shared.jobServed.wait() }
    }

    /// The reading thread: serves jobs in order until told to stop.
    private static func serve(_ shared: Shared) {
        // SCHED_IDLE (Linux's 5, which Glibc's module does not name): below every nice level; an unprivileged
        // thread may move itself there. Should it be refused, reads run at the normal priority.
        var parameters = sched_param(sched_priority: 0)
        _ = pthread_setschedparam(pthread_self(), 5, &parameters)
        let serving = HistoryServing()
        while true {
            shared.jobsWaiting.wait()
            if shared.stopping.load(ordering: .relaxed) { return }
            guard let job = shared.jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            var reply = Reply(requestId: job.requestId)
            do throws(HistoryReadFailure) {
                reply.body = .events(try serving.serve(job.read, from: job.view))
            } catch {
                reply.error = error.detail
            }
            let first = shared.answers.withLock { list in
                list.append(Answer(envelope: job.envelope, reply: reply))
                return list.count == 1
            }
            shared.served.add(1, ordering: .releasing)
            shared.jobServed.signal()
            // One byte per batch of answers: the pipe never fills, and `collect` empties it.
            if first {
                var byte: UInt8 = 1
                _ = write(shared.wakeWriter, &byte, 1)
            }
        }
    }
}
