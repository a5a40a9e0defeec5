import SegueCore
import SegueLog
import SegueWire

/// Why the ledger could not open, append, sync or rebuild its state: what it was doing, and the failure it wraps,
/// kept whole so that a caller can tell a full disk (a `LogError` of kind `.io` with `ENOSPC`, and its path) from
/// damage without reading the message.
public struct LedgerError: Error, CustomStringConvertible, Sendable {
    /// What a ledger error wraps (thrown alone inside a fold, and wrapped with its context by the caller).
    public enum Cause: Error, Sendable {
        /// The data directory, the log or a snapshot file failed.
        case log(LogError)
        /// The log record at `position` does not decode as an event.
        case undecodable(position: UInt64, WireDecodingError)
        /// Events that do not fold into a state.
        case replay(EngineCore.RestoreError)
        /// The log of record beyond this machine did not take a batch (`LogReplica`).
        case replica(ReplicaFailure)
    }

    /// What the ledger was doing (`"cannot append to the log"`), or the whole story when nothing is wrapped.
    public let context: String
    public let cause: Cause?
    /// What the operator can do about it, said after the cause.
    public let advice: String?

    public init(_ context: String, _ cause: Cause? = nil, advice: String? = nil) {
        self.context = context
        self.cause = cause
        self.advice = advice
    }

    /// The wrapped failure of the log or a file, with its kind, errno and path.
    public var logError: LogError? {
        if case .log(let error) = cause { return error }
        return nil
    }

    /// Whether another daemon took over the replicated log (`ReplicaFailure.fenced`): this one must step down.
    public var isFenced: Bool {
        if case .replica(let failure) = cause { return failure.fenced }
        return false
    }

    /// For the operator: the context, then the cause, then the advice.
    public var description: String {
        advice.map { "\(story). \($0)" } ?? story
    }

    private var story: String {
        switch cause {
        case nil: context
        case .log(let error): context.isEmpty ? error.description : "\(context): \(error)"
        case .undecodable(let position, let error):
            "\(context.isEmpty ? "" : context + ": ")log record at position \(position) does not decode: \(error)"
        case .replay(let error): "\(context): \(error)"
        case .replica(let failure): "\(context): \(failure)"
        }
    }

}
