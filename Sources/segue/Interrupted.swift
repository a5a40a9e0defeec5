#if canImport(Glibc)
    import Glibc
#endif

/// A command that Ctrl-C (SIGINT) or SIGTERM stopped before it was done: not a failure of the daemon, so it is
/// reported as `segue: interrupted ...` and ends with 128 + the signal's number (130 for Ctrl-C), as a shell reports a
/// command that a signal ended.
struct Interrupted: Error, CustomStringConvertible {
    /// `interrupted`, or how far the command got: `interrupted after 3 of 10 inputs`.
    let description: String

    /// The exit status: 128 + the stopping signal's number, as a shell reports it.
    static var exitStatus: Int32 {
        let number = stopSignal.load(ordering: .relaxed)
        return 128 + (number == 0 ? SIGINT : number)
    }
}
