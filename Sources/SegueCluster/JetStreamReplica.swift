import NATS
import SegueEngine
import SegueWire

/// The shard's stream as the log of record: each engine batch is one message on the shard's events subject, stored
/// only if the stream's last sequence is the one this daemon last saw. Another daemon that took the shard over has
/// appended its marker since, so a stale holder's batch is refused (fenced) and never reaches its local log.
final class JetStreamReplica: LogReplica, @unchecked Sendable {
    private let jetStream: JetStream
    private let shard: Int
    /// The stream's last sequence as this daemon knows it. Only the engine's thread appends.
    private var lastSequence: UInt64

    init(jetStream: JetStream, shard: Int, lastSequence: UInt64) {
        self.jetStream = jetStream
        self.shard = shard
        self.lastSequence = lastSequence
    }

    func append(_ events: ArraySlice<Event>) throws(ReplicaFailure) {
        guard let first = events.first, let last = events.last else { return }
        let batch = EventBatch(
            events: Array(events), nextPosition: last.position + 1, headPosition: last.position)
        let stream = ClusterLayout.stream(shard: shard)
        do {
            let ack = try jetStream.publish(
                subject: ClusterLayout.eventsSubject(shard: shard), payload: batch.encoded(),
                expectedLastSequence: lastSequence)
            lastSequence = ack.sequence
        } catch {
            if error.isWrongLastSequence {
                throw ReplicaFailure(
                    fenced: true,
                    "another daemon has appended to \(stream) after sequence \(lastSequence): it holds shard "
                        + "\(shard) now")
            }
            throw ReplicaFailure(
                fenced: false,
                "\(stream) did not store the events at positions \(first.position)-\(last.position): \(error)")
        }
    }
}
