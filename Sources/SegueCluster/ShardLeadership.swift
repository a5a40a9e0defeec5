import NATS
import SegueClusterClient
import SegueEngine
import SegueLogging
import SegueSystem
import SegueWire
import Synchronization

/// This daemon holding its shard's lease, renewed on a thread of its own until released or lost.
///
/// The lease is a key in a bucket whose keys lapse `leaseMs` after their last write, its value signed with the
/// cluster's key. It is renewed with the revision last written, so a renewal fails once the key was written by
/// someone else. If that is another daemon's lease, the lease is lost and the daemon must step down; if it is
/// anything else (no daemon of the cluster signed it), or the key is gone, the daemon writes its lease again and
/// counts what it replaced, unless a later marker in the stream says a successor took the shard over meanwhile. It
/// also steps down when JetStream has not answered for `appendRetryMs`.
public final class ShardLeadership: Sendable {
    private let bucket: KeyValueBucket
    /// The shard's stream, where a successor's marker says this daemon's tenure is over.
    private let jetStream: JetStream
    /// The cluster's settings, written again every 16 renewals should someone have overwritten them, since clients
    /// refuse the cluster meanwhile.
    private let recorded: ClusterSettingsCheck
    private let key: ClusterSigningKey
    private let refused: RefusedRecords
    private let settings: ClusterSettings
    private let report: Logger
    private let status: ShardStatus
    private let state: Mutex<State>
    /// The renewing thread, from `startRenewing()` until `release()` joins it.
    private let renewer = Mutex<JoinableThread<Void>?>(nil)
    /// What answers on the lease's presence subject (`HolderPresence`) while this daemon holds the shard.
    private let presence = Mutex<PresenceResponder?>(nil)

    private struct State {
        var lease: ShardLease
        var revision: UInt64
        var lossReason: String?
        var stopping = false
        /// The sequence of this daemon's marker, once it is in the stream.
        var tenure: UInt64?
    }

    init(
        bucket: KeyValueBucket, jetStream: JetStream, recorded: ClusterSettingsCheck, lease: ShardLease,
        revision: UInt64, key: ClusterSigningKey, settings: ClusterSettings, refused: RefusedRecords,
        status: ShardStatus, report: Logger
    ) {
        self.bucket = bucket
        self.jetStream = jetStream
        self.recorded = recorded
        self.key = key
        self.refused = refused
        self.settings = settings
        self.report = report
        self.status = status
        state = Mutex(State(lease: lease, revision: revision))
        status.leaseWasWritten()
    }

    /// Notes the sequence of this daemon's marker: from then on, a lease written again over what no daemon signed, or
    /// over a lapsed key, is written only while no later marker is in the stream.
    func hold(tenure: UInt64) {
        state.withLock { $0.tenure = tenure }
    }

    /// Why the lease was lost, or nil while it is held.
    public var lossReason: String? { state.withLock { $0.lossReason } }

    /// Writes the endpoints the engine bound into the lease, where clients find them, with the presence subject this
    /// daemon answers on from now on.
    public func announce(ingest: String, control: String, events: String) throws(ClusterError) {
        var lease = state.withLock { $0.lease }
        lease.ingest = ingest
        lease.control = control
        lease.events = events
        lease.presence = startPresence() ?? ""
        switch renew(with: lease) {
        case .renewed: return
        case .taken: throw ClusterError(Self.takenMessage(shard: settings.shard.index))
        case .failed(let error): throw error
        }
    }

    /// Answers on a new presence subject, and returns it once an answer there came back: the servers may refuse the
    /// subscription or its replies (a NATS user without those permissions), and a subject announced but not answered
    /// would look like a holder gone.
    private func startPresence() -> String? {
        let subject = HolderPresence.subject(shard: settings.shard.index, node: settings.node)
        do throws(NATSError) {
            let responder = try PresenceResponder(connection: jetStream.connection, subject: subject)
            _ = try jetStream.connection.request(subject: subject, timeout: .seconds(1))
            presence.withLock { $0 = responder }
            return subject
        } catch {
            report.warn(
                "no presence subject: standbys take the shard over only once the lease lapses",
                ["subject": subject, "error": error.description])
            return nil
        }
    }

    /// Renews the lease every `leaseMs / 4` on a thread until `release()` or until it is lost.
    public func startRenewing() throws(ClusterError) {
        do {
            try renewer.withLock { thread throws(ThreadStartError) in
                thread = try JoinableThread(name: "segue.lease") { [self] in renewUntilStopped() }
            }
        } catch {
            throw ClusterError("cannot start the lease's thread", cause: error)
        }
    }

    /// Stops renewing and gives the lease up (deleting its key), so that a standby takes over at once.
    public func release() {
        state.withLock { $0.stopping = true }
        presence.withLock { $0?.stop() }
        // Joined under its own lock, which the renewing thread never takes: a second release waits for the first.
        renewer.withLock { thread in
            thread?.join()
            thread = nil
        }
        guard lossReason == nil else { return }
        do {
            try bucket.delete(
                ClusterLayout.leaseKey(shard: settings.shard.index), lastRevision: state.withLock { $0.revision })
        } catch {
            report.warn("cannot give up the lease; a standby takes over once it lapses", ["error": error.description])
        }
    }

    private func renewUntilStopped() {
        var lastRenewal = ContinuousClock.now
        let patience = Duration.milliseconds(settings.appendRetryMs)
        var renewals = 0
        while !state.withLock({ $0.stopping || $0.lossReason != nil }) {
            sleepBriefly(milliseconds: settings.renewMs)
            renewals += 1
            if renewals % 16 == 0 {
                do {
                    try recorded.check(key: key, shards: settings.shard.count)
                } catch {
                    report.warn("cannot check the cluster's recorded settings", ["error": error.description])
                }
            }
            switch renew(with: state.withLock { $0.lease }) {
            case .renewed:
                lastRenewal = .now
            case .taken:
                state.withLock { $0.lossReason = Self.takenMessage(shard: settings.shard.index) }
            case .failed(let error):
                // Servers that do not answer (a server lost, its leaders being elected) are retried: a standby
                // that takes the shard over meanwhile fences this daemon's appends off anyway, and the next renewal
                // that gets an answer says so. Only a long silence makes the holder give up.
                if ContinuousClock.now - lastRenewal >= patience {
                    state.withLock { $0.lossReason = "JetStream has not answered for \(patience): \(error)" }
                }
            }
        }
    }

    private enum Renewal {
        case renewed
        /// Another daemon wrote the key since this one did, or it lapsed.
        case taken
        case failed(ClusterError)
    }

    private func renew(with lease: ShardLease) -> Renewal {
        let key = ClusterLayout.leaseKey(shard: settings.shard.index)
        let revision = state.withLock { $0.revision }
        do throws(NATSError) {
            let next = try bucket.update(key: key, value: lease.signedValue(self.key), lastRevision: revision)
            held(lease, at: next)
            return .renewed
        } catch {
            if error.isStaleRevision || error.isNotFound { return reclaim(with: lease) }
            return .failed(ClusterError("cannot renew the lease of shard \(settings.shard.index)", cause: error))
        }
    }

    private func held(_ lease: ShardLease, at revision: UInt64) {
        state.withLock {
            $0.revision = revision
            $0.lease = lease
        }
        status.leaseWasWritten()
    }

    /// After a renewal found the key written by someone else or gone: lost if another daemon's lease is there, else
    /// written again over what is there.
    private func reclaim(with lease: ShardLease) -> Renewal {
        let shard = settings.shard.index
        let key = ClusterLayout.leaseKey(shard: shard)
        do throws(NATSError) {
            // A holder held up past its lease may have a successor, whose lease is gone or forged now: its marker
            // says so.
            if let tenure = state.withLock({ $0.tenure }), try succeeded(after: tenure) { return .taken }
            guard let entry = try bucket.get(key) else {
                held(lease, at: try bucket.create(key: key, value: lease.signedValue(self.key)))
                return .renewed
            }
            do throws(RecordRefusal) {
                let other = try ShardLease.verified(entry.value, shard: shard, key: self.key.publicKey)
                guard other.node == lease.node else { return .taken }
            } catch {
                refused.refuse(
                    "\(ClusterLayout.leaseBucket)/\(key) revision \(entry.revision)", reason: error.description)
            }
            held(
                lease, at: try bucket.update(key: key, value: lease.signedValue(self.key), lastRevision: entry.revision)
            )
            return .renewed
        } catch {
            if error.isStaleRevision || error.isKeyExists {
                return .failed(ClusterError("the lease of shard \(shard) was written again while this daemon wrote it"))
            }
            return .failed(ClusterError("cannot renew the lease of shard \(shard)", cause: error))
        }
    }

    /// Whether a daemon's marker follows this one's in the stream.
    private func succeeded(after tenure: UInt64) throws(NATSError) -> Bool {
        let shard = settings.shard.index
        return try jetStream.messages(
            stream: ClusterLayout.stream(shard: shard), subject: ClusterLayout.leaderSubject(shard: shard),
            from: tenure + 1
        ).contains { ShardStreamReader.isMarker($0, shard: shard, key: key.publicKey) }
    }

    private static func takenMessage(shard: Int) -> String {
        "the lease of shard \(shard) lapsed or was taken by another daemon"
    }
}
