import SegueCore
import SegueLog
import SegueLogging
import SegueWire
import Synchronization

extension Ledger {
    /// Snapshots kept after each write: the newest, and one to fall back to should the newest be damaged.
    static let keptSnapshots = 2

    /// The state start-up rebuilt, and from what.
    struct Recovery {
        var core: EngineCore
        var snapshotPosition: UInt64
        var replayedEvents: UInt64
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

    // MARK: Start-up

    /// Rebuilds the state: the newest snapshot that is intact, decodes, fits the log and agrees with it, then the
    /// log's events after it. A refused snapshot is reported and, unless it merely predates the log's oldest kept
    /// position, set aside as `<name>.bad` so that it is never used or counted again (one past the log's head in
    /// particular would describe positions the log will fill with other events).
    static func recover(
        log: SegmentLog, snapshots: SnapshotStore, limits: Limits,
        report: Logger
    ) throws(LedgerError) -> Recovery {
        let files: [SnapshotStore.File]
        do {
            files = try snapshots.list()
        } catch {
            throw LedgerError("cannot list the snapshots", .log(error))
        }
        var loaded: (core: EngineCore, position: UInt64)?
        for file in files where loaded == nil {
            switch try loadSnapshot(file, log: log, snapshots: snapshots, limits: limits) {
            case .success(let core):
                loaded = (core, file.position)
            case .failure(let refusal):
                guard refusal.setAside else {
                    report.warn("snapshot skipped", ["file": file.path, "reason": refusal.reason])
                    continue
                }
                do {
                    let movedTo = try snapshots.setAside(file)
                    report.warn("snapshot skipped", ["file": file.path, "reason": refusal.reason, "moved_to": movedTo])
                } catch {
                    report.warn(
                        "snapshot skipped",
                        [
                            "file": file.path, "reason": refusal.reason,
                            "move_failed": error.description,
                        ])
                }
            }
        }
        var start = loaded?.core ?? EngineCore(limits: limits)
        let from = loaded?.position ?? 0
        if from + 1 < log.firstPosition {
            throw LedgerError(
                "the log in \(log.directory) starts at position \(log.firstPosition) (retention deleted "
                    + "the segments before it) and no usable snapshot covers position \(log.firstPosition - 1): the "
                    + "state cannot be rebuilt. Restore a snapshot file into \(snapshots.directory), or move the log "
                    + "away to start empty")
        }
        var replayed: UInt64 = 0
        do {
            try log.forEach(from: from + 1) { position, payload in
                let event: Event
                do throws(WireDecodingError) {
                    event = try Event(decoding: payload)
                } catch {
                    throw LedgerError.Cause.undecodable(position: position, error)
                }
                do throws(EngineCore.RestoreError) {
                    try start.restore(event)
                } catch {
                    throw LedgerError.Cause.replay(error)
                }
                replayed += 1
            }
        } catch {
            let base =
                from == 0
                ? ""
                : " after the snapshot at position \(from) (move it out of "
                    + "\(snapshots.directory) to start from an older one)"
            let context = "cannot rebuild the state from \(log.directory)\(base)"
            switch error {
            case let cause as LedgerError.Cause: throw LedgerError(context, cause)
            case let failure as LogError: throw LedgerError(context, .log(failure))
            default: throw LedgerError("\(context): \(error)")
            }
        }
        return Recovery(core: start, snapshotPosition: from, replayedEvents: replayed)
    }

    /// Why a snapshot was not used, and whether to rename it out of the way.
    struct SnapshotRefusal: Error {
        var reason: String
        var setAside: Bool
    }

    /// The core a snapshot file describes, if the file is intact and consistent with the log.
    /// - Throws: `LedgerError` only when the log itself cannot be read.
    private static func loadSnapshot(
        _ file: SnapshotStore.File, log: SegmentLog, snapshots: SnapshotStore, limits: Limits
    ) throws(LedgerError) -> Result<EngineCore, SnapshotRefusal> {
        if file.position > log.headPosition {
            return .failure(
                SnapshotRefusal(
                    reason:
                        "it covers position \(file.position) but the log ends at \(log.headPosition) (the log's tail "
                        + "was lost)", setAside: true))
        }
        if file.position + 1 < log.firstPosition {
            return .failure(
                SnapshotRefusal(
                    reason: "it covers position \(file.position) but the log's oldest kept position is "
                        + "\(log.firstPosition), so the events after it are gone", setAside: false))
        }
        let payload: [UInt8]
        do {
            payload = try snapshots.read(file)
        } catch {
            return .failure(SnapshotRefusal(reason: error.description, setAside: error.kind == .corrupt))
        }
        let snapshot: Snapshot
        do {
            snapshot = try Snapshot(decoding: payload)
        } catch {
            return .failure(
                SnapshotRefusal(
                    reason: "it does not decode as segue.v1.Snapshot: \(error)",
                    setAside: true))
        }
        guard snapshot.position == file.position else {
            return .failure(
                SnapshotRefusal(
                    reason: "it holds position \(snapshot.position), not the \(file.position) of its name",
                    setAside: true))
        }
        let core: EngineCore
        do {
            core = try EngineCore(snapshot: snapshot, limits: limits)
        } catch {
            return .failure(SnapshotRefusal(reason: "\(error)", setAside: true))
        }
        if let mismatch = try mismatch(of: core, with: log) {
            return .failure(SnapshotRefusal(reason: mismatch, setAside: true))
        }
        return .success(core)
    }

    /// Checks a restored snapshot against the log's event at its position (when retention kept it): the event's
    /// time is the snapshot's clock, and its stack is at that version with that as its newest position (or gone,
    /// for a deletion). A snapshot from another log, or from before the log's tail was rewritten, fails this.
    /// - Returns: what disagrees, or nil.
    private static func mismatch(of core: EngineCore, with log: SegmentLog) throws(LedgerError) -> String? {
        let position = core.headPosition
        guard position >= log.firstPosition, position >= 1 else { return nil }
        let records: [LogRecord]
        do {
            records = try log.read(from: position, maxCount: 1)
        } catch {
            throw LedgerError("cannot read the log to check the snapshot at position \(position)", .log(error))
        }
        guard let record = records.first else { return nil }
        let event: Event
        do {
            event = try Event(decoding: record.payload)
        } catch {
            // Not the snapshot's fault: an older snapshot would meet the same record in its replay.
            throw LedgerError("", .undecodable(position: position, error))
        }
        let stack = core.stacks[event.stackId]
        let agrees: Bool
        if case .deleted = event.body {
            agrees = stack == nil
        } else {
            agrees = stack?.version == event.version && stack?.lastPosition == position
        }
        guard agrees && event.timeUs == core.clockUs else {
            return "it does not match the log's event at position \(position) (stack '\(event.stackId)' version "
                + "\(event.version) at \(event.timeUs) us): it was not taken from this log"
        }
        return nil
    }

    // MARK: Writing

    /// Starts a periodic snapshot when `snapshotEvery` events have been appended since the last one, and finishes
    /// one the background queue has written. Called by `commit`, when the core and the log agree on the head.
    func snapshotIfDue() throws(LedgerError) {
        try collectSnapshot()
        guard snapshotEvery > 0, pendingSnapshot == nil,
            log.headPosition >= max(lastSnapshotPosition, lastSnapshotAttempt) + snapshotEvery
        else { return }
        try takeSnapshot(inBackground: writesSnapshotsInBackground)
    }

    /// Writes a snapshot of the state now, for a clean shutdown: after the one being written (if any) is done,
    /// and unless the newest snapshot already covers the head. Then keeps the newest snapshots and applies
    /// retention. A snapshot that cannot be written is reported, not thrown: the log still holds everything.
    /// - Returns: the snapshot file written, or nil.
    /// - Throws: `LedgerError` when the log cannot be synced first.
    @discardableResult
    func writeSnapshot() throws(LedgerError) -> SnapshotStore.File? {
        precondition(committedEventsMatchOutcome, "commit() before writeSnapshot()")
        snapshotQueue.sync {}
        try collectSnapshot()
        guard log.headPosition > lastSnapshotPosition else { return nil }
        return try takeSnapshot(inBackground: false)
    }

    /// Syncs the log (a snapshot must never cover events a crash could still take away), then encodes the state at
    /// the head and writes it, here or on the background queue. In the background the queue gets the stacks, head
    /// and clock (`EngineCore.snapshotSource`, shared copy-on-write) and does all the waiting for the disk: the
    /// log's sync, the snapshot's fsyncs and deleting the older snapshots, which would otherwise stall the loop
    /// for milliseconds.
    @discardableResult
    private func takeSnapshot(inBackground: Bool) throws(LedgerError) -> SnapshotStore.File? {
        let position = core.headPosition
        let store = snapshots
        if inBackground {
            let logSync: PendingSync
            do {
                logSync = try log.detachedSync()
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
            pendingSnapshot = write
            let state = core.snapshotSource
            snapshotQueue.async {
                let outcome: SnapshotWrite.Outcome
                if let failure = logSync.perform() {
                    outcome = .logSyncFailed(failure)
                } else {
                    do throws(LogError) {
                        let file = try store.write(position: position, payload: state.snapshot().encoded())
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
            try log.sync()
        } catch {
            throw LedgerError("cannot sync the log before a snapshot", .log(error))
        }
        lastSnapshotAttempt = position
        do {
            let file = try store.write(position: position, payload: core.snapshot().encoded())
            didWriteSnapshot(file, pruneFailure: Self.prune(store))
            return file
        } catch {
            report.warn("snapshot not written", ["position": position, "error": error.description])
            return nil
        }
    }

    /// Finishes a background snapshot that is done; leaves one still being written alone.
    /// - Throws: `LedgerError` when the log's sync before it failed: the log is unusable.
    private func collectSnapshot() throws(LedgerError) {
        guard let pending = pendingSnapshot, let result = pending.result.withLock({ $0 }) else { return }
        pendingSnapshot = nil
        switch result {
        case .written(let file, let pruneFailure):
            didWriteSnapshot(file, pruneFailure: pruneFailure)
        case .failed(let error):
            report.warn("snapshot not written", ["position": pending.position, "error": error.description])
        case .logSyncFailed(let error):
            throw LedgerError("cannot sync the log before a snapshot", .log(log.syncFailed(error)))
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
    private func didWriteSnapshot(_ file: SnapshotStore.File, pruneFailure: LogError?) {
        lastSnapshotPosition = max(lastSnapshotPosition, file.position)
        do throws(LogError) {
            if let pruneFailure { throw pruneFailure }
            try applyRetention()
        } catch {
            report.warn("snapshot housekeeping failed", ["error": error.description])
        }
    }

    /// Deletes the oldest segments while the log is over `retainBytes`, but only those whose every event is
    /// covered by each snapshot kept: should the newest prove damaged at the next start, the older one and the
    /// log after it still rebuild the state.
    private func applyRetention() throws(LogError) {
        guard retainBytes > 0 else { return }
        let kept = try snapshots.list()
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
        report.info(
            "retention deleted segments",
            [
                "segments": deleted, "first_position": log.firstPosition,
                "log_bytes": log.byteSize,
            ])
    }
}
