import Dispatch
import SegueCore
import SegueLog
import SegueLogging
import SegueWire

/// The engine's state and its durable log, shared by the socket engine and the embedded one.
///
/// A batch is decided and logged by one call, `decideBatch`, which hands back a `CommittedBatch`; only that value
/// lets its outcome be published (`publish`), so a batch cannot be published before its events are in the log.
/// Syncing, publishing and replying are left to the owner (`TurnRunner`), which knows the fsync policy and the
/// transport. Owned by one thread.
final class Ledger {
    var core: EngineCore
    /// Decided in the current batch: events (appended when it is committed), frames and rejections.
    var outcome = Outcome()
    var stats = EngineStats()
    let directory: DataDirectory
    let log: SegmentLog
    let snapshots: SnapshotStore
    /// Events between periodic snapshots (0: only `writeSnapshot()`), and the log size retention aims for (0: all).
    let snapshotEvery: UInt64
    let retainBytes: UInt64
    /// Where warnings and notices for the operator go.
    let report: Logger
    /// The log of record each batch reaches before this one, in cluster mode.
    let replica: (any LogReplica)?
    /// Position of the newest snapshot loaded or written (0: none), and of the newest one attempted.
    var lastSnapshotPosition: UInt64
    var lastSnapshotAttempt: UInt64
    /// A periodic snapshot being written on `snapshotQueue`, collected by the owner's thread when done.
    var pendingSnapshot: SnapshotWrite?
    let snapshotQueue = DispatchQueue(label: "segue.ledger.snapshots")
    /// Whether periodic snapshots are written on a background queue (the daemon, so that the fsyncs do not stall
    /// the loop) or before a batch's commit returns (the embedded engine, so that tests see them at once).
    let writesSnapshotsInBackground: Bool
    /// What start-up did: the snapshot it began from (0: none) and how many log events it replayed after it.
    let recovered: (snapshotPosition: UInt64, replayedEvents: UInt64)
    /// Whether the transitions the previous run left in flight have been ended by a batch that reached the log
    /// (one that was undone, the disk being full, leaves them for the next).
    private var inFlightEnded = false
    /// Whether a batch is being decided (inputs are taken only then), and whether one was committed and not yet
    /// published.
    private(set) var deciding = false
    private var awaitingPublish = false
    /// The state before the current batch while the disk is short of space (Ledger+Rollback.swift).
    var rollback = RollbackGuard()
    /// How many of `outcome.events` are encoded into `eventRecords` and how many of those are in the log; the
    /// records are reused from batch to batch.
    private var encodedEvents = 0
    private var committedEvents = 0
    private var eventRecords = LogBatch()
    /// The roll failure last reported, so that it is said once (`reportRollFailure`).
    private var reportedRollFailure: String?
    /// Probes requested in this batch, to publish with its outcome (`Request.publish_probe`).
    var probes: [PublishProbe] = []

    /// Every stack id in byte order, as of a `StackTable.membershipGeneration` (`ListStacks` pages through it).
    var sortedStackIds: (generation: UInt64, ids: [String])?

    /// Opens (creating if needed) the data directory, takes its lock, and rebuilds the state: from the newest
    /// valid snapshot and the log after it, or from the whole log. Reports what it did through
    /// `configuration.log` (info "recovered" with snapshot, replayed and head), each snapshot it skipped, each loss
    /// of events it accepted (`configuration.acceptLogLoss`) and a log manifest it created.
    /// - Parameter snapshotsInBackground: whether periodic snapshots are fsynced off the owner's thread.
    /// - Throws: `LedgerError` when the directory is locked or unreadable, the log is damaged or misses events
    ///   (unless `acceptLogLoss`), or the log does not replay.
    init(configuration: EngineConfiguration, snapshotsInBackground: Bool) throws(LedgerError) {
        writesSnapshotsInBackground = snapshotsInBackground
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
        snapshotEvery = UInt64(max(configuration.snapshotEvery, 0))
        retainBytes = configuration.retainBytes
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
        lastSnapshotPosition = recovery.snapshotPosition
        lastSnapshotAttempt = recovery.snapshotPosition
        recovered = (recovery.snapshotPosition, recovery.replayedEvents)
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

    /// Encodes the events decided in this batch so far and returns their bytes: its owner stops taking inputs past
    /// a budget, so that small commands that make large events cannot make one batch, and the memory it takes,
    /// grow without bound. (Encoding now costs nothing more: `commit` would encode them anyway.)
    func decidedBytes() -> Int {
        encodeDecidedEvents()
        return eventRecords.byteCount
    }

    /// Encodes the events decided since the last call into `eventRecords`, as they will be logged.
    private func encodeDecidedEvents() {
        guard encodedEvents < outcome.events.count else { return }
        for event in outcome.events[encodedEvents...] {
            eventRecords.appendRecord { event.encode(into: &$0) }
        }
        encodedEvents = outcome.events.count
    }

    /// Whether every decided event is in the log, so that the core's state is the state at the log's head.
    var committedEventsMatchOutcome: Bool { committedEvents == outcome.events.count }

    /// Decides one batch at `now` and appends its events to the log in one write: the clock runs to `now` (ending
    /// first, until that has reached the log, the transitions the previous run left in flight), then `decide`
    /// takes the batch's inputs through `ingest`, `refuseIngest` and `request`. The events are not durable until
    /// `sync`; a periodic snapshot that falls due syncs the log and is taken of the state at the new head.
    ///
    /// When the append fails while the disk is short of space, the batch is undone instead of throwing: the
    /// returned batch's `refusal` says why, and is what each of its requests must be answered.
    /// - Throws: `LedgerError` when the append fails and the batch cannot be undone, or a snapshot fails.
    func decideBatch(now: Int64, _ decide: () -> Void) throws(LedgerError) -> CommittedBatch {
        precondition(!awaitingPublish, "publish the committed batch before deciding the next")
        beginRollbackGuard(now: now)
        if !inFlightEnded { core.endTransitionsInFlight(now: now, into: &outcome) }
        core.advance(to: now, into: &outcome)
        deciding = true
        decide()
        deciding = false
        let head = try commit()
        awaitingPublish = true
        let refusal = rollback.refusal
        rollback.refusal = nil
        if refusal == nil { inFlightEnded = true }
        return CommittedBatch(head: head, refusal: refusal)
    }

    /// The earliest time the clock has work, or nil.
    func nextDeadline() -> Int64? { core.nextDeadline() }

    /// Decides one ingest message; undecodable bytes become a MALFORMED rejection on `er//`.
    func ingest(_ bytes: UnsafeRawBufferPointer, now: Int64) {
        precondition(deciding, "inputs are taken inside decideBatch")
        let input: Input
        do {
            input = try Input(decoding: bytes)
        } catch {
            refuseMalformed("input does not decode as segue.v1.Input: \(error)", now: now)
            return
        }
        stats.inputsReceived += 1
        if case .probe(let probe) = input.body {
            probeIngest(probe, now: now)
            return
        }
        let rejectionsBefore = outcome.rejections.count
        core.apply(input, now: now, into: &outcome)
        stats.inputsRejected += UInt64(outcome.rejections.count - rejectionsBefore)
    }

    /// Queues an ingest probe for publishing with the batch, after everything decided before it (`Input.probe`),
    /// or refuses a bad token with a rejection on `er//`.
    private func probeIngest(_ probe: PublishProbe, now: Int64) {
        if let error = Validation.checkStackId(probe.token, field: "probe token") {
            stats.inputsRejected += 1
            outcome.rejections.append(Rejection(error: error, timeUs: max(now, core.clockUs)))
        } else {
            probes.append(probe)
        }
    }

    /// Refuses an ingest message of more than one part without looking at it (counted as a dropped message too).
    func refuseIngest(parts: Int, now: Int64) {
        stats.messagesDropped += 1
        refuseMalformed(
            "an ingest message has \(parts) parts; send each segue.v1.Input as a message of one part",
            now: now)
    }

    /// Counts an ingest message refused before it was decoded, with a MALFORMED rejection on `er//`.
    private func refuseMalformed(_ message: String, now: Int64) {
        stats.inputsReceived += 1
        stats.inputsRejected += 1
        outcome.rejections.append(
            Rejection(
                error: ErrorDetail(code: .malformed, message: message),
                timeUs: max(now, core.clockUs)))
    }

    /// Appends the batch's events to the log in one write, or undoes the batch when that fails and the state
    /// before it was kept (see `decideBatch`).
    /// - Returns: the newest position now in the log.
    private func commit() throws(LedgerError) -> UInt64 {
        let pending = outcome.events.count - committedEvents
        guard pending > 0 else { return log.headPosition }
        encodeDecidedEvents()
        let appendedBytes = eventRecords.byteCount(from: committedEvents)
        if let replica {
            do {
                try replica.append(
                    outcome.events[committedEvents...],
                    encoded: (committedEvents..<outcome.events.count).map { eventRecords.payload(at: $0) })
            } catch {
                throw LedgerError("cannot append to the replicated log", .replica(error))
            }
        }
        do {
            try log.append(eventRecords, fromRecord: committedEvents)
        } catch {
            eventRecords.removeRecords(from: committedEvents)
            encodedEvents = committedEvents
            // Disk full and the like: with the state before the batch kept, the batch is undone and refused; but not
            // once a replica holds it, since the replica is the log of record: the engine stops instead.
            if committedEvents == 0 && replica == nil && undoBatch(after: error) { return log.headPosition }
            throw LedgerError("cannot append to the log", .log(error))
        }
        committedEvents = outcome.events.count
        stats.eventsAppended += UInt64(pending)
        reportRollFailure()
        noteAppended(bytes: appendedBytes)
        try snapshotIfDue()
        return log.headPosition
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

    /// Makes every appended event durable (fdatasync), timing it for the stats.
    func sync(elapsed: () -> Int64) throws(LedgerError) {
        let start = elapsed()
        do {
            try log.sync()
        } catch {
            throw LedgerError("cannot sync the log", .log(error))
        }
        stats.recordSync(microseconds: Double(elapsed() - start))
    }

    /// Prepares the sync of everything appended so far for another thread (`SegmentLog.prepareSync()`); nil when
    /// everything is synced. Report its result with `finishSync`.
    /// - Parameter elapsed: the clock that times the sync this thread makes when no descriptor is left for a
    ///   helper thread's.
    func prepareSync(elapsed: () -> Int64) throws(LedgerError) -> PendingSync? {
        do {
            return try log.prepareSync()
        } catch {
            // A helper thread needs a descriptor of its own; without one to spare, this thread syncs.
            guard error.kind == .io else { throw LedgerError("cannot sync the log", .log(error)) }
            try sync(elapsed: elapsed)
            return nil
        }
    }

    /// Takes the result of a prepared sync and how long it took, for the stats.
    /// - Throws: `LedgerError` when the sync failed: the log is then unusable.
    func finishSync(_ failure: LogError?, microseconds: Double) throws(LedgerError) {
        do {
            try log.finishSync(failure)
        } catch {
            throw LedgerError("cannot sync the log", .log(error))
        }
        stats.recordSync(microseconds: microseconds)
    }

    /// Hands a committed batch's outcome to `body`, with each event's record as logged (`records.withPayload(i)`
    /// is the encoding of `outcome.events[i]`) and the probes to publish, then empties it for the next batch.
    func publish(
        _ batch: consuming CommittedBatch,
        _ body: (_ outcome: Outcome, _ records: LogBatch, _ probes: [PublishProbe]) -> Void
    ) {
        precondition(awaitingPublish && committedEvents == outcome.events.count)
        body(outcome, eventRecords, probes)
        stats.framesPublished += UInt64(outcome.frames.count)
        stats.framesSkipped += UInt64(outcome.skippedFrames)
        outcome.removeAll()
        eventRecords.removeAll()
        probes.removeAll(keepingCapacity: true)
        encodedEvents = 0
        committedEvents = 0
        awaitingPublish = false
    }

    /// Releases the log and the directory lock, after any snapshot being written is on disk.
    func close() {
        snapshotQueue.sync {}
        log.close()
        directory.close()
    }
}
