import SegueSystem

/// Spaces sends at a fixed rate by sleeping until each one is due (no spinning: on two cores a spinning producer
/// would take the CPU the daemon needs).
///
/// Sleeps end up to the kernel's timer slack (50 us) late, so sends leave in small bursts that catch up; the
/// average rate holds. A producer that falls more than 20 ms behind (nothing was ready to send) restarts the
/// schedule instead of bursting to catch up, and counts it.
struct Pacer {
    let intervalNs: Double
    private var startNs: Int64
    private var sent = 0
    /// How often the schedule restarted because the producer fell behind.
    private(set) var restarts = 0

    init(ratePerSecond: Double) {
        intervalNs = 1e9 / ratePerSecond
        startNs = MonotonicTime.nowNs()
    }

    /// Waits until the next send is due. Returns false instead of waiting when the send is more than `maxWaitNs`
    /// away, so the caller can do other work first.
    mutating func waitForTurn(maxWaitNs: Int64 = 1_000_000) -> Bool {
        let due = startNs + Int64(Double(sent) * intervalNs)
        let now = MonotonicTime.nowNs()
        if now - due > 20_000_000 {
            restarts += 1
            startNs = now - Int64(Double(sent) * intervalNs)
            return true
        }
        let wait = due - now
        // Below the timer slack a sleep would only make the send later than due.
        guard wait > 30_000 else { return true }
        MonotonicTime.sleep(nanoseconds: min(wait, maxWaitNs))
        return wait <= maxWaitNs
    }

    /// Counts one send.
    mutating func didSend() {
        sent += 1
    }
}
