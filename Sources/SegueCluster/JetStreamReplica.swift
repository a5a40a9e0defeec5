import NATS
import SegueEngine
import SegueWire

/// The shard's stream as the log of record: each engine batch is one message on the shard's events subject, stored
/// only if the stream's last sequence is the one this daemon last saw. Another daemon that took the shard over has
/// appended its marker since, so a stale holder's batch is refused (fenced) and never reaches its local log.
final class JetStreamReplica: LogReplica, @unchecked Sendable {
    private let jetStream: JetStream
    private let shard: Int
    /// The marker's sequence: it names this daemon's tenure in the message ids.
    private let tenure: UInt64
    /// How long an append is retried while the servers do not answer (a JetStream leader being elected).
    private let retryMs: Int
    /// Whether the lease was lost: retrying is then pointless.
    private let leaseLost: @Sendable () -> Bool
    /// The stream's last sequence as this daemon knows it. Only the engine's thread appends.
    private var lastSequence: UInt64

    init(
        jetStream: JetStream, shard: Int, markerSequence: UInt64, retryMs: Int,
        leaseLost: @escaping @Sendable () -> Bool
    ) {
        self.jetStream = jetStream
        self.shard = shard
        self.tenure = markerSequence
        self.retryMs = retryMs
        self.leaseLost = leaseLost
        self.lastSequence = markerSequence
    }

    func append(_ events: ArraySlice<Event>) throws(ReplicaFailure) {
        guard let first = events.first, let last = events.last else { return }
        let batch = EventBatch(
            events: Array(events), nextPosition: last.position + 1, headPosition: last.position)
        let payload = batch.encoded()
        let stream = ClusterLayout.stream(shard: shard)
        // A retry of a message that was stored but not acknowledged is recognised by its id and not stored again.
        let messageID = "\(shard)-\(tenure)-\(first.position)"
        let deadline = ContinuousClock.now + .milliseconds(retryMs)
        while true {
            let ack: PublishAck
            do {
                ack = try jetStream.publish(
                    subject: ClusterLayout.eventsSubject(shard: shard), payload: payload,
                    expectedLastSequence: lastSequence, messageID: messageID)
            } catch {
                if error.isWrongLastSequence {
                    throw ReplicaFailure(
                        fenced: true,
                        "another daemon has appended to \(stream) after sequence \(lastSequence): it holds shard "
                            + "\(shard) now")
                }
                if ContinuousClock.now >= deadline || leaseLost() {
                    throw ReplicaFailure(
                        fenced: false,
                        "\(stream) did not store the events at positions \(first.position)-\(last.position): \(error)")
                }
                sleepBriefly(milliseconds: 50)
                continue
            }
            // A duplicate is this very message, stored by an attempt whose acknowledgment was lost: it sits right
            // after the sequence this daemon expected, or it is not this batch.
            guard !ack.duplicate || ack.sequence == lastSequence + 1 else {
                throw ReplicaFailure(
                    fenced: false,
                    "\(stream) holds another message under the id \(messageID) (sequence \(ack.sequence)) than the "
                        + "batch at positions \(first.position)-\(last.position)")
            }
            lastSequence = ack.sequence
            return
        }
    }
}
