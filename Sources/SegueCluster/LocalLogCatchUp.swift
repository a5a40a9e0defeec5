import NATS
import SegueClusterClient
import SegueLog
import SegueWire

/// The data directory's log kept up with the shard's stream while the daemon is a standby: the events of each
/// batch past the log's head are appended, so that taking over replays little. The local log is a cache of the
/// stream, which is the log of record, and must only ever hold a prefix of the stream's events: the directory
/// records which stream it caches (`DIR/cluster-stream`), and the event at the log's head must be the stream's.
final class LocalLogCatchUp {
    private let directory: DataDirectory
    private let log: SegmentLog
    private let stream: String
    /// The stream sequence of the last message read (events or marker).
    private(set) var lastSequence: UInt64 = 0
    /// The record at the log's head when it was opened, until the stream's event at that position has matched it.
    private var unverifiedHead: LogRecord?
    /// What a holder wrote, read from the stream's first message on.
    private var reader: ShardStreamReader

    /// Opens the data directory for `stream`.
    /// - Throws: `ClusterError` when the directory is locked or unreadable, or holds the log of something else: another
    ///   shard's stream, or a daemon that ran without `--cluster`.
    init(dataDirectory: String, segmentBytes: Int, shard: Int, key: ClusterPublicKey) throws(ClusterError) {
        stream = ClusterLayout.stream(shard: shard)
        reader = ShardStreamReader(shard: shard, key: key, tenure: 0, nextPosition: 1)
        do {
            directory = try DataDirectory(path: dataDirectory)
        } catch {
            throw ClusterError("cannot open the data directory", cause: error)
        }
        do {
            log = try SegmentLog(directory: directory.logPath, segmentBytes: segmentBytes)
            try claim(dataDirectory)
            if log.headPosition > 0 { unverifiedHead = try log.read(from: log.headPosition, maxCount: 1).first }
        } catch {
            directory.close()
            throw error as? ClusterError ?? ClusterError("cannot open the log in \(dataDirectory)", cause: error)
        }
    }

    var head: UInt64 { log.headPosition }

    /// Makes sure the directory caches this stream: an empty one is marked as this stream's; one holding a log is
    /// accepted only if marked so already.
    private func claim(_ dataDirectory: String) throws(ClusterError) {
        let mark = Array("\(stream)\n".utf8)
        do {
            if let found = try directory.note(Self.noteName) {
                guard found == mark else {
                    throw ClusterError(
                        "the data directory \(dataDirectory) caches "
                            + "\(String(decoding: found.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self)), not \(stream): "
                            + "give each shard's daemons their own directories")
                }
                return
            }
            guard log.headPosition == 0 else {
                throw ClusterError(
                    "the data directory \(dataDirectory) holds a log of \(log.headPosition) events that is not "
                        + "\(stream)'s (it was written without --cluster): give a daemon in a cluster an empty "
                        + "directory; it fills it from the stream")
            }
            try directory.writeNote(Self.noteName, mark)
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError("cannot mark \(dataDirectory) as the cache of \(stream)", cause: error)
        }
    }

    /// The note naming the stream a directory caches: `DIR/cluster-stream`.
    private static let noteName = "cluster-stream"

    /// Appends the events of each whole batch the stream delivers past the log's head, as the reader takes them.
    /// - Returns: why the message was refused (it is then skipped), or nil.
    /// - Throws: `ClusterError` when a batch's events do not continue the log: the data directory then holds another
    ///   log than this stream's.
    func apply(_ message: StreamMessage) throws(ClusterError) -> String? {
        lastSequence = message.sequence
        let events: [Event]
        switch reader.read(message) {
        case .refused(let reason): return reason
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
        let new = events.filter { $0.position > log.headPosition }
        guard let first = new.first else { return nil }
        guard first.position == log.headPosition + 1, unverifiedHead == nil else {
            throw ClusterError(
                "message \(message.sequence) of \(stream) holds position \(first.position) but the local log ends at "
                    + "\(log.headPosition) unmatched: the data directory holds another log; move it away and start on "
                    + "an empty one")
        }
        do {
            _ = try log.append(new.map { $0.encoded() })
        } catch {
            throw ClusterError("cannot append to the local log", cause: error)
        }
        return nil
    }

    /// Events of unfinished batches that a marker dropped since the last call.
    func takeDroppedEvents() -> Int { reader.takeDroppedEvents() }

    /// Says why the local log cannot be taken over now that the stream has been read to its end, or nil: a head
    /// the stream never reached is another log's.
    var mismatchAtEnd: String? {
        guard let head = unverifiedHead else { return nil }
        return "the local log reaches position \(head.position), past the end of \(stream): the data directory holds "
            + "another log; move it away and start on an empty one"
    }

    /// Makes the appended events durable and releases the directory for the engine.
    func finish() throws(ClusterError) {
        defer { close() }
        do {
            try log.sync()
        } catch {
            throw ClusterError("cannot sync the local log", cause: error)
        }
    }

    /// Releases the directory without syncing (the daemon stops while standing by).
    func close() {
        log.close()
        directory.close()
    }
}
