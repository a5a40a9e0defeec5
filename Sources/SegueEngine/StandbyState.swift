import SegueCore
import SegueLog
import SegueWire

/// The engine state of a daemon standing by for its shard (cluster mode): its data directory opened and the state
/// rebuilt once, when the daemon starts, then kept up with every batch the shard's holder committed, folded as
/// recovery folds the log and appended to the local log, with snapshots on the holder's schedule that record where
/// in the stream they were taken. Taking the shard over (`Engine(configuration:takingOver:)`) then replays
/// nothing: the state is already the stream's. Owned by one thread.
public final class StandbyState {
    let ledger: Ledger
    /// The snapshots' schedule, which the engine keeps once it takes over.
    let snapshots: SnapshotScheduler
    private var closed = false

    /// Opens (creating if needed) the data directory, takes its lock, and rebuilds the state as a start does.
    /// - Throws: `EngineError` when the directory is locked or unreadable, or its log is damaged or does not
    ///   replay.
    public init(configuration: EngineConfiguration) throws(EngineError) {
        do {
            ledger = try Ledger(configuration: configuration)
        } catch {
            throw EngineError("cannot open the data directory \(configuration.dataDirectory)", .ledger(error))
        }
        snapshots = SnapshotScheduler(ledger: ledger, configuration: configuration, inBackground: true)
    }

    /// The newest position in the state and the log.
    public var head: UInt64 { ledger.logHead }

    /// Where in the shard's stream the state was last taken up: from the snapshot the start began with, then from
    /// each batch followed; nil when the start found no snapshot that says.
    public var cursor: StreamCursor? { ledger.streamCursor }

    /// What the start did: the snapshot it began from (0: none) and how many log events it replayed after it.
    public var recovered: (snapshotPosition: UInt64, replayedEvents: UInt64) { ledger.recovered }

    /// How many events `follow` has folded since the start.
    public private(set) var followedEvents: UInt64 = 0

    /// The data directory's event at `position`, encoded as the log holds it, if the log still has it.
    public func record(at position: UInt64) throws(LogError) -> [UInt8]? {
        try ledger.log.read(from: position, maxCount: 1).first.map { Array($0.payload) }
    }

    /// A note in the data directory (`DataDirectory.note`).
    public func note(_ name: String) throws(LogError) -> [UInt8]? { try ledger.directory.note(name) }

    /// Writes a note into the data directory (`DataDirectory.writeNote`).
    public func writeNote(_ name: String, _ bytes: [UInt8]) throws(LogError) {
        try ledger.directory.writeNote(name, bytes)
    }

    /// Folds the events of one batch the holder committed into the state, appends them to the local log, and writes
    /// a snapshot when one is due.
    /// - Parameters:
    ///   - events: consecutive positions, from the one after `head`.
    ///   - cursor: the stream's place once this batch is taken: the sequence of its last message, and its tenure.
    /// - Throws: `EngineError` when an event does not follow the state (the stream and this log disagree), or the
    ///   log cannot be written or synced before a snapshot.
    public func follow(_ events: [Event], through cursor: StreamCursor) throws(EngineError) {
        guard !events.isEmpty else { return }
        for event in events {
            do {
                try ledger.core.restore(event)
            } catch {
                throw EngineError(
                    "cannot follow the shard's stream",
                    .ledger(LedgerError("its events do not follow the local state", .replay(error))))
            }
        }
        do {
            _ = try ledger.log.append(events.map { $0.encoded() })
        } catch {
            throw EngineError(
                "cannot follow the shard's stream", .ledger(LedgerError("cannot append to the local log", .log(error))))
        }
        followedEvents += UInt64(events.count)
        ledger.followedCursor = cursor
        do {
            try snapshots.afterAppend()
        } catch {
            throw EngineError("cannot write a snapshot while standing by", .ledger(error))
        }
    }

    /// Makes everything followed durable, before the engine takes over.
    public func sync() throws(EngineError) {
        do {
            try ledger.sync()
        } catch {
            throw EngineError("cannot sync the local log", .ledger(error))
        }
    }

    /// Releases the data directory (a standby asked to stop), once the snapshot being written is on disk.
    /// Idempotent; an engine that took over closes it itself.
    public func close() {
        if closed { return }
        closed = true
        snapshots.waitForWrite()
        ledger.close()
    }

    /// Hands the state to the engine taking over: from then on the engine owns and closes it.
    func handOver() -> (Ledger, SnapshotScheduler) {
        closed = true
        return (ledger, snapshots)
    }
}
