import SegueCore
import SegueLog
import SegueLogging
import SegueWire

extension Ledger {
    /// The state start-up rebuilt, and from what.
    struct Recovery {
        var core: EngineCore
        var snapshotPosition: UInt64
        var replayedEvents: UInt64
        /// The snapshot's place in its shard's stream, in cluster mode.
        var streamCursor: StreamCursor?
    }

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
        var loaded: (core: EngineCore, position: UInt64, cursor: StreamCursor?)?
        for file in files where loaded == nil {
            switch try loadSnapshot(file, log: log, snapshots: snapshots, limits: limits) {
            case .success(let (core, cursor)):
                loaded = (core, file.position, cursor)
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
        return Recovery(
            core: start, snapshotPosition: from, replayedEvents: replayed, streamCursor: loaded?.cursor)
    }

    /// Why a snapshot was not used, and whether to rename it out of the way.
    struct SnapshotRefusal: Error {
        var reason: String
        var setAside: Bool
    }

    /// The core a snapshot file describes, and its place in a shard's stream, if the file is intact and consistent
    /// with the log.
    /// - Throws: `LedgerError` only when the log itself cannot be read.
    private static func loadSnapshot(
        _ file: SnapshotStore.File, log: SegmentLog, snapshots: SnapshotStore, limits: Limits
    ) throws(LedgerError) -> Result<(EngineCore, StreamCursor?), SnapshotRefusal> {
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
        return .success((core, snapshot.streamCursor))
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
}
