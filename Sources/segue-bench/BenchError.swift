import SegueCommandLine
import SegueSystem

/// Why a benchmark run could not produce a figure; the message says what failed and what to check.
struct BenchError: Error, CustomStringConvertible, Sendable {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The user pressed Ctrl-C (or the bench got SIGTERM): every daemon has been killed, temporary files go next.
    static let interrupted = BenchError("interrupted")

    var description: String { message }
}

extension JoinableThread {
    /// Starts a thread a run needs; the system refusing it is a `BenchError`.
    static func bench(_ name: String, _ body: @escaping @Sendable () -> Value) throws(BenchError) -> JoinableThread {
        do {
            return try JoinableThread(name: name, body)
        } catch {
            throw BenchError(error.description)
        }
    }
}
