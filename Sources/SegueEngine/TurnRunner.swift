import SegueCore
import SegueLog
import SegueWire

/// The engine's turn, one piece of code for the daemon and the embedded engine: they differ only in their transport
/// (sockets or memory) and their clock (monotonic or manual).
///
/// A turn takes every input that is waiting, within the turn's budgets (a batch), decides it, appends its events
/// in one write, makes them durable per the fsync policy, and only then publishes events, frames and rejections
/// and sends the control replies whose events are durable. The waiting for the disk that the interval policy
/// needs is done by a helper thread (`BackgroundSync`), history reads by another (`HistoryReader`), and snapshots
/// by the `SnapshotScheduler`. The turn is the one writer of the engine's counters (`stats`).
///
/// Generic over its clock and transport rather than holding existentials: a turn calls its transport once per
/// message, and the compiler specializes those calls for the daemon's sockets.
final class TurnRunner<Clock: EngineClock, Transport: EngineTransport> {
    let ledger: Ledger
    private let transport: Transport
    var clock: Clock
    private let fsync: FsyncPolicy
    private let maxBatch: Int
    private let maxBatchBytes: Int
    private let maxIngestUsPerTurn: Int64
    private let maxReplyBytesPerTurn: Int
    private let startUs: Int64
    /// Reused for every published message's topic and encoded frame.
    private var topicBuffer: [UInt8] = []
    private var frameWriter = ProtoWriter()
    /// Replies waiting for their events to be durable, in arrival order.
    private var pendingReplies: [OutgoingReply] = []
    /// Control clients not reading their replies, whose requests are refused unserved until they read again.
    private var unreadPeers = UnreadPeers()
    /// The newest log position known to be durable.
    private var syncedPosition: UInt64
    private var lastSyncUs: Int64
    /// Where the interval policy's syncs run, off the engine thread.
    private let backgroundSync = BackgroundSync()
    /// Where history reads are served, off the engine thread.
    let history: HistoryReader
    /// When periodic snapshots and retention run.
    let snapshots: SnapshotScheduler
    /// The engine's counters, for `GetStats` and the stats log line.
    private(set) var stats = EngineStats()
    /// Inputs the open batch has taken, and how many of them were refused: added to `stats` once the batch is
    /// committed, and all counted as refused when it is undone.
    private var batchReceived: UInt64 = 0
    private var batchRejected: UInt64 = 0

    /// The most parts before a control request's payload, and the most bytes in each: a routing id is at most 255
    /// bytes (ZMTP 3), and a REQ client's envelope is its id and an empty delimiter; a proxy adds an id or two.
    static var maxEnvelopeParts: Int { 8 }
    static var maxEnvelopePartBytes: Int { 255 }
    /// How many inputs a turn takes between two calls of its `checkpoint`: a long turn must not let a flood of
    /// connections through.
    static var checkpointStride: Int { 512 }

    /// - Parameters:
    ///   - snapshotsInBackground: whether periodic snapshots are fsynced off the engine's thread (the daemon) or
    ///     before the turn that makes them due publishes (the embedded engine, so that tests see them).
    ///   - snapshots: the scheduler that has kept the ledger's snapshots so far (a standby's), if any.
    init(
        ledger: Ledger, transport: Transport, clock: Clock, configuration: EngineConfiguration,
        snapshotsInBackground: Bool, snapshots: SnapshotScheduler? = nil
    ) throws(EngineError) {
        history = try HistoryReader()
        self.snapshots =
            snapshots
            ?? SnapshotScheduler(ledger: ledger, configuration: configuration, inBackground: snapshotsInBackground)
        self.ledger = ledger
        self.transport = transport
        self.clock = clock
        fsync = configuration.fsync
        maxBatch = configuration.maxBatch
        maxBatchBytes = configuration.maxBatchBytes
        maxIngestUsPerTurn = configuration.maxIngestUsPerTurn
        maxReplyBytesPerTurn = configuration.maxReplyBytesPerTurn
        startUs = self.clock.nowUs()
        syncedPosition = ledger.logHead
        lastSyncUs = startUs
    }

    /// The clock's time now.
    func nowUs() -> Int64 { clock.nowUs() }

    /// Runs one turn at `now`.
    /// - Parameters:
    ///   - takeIngest: whether to read the ingest queue (the daemon skips a socket its poll found empty).
    ///   - takeControl: whether to read the control queue.
    ///   - checkpoint: called every `checkpointStride` inputs of a long turn.
    /// - Returns: whether the turn took inputs (then the next turn reads the queues without waiting).
    /// - Throws: `EngineError` when the transport fails, when an append fails and its batch cannot be undone, or
    ///   when fdatasync fails: the log is then unusable, since it is unknown which appended records reached the
    ///   disk. Nothing unsynced was acknowledged, and a restart recovers from the log.
    @discardableResult
    func turn(
        now: Int64, takeIngest: Bool = true, takeControl: Bool = true, checkpoint: () -> Void = {}
    ) throws(EngineError) -> Bool {
        let firstReply = pendingReplies.count
        batchReceived = 0
        batchRejected = 0
        var batch = ledger.beginBatch(now: now)
        var failure: EngineError?
        do throws(EngineError) {
            if takeIngest { try takeIngestInputs(into: &batch, now: now, checkpoint: checkpoint) }
            if takeControl { try takeRequests(into: &batch, now: now, checkpoint: checkpoint) }
        } catch {
            failure = error
        }
        let tookInputs = batchReceived > 0
        let committed: CommittedBatch
        do {
            committed = try batch.commit()
        } catch {
            throw EngineError("cannot commit the turn's batch", .ledger(error))
        }
        count(committed)
        if let refusal = committed.refusal {
            // Whatever the batch's requests were told rests on state that was undone: each gets the refusal.
            for index in firstReply..<pendingReplies.count { pendingReplies[index].refuse(refusal) }
        }
        do {
            if committed.appendedEvents > 0 { try snapshots.afterAppend() }
            try makeDurable(head: committed.head, now: now)
        } catch {
            // Nothing of the batch goes out: it may not be on disk.
            throw EngineError("cannot make the turn's batch durable", .ledger(error))
        }
        publish(committed)
        takeHistoryAnswers()
        sendDurableReplies()
        if let failure { throw failure }
        return tookInputs
    }

    /// Adds a committed batch's inputs and events to the counters: every input it took counts as refused when it
    /// was undone (none was applied).
    private func count(_ batch: borrowing CommittedBatch) {
        stats.inputsReceived += batchReceived
        stats.inputsRejected += batch.refusal == nil ? batchRejected : batchReceived
        stats.eventsAppended += UInt64(batch.appendedEvents)
        batchReceived = 0
        batchRejected = 0
    }

    /// Counts what the daemon's ZAP handler and connection limiters refused, as totals since start.
    func countRefusals(handshakes: UInt64) {
        stats.handshakesRefused = handshakes
    }

    func countRefusals(connections: UInt64) {
        stats.connectionsRefused = connections
    }

    /// Syncs per the fsync policy what the batch appended.
    private func makeDurable(head: UInt64, now: Int64) throws(LedgerError) {
        switch fsync {
        case .always:
            if syncedPosition < head { try syncLog(now: now) }
        case .interval(let ms):
            try collectBackgroundSync()
            if syncedPosition < head && !backgroundSync.isRunning && now - lastSyncUs >= Int64(ms) * 1000 {
                lastSyncUs = now
                switch try ledger.prepareSync(elapsed: { clock.nowUs() }) {
                case .prepared(let pending):
                    backgroundSync.start(pending)
                case .nothingUnsynced:
                    // A segment roll already synced the head.
                    syncedPosition = head
                case .syncedHere(let microseconds):
                    stats.recordSync(microseconds: microseconds)
                    syncedPosition = head
                }
            }
        case .never:
            syncedPosition = head
        }
    }

    /// Milliseconds until the clock has work or the interval sync is due, at most `limitMs`.
    func idleTimeoutMs(now: Int64, limitMs: Int64) -> Int {
        var timeout = limitMs
        if let deadline = ledger.nextDeadline() {
            timeout = min(timeout, max(0, (deadline - now + 999) / 1000))
        }
        if backgroundSync.isRunning {
            // Its end releases replies (and lets the next sync start): look again soon, not at the next input.
            timeout = min(timeout, 1)
        } else if case .interval(let ms) = fsync, syncedPosition < ledger.logHead {
            timeout = min(timeout, max(0, (lastSyncUs + Int64(ms) * 1000 - now + 999) / 1000))
        }
        return Int(timeout)
    }

    /// Takes ingest messages until the queue is empty or the batch has its share: `maxBatch` messages,
    /// `maxBatchBytes` of events, or `maxIngestUsPerTurn` of the clock.
    private func takeIngestInputs(
        into batch: inout LedgerBatch, now: Int64, checkpoint: () -> Void
    ) throws(EngineError) {
        var taken = 0
        while taken < maxBatch && batch.decidedBytes() < maxBatchBytes && clock.nowUs() - now < maxIngestUsPerTurn {
            let received = try transport.receiveIngest { parts in
                batchReceived += 1
                // One Input per message; extra parts mean a producer that does not speak the contract, and are
                // not looked at (the transport has taken the whole message in already; nothing limits its parts).
                if parts.count == 1 {
                    batchRejected += UInt64(batch.ingest(parts[0], now: now))
                } else {
                    stats.messagesDropped += 1
                    batchRejected += 1
                    batch.refuseIngest(parts: parts.count, now: now)
                }
            }
            if !received { return }
            taken += 1
            if taken % Self.checkpointStride == 0 { checkpoint() }
        }
    }

    /// Takes control requests until the queue is empty or the turn has done its share: `maxBatch` requests,
    /// `maxReplyBytesPerTurn` of replies, or events past ingest's share. The rest waits for the next turn, so a
    /// client asking for much delays the others by a turn at most; ingest filling its share does not keep control
    /// from its own.
    private func takeRequests(
        into batch: inout LedgerBatch, now: Int64, checkpoint: () -> Void
    ) throws(EngineError) {
        let uptime = now - startUs
        var replyBytes = 0
        var taken = 0
        while taken < maxBatch && replyBytes < maxReplyBytesPerTurn && batch.decidedBytes() < 2 * maxBatchBytes {
            let received = try transport.receiveRequest { parts in
                // Everything before the payload is the envelope (the routing id, any proxy's, a REQ's empty
                // delimiter). An envelope past the limits is not echoed back: it is dropped unread.
                guard let payload = parts.last, parts.count >= 2, parts.count <= Self.maxEnvelopeParts + 1,
                    parts.dropLast().allSatisfy({ $0.count <= Self.maxEnvelopePartBytes })
                else {
                    stats.messagesDropped += 1
                    return
                }
                let envelope = parts.dropLast().map { [UInt8]($0) }
                batchReceived += 1
                if unreadPeers.contains(envelope[0]) {
                    batchRejected += 1
                    refuseUnread(envelope: envelope, payload: payload)
                    return
                }
                guard let reply = answer(payload, from: envelope, batch: &batch, now: now, uptimeUs: uptime)
                else { return }
                replyBytes += reply.payload.count
                pendingReplies.append(reply)
            }
            if !received { return }
            taken += 1
            if taken % Self.checkpointStride == 0 { checkpoint() }
        }
    }

    /// Answers one control request: commands are decided in the batch, reads of the state are served at once,
    /// and history reads go to the history reader (then the reply comes from there: nil), or are refused at once
    /// when too many wait for it.
    private func answer(
        _ payload: UnsafeRawBufferPointer, from envelope: [[UInt8]], batch: inout LedgerBatch, now: Int64,
        uptimeUs: Int64
    ) -> OutgoingReply? {
        let request: Request
        do {
            request = try Request(decoding: payload)
        } catch {
            batchRejected += 1
            let error = ErrorDetail(code: .malformed, message: "request does not decode as segue.v1.Request: \(error)")
            return OutgoingReply(envelope: envelope, reply: Reply(error: error), durableAt: 0)
        }
        if let error = Validation.checkRequestId(request.requestId) {
            // Not echoed: a reply stays within the size the reply queue is counted for.
            batchRejected += 1
            return OutgoingReply(envelope: envelope, reply: Reply(error: error), durableAt: 0)
        }
        var reply = Reply(requestId: request.requestId)
        var durableAt: UInt64 = 0
        switch request.body {
        case .command(let command):
            durableAt = batch.apply(command, now: now, answering: &reply)
        case .getStack(let get):
            ledger.answer(get, now: now, into: &reply)
        case .readEvents(let read):
            if let refusal = history.refusal(for: envelope[0]) {
                reply.error = refusal
            } else {
                history.submit(
                    HistoryReader.Job(
                        envelope: envelope, requestId: request.requestId, read: read, view: ledger.logView))
                return nil
            }
        case .listStacks(let list):
            reply.body = .stacks(ledger.listStacks(list))
        case .getStats:
            reply.body = .stats(statsNow(uptimeUs: uptimeUs))
        case .publishProbe(let probe):
            batch.publishProbe(probe, answering: &reply)
        case .none:
            reply.error = ErrorDetail(
                code: .invalidArgument,
                message: "request has no body; set command, get_stack, "
                    + "read_events, list_stacks, get_stats or publish_probe")
        }
        if reply.error != nil { batchRejected += 1 }
        return OutgoingReply(envelope: envelope, reply: reply, durableAt: durableAt)
    }

    /// The counters as `GetStats` reports them at `now`.
    func statsReport(now: Int64) -> Stats { statsNow(uptimeUs: now - startUs) }

    /// The counters as `GetStats` reports them, the open batch's inputs included.
    private func statsNow(uptimeUs: Int64) -> Stats {
        Stats(
            headPosition: ledger.core.headPosition, stacks: UInt64(ledger.core.stacks.count),
            inputsReceived: stats.inputsReceived + batchReceived,
            inputsRejected: stats.inputsRejected + batchRejected,
            eventsAppended: stats.eventsAppended, framesPublished: stats.framesPublished,
            logBytes: ledger.log.byteSize, fsyncP99Us: stats.fsyncP99Us, uptimeUs: uptimeUs,
            handshakesRefused: stats.handshakesRefused, framesSkipped: stats.framesSkipped,
            repliesDropped: stats.repliesDropped, messagesDropped: stats.messagesDropped,
            connectionsRefused: stats.connectionsRefused, publicationsRefused: stats.publicationsRefused)
    }

    /// Answers a request from a client that is not reading its replies without serving it; once such an answer
    /// fits in its queue, the client is reading again and is served as before.
    private func refuseUnread(envelope: [[UInt8]], payload: UnsafeRawBufferPointer) {
        var requestId = (try? Request(decoding: payload))?.requestId ?? ""
        if Validation.checkRequestId(requestId) != nil { requestId = "" }
        let reply = Reply(
            requestId: requestId,
            error: ErrorDetail(
                code: .resourceExhausted,
                message: "this client's earlier replies are not being read and its queue is "
                    + "full: read them, then ask again (request not served)"))
        if transport.reply(envelope: envelope, payload: reply.encoded()) { unreadPeers.remove(envelope[0]) }
    }

    /// Queues the answers of the history reads served since the last turn, to be sent with the replies.
    private func takeHistoryAnswers() {
        guard history.waiting > 0 else { return }
        for answer in history.collect() {
            if answer.failed { stats.inputsRejected += 1 }
            pendingReplies.append(
                OutgoingReply(envelope: answer.envelope, requestId: answer.requestId, payload: answer.payload))
        }
    }

    /// Takes the result of a finished background sync (or, `waiting`, of the running one once it finishes): its
    /// position is durable, or the log is unusable.
    private func collectBackgroundSync(waiting: Bool = false) throws(LedgerError) {
        guard let result = waiting ? backgroundSync.wait() : backgroundSync.collect() else { return }
        try ledger.finishSync(result.failure)
        stats.recordSync(microseconds: result.microseconds)
        syncedPosition = max(syncedPosition, result.position)
    }

    private func syncLog(now: Int64) throws(LedgerError) {
        let head = ledger.logHead
        let start = clock.nowUs()
        try ledger.sync()
        stats.recordSync(microseconds: Double(clock.nowUs() - start))
        syncedPosition = head
        lastSyncUs = now
    }

    /// Makes everything appended durable now, whatever the policy, and sends the replies that waited for it: the
    /// end of a run, and the embedded engine's answer to a request (it has no later turn to wait for).
    /// - Parameter waitingForReads: whether to wait for every history read submitted (the embedded engine) or send
    ///   only the answers already served (the end of a run, which must not wait on a reader that gets no CPU).
    func syncAndReply(waitingForReads: Bool) throws(EngineError) {
        if waitingForReads { history.waitUntilServed() }
        takeHistoryAnswers()
        do {
            try collectBackgroundSync(waiting: true)
            if syncedPosition < ledger.logHead { try syncLog(now: clock.nowUs()) }
        } catch {
            throw EngineError("cannot sync the log", .ledger(error))
        }
        sendDurableReplies()
    }

    /// Publishes a batch's events (the bytes just logged, not encoded again), frames, rejections and probes.
    private func publish(_ batch: consuming CommittedBatch) {
        let records = batch.eventRecords
        for (index, event) in batch.events.enumerated() {
            Topic.event.write(event.stackId, into: &topicBuffer)
            records.withPayload(index) { send(topic: topicBuffer, payload: $0) }
        }
        let frames = batch.frames
        for frame in frames {
            Topic.frame.write(frame.stackId, into: &topicBuffer)
            frameWriter.removeAll()
            frame.encode(to: &frameWriter)
            frameWriter.withBytes { send(topic: topicBuffer, payload: $0) }
        }
        for var rejection in batch.rejections {
            // An id that is not a valid stack id would make a misleading topic, and could carry a terminal's escape
            // sequences to every subscriber: publish it under er// without it (the error message quotes it escaped).
            if Validation.checkStackId(rejection.stackId) != nil { rejection.stackId = "" }
            Topic.rejection.write(rejection.stackId, into: &topicBuffer)
            rejection.encoded().withUnsafeBytes { send(topic: topicBuffer, payload: $0) }
        }
        // Before the replies: a client that has its reply has had its probe sent.
        for probe in batch.probes {
            Topic.probe.write(probe.token, into: &topicBuffer)
            probe.encoded().withUnsafeBytes { send(topic: topicBuffer, payload: $0) }
        }
        stats.framesPublished += UInt64(frames.count)
        stats.framesSkipped += UInt64(batch.skippedFrames)
    }

    private func send(topic: [UInt8], payload: UnsafeRawBufferPointer) {
        let sent = topic.withUnsafeBytes { transport.publish(topic: $0, payload: payload) }
        if !sent { stats.publicationsRefused += 1 }
    }

    private func sendDurableReplies() {
        guard !pendingReplies.isEmpty else { return }
        var kept: [OutgoingReply] = []
        for pending in pendingReplies {
            if pending.durableAt <= syncedPosition {
                if !transport.reply(envelope: pending.envelope, payload: pending.payload) {
                    stats.repliesDropped += 1
                    unreadPeers.insert(pending.envelope[0])
                } else if unreadPeers.count > 0 {
                    unreadPeers.remove(pending.envelope[0])
                }
            } else {
                kept.append(pending)
            }
        }
        pendingReplies = kept
    }
}
