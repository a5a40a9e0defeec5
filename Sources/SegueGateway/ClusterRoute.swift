import SegueClient
import SegueWire
import Synchronization

/// Where a cluster's shards are served now, for a gateway in front of the whole cluster: the endpoints of each
/// shard's holder, as its lease names them. Whoever reads the leases (`segue web`) sets them; the bridge's
/// transport and the worker read them, each on its own thread, and follow a shard to its next holder.
public final class ClusterRoute: Sendable {
    /// How many shards the cluster has.
    public let shards: Int
    /// The NATS servers the leases are read from, for what the page shows.
    public let servers: String
    private let holders: Mutex<[SegueEndpoints]>

    /// - Parameter holders: each shard's holder's endpoints, shard 0 first.
    public init(servers: String, holders: [SegueEndpoints]) {
        precondition(!holders.isEmpty, "a cluster has at least one shard")
        self.servers = servers
        shards = holders.count
        self.holders = Mutex(holders)
    }

    /// The shard that holds the stack.
    public func shard(of stackId: String) -> Int { ShardAssignment.shard(of: stackId, count: shards) }

    /// The endpoints of `shard`'s holder now.
    public func holder(of shard: Int) -> SegueEndpoints { holders.withLock { $0[shard] } }

    /// Points `shard` at the daemon that holds it now.
    public func update(shard: Int, to endpoints: SegueEndpoints) {
        holders.withLock { $0[shard] = endpoints }
    }
}
