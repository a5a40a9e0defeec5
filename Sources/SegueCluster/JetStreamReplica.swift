import NATS
import SegueClusterClient
import SegueEngine
import SegueWire
import Synchronization

/// The shard's stream as the log of record: each engine batch is appended as one message on the shard's events
/// subject, or as several consecutive ones when it is larger than the servers take (their `max_payload`), each a
/// `ShardBatchPart` signed with the cluster's key. Each is stored only if the stream's last sequence is the one
/// this daemon last saw. Another daemon that took the shard over has appended its marker since, so a stale holder's
/// batch is refused (fenced) and never reaches its local log. Messages that no holder wrote (garbage, forgeries)
/// that land in between are refused, counted and stepped over: they never make the holder step down.
final class JetStreamReplica: LogReplica, Sendable {
    private let jetStream: JetStream
    private let shard: Int
    /// The marker's sequence: this daemon's tenure, in every part it writes and in the message ids.
    private let tenure: UInt64
    private let key: ClusterSigningKey
    /// How long an append is retried while the servers do not answer (a JetStream leader being elected).
    private let retryMs: Int
    /// Whether the lease was lost: retrying is then pointless.
    private let leaseLost: @Sendable () -> Bool
    private let refused: RefusedRecords
    /// Where each commit's round trip is recorded, for the metrics endpoint.
    private let status: ShardStatus
    /// The stream's last sequence as this daemon knows it. The ledger appends one batch at a time, so one thread
    /// at a time reads and moves it; an atomic makes that safe without a lock held across a round trip.
    private let lastSequence: Atomic<UInt64>
    /// The sequence of this daemon's last message in the stream (its marker until it appends): where its state is.
    private let committedSequence: Atomic<UInt64>
    private let subject: String
    private let stream: String

    /// Room a part's record leaves in a message for the rest: the signature and its framing, and the headers
    /// (message id, expected last sequence).
    static let messageOverheadBytes = 1024

    init(
        jetStream: JetStream, shard: Int, markerSequence: UInt64, key: ClusterSigningKey, retryMs: Int,
        refused: RefusedRecords, status: ShardStatus, leaseLost: @escaping @Sendable () -> Bool
    ) {
        self.jetStream = jetStream
        self.shard = shard
        self.tenure = markerSequence
        self.key = key
        self.retryMs = retryMs
        self.refused = refused
        self.status = status
        self.leaseLost = leaseLost
        self.lastSequence = Atomic(markerSequence)
        self.committedSequence = Atomic(markerSequence)
        subject = ClusterLayout.eventsSubject(shard: shard)
        stream = ClusterLayout.stream(shard: shard)
    }

    var cursor: StreamCursor { StreamCursor(sequence: committedSequence.load(ordering: .relaxed), tenure: tenure) }

    func append(_ events: ArraySlice<Event>, encoded: [ArraySlice<UInt8>]) throws(ReplicaFailure) {
        guard !events.isEmpty else { return }
        let started = ContinuousClock.now
        let budget = max(jetStream.connection.maxPayload - Self.messageOverheadBytes, 1)
        let parts = Self.split(encoded, budget: budget)
        for (index, range) in parts.enumerated() {
            var writer = ProtoWriter()
            writer.writeUInt64(tenure, field: 1)
            // An embedded message is written as its bytes behind a length: exactly what writeBytes writes.
            for event in encoded[range] { writer.writeBytes(event, field: 2) }
            if index < parts.count - 1 { writer.writeBool(true, field: 3) }
            let payload = SignedRecord(signing: writer.bytes, place: subject, with: key).encoded()
            let first = events[events.startIndex + range.lowerBound].position
            try publish(payload, first: first, last: first + UInt64(range.count - 1))
        }
        status.committed(through: lastSequence.load(ordering: .relaxed), in: ContinuousClock.now - started)
    }

    /// Consecutive ranges of `events` whose encodings (with their field tags and lengths) fit `budget` bytes; an
    /// event larger than that alone (segued refuses at start limits that would allow one).
    static func split(_ events: [ArraySlice<UInt8>], budget: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        var size = 0
        for (index, event) in events.enumerated() {
            let framed = event.count + 6
            if index > start && size + framed > budget {
                parts.append(start..<index)
                start = index
                size = 0
            }
            size += framed
        }
        parts.append(start..<events.count)
        return parts
    }

    private func publish(_ payload: [UInt8], first: UInt64, last: UInt64) throws(ReplicaFailure) {
        // A retry of a message that was stored but not acknowledged is recognised by its id and not stored again. The
        // id is new for each message and unguessable, so that nobody can take it first; a duplicate is still only
        // believed once the stream shows this message's bytes (whoever saw an attempt go by could copy its id).
        var messageID = Self.newMessageID(shard: shard, tenure: tenure, first: first)
        let deadline = ContinuousClock.now + .milliseconds(retryMs)
        while true {
            let ack: PublishAck
            do {
                ack = try jetStream.publish(
                    subject: subject, payload: payload, expectedLastSequence: lastSequence.load(ordering: .relaxed),
                    messageID: messageID)
            } catch {
                // Messages that no holder wrote are stepped over, but only for as long as any other failure would be
                // retried: a flood faster than this daemon's appends stops it as servers that do not answer would.
                if error.isWrongLastSequence, ContinuousClock.now < deadline {
                    if try stepOverForeignMessages(writing: payload, at: first) { return }
                    continue
                }
                if ContinuousClock.now >= deadline || leaseLost() {
                    throw ReplicaFailure(
                        fenced: false, "\(stream) did not store the events at positions \(first)-\(last): \(error)")
                }
                sleepBriefly(milliseconds: 50)
                continue
            }
            guard ack.duplicate else {
                lastSequence.store(ack.sequence, ordering: .relaxed)
                committedSequence.store(ack.sequence, ordering: .relaxed)
                return
            }
            if try stepOverForeignMessages(writing: payload, at: first) { return }
            // Another message holds the id: this one was never stored.
            guard ContinuousClock.now < deadline else {
                throw ReplicaFailure(
                    fenced: false,
                    "\(stream) holds another message under the id \(messageID) than the events at positions "
                        + "\(first)-\(last)")
            }
            messageID = Self.newMessageID(shard: shard, tenure: tenure, first: first)
        }
    }

    /// `SHARD-TENURE-POSITION-RANDOM`: readable in the stream, and unguessable.
    private static func newMessageID(shard: Int, tenure: UInt64, first: UInt64) -> String {
        let random = (0..<2).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined(separator: "-")
        return "\(shard)-\(tenure)-\(first)-\(random)"
    }

    /// Reads, a page at a time, what was appended after the last sequence this daemon knows: a valid marker means
    /// another daemon holds the shard now (fenced); a message with exactly `payload`'s bytes is this daemon's
    /// (stored by an attempt whose answer was lost, or a copy published again by someone who saw it go by), which is
    /// all the same to every reader; anything else no holder wrote is refused and stepped over.
    /// - Returns: whether `payload` is in the stream now.
    private func stepOverForeignMessages(writing payload: [UInt8], at position: UInt64) throws(ReplicaFailure)
        -> Bool
    {
        var reader = ShardStreamReader(shard: shard, key: key.publicKey, tenure: tenure, nextPosition: position)
        while true {
            let page: [StreamMessage]
            do {
                // Pages of 16 messages: at most 16 of the servers' largest in memory, whatever was published.
                let last = lastSequence.load(ordering: .relaxed)
                page = try jetStream.messages(stream: stream, from: last + 1, upTo: last + 16, batchSize: 16)
            } catch {
                sleepBriefly(milliseconds: 50)
                return false
            }
            guard !page.isEmpty else { return false }
            for message in page {
                switch reader.read(message) {
                case .marker:
                    throw ReplicaFailure(
                        fenced: true,
                        "another daemon has appended its marker to \(stream) at sequence \(message.sequence): it "
                            + "holds shard \(shard) now")
                case .refused(let reason):
                    refused.refuse("\(stream) sequence \(message.sequence)", reason: reason)
                    lastSequence.store(message.sequence, ordering: .relaxed)
                case .batch, .part, .gap:
                    guard message.payload == payload else {
                        throw ReplicaFailure(
                            fenced: true,
                            "a daemon with the cluster's key appended other events at sequence \(message.sequence) "
                                + "of \(stream) under this daemon's tenure: two daemons hold shard \(shard)")
                    }
                    lastSequence.store(message.sequence, ordering: .relaxed)
                    committedSequence.store(message.sequence, ordering: .relaxed)
                    return true
                }
            }
        }
    }
}
