/// The names a cluster's shards use in NATS JetStream (docs/operations.md, "Subjects and keys"), the same for
/// every daemon and client.
public enum ClusterLayout {
    /// The key-value bucket of the shards' leases, whose keys lapse when not renewed.
    public static let leaseBucket = "segue-leases"
    /// The key-value bucket of the cluster's settings, kept until deleted: the number of shards under `shardsKey`.
    public static let settingsBucket = "segue-cluster"
    public static let shardsKey = "shards"

    /// The stream that is shard `shard`'s log of record.
    public static func stream(shard: Int) -> String { "SEGUE_SHARD_\(shard)" }

    /// The subject of the shard's events: one message per engine batch, an encoded `EventBatch`.
    public static func eventsSubject(shard: Int) -> String { "segue.shard.\(shard).events" }

    /// The subject of the markers a daemon appends when it takes the shard over (an encoded `ShardLease`).
    public static func leaderSubject(shard: Int) -> String { "segue.shard.\(shard).leader" }

    /// The lease key of the shard in `leaseBucket`; its value is the holder's `ShardLease`.
    public static func leaseKey(shard: Int) -> String { "shard-\(shard)" }

    /// The servers of a `--cluster` value: URLs `nats://HOST:PORT` (or `tls://`, either possibly with `USER@`,
    /// `USER:PASSWORD@` or `TOKEN@` before the host) separated by commas; nil when it is not that.
    public static func servers(_ value: String) -> [String]? {
        let urls = value.split(separator: ",").map(String.init)
        guard !urls.isEmpty, urls.allSatisfy({ $0.hasPrefix("nats://") || $0.hasPrefix("tls://") }) else { return nil }
        return urls
    }
}
