#if canImport(Glibc)
    import Glibc
#endif

/// The executables' signal mask.
public enum SignalMask {
    /// Unblocks `signals` on the calling thread: a process inherits its parent thread's signal mask, and one
    /// spawned from a thread that blocks them (a thread pool, say) would otherwise never see them.
    public static func unblock(_ signals: Int32...) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
