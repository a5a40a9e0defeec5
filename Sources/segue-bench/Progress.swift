import SegueCommandLine
import SegueSystem
import Synchronization

/// Progress lines on stderr, stamped with the seconds since the bench started, so stdout keeps only the report.
enum Progress {
    private static let startNs = Atomic<Int64>(0)

    /// Starts the clock the stamps count from.
    static func start() {
        startNs.store(MonotonicTime.nowNs(), ordering: .relaxed)
    }

    /// Writes `[  12.3s] message` to stderr.
    static func note(_ message: String) {
        let elapsed = MonotonicTime.seconds(from: startNs.load(ordering: .relaxed), to: MonotonicTime.nowNs())
        let stamp = Format.fixed(elapsed, 1)
        Console.error("[\(String(repeating: " ", count: max(0, 6 - stamp.count)))\(stamp)s] \(message)")
    }
}
