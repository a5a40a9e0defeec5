#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Set from the SIGINT/SIGTERM handlers of the commands that run until interrupted (watch, record, play, demo);
/// they check it at least every 100 ms and then clean up (restore the terminal, flush the file, stop the daemon).
let stopRequested = Atomic<Bool>(false)
/// Set from the SIGWINCH handler: the terminal changed size, redraw everything.
let resizeRequested = Atomic<Bool>(false)

/// Installs the handlers behind ``stopRequested`` and ``resizeRequested``.
enum StopSignals {
    /// Makes SIGINT and SIGTERM set ``stopRequested`` (and SIGWINCH set ``resizeRequested``) instead of ending the
    /// process, and unblocks them: a process inherits its parent thread's signal mask, and one spawned from a thread
    /// that blocks them (a thread pool, say) would otherwise never stop.
    static func install() {
        signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in stopRequested.store(true, ordering: .relaxed) }
        signal(SIGWINCH) { _ in resizeRequested.store(true, ordering: .relaxed) }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether SIGINT or SIGTERM arrived.
    static var stopped: Bool { stopRequested.load(ordering: .relaxed) }
}
