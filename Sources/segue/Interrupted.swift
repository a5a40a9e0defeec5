import SegueCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// A command that Ctrl-C (SIGINT) or SIGTERM stopped before it was done: not a failure of the daemon, so it is
/// reported as `segue: interrupted ...` and ends with 128 + the signal's number (130 for Ctrl-C), as a shell reports a
/// command that a signal ended.
struct Interrupted: Error, CustomStringConvertible {
    /// `interrupted`, or how far the command got: `interrupted after 3 of 10 inputs`.
    let description: String

    /// Runs `body`, a command's work; when it throws ``Interrupted``, which it does once its own cleanup is done,
    /// prints it and exits. Other errors pass through (exit 1).
    static func exiting(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let interrupted as Interrupted {
            Console.flush()
            Console.error("segue: \(interrupted)")
            let number = stopSignal.load(ordering: .relaxed)
            exit(128 + (number == 0 ? SIGINT : number))
        }
    }
}
