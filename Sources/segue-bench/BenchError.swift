import SegueCommandLine
import SegueSystem

/// Why a benchmark run could not produce a figure: what failed and what to check, and the error met on the way,
/// kept whole.
struct BenchError: Error, CustomStringConvertible {
    /// What failed (`"cannot connect to the control socket"`), or the whole story when nothing lower failed.
    let context: String
    /// The error the run met, if one did.
    let cause: (any Error)?
    /// Whether this is ``interrupted``: the run stops at once instead of trying again.
    private(set) var isInterruption = false

    init(_ context: String, cause: (any Error)? = nil) {
        self.context = context
        self.cause = cause
    }

    /// The user pressed Ctrl-C (or the bench got SIGTERM): every daemon has been killed, temporary files go next.
    static let interrupted = {
        var error = BenchError("interrupted")
        error.isInterruption = true
        return error
    }()

    /// The context, then the cause.
    var description: String {
        cause.map { "\(context): \($0)" } ?? context
    }
}

extension JoinableThread {
    /// Starts a thread a run needs; the system refusing it is a `BenchError`.
    static func bench(_ name: String, _ body: @escaping @Sendable () -> Value) throws(BenchError) -> JoinableThread {
        do {
            return try JoinableThread(name: name, body)
        } catch {
            throw BenchError("a run needs the \(name) thread", cause: error)
        }
    }
}
