import NATS
import SegueWire

/// Where a cluster's stacks are served, read from NATS given only the servers' URLs: the number of shards from
/// the settings bucket, and each shard's endpoints from its holder's lease.
public final class ClusterDirectory {
    private let leases: KeyValueBucket
    /// JetStream on the directory's connection, to read the shards' streams.
    let jetStream: JetStream
    /// How many shards the cluster has.
    public let shards: Int

    /// - Throws: `ClusterError` when no server answers or no daemon has set the cluster up yet.
    public init(
        servers: [String], timeout: Duration = .seconds(5), authentication: NATSAuthentication = .none
    ) throws(ClusterError) {
        let place = authentication.shown(servers)
        do {
            let connection = try NATSConnection(servers: servers, name: "segue", authentication: authentication)
            jetStream = try JetStream(connection: connection, timeout: timeout)
            let settings = try KeyValueBucket.open(jetStream: jetStream, bucket: ClusterLayout.settingsBucket)
            leases = try KeyValueBucket.open(jetStream: jetStream, bucket: ClusterLayout.leaseBucket)
            guard let value = try settings.get(ClusterLayout.shardsKey)?.value,
                let count = Int(String(decoding: value, as: UTF8.self)), count > 0
            else {
                throw ClusterError(
                    "the cluster at \(place) records no number of shards: has a segued --cluster started?")
            }
            shards = count
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError("cannot read the cluster at \(place): \(error)")
        }
    }

    /// The shard that holds the stack.
    public func shard(of stackId: String) -> Int { ShardAssignment.shard(of: stackId, count: shards) }

    /// The lease of the daemon holding `shard` now, with its endpoints; nil while no daemon holds it, or while its
    /// holder has not bound them yet (a takeover in progress).
    public func holder(of shard: Int) throws(ClusterError) -> ShardLease? {
        do {
            guard let value = try leases.get(ClusterLayout.leaseKey(shard: shard))?.value,
                let lease = try? ShardLease(decoding: value), !lease.control.isEmpty
            else { return nil }
            return lease
        } catch {
            throw ClusterError("cannot read the lease of shard \(shard): \(error)")
        }
    }
}
