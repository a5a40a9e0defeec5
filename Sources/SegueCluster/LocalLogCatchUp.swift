import NATS
import SegueClusterClient
import SegueEngine
import SegueWire

/// A standby's state kept up with the shard's stream: the events of each batch past the state's head are folded
/// and appended to the data directory's log (`StandbyState`), so that taking over replays nothing. The local log
/// is a cache of the stream, which is the log of record, and must only ever hold a prefix of the stream's events:
/// the directory records which stream it caches (`DIR/cluster-stream`), and the event at the log's head must be
/// the stream's. Reading resumes where the newest snapshot was taken (`StreamCursor`), or at the stream's start.
final class LocalLogCatchUp {
    private let standby: StandbyState
    private let stream: String
    /// The stream sequence of the last message read (events or marker).
    private(set) var lastSequence: UInt64
    /// The record at the log's head when it was opened, until the stream's event at that position has matched it.
    private var unverifiedHead: (position: UInt64, payload: [UInt8])?
    /// What a holder wrote, read from where reading starts.
    private var reader: ShardStreamReader
    private let shard: Int
    private let key: ClusterPublicKey

    /// Takes up `standby`'s state for `stream`.
    /// - Throws: `ClusterError` when the directory is unreadable or holds the log of something else: another shard's
    ///   stream, or a daemon that ran without `--cluster`.
    init(standby: StandbyState, dataDirectory: String, shard: Int, key: ClusterPublicKey) throws(ClusterError) {
        self.standby = standby
        self.shard = shard
        self.key = key
        stream = ClusterLayout.stream(shard: shard)
        // A snapshot's cursor is where its state stood in the stream: the batch after it starts at the snapshot's
        // position + 1, which the events the log holds past the snapshot are read again up to and skipped.
        let cursor = standby.cursor
        lastSequence = cursor?.sequence ?? 0
        reader = ShardStreamReader(
            shard: shard, key: key, tenure: cursor?.tenure ?? 0,
            nextPosition: cursor == nil ? 1 : standby.recovered.snapshotPosition + 1)
        try claim(dataDirectory)
        // The events past the snapshot are read again, and the head among them checked; a head the snapshot covers is
        // checked against the cursor's message instead (`verifyCursor`).
        if standby.head > (cursor == nil ? 0 : standby.recovered.snapshotPosition) {
            do {
                unverifiedHead = try standby.record(at: standby.head).map { (standby.head, $0) }
            } catch {
                throw ClusterError("cannot read the log in \(dataDirectory)", cause: error)
            }
        }
    }

    var head: UInt64 { standby.head }

    /// The stream sequence a snapshot's cursor names, when reading resumes there: its message must be checked with
    /// `verifyCursor` first.
    var cursorSequence: UInt64? { standby.cursor?.sequence }

    /// Checks that the stream's message at the cursor is where this state was taken: the marker the log continued
    /// after, or the last part of the batch that ends at the snapshot's position, holding the local log's event.
    /// - Parameter message: the stream's message at `cursorSequence`, nil when the stream has none there.
    /// - Throws: `ClusterError` when it is not: the data directory holds another stream's log.
    func verifyCursor(_ message: StreamMessage?) throws(ClusterError) {
        guard let cursor = standby.cursor else { return }
        let position = standby.recovered.snapshotPosition
        var check = ShardStreamReader(shard: shard, key: key, tenure: nil, nextPosition: nil)
        let matches: Bool
        switch message.map({ check.read($0) }) {
        case .marker(let marker):
            matches = marker.nextPosition == position + 1 && message?.sequence == cursor.tenure
        case .batch(let events):
            let local: [UInt8]?
            do {
                local = try standby.record(at: position)
            } catch {
                throw ClusterError("cannot read the log to check it against \(stream)", cause: error)
            }
            // Retention may have taken the event when the start fell back to an older snapshot: its position says enough.
            matches = events.last.map { $0.position == position && (local == nil || $0.encoded() == local) } ?? false
        default:
            matches = false
        }
        guard matches else {
            throw ClusterError(
                "the snapshot at position \(position) was taken at sequence \(cursor.sequence) of \(stream), which "
                    + "holds other events there: the data directory holds another log; move it away and start on "
                    + "an empty one")
        }
    }

    /// The stream sequence to read from: the one after the cursor's, or the first.
    var firstSequenceToRead: UInt64 { lastSequence + 1 }

    /// Makes sure the directory caches this stream: an empty one is marked as this stream's; one holding a log is
    /// accepted only if marked so already.
    private func claim(_ dataDirectory: String) throws(ClusterError) {
        let mark = Array("\(stream)\n".utf8)
        do {
            if let found = try standby.note(Self.noteName) {
                guard found == mark else {
                    throw ClusterError(
                        "the data directory \(dataDirectory) caches "
                            + "\(String(decoding: found.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)), not \(stream): "
                            + "give each shard's daemons their own directories")
                }
                return
            }
            guard standby.head == 0 else {
                throw ClusterError(
                    "the data directory \(dataDirectory) holds a log of \(standby.head) events that is not "
                        + "\(stream)'s (it was written without --cluster): give a daemon in a cluster an empty "
                        + "directory; it fills it from the stream")
            }
            try standby.writeNote(Self.noteName, mark)
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError("cannot mark \(dataDirectory) as the cache of \(stream)", cause: error)
        }
    }

    /// The note naming the stream a directory caches: `DIR/cluster-stream`.
    private static let noteName = "cluster-stream"

    /// Folds and appends the events of each whole batch the stream delivers past the state's head, as the reader
    /// takes them.
    /// - Returns: why the message was refused (it is then skipped), or nil.
    /// - Throws: `ClusterError` when a batch's events do not continue the log: the data directory then holds another
    ///   log than this stream's.
    func apply(_ message: StreamMessage) throws(ClusterError) -> String? {
        lastSequence = message.sequence
        let events: [Event]
        switch reader.read(message) {
        case .refused(let reason): return reason
        case .gap(let reason): throw ClusterError("\(stream) was not read whole: \(reason)")
        case .marker, .part: return nil
        case .batch(let batch): events = batch
        }
        if let head = unverifiedHead, let event = events.first(where: { $0.position == head.position }) {
            guard event.encoded() == head.payload else {
                throw ClusterError(
                    "the local log's event at position \(head.position) differs from \(stream)'s: the data directory "
                        + "holds another log; move it away and start on an empty one")
            }
            unverifiedHead = nil
        }
        let new = events.filter { $0.position > standby.head }
        guard let first = new.first else { return nil }
        guard first.position == standby.head + 1, unverifiedHead == nil else {
            throw ClusterError(
                "message \(message.sequence) of \(stream) holds position \(first.position) but the local log ends at "
                    + "\(standby.head) unmatched: the data directory holds another log; move it away and start on "
                    + "an empty one")
        }
        do {
            try standby.follow(new, through: StreamCursor(sequence: message.sequence, tenure: reader.tenure ?? 0))
        } catch {
            throw ClusterError("cannot take up \(stream)'s events", cause: error)
        }
        return nil
    }

    /// Events of unfinished batches that a marker dropped since the last call.
    func takeDroppedEvents() -> Int { reader.takeDroppedEvents() }

    /// Says why the local log cannot be taken over now that the stream has been read to its end, `last`, or nil: a
    /// head the stream never reached is another log's, and a stream that ends before what was read from it was
    /// deleted and made again (its messages never go otherwise).
    func mismatch(atStreamEnd last: UInt64) -> String? {
        if lastSequence > last {
            return "\(stream) ends at sequence \(last), before sequence \(lastSequence) this daemon read from it: the "
                + "stream was deleted and made again, and no longer holds the shard's log"
        }
        guard let head = unverifiedHead else { return nil }
        return "the local log reaches position \(head.position), past the end of \(stream): the data directory holds "
            + "another log; move it away and start on an empty one"
    }

    /// Makes the followed events durable, for the engine to take over.
    func finish() throws(ClusterError) {
        do {
            try standby.sync()
        } catch {
            throw ClusterError("cannot sync the local log", cause: error)
        }
    }
}
