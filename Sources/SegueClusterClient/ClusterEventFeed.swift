import NATS
import SegueWire

/// Every event of a cluster's shards, read from their streams (the log of record), not from a daemon: in order
/// within each shard, without a gap or a repeat, across failovers, since the streams outlive any daemon. Only what
/// the shards' holders wrote is delivered (``ShardStreamReader``); anything else is refused and told to
/// ``onRefused``.
public final class ClusterEventFeed {
    /// One shard followed: its stream's follower, or when its stream does not exist yet, when to look again.
    private struct Followed {
        let shard: Int
        var follower: StreamFollower?
        var reader: ShardStreamReader?
        /// Batches completed at this sequence or before were logged before the feed started: read, not delivered.
        var deliverAfter: UInt64 = 0
        var lookAgain = ContinuousClock.now
    }

    private let jetStream: JetStream
    private var shards: [Followed]
    private let fromPosition: UInt64
    private var pending: [(shard: Int, event: Event)] = []
    private var turn = 0
    private let key: ClusterPublicKey
    /// Told each message refused: its shard, its sequence and why.
    public var onRefused: (_ shard: Int, _ sequence: UInt64, _ reason: String) -> Void = { _, _, _ in }
    /// Told when the stream of a shard in ``waitingShards`` appears, and is followed from its start.
    public var onStreamFound: (_ shard: Int) -> Void = { _ in }

    /// The shards followed whose streams do not exist yet (no daemon has joined the cluster for them): each is
    /// followed from its start once it appears, so nothing logged there after the feed started is missed.
    public var waitingShards: [Int] { shards.filter { $0.follower == nil }.map(\.shard) }
    /// Every shard the feed follows, those waiting for their streams included.
    public var followedShards: [Int] { shards.map(\.shard) }

    /// Follows every shard of the cluster at `servers`, or only the one holding `stack`. A shard whose stream does
    /// not exist yet (no daemon has held it) is looked for again every second, and followed from its start once it
    /// exists.
    /// - Parameter from: the first position to deliver in each shard; nil for only the events logged from now on.
    /// - Parameter key: the cluster's public key; nil for the one its daemons recorded (``ClusterDirectory``).
    public init(
        servers: [String], key: ClusterPublicKey? = nil, stack: String?, from: UInt64?,
        authentication: NATSAuthentication = .none
    ) throws(ClusterError) {
        fromPosition = from ?? 1
        let directory = try ClusterDirectory(servers: servers, key: key, authentication: authentication)
        jetStream = directory.jetStream
        self.key = directory.key
        let followed = stack.map { [directory.shard(of: $0)] } ?? Array(0..<directory.shards)
        shards = followed.map { Followed(shard: $0) }
        for index in shards.indices {
            try follow(&shards[index], fromNow: from == nil)
        }
    }

    deinit {
        for followed in shards { followed.follower?.stop() }
    }

    /// Starts following the shard's stream if it exists: from its start, delivering what comes after its current
    /// end when `fromNow`. Reading from now starts at the newest valid marker, which says the tenure and the position
    /// the log continues at, so that what is checked from there is checked as from the start.
    private func follow(_ followed: inout Followed, fromNow: Bool) throws(ClusterError) {
        let stream = ClusterLayout.stream(shard: followed.shard)
        do {
            var first: UInt64 = 1
            if fromNow {
                followed.deliverAfter = try jetStream.lastSequence(stream: stream)
                let markers = try jetStream.messages(
                    stream: stream, subject: ClusterLayout.leaderSubject(shard: followed.shard), from: 1,
                    upTo: followed.deliverAfter)
                if let newest = markers.last(where: { ShardStreamReader.isMarker($0, shard: followed.shard, key: key) })
                {
                    first = newest.sequence
                }
            }
            // Markers too: they set the tenure the batches are checked against.
            followed.follower = try StreamFollower(jetStream: jetStream, stream: stream, from: first)
            followed.reader = ShardStreamReader(
                shard: followed.shard, key: key, tenure: first == 1 ? 0 : nil, nextPosition: first == 1 ? 1 : nil)
        } catch {
            guard error.isNotFound else { throw ClusterError("cannot follow \(stream)", cause: error) }
            followed.lookAgain = .now + .seconds(1)
        }
    }

    /// The next event of any shard, waiting up to `timeoutMs` for one; nil when none came.
    public func next(timeoutMs: Int) throws(ClusterError) -> (shard: Int, event: Event)? {
        let deadline = ContinuousClock.now + .milliseconds(timeoutMs)
        while pending.isEmpty {
            guard !shards.isEmpty else { return nil }
            let index = turn % shards.count
            turn += 1
            if shards[index].follower == nil {
                // A stream created after the feed started holds only new events: all of it is followed.
                if ContinuousClock.now >= shards[index].lookAgain {
                    try follow(&shards[index], fromNow: false)
                    if shards[index].follower != nil { onStreamFound(shards[index].shard) }
                }
                if ContinuousClock.now >= deadline { return nil }
                if shards.allSatisfy({ $0.follower == nil }) { sleepBriefly(milliseconds: 20) }
                continue
            }
            let shard = shards[index].shard
            // Each shard gets a short wait in turn, so that one idle shard does not hold the others up.
            let wait = min(Duration.milliseconds(20), max(deadline - ContinuousClock.now, .milliseconds(1)))
            let message: StreamMessage?
            do {
                message = try shards[index].follower?.next(timeout: wait)
            } catch {
                throw ClusterError("cannot read \(ClusterLayout.stream(shard: shard))", cause: error)
            }
            if let message {
                switch shards[index].reader?.read(message) {
                case .batch(let events) where message.sequence > shards[index].deliverAfter:
                    pending += events.filter { $0.position >= fromPosition }.map { (shard, $0) }
                case .batch:
                    break
                case .refused(let reason):
                    onRefused(shard, message.sequence, reason)
                case .gap(let reason):
                    throw ClusterError("cannot read \(ClusterLayout.stream(shard: shard)) whole: \(reason)")
                case .marker, .part, nil:
                    break
                }
            } else if ContinuousClock.now >= deadline {
                return nil
            }
        }
        return pending.removeFirst()
    }
}
