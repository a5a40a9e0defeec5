import Dispatch
import SegueCore
import SegueLog
import SegueLogging
import Synchronization

/// Decides when the ledger's state is written as a snapshot and when retention deletes old log segments, and
/// writes them: a periodic snapshot every `snapshotEvery` events appended (on a background queue in the daemon,
/// collected on a later turn), one at a clean shutdown, and retention after each snapshot written. Owned by the
/// ledger's thread.
final class SnapshotScheduler {
    private let ledger: Ledger
    /// Events between periodic snapshots (0: only `writeNow()`), and the log size retention aims for (0: all).
    private let snapshotEvery: UInt64
    private let retainBytes: UInt64
    /// Whether periodic snapshots are written on a background queue (the daemon, so that the fsyncs do not stall
    /// the loop) or before `afterAppend` returns (the embedded engine, so that tests see them at once).
    private let inBackground: Bool
    /// Position of the newest snapshot loaded or written (0: none), and of the newest one attempted.
    private var lastSnapshotPosition: UInt64
    private var lastSnapshotAttempt: UInt64
    /// A periodic snapshot being written on `queue`, collected when done.
    private var pending: SnapshotWrite?
    private let queue = DispatchQueue(label: "segue.ledger.snapshots")

    /// Snapshots kept after each write: the newest, and one to fall back to should the newest be damaged.
    static let keptSnapshots = 2

    /// - Parameter inBackground: whether periodic snapshots are fsynced off the owner's thread.
    init(ledger: Ledger, configuration: EngineConfiguration, inBackground: Bool) {
        self.ledger = ledger
        snapshotEvery = UInt64(max(configuration.snapshotEvery, 0))
        retainBytes = configuration.retainBytes
        self.inBackground = inBackground
        lastSnapshotPosition = ledger.recovered.snapshotPosition
        lastSnapshotAttempt = ledger.recovered.snapshotPosition
    }

    /// A snapshot being written off the owner's thread; `result` is set once, when the file is on disk or failed.
    final class SnapshotWrite: Sendable {
        enum Outcome: Sendable {
            /// On disk, and older snapshots pruned (or why pruning failed).
            case written(SnapshotStore.File, pruneFailure: LogError?)
            case failed(LogError)
            /// The log could not be synced first: the log is unusable.
            case logSyncFailed(LogError)
        }

        let position: UInt64
        let result = Mutex<Outcome?>(nil)

        init(position: UInt64) {
            self.position = position
        }
    }

    /// After a batch appended events, when the core and the log agree on the head: finishes a snapshot the
    /// background queue has written, and starts a periodic one when `snapshotEvery` events have been appended
    /// since the last one.
    /// - Throws: `LedgerError` when the log cannot be synced before a snapshot: the log is unusable.
    func afterAppend() throws(LedgerError) {
        try collect()
        guard snapshotEvery > 0, pending == nil,
            ledger.logHead >= max(lastSnapshotPosition, lastSnapshotAttempt) + snapshotEvery
        else { return }
        try take(inBackground: inBackground)
    }

    /// Writes a snapshot of the state now, for a clean shutdown (no batch open): after the one being written (if
    /// any) is done, and unless the newest snapshot already covers the head. Then keeps the newest snapshots and
    /// applies retention. A snapshot that cannot be written is reported, not thrown: the log still holds
    /// everything.
    /// - Returns: the snapshot file written, or nil.
    /// - Throws: `LedgerError` when the log cannot be synced first.
    @discardableResult
    func writeNow() throws(LedgerError) -> SnapshotStore.File? {
        waitForWrite()
        try collect()
        guard ledger.logHead > lastSnapshotPosition else { return nil }
        return try take(inBackground: false)
    }

    /// Returns once the snapshot being written in the background (if any) is on disk: before the ledger closes.
    func waitForWrite() {
        queue.sync {}
    }

    /// Syncs the log (a snapshot must never cover events a crash could still take away), then encodes the state at
    /// the head and writes it, here or on the background queue. In the background the queue gets the stacks, head
    /// and clock (`EngineCore.snapshotSource`, shared copy-on-write) and does all the waiting for the disk: the
    /// log's sync, the snapshot's fsyncs and deleting the older snapshots, which would otherwise stall the loop
    /// for milliseconds.
    @discardableResult
    private func take(inBackground: Bool) throws(LedgerError) -> SnapshotStore.File? {
        let position = ledger.core.headPosition
        let store = ledger.snapshots
        let report = ledger.report
        if inBackground {
            let logSync: PendingSync
            do {
                logSync = try ledger.log.detachedSync()
            } catch {
                // Without a descriptor to spare the snapshot waits for the next one; the log holds everything.
                if error.kind == .unusable || error.kind == .closed {
                    throw LedgerError("cannot sync the log before a snapshot: \(error)")
                }
                lastSnapshotAttempt = position
                report.warn("snapshot not written", ["position": position, "error": error.description])
                return nil
            }
            lastSnapshotAttempt = position
            let write = SnapshotWrite(position: position)
            pending = write
            let state = ledger.core.snapshotSource
            let cursor = ledger.streamCursor
            queue.async {
                let outcome: SnapshotWrite.Outcome
                if let failure = logSync.perform() {
                    outcome = .logSyncFailed(failure)
                } else {
                    do throws(LogError) {
                        var snapshot = state.snapshot()
                        snapshot.streamCursor = cursor
                        let file = try store.write(position: position, payload: snapshot.encoded())
                        outcome = .written(file, pruneFailure: Self.prune(store))
                    } catch {
                        outcome = .failed(error)
                    }
                }
                write.result.withLock { $0 = outcome }
            }
            return nil
        }
        do {
            try ledger.log.sync()
        } catch {
            throw LedgerError("cannot sync the log before a snapshot", .log(error))
        }
        lastSnapshotAttempt = position
        do {
            var snapshot = ledger.core.snapshot()
            snapshot.streamCursor = ledger.streamCursor
            let file = try store.write(position: position, payload: snapshot.encoded())
            didWrite(file, pruneFailure: Self.prune(store))
            return file
        } catch {
            report.warn("snapshot not written", ["position": position, "error": error.description])
            return nil
        }
    }

    /// Finishes a background snapshot that is done; leaves one still being written alone.
    /// - Throws: `LedgerError` when the log's sync before it failed: the log is unusable.
    private func collect() throws(LedgerError) {
        guard let write = pending, let result = write.result.withLock({ $0 }) else { return }
        pending = nil
        switch result {
        case .written(let file, let pruneFailure):
            didWrite(file, pruneFailure: pruneFailure)
        case .failed(let error):
            ledger.report.warn("snapshot not written", ["position": write.position, "error": error.description])
        case .logSyncFailed(let error):
            throw LedgerError("cannot sync the log before a snapshot", .log(ledger.log.syncFailed(error)))
        }
    }

    /// Deletes the snapshots older than the kept ones, after a write; returns why it could not.
    private static func prune(_ store: SnapshotStore) -> LogError? {
        do throws(LogError) {
            _ = try store.prune(keeping: keptSnapshots)
            return nil
        } catch {
            return error
        }
    }

    /// After a snapshot is on disk and older ones were pruned (`pruneFailure`: why not): segments the kept ones
    /// cover go.
    private func didWrite(_ file: SnapshotStore.File, pruneFailure: LogError?) {
        lastSnapshotPosition = max(lastSnapshotPosition, file.position)
        do throws(LogError) {
            if let pruneFailure { throw pruneFailure }
            try applyRetention()
        } catch {
            ledger.report.warn("snapshot housekeeping failed", ["error": error.description])
        }
    }

    /// Deletes the oldest segments while the log is over `retainBytes`, but only those whose every event is
    /// covered by each snapshot kept: should the newest prove damaged at the next start, the older one and the
    /// log after it still rebuild the state.
    private func applyRetention() throws(LogError) {
        guard retainBytes > 0 else { return }
        let log = ledger.log
        let kept = try ledger.snapshots.list()
        guard kept.count >= Self.keptSnapshots, let boundary = kept.last?.position else { return }
        var size = log.byteSize
        var deleteBefore: UInt64?
        // Never the last segment: it is the one being appended to.
        for segment in log.segments.dropLast() {
            guard size > retainBytes, let last = segment.lastPosition, last <= boundary else { break }
            size -= segment.byteSize
            deleteBefore = last + 1
        }
        guard let deleteBefore else { return }
        let deleted = try log.deleteSegments(before: deleteBefore)
        ledger.report.info(
            "retention deleted segments",
            [
                "segments": deleted, "first_position": log.firstPosition,
                "log_bytes": log.byteSize,
            ])
    }
}
