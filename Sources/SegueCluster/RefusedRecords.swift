import SegueLogging
import Synchronization

/// Counts the records a daemon refuses on its shard's stream and in its buckets, and logs them: the first at once,
/// then at most one line every 10 s with the count since, so that a flood of forged messages cannot flood the log.
final class RefusedRecords: Sendable {
    private struct State {
        var total = 0
        var unreported = 0
        var lastReport: ContinuousClock.Instant?
    }

    private let report: Logger
    private let state = Mutex(State())

    init(report: Logger) {
        self.report = report
    }

    /// How many records were refused so far.
    var total: Int { state.withLock { $0.total } }

    /// Counts one refused record: `place` is where it was found (a stream and sequence, or a key).
    func refuse(_ place: String, reason: String) {
        let line: (total: Int, count: Int)? = state.withLock { state in
            state.total += 1
            state.unreported += 1
            let now = ContinuousClock.now
            if let last = state.lastReport, now - last < .seconds(10) { return nil }
            state.lastReport = now
            defer { state.unreported = 0 }
            return (state.total, state.unreported)
        }
        guard let line else { return }
        report.warn(
            "refused a record that no holder of the shard wrote",
            ["at": place, "reason": reason, "refused_since_last_line": line.count, "refused": line.total])
    }
}
