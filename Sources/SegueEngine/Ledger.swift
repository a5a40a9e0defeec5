import SegueCore
import SegueLog
import SegueLogging
import SegueWire

/// The engine's state and its durable log, shared by the socket engine and the embedded one.
///
/// A batch is begun (`beginBatch`), filled with its inputs and committed (`LedgerBatch.commit()`), which appends
/// its events to the log and hands back a `CommittedBatch`; only that value holds what may be published, so a
/// batch cannot be published before its events are in the log. Syncing, publishing, replying, snapshots
/// (`SnapshotScheduler`) and the counters (`EngineStats`) are left to the owner (`TurnRunner`), which knows the
/// fsync policy and the transport. Owned by one thread.
final class Ledger {
    var core: EngineCore
    let directory: DataDirectory
    let log: SegmentLog
    let snapshots: SnapshotStore
    /// Where warnings and notices for the operator go.
    let report: Logger
    /// The log of record each batch reaches before this one, in cluster mode: set when a standby takes over.
    var replica: (any LogReplica)?
    /// Where in the shard's stream the state is, in cluster mode: the replica's cursor while holding the shard, the
    /// last batch followed while standing by, and the newest snapshot's until then. Snapshots record it.
    var streamCursor: StreamCursor? { replica?.cursor ?? followedCursor }
    /// The place of the last batch a standby followed (`StandbyState`), or the newest snapshot's.
    var followedCursor: StreamCursor?
    /// What start-up did: the snapshot it began from (0: none) and how many log events it replayed after it.
    let recovered: (snapshotPosition: UInt64, replayedEvents: UInt64)
    /// Whether the transitions the previous run left in flight have been ended by a batch that reached the log
    /// (one that was undone, the disk being full, leaves them for the next).
    var inFlightEnded = false
    /// The state before the current batch while the disk is short of space (Ledger+Rollback.swift).
    var rollback = RollbackGuard()
    /// The storage of the last batch published, for the next one to fill.
    private var spareContents: BatchContents?
    /// The roll failure last reported, so that it is said once (`reportRollFailure`).
    private var reportedRollFailure: String?

    /// Every stack id in byte order, as of a `StackTable.membershipGeneration` (`ListStacks` pages through it).
    var sortedStackIds: (generation: UInt64, ids: [String])?

    /// Opens (creating if needed) the data directory, takes its lock, and rebuilds the state: from the newest
    /// valid snapshot and the log after it, or from the whole log. Reports what it did through
    /// `configuration.log` (info "recovered" with snapshot, replayed and head), each snapshot it skipped, each loss
    /// of events it accepted (`configuration.acceptLogLoss`) and a log manifest it created.
    /// - Throws: `LedgerError` when the directory is locked or unreadable, the log is damaged or misses events
    ///   (unless `acceptLogLoss`), or the log does not replay.
    init(configuration: EngineConfiguration) throws(LedgerError) {
        do {
            directory = try DataDirectory(path: configuration.dataDirectory)
        } catch {
            throw LedgerError("", .log(error))
        }
        // The snapshots come first: the newest one says how far the log must reach.
        let durable: DurablePosition?
        do {
            snapshots = try SnapshotStore(directory: directory.snapshotsPath)
            durable = try snapshots.list().first.map { newest in
                DurablePosition(
                    position: newest.position,
                    evidence: "snapshot \(newest.path) covers position "
                        + "\(newest.position), and a snapshot is written only once the events it covers are on disk")
            }
        } catch {
            directory.close()
            throw LedgerError("", .log(error))
        }
        do {
            log = try SegmentLog(
                directory: directory.logPath, segmentBytes: configuration.segmentBytes,
                acceptLoss: configuration.acceptLogLoss, durablePosition: durable)
        } catch {
            directory.close()
            // Damage: say how to look at it, and how to accept the loss.
            throw LedgerError(
                "", .log(error),
                advice: error.kind == .corrupt ? Self.lossAdvice(dataDirectory: directory.path) : nil)
        }
        for damage in log.recovery.damage {
            configuration.log.warn("log loss accepted", ["detail": damage.description])
        }
        if log.recovery.manifestCreated {
            configuration.log.info(
                "log manifest created",
                [
                    "path": log.manifestPath, "first": log.firstPosition,
                    "segments": log.segments.count,
                ])
        }
        report = configuration.log
        replica = configuration.replica
        let recovery: Recovery
        do {
            recovery = try Self.recover(
                log: log, snapshots: snapshots, limits: configuration.limits,
                report: configuration.log)
        } catch {
            log.close()
            directory.close()
            throw error
        }
        core = recovery.core
        core.framePacing = configuration.framePacing
        core.shard = configuration.shard
        recovered = (recovery.snapshotPosition, recovery.replayedEvents)
        followedCursor = recovery.streamCursor
        report.info(
            "recovered",
            [
                "snapshot": recovery.snapshotPosition, "replayed": recovery.replayedEvents,
                "head": core.headPosition,
            ])
    }

    /// What to do about a log that is damaged or misses events, for the message refusing to start.
    static func lossAdvice(dataDirectory: String) -> String {
        "`segue replay \(dataDirectory) --verify` shows the damage. To give up what is named here and start anyway, "
            + "restart with --accept-log-loss: it keeps what it takes out of the log in \(dataDirectory)/log/damaged "
            + "and sets snapshots past the log's end aside as .bad"
    }

    /// What recovery found at the log's tail (a torn record cut off, say), for the operator.
    var recoveryReport: String? {
        log.recovery.truncatedBytes > 0 ? "\(log.recovery)" : nil
    }

    /// Newest position in the log.
    var logHead: UInt64 { log.headPosition }

    /// The log as it is now, for the history reader.
    var logView: LogView { log.view }

    /// The earliest time the clock has work, or nil.
    func nextDeadline() -> Int64? { core.nextDeadline() }

    /// The storage a new batch fills: the last published batch's, emptied.
    func reusableContents() -> BatchContents {
        var contents = spareContents ?? BatchContents()
        spareContents = nil
        contents.removeAll()
        return contents
    }

    /// Keeps a published batch's storage for the next batch (`CommittedBatch`'s end).
    func keepForReuse(_ contents: BatchContents) {
        spareContents = contents
    }

    /// After a batch's append of `bytes` succeeded.
    func didAppend(bytes: Int) {
        reportRollFailure()
        noteAppended(bytes: bytes)
    }

    /// Says once when the log could not start a new segment and goes on in the current one, and once when it can.
    private func reportRollFailure() {
        let failure = log.rollFailure?.description
        guard failure != reportedRollFailure else { return }
        if let failure {
            report.warn("cannot start a new log segment; appending to the current one", ["error": failure])
        } else {
            report.info("new log segments are started again")
        }
        reportedRollFailure = failure
    }

    /// Makes every appended event durable (fdatasync).
    func sync() throws(LedgerError) {
        do {
            try log.sync()
        } catch {
            throw LedgerError("cannot sync the log", .log(error))
        }
    }

    /// How the sync of everything appended so far begins (`prepareSync`).
    enum SyncStart {
        /// For another thread to perform (`SegmentLog.prepareSync()`); report its result with `finishSync`.
        case prepared(PendingSync)
        /// Nothing was left to sync.
        case nothingUnsynced
        /// No descriptor was left for another thread's sync: this thread synced, taking `microseconds`.
        case syncedHere(microseconds: Double)
    }

    /// Prepares the sync of everything appended so far for another thread.
    /// - Parameter elapsed: the clock that times the sync this thread makes when no descriptor is left for a
    ///   helper thread's.
    func prepareSync(elapsed: () -> Int64) throws(LedgerError) -> SyncStart {
        do {
            return try log.prepareSync().map { .prepared($0) } ?? .nothingUnsynced
        } catch {
            // A helper thread needs a descriptor of its own; without one to spare, this thread syncs.
            guard error.kind == .io else { throw LedgerError("cannot sync the log", .log(error)) }
            let start = elapsed()
            try sync()
            return .syncedHere(microseconds: Double(elapsed() - start))
        }
    }

    /// Takes the result of a prepared sync.
    /// - Throws: `LedgerError` when the sync failed: the log is then unusable.
    func finishSync(_ failure: LogError?) throws(LedgerError) {
        do {
            try log.finishSync(failure)
        } catch {
            throw LedgerError("cannot sync the log", .log(error))
        }
    }

    /// Releases the log and the directory lock (after any snapshot being written is on disk:
    /// `SnapshotScheduler.waitForWrite()`).
    func close() {
        log.close()
        directory.close()
    }
}
