import SegueClient
import SegueSystem
import Synchronization

/// The history workload's reader: while pans are measured, a client keeps reading the long history the run's log
/// starts with, back to back, as a dashboard or a recorder catching up would. It alternates a whole one-stack
/// history, page by page, with ten pages of the whole log from a spread of positions.
final class HistoryLoad: Sendable {
    let control: String
    /// The stacks of the history (`BenchStacks.id` from `firstStack`) and its length.
    let firstStack: Int
    let stacks: Int
    let events: UInt64
    let stop = Atomic<Bool>(false)
    /// Reads done so far, for the report's rate.
    let reads = Atomic<Int>(0)
    /// How long the first one-stack read took, in microseconds (0 until it is done): it indexes the whole history.
    let firstReadUs = Atomic<Int>(0)

    init(control: String, firstStack: Int, stacks: Int, events: UInt64) {
        self.control = control
        self.firstStack = firstStack
        self.stacks = stacks
        self.events = events
    }

    /// Reads until `stop` is set.
    /// - Returns: why reading failed, or nil.
    func run() -> String? {
        // The reading client is a load on the daemon, not on the machine: at the normal priority, its decoding would
        // take the CPU from the daemon's engine thread on a two-core machine, and the run would measure that.
        ThreadPriority.lowerToNice19()
        do {
            let client = try ControlClient(endpoint: control, timeoutMs: 30_000)
            defer { client.close() }
            var round = 0
            while !stop.load(ordering: .relaxed) {
                round += 1
                if round % 2 == 1 {
                    let stack = BenchStacks.id(firstStack + (round / 2) % stacks)
                    var position: UInt64 = 1
                    while !stop.load(ordering: .relaxed) {
                        let started = MonotonicTime.nowNs()
                        let batch = try client.readEvents(from: position, stack: stack, maxCount: 1000)
                        if round == 1 && position == 1 {
                            firstReadUs.store(Int(max(1, (MonotonicTime.nowNs() - started) / 1000)), ordering: .relaxed)
                        }
                        reads.add(1, ordering: .relaxed)
                        if batch.events.isEmpty { break }
                        position = batch.nextPosition
                    }
                } else {
                    // Spread over the log by a stride prime to its length's usual round numbers.
                    var position = UInt64(round) * 7_919 % max(events, 1) + 1
                    for _ in 0..<10 where !stop.load(ordering: .relaxed) {
                        let batch = try client.readEvents(from: position, maxCount: 1000)
                        reads.add(1, ordering: .relaxed)
                        position = batch.nextPosition
                    }
                }
            }
        } catch {
            return "\(error)"
        }
        return nil
    }
}
