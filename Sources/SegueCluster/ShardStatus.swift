import Synchronization

/// What a daemon of a cluster knows of its part in its shard, for segued's metrics endpoint: its role, when its
/// lease was last written, how far behind the stream a standby is, how long commits take in JetStream, and the
/// records it refused. ``ShardTakeover``, ``ShardLeadership`` and ``JetStreamReplica`` write it as things happen;
/// a reader takes a ``Reading`` under a lock held only to copy it, so reading never holds up any of them.
public final class ShardStatus: Sendable {
    /// The upper bounds, in seconds, of the commit latency histogram's buckets (the last, +Inf, is implied).
    public static let commitBucketSeconds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// What the status says at one moment.
    public struct Reading: Sendable {
        /// Whether this daemon holds the shard (false while it stands by).
        public var holds = false
        /// When the lease was last written by this daemon (taken, renewed, or its endpoints added).
        public var leaseWritten: ContinuousClock.Instant?
        /// The stream sequence of the last message this daemon applied (a standby) or appended (the holder), and the
        /// stream's last sequence as far as it knows.
        public var appliedSequence: UInt64 = 0
        public var streamLastSequence: UInt64 = 0
        /// Commits by bucket (``commitBucketSeconds``, then +Inf), not cumulative, and their total duration.
        public var commitCounts = [UInt64](repeating: 0, count: ShardStatus.commitBucketSeconds.count + 1)
        public var commitSeconds = 0.0
        /// Records refused on the shard's stream and in the cluster's buckets.
        public var refusedRecords = 0

        /// Messages the stream holds past what this daemon has: for a standby what it has yet to apply, for the
        /// holder 0 (every message is its own, or refused at once).
        public var streamLag: UInt64 {
            holds || appliedSequence >= streamLastSequence ? 0 : streamLastSequence - appliedSequence
        }
    }

    private let state = Mutex(Reading())
    /// What counts the refused records, once the daemon has joined the cluster.
    private let refused = Mutex<RefusedRecords?>(nil)

    public init() {}

    /// The status now.
    public var reading: Reading {
        var reading = state.withLock { $0 }
        reading.refusedRecords = refused.withLock { $0?.total } ?? 0
        return reading
    }

    func counts(_ records: RefusedRecords) {
        refused.withLock { $0 = records }
    }

    /// Holds the shard from its marker at `marker` on.
    func holdsShard(from marker: UInt64) {
        state.withLock {
            $0.holds = true
            $0.appliedSequence = marker
        }
    }

    func leaseWasWritten() {
        state.withLock { $0.leaseWritten = .now }
    }

    func followed(applied: UInt64, streamLast: UInt64) {
        state.withLock {
            $0.appliedSequence = applied
            $0.streamLastSequence = streamLast
        }
    }

    func committed(through sequence: UInt64, in duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        let bucket = Self.commitBucketSeconds.firstIndex { seconds <= $0 } ?? Self.commitBucketSeconds.count
        state.withLock {
            $0.appliedSequence = sequence
            $0.commitCounts[bucket] += 1
            $0.commitSeconds += seconds
        }
    }
}
