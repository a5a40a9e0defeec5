import Dispatch
import Glibc
import SegueCore
import SegueLog
import SegueWire
import Synchronization

/// Serves `ReadEvents` on a thread of its own, from a view of the log (`LogView`) taken when the request arrived:
/// reading history never stalls the engine's turns. (On the engine's thread, a one-stack read of a 70,000-event log
/// took about 21 ms, and every pan waited as long.) One-stack reads go through the stacks' index
/// (`StackPositions`).
///
/// The engine hands over reads (`submit`) and takes the finished answers on a later turn (`collect`); each answer
/// is a reply to send as it is. A finished answer makes `wakeDescriptor` (a pipe's reading end) readable, so that
/// an engine waiting in poll sends it at once.
final class HistoryReader: Sendable {
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

    /// What the reading thread keeps between reads; touched only on `queue`.
    private final class ReadingState: @unchecked Sendable {
        let reader = LogViewReader()
        var index = StackPositions()
    }

    private let queue = DispatchQueue(label: "segue.engine.history")
    private let state = ReadingState()
    private let answers = Mutex<[Answer]>([])
    /// Reads submitted and not collected yet.
    private let outstanding = Atomic<Int>(0)
    /// A pipe's reading end, readable while answers wait to be collected, and its writing end.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32

    /// Largest batch a read returns, and the default; a batch also stops past `Ledger.maxReadBytes`.
    static let defaultReadCount = 1000
    static let maxReadCount = 10_000

    /// - Throws: `EngineError` when no pipe can be made (the process is out of descriptors).
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
        wakeWriter = ends[1]
    }

    deinit {
        queue.sync {}
        Glibc.close(wakeDescriptor)
        Glibc.close(wakeWriter)
    }

    /// Reads submitted whose answers have not been collected.
    var pending: Int { outstanding.load(ordering: .relaxed) }

    /// Queues a read; its answer comes out of `collect` once served.
    func submit(_ job: Job) {
        outstanding.add(1, ordering: .relaxed)
        queue.async { [self] in
            var reply = Reply(requestId: job.requestId)
            do throws(HistoryReadFailure) {
                reply.body = .events(try serve(job.read, from: job.view))
            } catch {
                reply.error = error.detail
            }
            let first = answers.withLock { list in
                list.append(Answer(envelope: job.envelope, reply: reply))
                return list.count == 1
            }
            // One byte per batch of answers: the pipe never fills, and `collect` empties it.
            if first {
                var byte: UInt8 = 1
                _ = write(wakeWriter, &byte, 1)
            }
        }
    }

    /// The answers served since the last call, in the order they were submitted.
    func collect() -> [Answer] {
        var drained = [UInt8](repeating: 0, count: 64)
        _ = read(wakeDescriptor, &drained, drained.count)
        let taken = answers.withLock { list in
            defer { list.removeAll() }
            return list
        }
        outstanding.subtract(taken.count, ordering: .relaxed)
        return taken
    }

    /// Waits until every read submitted so far is served.
    func waitUntilServed() {
        queue.sync {}
    }

    /// Up to `max_count` events from `from_position`, of all stacks or one (through the index).
    private func serve(_ read: ReadEvents, from view: LogView) throws(HistoryReadFailure) -> EventBatch {
        if !read.stackId.isEmpty, let error = Validation.checkStackId(read.stackId) { throw .invalid(error) }
        let from = max(read.fromPosition, 1)
        if from < view.firstPosition {
            throw .invalid(
                ErrorDetail(
                    code: .positionRemoved,
                    message:
                        "position \(from) was removed by retention; the oldest kept position is \(view.firstPosition)"
                ))
        }
        let wanted = read.maxCount == 0 ? Self.defaultReadCount : min(Int(read.maxCount), Self.maxReadCount)
        var batch = EventBatch(nextPosition: from, headPosition: view.headPosition)
        var bytes = 0
        var failure: HistoryReadFailure?
        /// Takes one event into the batch; false once the batch is full.
        func take(_ position: UInt64, _ payload: UnsafeRawBufferPointer) -> Bool {
            do throws(WireDecodingError) {
                batch.events.append(try Event(decoding: payload))
            } catch {
                failure = .undecodable(position: position, error)
                return false
            }
            bytes += payload.count
            batch.nextPosition = position + 1
            return batch.events.count < wanted && bytes < Ledger.maxReadBytes
        }
        if !read.stackId.isEmpty { try state.index.catchUp(to: view, with: state.reader) }
        do throws(LogError) {
            if read.stackId.isEmpty {
                try state.reader.visit(view, from: from, take)
            } else {
                let positions = state.index.positions(of: read.stackId, from: from, maxCount: wanted)
                var next = positions.startIndex
                var full = false
                while next < positions.endIndex && !full && failure == nil {
                    // A walk goes on to the stack's next event unless it lies far ahead: a seek reads past up to 63
                    // records, so walking is cheaper for events that close.
                    try state.reader.visit(view, from: positions[next]) { position, payload in
                        guard position == positions[next] else { return true }
                        full = !take(position, payload)
                        next += 1
                        return !full && next < positions.endIndex && positions[next] - position <= 64
                    }
                }
                // Every event of the stack up to the view's head is in the batch: the next read starts after it.
                if next == positions.endIndex && positions.count < wanted {
                    batch.nextPosition = max(from, view.headPosition + 1)
                }
            }
        } catch {
            throw .log(error)
        }
        if let failure { throw failure }
        return batch
    }
}
