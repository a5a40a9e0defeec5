import NATS
import SegueWire

/// Reads a shard's stream in order as every reader must (docs/security.md, "NATS"), taking only what a holder of
/// the shard wrote during its tenure: markers signed with the cluster's key at the sequence they name, and batch
/// parts signed with it under the tenure of the newest marker, whose positions continue the log. Anything else is
/// refused, to be counted and skipped: it never reaches the log and never stops the reader.
///
/// A batch split across messages is delivered once its last part has arrived; a marker that comes first drops its
/// parts (the holder that wrote them was fenced off before finishing, so none of it was acknowledged).
package struct ShardStreamReader {
    package enum Reading {
        /// A whole engine batch, its events in order.
        case batch([Event])
        /// A daemon took the shard over: the tenure is this message's sequence from now on.
        case marker(ShardMarker)
        /// Part of a batch whose next part is still to come.
        case part
        /// Not a holder's record; skipped.
        case refused(String)
        /// A holder's part of the current tenure whose positions start past where the log continues: messages
        /// before it were not delivered, so this reader's log would have a hole. Nothing was taken; the reader is as
        /// before, and must not go on from here.
        case gap(String)
    }

    private let shard: Int
    private let key: ClusterPublicKey
    private let eventsSubject: String
    private let leaderSubject: String
    /// The sequence of the newest valid marker; nil while unknown (a reader that starts mid-stream adopts the
    /// tenure of the first valid part), 0 before the stream's first marker.
    package private(set) var tenure: UInt64?
    /// The position the next batch must start at; nil while unknown.
    package private(set) var nextPosition: UInt64?
    private var pending: [Event] = []

    /// - Parameters:
    ///   - tenure: the tenure at the point where reading starts: 0 at the start of the stream, nil if unknown.
    ///   - nextPosition: the position the first batch must start at (1 at the start), nil if unknown.
    package init(shard: Int, key: ClusterPublicKey, tenure: UInt64?, nextPosition: UInt64?) {
        self.shard = shard
        self.key = key
        self.tenure = tenure
        self.nextPosition = nextPosition
        eventsSubject = ClusterLayout.eventsSubject(shard: shard)
        leaderSubject = ClusterLayout.leaderSubject(shard: shard)
    }

    /// Events of an unfinished batch that a marker dropped since the last call, for the report.
    package private(set) var droppedEvents = 0

    package mutating func read(_ message: StreamMessage) -> Reading {
        do throws(RecordRefusal) {
            switch message.subject {
            case leaderSubject: return try readMarker(message)
            case eventsSubject: return try readPart(message)
            default: throw RecordRefusal("on \(message.subject), where Segue writes nothing")
            }
        } catch {
            return .refused(error.description)
        }
    }

    private mutating func readMarker(_ message: StreamMessage) throws(RecordRefusal) -> Reading {
        let marker = try SignedRecord.verified(ShardMarker.self, in: message.payload, place: leaderSubject, key: key)
        guard marker.afterSequence &+ 1 == message.sequence else {
            throw RecordRefusal(
                "a marker written for sequence \(marker.afterSequence &+ 1), found at \(message.sequence) (a copy)")
        }
        guard marker.lease?.shard == UInt32(shard) else {
            throw RecordRefusal("a marker of shard \(marker.lease?.shard ?? 0), not \(shard)")
        }
        droppedEvents += pending.count
        if let first = pending.first { nextPosition = first.position }
        pending.removeAll()
        // A reader that starts at a marker learns from it where the log continues.
        if nextPosition == nil, marker.nextPosition > 0 { nextPosition = marker.nextPosition }
        tenure = message.sequence
        return .marker(marker)
    }

    private mutating func readPart(_ message: StreamMessage) throws(RecordRefusal) -> Reading {
        let part = try SignedRecord.verified(ShardBatchPart.self, in: message.payload, place: eventsSubject, key: key)
        guard part.tenure > 0, part.tenure < message.sequence else {
            throw RecordRefusal("a batch part of tenure \(part.tenure) at sequence \(message.sequence)")
        }
        if let tenure, part.tenure != tenure {
            throw RecordRefusal("a batch part of tenure \(part.tenure), while the holder's is \(tenure)")
        }
        guard let first = part.events.first else { throw RecordRefusal("a batch part without events") }
        let expected = pending.last.map { $0.position + 1 } ?? nextPosition ?? first.position
        guard part.events.indices.allSatisfy({ part.events[$0].position == first.position + UInt64($0) }),
            first.position >= expected
        else {
            throw RecordRefusal(
                "a batch part at positions from \(first.position), while the log continues at \(expected)")
        }
        guard first.position == expected else {
            return .gap(
                "message \(message.sequence) holds positions from \(first.position), but the log continues at "
                    + "\(expected): the messages before it were not all read")
        }
        tenure = part.tenure
        pending += part.events
        guard !part.continued else { return .part }
        let batch = pending
        pending.removeAll()
        nextPosition = batch.last!.position + 1
        return .batch(batch)
    }

    /// Whether `message` is a valid marker of shard `shard`: what makes a holder of an earlier tenure stale.
    package static func isMarker(_ message: StreamMessage, shard: Int, key: ClusterPublicKey) -> Bool {
        var reader = ShardStreamReader(shard: shard, key: key, tenure: nil, nextPosition: nil)
        if case .marker = reader.read(message) { return true }
        return false
    }

    /// Reads and clears `droppedEvents`.
    package mutating func takeDroppedEvents() -> Int {
        defer { droppedEvents = 0 }
        return droppedEvents
    }
}
