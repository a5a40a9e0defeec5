import NATS

/// Why a daemon could not join its cluster or hold its shard, said for the operator: what it was doing, and the
/// failure it met (a NATS, log or file error), kept whole for callers that look at it.
public struct ClusterError: Error, CustomStringConvertible {
    /// What failed (`"cannot read the lease of shard 0"`), or the whole story when nothing lower failed.
    public let context: String
    /// The error the cluster met, if one did.
    public let cause: (any Error)?

    public init(_ context: String, cause: (any Error)? = nil) {
        self.context = context
        self.cause = cause
    }

    /// The context, then the cause.
    public var description: String {
        cause.map { "\(context): \($0)" } ?? context
    }
}

extension ClusterError {
    /// `context` failing with `cause` while reaching the cluster at `servers` (as shown, without secrets), unless
    /// nothing answered a JetStream request: the servers then run without JetStream, and that is what is said.
    public init(reaching servers: String, _ context: String, cause: any Error) {
        guard let nats = cause as? NATSError, nats.isNoResponders else {
            self.init(context, cause: cause)
            return
        }
        self.init(
            "the NATS servers at \(servers) do not run JetStream (start nats-server with -js / jetstream {}): "
                + "nothing answered \(nats.operation)")
    }
}
