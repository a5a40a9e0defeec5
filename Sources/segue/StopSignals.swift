import SegueCommandLine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Set from the SIGINT/SIGTERM handlers of the commands that run until interrupted (tail, watch, record, play, demo,
/// web), and SIGHUP's in those that start a daemon or drive a gesture; they check it at least every 100 ms and then clean up (restore
/// the terminal, flush the file, stop the daemon).
let stopRequested = Atomic<Bool>(false)
/// The signal behind ``stopRequested`` (SIGINT, SIGTERM or SIGHUP), 0 before one arrives.
let stopSignal = Atomic<Int32>(0)
/// Set from the SIGWINCH handler: the terminal changed size, redraw everything.
let resizeRequested = Atomic<Bool>(false)

/// Installs the handlers behind ``stopRequested`` and ``resizeRequested``.
enum StopSignals {
    /// Makes SIGINT and SIGTERM set ``stopRequested`` (and SIGWINCH set ``resizeRequested``) instead of ending the
    /// process, and unblocks them (`SignalMask.unblock`).
    /// - Parameter hangUp: SIGHUP too: a command that starts a daemon stops it when its terminal closes, as when
    ///   it is interrupted, rather than die and leave the daemon running; one that holds a finger down lifts it.
    static func install(hangUp: Bool = false) {
        let stop: @convention(c) (Int32) -> Void = { number in
            stopSignal.store(number, ordering: .relaxed)
            stopRequested.store(true, ordering: .relaxed)
        }
        signal(SIGINT, stop)
        signal(SIGTERM, stop)
        signal(SIGWINCH) { _ in resizeRequested.store(true, ordering: .relaxed) }
        SignalMask.unblock(SIGINT, SIGTERM, SIGWINCH)
        if hangUp {
            signal(SIGHUP, stop)
            SignalMask.unblock(SIGHUP)
        }
    }

    /// Whether a stop signal arrived.
    static var stopped: Bool { stopRequested.load(ordering: .relaxed) }
}
