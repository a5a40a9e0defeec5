import NATS
import SegueClusterClient
import SegueEngine
import SegueLogging
import SegueWire

/// How a daemon comes to hold its shard (docs/operations.md, "Failover").
///
/// It stands by while another daemon holds the shard's lease, folding the shard's stream into its own state
/// (`StandbyState`) as the holder commits it. Once the lease is free it takes it, reads the stream to its end, and
/// appends a marker that expects exactly that end: from then on a previous holder's appends, which expect an older
/// end, are refused. The engine then serves from that state, replaying nothing (tracking gestures are cancelled
/// ENGINE_RESTARTED as after a restart), and appends through the returned replica.
public final class ShardTakeover {
    private let settings: ClusterSettings
    private let key: ClusterSigningKey
    private let refused: RefusedRecords
    /// The cluster's settings, which the holder keeps written (``ShardLeadership``) with its lease requests.
    private let recorded: ClusterSettingsCheck
    private let jetStream: JetStream
    /// The same JetStream for the holder's appends, each sent again after `appendAnswerMs` without an answer.
    private let appends: JetStream
    /// The same JetStream for what the lease's renewals ask (the lease, the cluster's settings, a successor's
    /// marker), each request waiting `renewMs` at most for its answer: nothing keeps a renewal waiting past the lease.
    private let leaseRequests: JetStream
    /// The lease bucket, through `leaseRequests`.
    private let leases: KeyValueBucket
    private let report: Logger
    /// What the metrics endpoint reports of this daemon's part in the shard.
    private let status: ShardStatus
    private var stream: String { ClusterLayout.stream(shard: settings.shard.index) }
    /// What went wrong talking to JetStream while standing by, reported once until it works again: a server lost
    /// and its leaders being elected, which a standby waits out.
    private var outage: String?
    /// Whether the standby has read the stream to its end once, which it says.
    private var caughtUp = false
    /// When the lease bucket last did not answer this standby: a lease that lapsed then is left to its holder for
    /// `leaseGraceMs` more (``ClusterSettings/leaseGraceMs``).
    private var leasesUnansweredAt: ContinuousClock.Instant?

    /// Connects to the cluster and makes sure the shard's stream and the lease buckets exist, with the settings'
    /// replicas.
    /// - Parameters:
    ///   - key: the cluster's signing key, which signs every record this daemon writes.
    ///   - status: kept up to date from now on, for the metrics endpoint.
    ///   - stopRequested: checked while JetStream has not placed the stream or buckets yet; when true, it is asked
    ///     no more and the init throws what it answered last.
    /// - Throws: `ClusterError` when no server answers, JetStream refuses, the servers take messages too small for
    ///   the largest event, or the cluster was set up with another key or another number of shards.
    public init(
        settings: ClusterSettings, key: ClusterSigningKey, largestEventBytes: Int, report: Logger,
        status: ShardStatus, stopRequested: @escaping () -> Bool = { false }
    ) throws(ClusterError) {
        self.settings = settings
        self.key = key
        self.report = report
        self.status = status
        refused = RefusedRecords(report: report)
        status.counts(refused)
        let shard = settings.shard.index
        do {
            // Pinged every renewal: a daemon on a server that hangs moves to another within three, and renews there.
            let connection = try NATSConnection(
                servers: settings.servers, name: "segued \(settings.node)", authentication: settings.authentication,
                pingInterval: .milliseconds(settings.renewMs))
            jetStream = try JetStream(connection: connection)
            let placing = StreamPlacement(report: report, stopRequested: stopRequested)
            try placing.retrying("the shard's stream") { [jetStream] () throws(NATSError) in
                try jetStream.ensureStream(
                    name: ClusterLayout.stream(shard: shard),
                    subjects: [ClusterLayout.eventsSubject(shard: shard), ClusterLayout.leaderSubject(shard: shard)],
                    replicas: settings.replicas)
            }
            // A log of record that lost its start cannot be taken over: a standby would refuse what follows the gap
            // and start a history of its own.
            let first = try jetStream.firstSequence(stream: ClusterLayout.stream(shard: shard))
            guard first <= 1 else {
                throw ClusterError(
                    "\(ClusterLayout.stream(shard: shard)) no longer holds its messages before sequence \(first) (they "
                        + "were purged or deleted): the shard's log of record is incomplete, and no daemon takes it "
                        + "over")
            }
            appends = try jetStream.answering(within: .milliseconds(settings.appendAnswerMs))
            leaseRequests = try jetStream.answering(within: .milliseconds(settings.renewMs))
            leases = try placing.retrying("the lease bucket") { [jetStream] () throws(NATSError) in
                try KeyValueBucket.ensure(
                    jetStream: jetStream, bucket: ClusterLayout.leaseBucket, replicas: settings.replicas,
                    ttl: .milliseconds(settings.leaseMs))
            }.reopened(on: leaseRequests)
            let clusterSettings = try placing.retrying("the settings bucket") { [jetStream] () throws(NATSError) in
                try KeyValueBucket.ensure(
                    jetStream: jetStream, bucket: ClusterLayout.settingsBucket, replicas: settings.replicas)
            }
            try ClusterSettingsCheck(bucket: clusterSettings, refused: refused).check(
                key: key, shards: settings.shard.count)
            recorded = ClusterSettingsCheck(bucket: try clusterSettings.reopened(on: leaseRequests), refused: refused)
            try Self.checkMessageSize(jetStream.connection.maxPayload, largestEventBytes: largestEventBytes)
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError(
                reaching: settings.shownServers, "cannot join the cluster at \(settings.shownServers)", cause: error)
        }
    }

    /// Refuses servers whose `max_payload` cannot carry the largest event the limits allow in one message.
    private static func checkMessageSize(_ maxPayload: Int, largestEventBytes: Int) throws(ClusterError) {
        let needed = largestEventBytes + JetStreamReplica.messageOverheadBytes + 16
        guard maxPayload >= needed else {
            throw ClusterError(
                "the NATS servers take messages of at most \(maxPayload) bytes (max_payload), but the limits allow "
                    + "events of \(largestEventBytes) bytes and a message needs \(needed): raise max_payload, or "
                    + "lower --max-screens or --max-presented")
        }
    }

    /// Stands by until this daemon holds the shard, then takes it over (see the type).
    /// - Parameters:
    ///   - standby: the data directory's state, which follows the stream from where its newest snapshot was taken.
    ///   - onStandby: told once the holder's lease when this daemon has to wait for it.
    ///   - stopRequested: checked while standing by; when true, nothing is taken and nil is returned.
    /// - Returns: the lease, renewing, and the replica the engine appends through.
    public func awaitShard(
        standby: StandbyState, dataDirectory: String, onStandby: (ShardLease?) -> Void, stopRequested: () -> Bool
    ) throws(ClusterError) -> (leadership: ShardLeadership, replica: any LogReplica)? {
        let local = try LocalLogCatchUp(
            standby: standby, dataDirectory: dataDirectory, shard: settings.shard.index, key: key.publicKey)
        let follower: StreamFollower
        do {
            if let sequence = local.cursorSequence {
                try local.verifyCursor(
                    jetStream.messages(stream: stream, from: sequence, upTo: sequence, batchSize: 1).first)
            }
            follower = try StreamFollower(jetStream: jetStream, stream: stream, from: local.firstSequenceToRead)
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError("cannot read \(stream)", cause: error)
        }
        report.info(
            "following the shard's stream",
            ["stream": stream, "from_sequence": local.firstSequenceToRead, "head": local.head])
        defer { follower.stop() }
        let lease = ShardLease(
            node: settings.node, shard: UInt32(settings.shard.index), shards: UInt32(settings.shard.count))
        var revision: UInt64?
        var toldStandby = false
        var presence = HolderPresence(
            connection: jetStream.connection,
            patienceMs: settings.renewMs + Int(NATSConnection.defaultReconnectWait / .milliseconds(1)))
        while revision == nil {
            if stopRequested() { return nil }
            try catchUp(local, from: follower, forMs: Self.pollMs)
            revision = acquire(lease)
            guard revision == nil else { break }
            let current = holder()
            if !toldStandby {
                toldStandby = true
                onStandby(current?.lease)
            }
            if let current, presence.isGone(current.lease, revision: current.revision) {
                revision = takeFromAbsentHolder(current, with: lease)
            }
        }
        let leadership = ShardLeadership(
            bucket: leases, jetStream: leaseRequests, recorded: recorded, lease: lease, revision: revision!, key: key,
            settings: settings, refused: refused, status: status, report: report)
        try leadership.startRenewing()
        do {
            let marker = try fence(local, from: follower, marker: lease, leadership: leadership)
            leadership.hold(tenure: marker)
            try local.finish()
            status.holdsShard(from: marker)
            let replica = JetStreamReplica(
                jetStream: appends, shard: settings.shard.index, markerSequence: marker, key: key,
                retryMs: settings.appendRetryMs, refused: refused, status: status,
                leaseLost: { leadership.lossReason != nil })
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
            guard let message else {
                try noteCaughtUp(local)
                break
            }
            try apply(message, to: local)
        }
        // How far behind the stream this standby is, for the metrics endpoint (without asking the servers).
        status.followed(applied: local.lastSequence, streamLast: follower.knownEnd)
    }

    /// Says once that the standby has read the stream to the end it has now (a pause in what the follower delivers
    /// is not enough: the servers are asked).
    /// - Throws: `ClusterError` when the local log reaches past that end: it is another log, which the takeover would
    ///   refuse, so the standby refuses it now rather than stand by as one that cannot take over.
    private func noteCaughtUp(_ local: LocalLogCatchUp) throws(ClusterError) {
        guard !caughtUp, let last = try? jetStream.lastSequence(stream: stream), local.lastSequence >= last else {
            return
        }
        if let mismatch = local.mismatch(atStreamEnd: last) { throw ClusterError(mismatch) }
        caughtUp = true
        report.info(
            "caught up with the shard's stream", ["stream": stream, "sequence": local.lastSequence, "head": local.head])
    }

    /// Applies one stream message to the local log, counting it when refused.
    private func apply(_ message: StreamMessage, to local: LocalLogCatchUp) throws(ClusterError) {
        if let reason = try local.apply(message) {
            refused.refuse("\(stream) sequence \(message.sequence)", reason: reason)
        }
        let dropped = local.takeDroppedEvents()
        if dropped > 0 {
            report.info(
                "dropped the events of a batch its holder did not finish before it was fenced off",
                ["stream": stream, "events": dropped])
        }
    }

    /// The lease's revision when this daemon took it, or nil while another holds it (or JetStream does not answer,
    /// or did not answer less than `leaseGraceMs` ago, when a lapsed lease is its holder's to write again).
    private func acquire(_ lease: ShardLease) -> UInt64? {
        let key = ClusterLayout.leaseKey(shard: settings.shard.index)
        do throws(NATSError) {
            if let unanswered = leasesUnansweredAt,
                ContinuousClock.now - unanswered < .milliseconds(settings.leaseGraceMs)
            {
                _ = try leases.get(key)
                noteReachable()
                return nil
            }
            let revision = try leases.create(key: key, value: lease.signedValue(self.key))
            noteReachable()
            return revision
        } catch {
            if error.isKeyExists {
                noteReachable()
            } else {
                leasesUnansweredAt = .now
                noteOutage(error)
            }
            return nil
        }
    }

    /// How often a standby tries to take the lease and asks its holder whether it is there: often enough that a
    /// takeover follows soon after the lease lapses or the holder is gone.
    static let pollMs = 50

    /// The holder's lease and its revision, when it can be read and a daemon of the cluster wrote it.
    private func holder() -> (lease: ShardLease, revision: UInt64)? {
        guard let entry = try? leases.get(ClusterLayout.leaseKey(shard: settings.shard.index)),
            let lease = try? ShardLease.verified(entry.value, shard: settings.shard.index, key: key.publicKey)
        else { return nil }
        return (lease, entry.revision)
    }

    /// Deletes the lease of a holder that is gone (only that revision of it) and takes the lease; the marker this
    /// daemon appends next fences the holder off, should it still be alive after all.
    /// - Returns: the new lease's revision, or nil when another daemon came first or JetStream does not answer.
    private func takeFromAbsentHolder(_ current: (lease: ShardLease, revision: UInt64), with lease: ShardLease)
        -> UInt64?
    {
        report.info(
            "the holder is gone (no responders on its presence subject); taking the shard over before its lease lapses",
            ["shard": settings.shard.index, "holder": current.lease.node])
        do {
            try leases.delete(ClusterLayout.leaseKey(shard: settings.shard.index), lastRevision: current.revision)
        } catch {
            return nil
        }
        return acquire(lease)
    }

    /// Reads the stream to its end and appends the marker right after it; when another append came first (a
    /// previous holder still writing), reads again. JetStream not answering is retried while the lease holds, for
    /// up to `appendRetryMs` without progress: a long stream still to read (the first daemon of a shard whose log
    /// holds millions of events) is read to its end however long that takes.
    /// - Returns: the marker's sequence.
    private func fence(
        _ local: LocalLogCatchUp, from follower: StreamFollower, marker: ShardLease, leadership: ShardLeadership
    ) throws(ClusterError) -> UInt64 {
        var deadline = ContinuousClock.now + .milliseconds(settings.appendRetryMs)
        var lastFailure: (any Error)?
        // Said once: whatever else was appended meanwhile (a flood, say) is read again without a line each time.
        var toldReadingAgain = false
        while ContinuousClock.now < deadline {
            if let reason = leadership.lossReason { throw ClusterError(reason) }
            let last: UInt64
            do {
                last = try jetStream.lastSequence(stream: stream)
                while local.lastSequence < last {
                    guard let message = try follower.next(timeout: jetStream.timeout) else { break }
                    try apply(message, to: local)
                    deadline = ContinuousClock.now + .milliseconds(settings.appendRetryMs)
                }
            } catch let error as ClusterError {
                throw error
            } catch {
                lastFailure = error
                sleepBriefly(milliseconds: 50)
                continue
            }
            guard local.lastSequence >= last else { continue }
            if let mismatch = local.mismatch(atStreamEnd: last) { throw ClusterError(mismatch) }
            do {
                let subject = ClusterLayout.leaderSubject(shard: settings.shard.index)
                let record = ShardMarker(lease: marker, afterSequence: last, nextPosition: local.head + 1).encoded()
                return try jetStream.publish(
                    subject: subject, payload: SignedRecord(signing: record, place: subject, with: key).encoded(),
                    expectedLastSequence: last
                ).sequence
            } catch {
                lastFailure = error
                if error.isWrongLastSequence {
                    if !toldReadingAgain {
                        report.info("the stream was appended to meanwhile; reading it again", ["stream": stream])
                    }
                    toldReadingAgain = true
                } else {
                    sleepBriefly(milliseconds: 50)
                }
            }
        }
        throw ClusterError("cannot take shard \(settings.shard.index) over", cause: lastFailure)
    }
}
