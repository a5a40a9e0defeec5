import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM during a run: the daemon being measured is killed at once, from the handler, and
/// the run unwinds through its cleanup (temporary directories removed) when it next checks `requested`.
/// A second signal exits immediately.
enum Interruption {
    /// Set by the first signal.
    static let requested = Atomic<Bool>(false)
    /// The pid of the running daemon, 0 when none: the benchmark runs one daemon at a time.
    static let daemonPid = Atomic<Int32>(0)
    /// The pid of a process in front of it (the web workload's `segue web`), 0 when none.
    static let frontPid = Atomic<Int32>(0)
    /// The pid of the peer the redis workload measures (redis-server), 0 when none runs.
    static let peerPid = Atomic<Int32>(0)
    /// The process group of the cluster workload's nats-servers, 0 when none run.
    static let serverGroup = Atomic<Int32>(0)

    /// Installs the handlers.
    static func install() {
        // A daemon that exits while a producer writes to it must not kill the bench with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, handle)
        signal(SIGTERM, handle)
    }

    /// Throws `BenchError.interrupted` once a signal came.
    static func check() throws(BenchError) {
        if requested.load(ordering: .relaxed) { throw .interrupted }
    }

    /// Whether a signal came.
    static var isRequested: Bool { requested.load(ordering: .relaxed) }
}

/// Only async-signal-safe work: lock-free atomics, kill(2) and _exit(2).
private func handle(_ signal: Int32) {
    if Interruption.requested.exchange(true, ordering: .relaxed) {
        _exit(128 + signal)
    }
    for pid in [
        Interruption.frontPid.load(ordering: .relaxed), Interruption.daemonPid.load(ordering: .relaxed),
        Interruption.peerPid.load(ordering: .relaxed),
    ] where pid > 0 {
        kill(pid, SIGKILL)
    }
    let group = Interruption.serverGroup.load(ordering: .relaxed)
    if group > 0 { kill(-group, SIGKILL) }
}
