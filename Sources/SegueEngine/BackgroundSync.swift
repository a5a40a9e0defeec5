import Dispatch
import SegueLog
import SegueSystem
import Synchronization

/// Runs the interval policy's fdatasync on a thread of its own, so that the engine thread never waits for the
/// disk: a sync takes from a few hundred microseconds to milliseconds, and every input arriving meanwhile would
/// wait as long (the pan-to-frame latency's tail). The engine starts one sync at a time and collects its result
/// on a later turn; replies waiting for durability are sent then.
final class BackgroundSync: Sendable {
    /// What a finished sync reports.
    struct Result: Sendable {
        var position: UInt64
        var failure: LogError?
        var microseconds: Double
    }

    private let queue = DispatchQueue(label: "segue.engine.sync")
    private let finished = Mutex<Result?>(nil)
    /// Whether a sync was started and its result not collected yet (engine thread only).
    private let running = Atomic<Bool>(false)

    var isRunning: Bool { running.load(ordering: .relaxed) }

    /// Starts `sync` on the background thread; call only when `isRunning` is false.
    func start(_ sync: PendingSync) {
        running.store(true, ordering: .relaxed)
        queue.async { [self] in
            let start = MonotonicTime.nowUs()
            let failure = sync.perform()
            let elapsed = Double(MonotonicTime.nowUs() - start)
            finished.withLock { $0 = Result(position: sync.position, failure: failure, microseconds: elapsed) }
        }
    }

    /// The result of the running sync once it has finished (then no sync is running), else nil.
    func collect() -> Result? {
        let result = finished.withLock { value in
            defer { value = nil }
            return value
        }
        if result != nil { running.store(false, ordering: .relaxed) }
        return result
    }

    /// Waits for the running sync, if any, and returns its result.
    func wait() -> Result? {
        queue.sync {}
        return collect()
    }
}
