import NATS
import SegueLog
import SegueWire

/// The data directory's log kept up with the shard's stream while the daemon is a standby: the events of each
/// batch past the log's head are appended, so that taking over replays little. The local log is a cache of the
/// stream, which is the log of record; it only ever holds a prefix of the stream's events.
final class LocalLogCatchUp {
    private let directory: DataDirectory
    private let log: SegmentLog
    private let stream: String
    /// The stream sequence of the last message read (events or marker).
    private(set) var lastSequence: UInt64 = 0

    init(dataDirectory: String, segmentBytes: Int, stream: String) throws(ClusterError) {
        self.stream = stream
        do {
            directory = try DataDirectory(path: dataDirectory)
        } catch {
            throw ClusterError("cannot open the data directory: \(error)")
        }
        do {
            log = try SegmentLog(directory: directory.logPath, segmentBytes: segmentBytes)
        } catch {
            directory.close()
            throw ClusterError("cannot open the log in \(dataDirectory): \(error)")
        }
    }

    var head: UInt64 { log.headPosition }

    /// Appends the events of one stream message past the log's head.
    /// - Throws: `ClusterError` when the message does not decode, or its events do not follow the log's head (the
    ///   data directory holds another log than this shard's).
    func apply(_ message: StreamMessage) throws(ClusterError) {
        lastSequence = message.sequence
        guard message.subject.hasSuffix(".events") else { return }
        let batch: EventBatch
        do {
            batch = try EventBatch(decoding: message.payload)
        } catch {
            throw ClusterError("message \(message.sequence) of \(stream) is not an EventBatch: \(error)")
        }
        let new = batch.events.filter { $0.position > log.headPosition }
        guard let first = new.first else { return }
        guard first.position == log.headPosition + 1 else {
            throw ClusterError(
                "message \(message.sequence) of \(stream) holds position \(first.position) but the local log ends at "
                    + "\(log.headPosition): the data directory holds another log; move it away to start from the stream"
            )
        }
        do {
            _ = try log.append(new.map { $0.encoded() })
        } catch {
            throw ClusterError("cannot append to the local log: \(error)")
        }
    }

    /// Makes the appended events durable and releases the directory for the engine.
    func finish() throws(ClusterError) {
        defer {
            log.close()
            directory.close()
        }
        do {
            try log.sync()
        } catch {
            throw ClusterError("cannot sync the local log: \(error)")
        }
    }

    /// Releases the directory without syncing (the daemon stops while standing by).
    func close() {
        log.close()
        directory.close()
    }
}
