import NATS
import SegueWire

/// Where a cluster's stacks are served, read from NATS given only the servers' URLs: the number of shards from
/// the settings bucket, and each shard's endpoints from its holder's lease. Only what a daemon of the cluster signed
/// is taken, so that nobody else who can write to NATS can send clients elsewhere.
public final class ClusterDirectory {
    private let leases: KeyValueBucket
    /// JetStream on the directory's connection, to read the shards' streams.
    let jetStream: JetStream
    /// How many shards the cluster has.
    public let shards: Int
    /// The key that verifies the cluster's records.
    public let key: ClusterPublicKey

    /// - Parameter key: the cluster's public key (`--cluster-public-key`); nil to use the one its daemons recorded
    ///   in NATS, which is only as trustworthy as the servers' permissions on the settings bucket.
    /// - Throws: `ClusterError` when no server answers or no daemon has set the cluster up yet.
    public init(
        servers: [String], key: ClusterPublicKey? = nil, timeout: Duration = .seconds(5),
        authentication: NATSAuthentication = .none
    ) throws(ClusterError) {
        let place = authentication.shown(servers)
        do {
            let connection = try NATSConnection(servers: servers, name: "segue", authentication: authentication)
            jetStream = try JetStream(connection: connection, timeout: timeout)
            let settings = try KeyValueBucket.open(jetStream: jetStream, bucket: ClusterLayout.settingsBucket)
            leases = try KeyValueBucket.open(jetStream: jetStream, bucket: ClusterLayout.leaseBucket)
            let key = try key ?? ClusterRecordedSettings.publicKey(in: settings)
            guard let value = try settings.get(ClusterLayout.shardsKey)?.value else {
                throw ClusterError(
                    "the cluster at \(place) records no number of shards: has a segued --cluster started?")
            }
            do throws(RecordRefusal) {
                shards = try ClusterRecordedSettings.shards(in: value, key: key)
            } catch {
                throw ClusterError("the number of shards recorded at \(place) is not the cluster's", cause: error)
            }
            self.key = key
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError(reaching: place, "cannot read the cluster at \(place)", cause: error)
        }
    }

    /// The shard that holds the stack.
    public func shard(of stackId: String) -> Int { ShardAssignment.shard(of: stackId, count: shards) }

    /// The lease of the daemon holding `shard` now, with its endpoints; nil while no daemon holds it, or while its
    /// holder has not bound them yet (a takeover in progress).
    /// - Throws: `ClusterError` when the lease cannot be read, or holds something no daemon of the cluster signed
    ///   (its endpoints are then never used).
    public func holder(of shard: Int) throws(ClusterError) -> ShardLease? {
        let value: [UInt8]?
        do {
            value = try leases.get(ClusterLayout.leaseKey(shard: shard))?.value
        } catch {
            throw ClusterError("cannot read the lease of shard \(shard)", cause: error)
        }
        guard let value else { return nil }
        let lease: ShardLease
        do throws(RecordRefusal) {
            lease = try ShardLease.verified(value, shard: shard, key: key)
        } catch {
            throw ClusterError(
                "the lease of shard \(shard) is not one a daemon of the cluster wrote (\(error)); its endpoints are "
                    + "not used")
        }
        return lease.control.isEmpty ? nil : lease
    }
}
