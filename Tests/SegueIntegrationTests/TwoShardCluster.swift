import SegueTestSupport

/// What the cluster tools' tests start with: a fresh loopback cluster of two shards, each with its holder, a
/// standby for shard 0, the command line's environment pointing at the cluster, and a stack id of each shard.
struct TwoShardCluster {
    let nats: NATSCluster
    let holders: [ClusterDaemon]
    let standby: ClusterDaemon
    /// `SEGUE_CLUSTER` set to the servers.
    let environment: [String: String]
    /// A stack of shard 0, and one of shard 1.
    let first: String
    let second: String

    init() throws {
        nats = try NATSCluster.start()
        let nats = nats
        holders = try (0..<2).map { try ClusterDaemon(cluster: nats, shard: $0, shards: 2, node: "holder-\($0)") }
        standby = try ClusterDaemon(cluster: nats, shard: 0, shards: 2, node: "standby-0")
        environment = ["SEGUE_CLUSTER": nats.urls]
        first = NATSClusterSuites.ClusterFailoverTests.stacks(of: 0, shards: 2, count: 1)[0]
        second = NATSClusterSuites.ClusterFailoverTests.stacks(of: 1, shards: 2, count: 1)[0]
    }
}
