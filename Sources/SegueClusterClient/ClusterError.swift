/// Why a daemon could not join its cluster or hold its shard, said for the operator.
public struct ClusterError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
