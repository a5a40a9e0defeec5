import NATS
import SegueEngine
import SegueLogging
import SegueWire

/// How a daemon comes to hold its shard (docs/operations.md, "Failover").
///
/// It stands by while another daemon holds the shard's lease, keeping its data directory's log up with the
/// shard's stream. Once the lease is free it takes it, reads the stream to its end, and appends a marker that
/// expects exactly that end: from then on a previous holder's appends, which expect an older end, are refused. The
/// engine then starts on the data directory as after a restart (tracking gestures are cancelled ENGINE_RESTARTED)
/// and appends through the returned replica.
public final class ShardTakeover {
    private let settings: ClusterSettings
    private let jetStream: JetStream
    private let leases: KeyValueBucket
    private let report: Logger
    private var stream: String { ClusterLayout.stream(shard: settings.shard.index) }
    /// What went wrong talking to JetStream while standing by, reported once until it works again: a server lost
    /// and its leaders being elected, which a standby waits out.
    private var outage: String?

    /// Connects to the cluster and makes sure the shard's stream and the lease buckets exist, with the settings'
    /// replicas.
    /// - Throws: `ClusterError` when no server answers, JetStream refuses, or the cluster was set up with another
    ///   number of shards.
    public init(settings: ClusterSettings, report: Logger) throws(ClusterError) {
        self.settings = settings
        self.report = report
        let shard = settings.shard.index
        do {
            let connection = try NATSConnection(
                servers: settings.servers, name: "segued \(settings.node)", authentication: settings.authentication)
            jetStream = try JetStream(connection: connection)
            try jetStream.ensureStream(
                name: ClusterLayout.stream(shard: shard),
                subjects: [ClusterLayout.eventsSubject(shard: shard), ClusterLayout.leaderSubject(shard: shard)],
                replicas: settings.replicas)
            leases = try KeyValueBucket.ensure(
                jetStream: jetStream, bucket: ClusterLayout.leaseBucket, replicas: settings.replicas,
                ttl: .milliseconds(settings.leaseMs))
            let clusterSettings = try KeyValueBucket.ensure(
                jetStream: jetStream, bucket: ClusterLayout.settingsBucket, replicas: settings.replicas)
            try Self.checkShardCount(settings.shard.count, in: clusterSettings)
        } catch {
            throw ClusterError("cannot join the cluster at \(settings.shownServers): \(error)")
        }
    }

    /// Records the number of shards on the first start, and refuses a daemon that disagrees with it.
    private static func checkShardCount(_ count: Int, in bucket: KeyValueBucket) throws(ClusterError) {
        let value = Array("\(count)".utf8)
        do {
            _ = try bucket.create(key: ClusterLayout.shardsKey, value: value)
        } catch {
            guard error.isKeyExists else { throw ClusterError("cannot record the number of shards: \(error)") }
            let recorded: [UInt8]?
            do {
                recorded = try bucket.get(ClusterLayout.shardsKey)?.value
            } catch {
                throw ClusterError("cannot read the number of shards: \(error)")
            }
            guard recorded == value else {
                let shown = recorded.map { String(decoding: $0, as: UTF8.self) } ?? "none"
                throw ClusterError(
                    "the cluster has \(shown) shards, not the \(count) of --shards: a stack's shard depends on the "
                        + "count, so every daemon must be given the same")
            }
        }
    }

    /// Stands by until this daemon holds the shard, then takes it over (see the type).
    /// - Parameters:
    ///   - onStandby: told once the holder's lease when this daemon has to wait for it.
    ///   - stopRequested: checked while standing by; when true, nothing is taken and nil is returned.
    /// - Returns: the lease, renewing, and the replica the engine appends through.
    public func awaitShard(
        dataDirectory: String, segmentBytes: Int, onStandby: (ShardLease?) -> Void, stopRequested: () -> Bool
    ) throws(ClusterError) -> (leadership: ShardLeadership, replica: any LogReplica)? {
        let local = try LocalLogCatchUp(dataDirectory: dataDirectory, segmentBytes: segmentBytes, stream: stream)
        var handedOver = false
        defer { if !handedOver { local.close() } }
        let follower: StreamFollower
        do {
            follower = try StreamFollower(jetStream: jetStream, stream: stream, from: 1)
        } catch {
            throw ClusterError("cannot read \(stream): \(error)")
        }
        defer { follower.stop() }
        let lease = ShardLease(
            node: settings.node, shard: UInt32(settings.shard.index), shards: UInt32(settings.shard.count))
        var revision: UInt64?
        var toldStandby = false
        while revision == nil {
            if stopRequested() { return nil }
            try catchUp(local, from: follower, forMs: settings.renewMs)
            revision = acquire(lease)
            if revision == nil && !toldStandby {
                toldStandby = true
                onStandby(holder())
            }
        }
        let leadership = ShardLeadership(
            bucket: leases, lease: lease, revision: revision!, settings: settings, report: report)
        try leadership.startRenewing()
        do {
            let marker = try fence(local, from: follower, marker: lease, leadership: leadership)
            try local.finish()
            handedOver = true
            let replica = JetStreamReplica(
                jetStream: jetStream, shard: settings.shard.index, markerSequence: marker,
                retryMs: settings.appendRetryMs, leaseLost: { leadership.lossReason != nil })
            return (leadership, replica)
        } catch {
            leadership.release()
            throw error
        }
    }

    private func noteOutage(_ error: NATSError) {
        sleepBriefly(milliseconds: settings.renewMs)
        guard outage == nil else { return }
        outage = error.description
        report.warn("cannot reach JetStream; standing by and retrying", ["error": error.description])
    }

    private func noteReachable() {
        guard outage != nil else { return }
        outage = nil
        report.info("JetStream reachable again")
    }

    /// Applies what the stream delivers for at most `forMs`, or until it has nothing more.
    /// - Throws: `ClusterError` when the data directory's log does not follow the stream.
    private func catchUp(_ local: LocalLogCatchUp, from follower: StreamFollower, forMs: Int) throws(ClusterError) {
        let deadline = ContinuousClock.now + .milliseconds(forMs)
        while ContinuousClock.now < deadline {
            let message: StreamMessage?
            do {
                message = try follower.next(timeout: deadline - ContinuousClock.now)
            } catch {
                noteOutage(error)
                return
            }
            guard let message else { return }
            try local.apply(message)
        }
    }

    /// The lease's revision when this daemon took it, or nil while another holds it (or JetStream does not answer).
    private func acquire(_ lease: ShardLease) -> UInt64? {
        do {
            let revision = try leases.create(
                key: ClusterLayout.leaseKey(shard: settings.shard.index), value: lease.encoded())
            noteReachable()
            return revision
        } catch {
            if error.isKeyExists {
                noteReachable()
            } else {
                noteOutage(error)
            }
            return nil
        }
    }

    /// The holder's lease, when it can be read.
    private func holder() -> ShardLease? {
        guard let value = try? leases.get(ClusterLayout.leaseKey(shard: settings.shard.index))?.value else {
            return nil
        }
        return try? ShardLease(decoding: value)
    }

    /// Reads the stream to its end and appends the marker right after it; when another append came first (a
    /// previous holder still writing), reads again. JetStream not answering is retried while the lease holds.
    /// - Returns: the marker's sequence.
    private func fence(
        _ local: LocalLogCatchUp, from follower: StreamFollower, marker: ShardLease, leadership: ShardLeadership
    ) throws(ClusterError) -> UInt64 {
        let deadline = ContinuousClock.now + .milliseconds(settings.appendRetryMs)
        var lastFailure = ""
        while ContinuousClock.now < deadline {
            if let reason = leadership.lossReason { throw ClusterError(reason) }
            let last: UInt64
            do {
                last = try jetStream.lastSequence(stream: stream)
                while local.lastSequence < last {
                    guard let message = try follower.next(timeout: jetStream.timeout) else { break }
                    try local.apply(message)
                }
            } catch let error as ClusterError {
                throw error
            } catch {
                lastFailure = "\(error)"
                sleepBriefly(milliseconds: 50)
                continue
            }
            guard local.lastSequence >= last else { continue }
            if let mismatch = local.mismatchAtEnd { throw ClusterError(mismatch) }
            do {
                return try jetStream.publish(
                    subject: ClusterLayout.leaderSubject(shard: settings.shard.index), payload: marker.encoded(),
                    expectedLastSequence: last
                ).sequence
            } catch {
                lastFailure = error.description
                if error.isWrongLastSequence {
                    report.info("the previous holder appended meanwhile; reading again", ["stream": stream])
                } else {
                    sleepBriefly(milliseconds: 50)
                }
            }
        }
        throw ClusterError("cannot take shard \(settings.shard.index) over: \(lastFailure)")
    }
}
