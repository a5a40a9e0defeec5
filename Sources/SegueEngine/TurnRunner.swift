import SegueCore
import SegueLog
import SegueWire

/// The engine's turn, one piece of code for the daemon and the embedded engine: they differ only in their transport
/// (sockets or memory) and their clock (monotonic or manual).
///
/// A turn takes every input that is waiting, within the turn's budgets (a batch), decides it, appends its events
/// in one write, makes them durable per the fsync policy, and only then publishes events, frames and rejections
/// and sends the control replies whose events are durable. The waiting for the disk that the interval policy
/// needs is done by a helper thread (`BackgroundSync`).
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
    private let maxReplyBytesPerTurn: Int
    private let startUs: Int64
    /// Reused for every published message's topic and encoded frame.
    private var topicBuffer: [UInt8] = []
    private var payloadBuffer: [UInt8] = []
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

    /// The most parts before a control request's payload, and the most bytes in each: a routing id is at most 255
    /// bytes (ZMTP 3), and a REQ client's envelope is its id and an empty delimiter; a proxy adds an id or two.
    static var maxEnvelopeParts: Int { 8 }
    static var maxEnvelopePartBytes: Int { 255 }
    /// How many inputs a turn takes between two calls of its `checkpoint`: a long turn must not let a flood of
    /// connections through.
    static var checkpointStride: Int { 512 }

    init(
        ledger: Ledger, transport: Transport, clock: Clock, configuration: EngineConfiguration
    ) throws(EngineError) {
        history = try HistoryReader()
        self.ledger = ledger
        self.transport = transport
        self.clock = clock
        fsync = configuration.fsync
        maxBatch = configuration.maxBatch
        maxBatchBytes = configuration.maxBatchBytes
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
        let received = ledger.stats.inputsReceived
        var failure: EngineError?
        let batch: CommittedBatch
        do {
            batch = try ledger.decideBatch(now: now) {
                do throws(EngineError) {
                    if takeIngest { try takeIngestInputs(now: now, checkpoint: checkpoint) }
                    if takeControl { try takeRequests(now: now, checkpoint: checkpoint) }
                } catch {
                    failure = error
                }
            }
        } catch {
            throw EngineError("cannot commit the turn's batch", .ledger(error))
        }
        let head = batch.head
        if let refusal = batch.refusal {
            // Whatever the batch's requests were told rests on state that was undone: each gets the refusal.
            for index in firstReply..<pendingReplies.count { pendingReplies[index].refuse(refusal) }
        }
        do {
            try makeDurable(head: head, now: now)
        } catch {
            // Nothing of the batch goes out: it may not be on disk. The ledger is left ready, though unusable.
            ledger.publish(batch) { _, _, _ in }
            throw EngineError("cannot make the turn's batch durable", .ledger(error))
        }
        ledger.publish(batch, publish)
        takeHistoryAnswers()
        sendDurableReplies()
        if let failure { throw failure }
        return ledger.stats.inputsReceived != received
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
                if let pending = try ledger.prepareSync(elapsed: { clock.nowUs() }) {
                    backgroundSync.start(pending)
                } else {
                    // Nothing unsynced in the log: a segment roll already synced the head.
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

    /// Takes ingest messages until the queue is empty or the batch has its share: `maxBatch` messages or
    /// `maxBatchBytes` of events.
    private func takeIngestInputs(now: Int64, checkpoint: () -> Void) throws(EngineError) {
        var taken = 0
        while taken < maxBatch && ledger.decidedBytes() < maxBatchBytes {
            let received = try transport.receiveIngest { parts in
                // One Input per message; extra parts mean a producer that does not speak the contract, and are
                // not looked at (the transport has taken the whole message in already; nothing limits its parts).
                if parts.count == 1 {
                    ledger.ingest(parts[0], now: now)
                } else {
                    ledger.refuseIngest(parts: parts.count, now: now)
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
    /// from its own. History reads go to the history reader, or are refused at once when too many wait for it.
    private func takeRequests(now: Int64, checkpoint: () -> Void) throws(EngineError) {
        let uptime = now - startUs
        var replyBytes = 0
        var taken = 0
        while taken < maxBatch && replyBytes < maxReplyBytesPerTurn && ledger.decidedBytes() < 2 * maxBatchBytes {
            let received = try transport.receiveRequest { parts in
                // Everything before the payload is the envelope (the routing id, any proxy's, a REQ's empty
                // delimiter). An envelope past the limits is not echoed back: it is dropped unread.
                guard let payload = parts.last, parts.count >= 2, parts.count <= Self.maxEnvelopeParts + 1,
                    parts.dropLast().allSatisfy({ $0.count <= Self.maxEnvelopePartBytes })
                else {
                    ledger.stats.messagesDropped += 1
                    return
                }
                let envelope = parts.dropLast().map { [UInt8]($0) }
                if unreadPeers.contains(envelope[0]) {
                    refuseUnread(envelope: envelope, payload: payload)
                    return
                }
                var pending = ledger.request(payload, now: now, uptimeUs: uptime)
                if let read = pending.read {
                    if let refusal = history.refusal(for: envelope[0]) {
                        ledger.stats.inputsRejected += 1
                        pending.reply.error = refusal
                    } else {
                        history.submit(
                            HistoryReader.Job(
                                envelope: envelope, requestId: pending.reply.requestId, read: read,
                                view: ledger.logView))
                        return
                    }
                }
                let reply = OutgoingReply(envelope: envelope, pending: pending)
                replyBytes += reply.payload.count
                pendingReplies.append(reply)
            }
            if !received { return }
            taken += 1
            if taken % Self.checkpointStride == 0 { checkpoint() }
        }
    }

    /// Answers a request from a client that is not reading its replies without serving it; once such an answer
    /// fits in its queue, the client is reading again and is served as before.
    private func refuseUnread(envelope: [[UInt8]], payload: UnsafeRawBufferPointer) {
        ledger.stats.inputsReceived += 1
        ledger.stats.inputsRejected += 1
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
            if answer.failed { ledger.stats.inputsRejected += 1 }
            pendingReplies.append(
                OutgoingReply(envelope: answer.envelope, requestId: answer.requestId, payload: answer.payload))
        }
    }

    /// Takes the result of a finished background sync (or, `waiting`, of the running one once it finishes): its
    /// position is durable, or the log is unusable.
    private func collectBackgroundSync(waiting: Bool = false) throws(LedgerError) {
        guard let result = waiting ? backgroundSync.wait() : backgroundSync.collect() else { return }
        try ledger.finishSync(result.failure, microseconds: result.microseconds)
        syncedPosition = max(syncedPosition, result.position)
    }

    private func syncLog(now: Int64) throws(LedgerError) {
        let head = ledger.logHead
        try ledger.sync(elapsed: { clock.nowUs() })
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
    private func publish(_ outcome: Outcome, eventRecords: LogBatch, probes: [PublishProbe]) {
        for (index, event) in outcome.events.enumerated() {
            Topic.event.write(event.stackId, into: &topicBuffer)
            eventRecords.withPayload(index) { send(topic: topicBuffer, payload: $0) }
        }
        for frame in outcome.frames {
            Topic.frame.write(frame.stackId, into: &topicBuffer)
            payloadBuffer.removeAll(keepingCapacity: true)
            frame.encode(into: &payloadBuffer)
            payloadBuffer.withUnsafeBytes { send(topic: topicBuffer, payload: $0) }
        }
        for rejection in outcome.rejections {
            // An id that is not a valid stack id would make a misleading topic: publish it under er//.
            let stackId = Validation.checkStackId(rejection.stackId) == nil ? rejection.stackId : ""
            Topic.rejection.write(stackId, into: &topicBuffer)
            rejection.encoded().withUnsafeBytes { send(topic: topicBuffer, payload: $0) }
        }
        // Before the replies: a client that has its reply has had its probe sent.
        for probe in probes {
            Topic.probe.write(probe.token, into: &topicBuffer)
            probe.encoded().withUnsafeBytes { send(topic: topicBuffer, payload: $0) }
        }
    }

    private func send(topic: [UInt8], payload: UnsafeRawBufferPointer) {
        let sent = topic.withUnsafeBytes { transport.publish(topic: $0, payload: payload) }
        if !sent { ledger.stats.publicationsRefused += 1 }
    }

    private func sendDurableReplies() {
        guard !pendingReplies.isEmpty else { return }
        var kept: [OutgoingReply] = []
        for pending in pendingReplies {
            if pending.durableAt <= syncedPosition {
                if !transport.reply(envelope: pending.envelope, payload: pending.payload) {
                    ledger.stats.repliesDropped += 1
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
