import NATS
import SegueWire

/// How a daemon takes part in a cluster (`segued --cluster`).
public struct ClusterSettings: Sendable {
    /// The NATS servers' URLs.
    public var servers: [String]
    /// The credentials and TLS files to connect to them with (`--nats-*`).
    public var authentication = NATSAuthentication.none
    /// The shard this daemon holds, or waits to hold as a standby.
    public var shard: ShardAssignment
    /// The daemon's name in leases and markers.
    public var node: String
    /// Copies JetStream keeps of the shard's stream (and of the lease buckets).
    public var replicas = Self.defaultReplicas
    /// How long a lease lives without renewal: a standby takes over about this long after its holder stops.
    public var leaseMs = Self.defaultLeaseMs
    /// How long the holder retries an append the servers do not acknowledge (a JetStream leader being elected after
    /// a server is lost) before it stops.
    public var appendRetryMs = 15_000
    /// How long one append waits for the servers' answer before it is sent again: well under a JetStream election,
    /// so that an append sent to a leader just lost is sent to the next one soon after it is elected.
    public var appendAnswerMs = 1000

    /// `replicas` unless told otherwise: a stream survives the loss of one of three servers.
    public static let defaultReplicas = 3
    /// `leaseMs` unless told otherwise.
    public static let defaultLeaseMs = 1000

    public init(servers: [String], shard: ShardAssignment, node: String) {
        self.servers = servers
        self.shard = shard
        self.node = node
    }

    /// The servers as messages show them, without passwords or tokens.
    public var shownServers: String { authentication.shown(servers) }

    /// How often the holder renews its lease, and a standby looks whether it lapsed; also how long one lease request
    /// waits for its answer, so that a renewal sent to a server just lost is sent again well before the key lapses.
    var renewMs: Int { max(leaseMs / 4, 10) }

    /// How long a standby lets the lease bucket answer, after it last did not, before it takes a lapsed lease: the
    /// key lapses while JetStream elects the bucket's leader, when no holder can renew it either, and its holder
    /// writes it again within this time once the bucket answers.
    var leaseGraceMs: Int { 2 * leaseMs }
}
