import NATS
import SegueClusterClient
import SegueLogging

/// Asks JetStream for a replicated stream (or bucket) until the cluster has placed it.
///
/// A cluster that has just formed, or is electing its metadata leader after losing a server, can take longer than
/// one request's wait to place a new stream on its servers, or answer that JetStream is unavailable for now. Both
/// pass, so a daemon started beside its servers asks again rather than exiting; asking again is safe, since a stream
/// that was created meanwhile is left as it is.
struct StreamPlacement {
    let report: Logger
    /// A daemon asked to stop (SIGTERM) while waiting stops asking, rather than outwaiting its patience.
    let stopRequested: () -> Bool
    /// How long a daemon keeps asking before it gives up and exits: long enough for a metadata leader to be elected
    /// (a few seconds) on a loaded machine.
    let patienceMs = 60_000
    /// How often a daemon that keeps asking says so.
    let warningIntervalMs = 5_000

    /// Runs `ensure` until it succeeds, fails for a reason that does not pass, `patienceMs` ran out, or a stop was
    /// requested.
    func retrying<Placed>(_ what: String, _ ensure: () throws(NATSError) -> Placed) throws(NATSError) -> Placed {
        let deadline = ContinuousClock.now + .milliseconds(patienceMs)
        var attempts = 0
        var nextWarning = ContinuousClock.now
        while true {
            do {
                return try ensure()
            } catch let error where error.isPassing && ContinuousClock.now < deadline && !stopRequested() {
                attempts += 1
                // The first refusal says why the daemon waits; then one line every few seconds says it still does.
                if ContinuousClock.now >= nextWarning {
                    report.warn(
                        "JetStream has not placed \(what) yet; asking again",
                        ["error": error.description, "attempts": "\(attempts)"])
                    nextWarning = ContinuousClock.now + .milliseconds(warningIntervalMs)
                }
                // An unavailable JetStream answers at once: a pause keeps the servers from being asked in a loop.
                if !error.isTimeout { sleepBriefly(milliseconds: 250) }
            }
        }
    }
}
