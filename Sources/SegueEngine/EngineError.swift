import SegueSystem
import ZMQ

/// Why the engine could not start or had to stop: what it was doing, and the failure it wraps, kept whole.
public struct EngineError: Error, CustomStringConvertible, Sendable {
    /// What an engine error wraps.
    public enum Cause: Sendable {
        /// The ledger (the state and its log) failed.
        case ledger(LedgerError)
        /// A ZeroMQ call failed.
        case socket(ZMQError)
        /// The system did not start a thread the engine needs.
        case thread(ThreadStartError)
        /// A system call failed (a pipe the engine needs, say).
        case system(SystemError)
    }

    /// What the engine was doing (`"cannot bind the ingest socket to tcp://…"`), or the whole story when nothing is
    /// wrapped.
    public let context: String
    public let cause: Cause?

    public init(_ context: String, _ cause: Cause? = nil) {
        self.context = context
        self.cause = cause
    }

    /// For the operator: the context, then the cause.
    public var description: String {
        switch cause {
        case nil: context
        case .ledger(let error): "\(context): \(error)"
        case .socket(let error): "\(context): \(error.message)"
        case .thread(let error): "\(context): \(error)"
        case .system(let error): "\(context): \(error)"
        }
    }
}
