import NATS
import SegueClusterClient
import SegueGateway

/// `segue web --cluster`: the daemon holding each shard, found in NATS, and the gateway's route to them, moved on
/// to each next holder as the leases say.
///
/// Made on the main thread, then used by the thread that watches for signals alone.
final class ClusterHolders: @unchecked Sendable {
    let route: ClusterRoute
    private let holders: [ShardHolder]

    /// - Throws: `CLIFailure` (UNAVAILABLE) when the cluster cannot be read, or a shard has no holder now.
    init(_ connection: Connection) throws(CLIFailure) {
        guard let cluster = connection.cluster else { preconditionFailure("holders without --cluster") }
        let directory = try connection.directory()
        var holders: [ShardHolder] = []
        for shard in 0..<directory.shards {
            holders.append(try ShardHolder(shard: shard, directory: directory))
        }
        self.holders = holders
        route = ClusterRoute(
            servers: cluster.authentication.shown(cluster.servers), holders: holders.map(\.endpoints))
    }

    /// Reads each shard's lease (at most every 250 ms), and points the route at a shard's new holder, saying so on
    /// stderr.
    func follow() {
        for holder in holders where holder.successorIfDue() != nil {
            route.update(shard: holder.shard, to: holder.endpoints)
        }
    }
}
