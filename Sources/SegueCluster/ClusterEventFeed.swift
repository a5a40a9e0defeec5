import NATS
import SegueWire

/// Every event of a cluster's shards, read from their streams (the log of record), not from a daemon: in order
/// within each shard, without a gap or a repeat, across failovers, since the streams outlive any daemon.
public final class ClusterEventFeed {
    /// The shard and position after which each follower reads.
    private var followers: [(shard: Int, follower: StreamFollower)] = []
    private let fromPosition: UInt64
    private var pending: [(shard: Int, event: Event)] = []
    private var turn = 0

    /// Follows `shards` (every shard when nil) of the cluster at `servers`.
    /// - Parameter from: the first position to deliver in each shard; nil for only the events logged from now on.
    public init(servers: [String], shards: [Int]?, from: UInt64?) throws(ClusterError) {
        fromPosition = from ?? 1
        do {
            let directory = try ClusterDirectory(servers: servers)
            let jetStream = directory.jetStream
            for shard in shards ?? Array(0..<directory.shards) {
                let stream = ClusterLayout.stream(shard: shard)
                // From now: after the stream's current end; else from its start, skipping earlier positions.
                let first = from == nil ? try jetStream.lastSequence(stream: stream) + 1 : 1
                let follower = try StreamFollower(
                    jetStream: jetStream, stream: stream, subject: ClusterLayout.eventsSubject(shard: shard),
                    from: first)
                followers.append((shard, follower))
            }
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError("cannot follow the cluster's streams: \(error)")
        }
    }

    deinit {
        for (_, follower) in followers { follower.stop() }
    }

    /// The next event of any shard, waiting up to `timeoutMs` for one; nil when none came.
    public func next(timeoutMs: Int) throws(ClusterError) -> (shard: Int, event: Event)? {
        let deadline = ContinuousClock.now + .milliseconds(timeoutMs)
        while pending.isEmpty {
            guard !followers.isEmpty else { return nil }
            let (shard, follower) = followers[turn % followers.count]
            turn += 1
            // Each shard gets a short wait in turn, so that one idle shard does not hold the others up.
            let wait = min(Duration.milliseconds(20), max(deadline - ContinuousClock.now, .milliseconds(1)))
            let message: StreamMessage?
            do {
                message = try follower.next(timeout: wait)
            } catch {
                throw ClusterError("cannot read \(ClusterLayout.stream(shard: shard)): \(error)")
            }
            if let message {
                let batch: EventBatch
                do {
                    batch = try EventBatch(decoding: message.payload)
                } catch {
                    throw ClusterError(
                        "message \(message.sequence) of \(ClusterLayout.stream(shard: shard)) is not an EventBatch: "
                            + "\(error)")
                }
                pending += batch.events.filter { $0.position >= fromPosition }.map { (shard, $0) }
            } else if ContinuousClock.now >= deadline {
                return nil
            }
        }
        return pending.removeFirst()
    }
}
