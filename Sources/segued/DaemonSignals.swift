import SegueCommandLine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Set from the SIGINT and SIGTERM handlers; the engine loop checks it at least every 100 ms.
let stopRequested = Atomic<Bool>(false)
/// Set by SIGHUP: re-read the authorized keys.
let reloadRequested = Atomic<Bool>(false)

/// The daemon's signal handlers. They live outside main.swift on purpose: a closure written in top-level code is
/// isolated to the main actor, and Swift checks that isolation when it runs, while the kernel delivers a signal to
/// whichever thread does not block it (the engine's helper threads included): such a handler would crash the
/// daemon instead of stopping it.
enum DaemonSignals {
    /// Makes SIGINT and SIGTERM set `stopRequested` and SIGHUP `reloadRequested` (nothing else happens in the
    /// handlers: an atomic store is safe in any thread at any moment), ignores SIGPIPE, and unblocks the three (a
    /// parent that blocks them must not make segued unstoppable).
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT) { _ in stopRequested.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in stopRequested.store(true, ordering: .relaxed) }
        signal(SIGHUP) { _ in reloadRequested.store(true, ordering: .relaxed) }
        SignalMask.unblock(SIGINT, SIGTERM, SIGHUP)
    }
}
