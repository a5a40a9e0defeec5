import SegueCore
import SegueLog
import SegueLogging
import SegueWire
import ZMQ

/// The daemon's engine: one thread owns the three sockets, the state and the log.
///
/// Each turn waits for ingest and control until the next frame deadline (unless the previous turn took inputs),
/// takes every input that is ready (a batch), decides it, appends the batch's events in one write, makes them
/// durable per the fsync policy, and only then publishes events, frames and rejections and sends the control
/// replies. The waiting for the disk that the interval policy and snapshots need is done by helper threads.
public final class Engine {
    /// The endpoints as bound, with any `*` port resolved.
    public struct Endpoints: Sendable, Hashable {
        public var ingest: String
        public var control: String
        public var events: String
    }

    public let configuration: EngineConfiguration
    public let endpoints: Endpoints
    private let context: ZMQContext
    private let ingestSocket: ZMQSocket
    private let controlSocket: ZMQSocket
    private let eventsSocket: ZMQSocket
    /// The CURVE allowlist's ZAP handler, when CURVE is on.
    private let authenticator: ZAPAuthenticator?
    private let ledger: Ledger
    private var clock: MonotonicEpochClock
    private let startUs: Int64
    /// Reused for every message received on ingest and control.
    private let receiveBuffers = ReceiveBuffers()
    /// Reused for every published message's topic and encoded frame.
    private var topicBuffer: [UInt8] = []
    private var payloadBuffer: [UInt8] = []
    /// Replies waiting for their events to be durable, in arrival order.
    private var pendingReplies: [OutgoingReply] = []
    /// Control clients not reading their replies, whose requests are refused unserved until they read again.
    private var unreadPeers = UnreadPeers()
    /// One per socket: its connections kept under `configuration.maxConnections`.
    private let connectionLimiters: [ConnectionLimiter]
    /// When the limiters last took their events.
    private var connectionsTakenUs: Int64 = 0
    private var syncedPosition: UInt64
    private var lastSyncUs: Int64
    /// Where the interval policy's syncs run, off the engine thread.
    private let backgroundSync = BackgroundSync()
    /// The longest the loop sleeps, so that a stop request is seen promptly.
    private static let maxPollMs: Int64 = 100
    /// How long a connection may take to complete its handshake (ZMQ_HANDSHAKE_IVL; libzmq's default is 30 s).
    static let handshakeMs = 10_000
    /// Heartbeats: a PING every 10 s; a connection silent for 30 s after one is dropped.
    static let heartbeatMs = 10_000
    static let heartbeatTimeoutMs = 30_000
    /// The largest message a subscriber may send: a subscription is one byte and a topic prefix (68 bytes for the
    /// longest topic); a CURVE handshake's INITIATE, with the client's metadata, a few hundred.
    static let maxSubscriberMessageBytes = 4096

    /// Opens the data directory, rebuilds the state and binds the sockets.
    /// - Throws: `EngineError` naming what failed: the lock, the log, or a bind.
    public init(configuration: EngineConfiguration) throws(EngineError) {
        self.configuration = configuration
        do {
            ledger = try Ledger(configuration: configuration)
        } catch {
            throw EngineError("", .ledger(error))
        }
        // Periodic snapshots are fsynced off the loop, so that they never stall a batch.
        ledger.writesSnapshotsInBackground = true
        clock = MonotonicEpochClock(notBeforeUs: ledger.core.clockUs)
        startUs = clock.nowUs()
        syncedPosition = ledger.logHead
        lastSyncUs = startUs
        do {
            context = try ZMQContext()
            // The handler must be bound before a CURVE socket binds, or libzmq admits every client.
            if let curve = configuration.curve {
                let keys = try curve.loadAuthorizedKeys()
                authenticator = try ZAPAuthenticator(context: context, authorized: keys, log: configuration.log)
            } else {
                authenticator = nil
            }
            ingestSocket = try context.makeSocket(.pull)
            controlSocket = try context.makeSocket(.router)
            eventsSocket = try context.makeSocket(.pub)
            if let curve = configuration.curve {
                for socket in [ingestSocket, controlSocket, eventsSocket] { try curve.apply(to: socket) }
            }
            try ingestSocket.setOption(.maxMessageSize, Int64(configuration.maxMessageBytes))
            try controlSocket.setOption(.maxMessageSize, Int64(configuration.maxMessageBytes))
            // Subscribers send only subscriptions (and, with CURVE, the handshake's few hundred bytes).
            try eventsSocket.setOption(.maxMessageSize, Int64(Self.maxSubscriberMessageBytes))
            // What one connection's unread inputs may take, counted at the largest message allowed.
            try ingestSocket.setOption(.receiveHighWaterMark, configuration.ingestQueueMessages)
            try controlSocket.setOption(.receiveHighWaterMark, configuration.requestQueueMessages)
            // libzmq counts what it queues for a peer in messages; these counts keep it within the byte budgets.
            try eventsSocket.setOption(.sendHighWaterMark, configuration.publishQueueMessages)
            try controlSocket.setOption(.sendHighWaterMark, configuration.replyQueueMessages)
            // A reply that does not fit in its client's queue must be known, not dropped silently: that client is
            // not reading (`UnreadPeers`).
            try controlSocket.setOption(.routerMandatory, true)
            try eventsSocket.setOption(.linger, 0)
            try ingestSocket.setOption(.linger, 0)
            try controlSocket.setOption(.linger, 1000)
            var limiters: [ConnectionLimiter] = []
            for (socket, name) in [(ingestSocket, "ingest"), (controlSocket, "control"), (eventsSocket, "events")] {
                // A connection that has not completed its handshake (a CURVE one included) within 10 s is dropped,
                // and one whose peer does not answer a ZMTP heartbeat (libzmq answers them by itself) within 30 s:
                // a peer that vanished without closing does not hold its place for long.
                try socket.setOption(.handshakeInterval, Self.handshakeMs)
                try socket.setOption(.heartbeatInterval, Self.heartbeatMs)
                try socket.setOption(.heartbeatTimeout, Self.heartbeatTimeoutMs)
                limiters.append(
                    try ConnectionLimiter(
                        socket: socket, name: name,
                        maxConnections: configuration.maxConnections))
            }
            connectionLimiters = limiters
            endpoints = Endpoints(
                ingest: try Self.bind(ingestSocket, configuration.ingestEndpoint, "ingest"),
                control: try Self.bind(controlSocket, configuration.controlEndpoint, "control"),
                events: try Self.bind(eventsSocket, configuration.eventsEndpoint, "events"))
            for (limiter, endpoint) in zip(limiters, [endpoints.ingest, endpoints.control, endpoints.events]) {
                limiter.bound(to: endpoint)
            }
        } catch let error as EngineError {
            ledger.close()
            throw error
        } catch let error as ZMQError {
            ledger.close()
            throw EngineError("cannot set up the sockets", .socket(error))
        } catch {
            ledger.close()
            throw EngineError("cannot set up the sockets: \(error)")
        }
    }

    private static func bind(_ socket: ZMQSocket, _ endpoint: String, _ name: String) throws(EngineError) -> String {
        do {
            try socket.bind(endpoint)
            return try socket.lastEndpoint
        } catch {
            throw EngineError("cannot bind the \(name) socket to \(endpoint)", .socket(error))
        }
    }

    /// What recovery cut from the log's tail, if anything, for the operator.
    public var recoveryReport: String? { ledger.recoveryReport }

    /// The newest log position and the number of stacks, for the start-up message.
    public var summary: (headPosition: UInt64, stacks: Int) { (ledger.core.headPosition, ledger.core.stacks.count) }

    /// Runs turns until `shouldStop` answers true, then syncs and answers what is pending.
    ///
    /// A batch whose append fails while the disk is short of space (ENOSPC) is undone and its requests answered
    /// UNAVAILABLE; the engine goes on, and works again once there is room (see `Ledger+Rollback.swift`).
    /// - Throws: `EngineError` when a socket fails, when an append fails and its batch cannot be undone, or when
    ///   fdatasync fails: the log is then unusable, since it is unknown which appended records reached the disk.
    ///   The daemon exits, and a restart recovers from the log (nothing unsynced was acknowledged).
    /// - Parameter reloadRequested: answers true once after a SIGHUP: the authorized keys are read again.
    public func run(until shouldStop: () -> Bool, reloadRequested: () -> Bool = { false }) throws(EngineError) {
        let startNow = clock.nowUs()
        ledger.beginBatch(now: startNow)
        ledger.endTransitionsInFlight(now: startNow)
        // Ending them is retried in each batch until one reaches the log (it does not if the disk is full).
        var inFlightEnded = try finishTurn(now: startNow, repliesFrom: pendingReplies.count)
        var poller = ZMQPoller()
        let ingestIndex = poller.add(ingestSocket)
        let controlIndex = poller.add(controlSocket)
        let authenticatorIndex = authenticator.map { poller.add($0.socket) }
        let limiterIndices = connectionLimiters.map { poller.add($0.events) }
        // --stats-interval: a periodic counters line for the operator (the loop wakes at least every 100 ms).
        let statsIntervalUs = Int64(configuration.statsIntervalMs) * 1000
        var nextStatsUs = statsIntervalUs > 0 ? clock.nowUs() + statsIntervalUs : Int64.max
        // Whether the previous turn took inputs. Then this one reads the sockets straight away and polls only once
        // a turn finds them empty: inputs that arrived during a turn are taken without a zmq_poll (several system
        // calls) and, often, without the thread going to sleep and being woken again.
        var busy = false
        while !shouldStop() {
            if reloadRequested() { reloadAuthorizedKeys() }
            if !busy {
                let timeout = pollTimeoutMs(now: clock.nowUs())
                do {
                    _ = try poller.poll(timeoutMs: timeout)
                } catch {
                    throw EngineError("poll failed", .socket(error))
                }
            }
            let now = clock.nowUs()
            if let authenticator, let authenticatorIndex, busy || poller.isReadable(authenticatorIndex) {
                do {
                    try authenticator.answerPending()
                } catch {
                    throw EngineError("the ZAP handler failed", .socket(error))
                }
                ledger.stats.handshakesRefused = authenticator.refusedCount
            }
            // New connections are counted at once when the loop polls; while it is too busy to poll, once a turn
            // and every `connectionCheckStride` inputs within a turn.
            if busy || limiterIndices.contains(where: poller.isReadable) { takeConnectionEvents(now: now) }
            let repliesBefore = pendingReplies.count
            ledger.beginBatch(now: now)
            if !inFlightEnded { ledger.endTransitionsInFlight(now: now) }
            ledger.advance(to: now)
            let received = ledger.stats.inputsReceived
            if busy || poller.isReadable(ingestIndex) { try drainIngest(now: now) }
            if busy || poller.isReadable(controlIndex) { try drainControl(now: now) }
            busy = ledger.stats.inputsReceived != received
            if try finishTurn(now: now, repliesFrom: repliesBefore) { inFlightEnded = true }
            if now >= nextStatsUs {
                nextStatsUs = now + statsIntervalUs
                StatsLogLine(
                    headPosition: ledger.core.headPosition, stacks: ledger.core.stacks.count,
                    stats: ledger.stats
                ).log(to: configuration.log)
            }
        }
        try shutdown()
    }

    /// Takes the connection events again within a long turn, at most once a millisecond.
    private func takeConnectionEventsIfDue() {
        let now = clock.nowUs()
        if now - connectionsTakenUs >= 1000 { takeConnectionEvents(now: now) }
    }

    /// Lets each socket's limiter count its new and ended connections (shutting down those over the maximum).
    private func takeConnectionEvents(now: Int64) {
        connectionsTakenUs = now
        for limiter in connectionLimiters { limiter.takeEvents(now: now) }
        ledger.stats.connectionsRefused = connectionLimiters.reduce(0) { $0 + $1.refused }
    }

    /// Re-reads the authorized keys; a file that does not parse keeps the old list (and says why).
    private func reloadAuthorizedKeys() {
        guard let authenticator, let curve = configuration.curve else { return }
        let path = curve.authorizedKeysPath
        do {
            let keys = try curve.loadAuthorizedKeys()
            authenticator.replace(keys)
            configuration.log.info("authorized keys reloaded", ["path": path, "keys": keys.keys.count])
        } catch {
            configuration.log.error("authorized keys not reloaded; keeping the old list", ["error": error.description])
        }
    }

    /// Milliseconds until the clock has work, the interval sync is due, or the stop check.
    private func pollTimeoutMs(now: Int64) -> Int {
        var timeout = Self.maxPollMs
        if let deadline = ledger.nextDeadline() {
            timeout = min(timeout, max(0, (deadline - now + 999) / 1000))
        }
        if backgroundSync.isRunning {
            // Its end releases replies (and lets the next sync start): look again soon, not at the next input.
            timeout = min(timeout, 1)
        } else if case .interval(let ms) = configuration.fsync, syncedPosition < ledger.logHead {
            timeout = min(timeout, max(0, (lastSyncUs + Int64(ms) * 1000 - now + 999) / 1000))
        }
        return Int(timeout)
    }

    private func drainIngest(now: Int64) throws(EngineError) {
        var taken = 0
        while taken < configuration.maxBatch && ledger.decidedBytes() < configuration.maxBatchBytes {
            let received: Bool?
            do {
                received = try ingestSocket.receive(dontWait: true, reusing: receiveBuffers) { parts in
                    // One Input per message; extra parts mean a producer that does not speak the contract, and
                    // are not looked at (libzmq has taken the whole message in already; nothing limits its parts).
                    if parts.count == 1 {
                        ledger.ingest(parts[0], now: now)
                    } else {
                        ledger.refuseIngest(parts: parts.count, now: now)
                    }
                    return true
                }
            } catch {
                throw EngineError("ingest receive failed: \(error)")
            }
            if received == nil { return }
            taken += 1
            if taken % Self.connectionCheckStride == 0 { takeConnectionEventsIfDue() }
        }
    }

    /// The most parts before a control request's payload, and the most bytes in each: a routing id is at most 255
    /// bytes (ZMTP 3), and a REQ client's envelope is its id and an empty delimiter; a proxy adds an id or two.
    static let maxEnvelopeParts = 8
    static let maxEnvelopePartBytes = 255
    /// How many inputs a drain takes between two looks at the connection monitors: a long turn must not let a
    /// flood of connections through.
    static let connectionCheckStride = 512

    /// Takes control requests until the socket is empty or the turn has done its share: `maxBatch` requests,
    /// `maxReplyBytesPerTurn` of replies, a read's worth of records scanned (`Ledger.maxReadScan`), or events past
    /// ingest's share. The rest waits for the next turn, so a client asking for much delays the others by a turn at
    /// most; ingest filling its share does not keep control from its own.
    private func drainControl(now: Int64) throws(EngineError) {
        let uptime = now - startUs
        var replyBytes = 0
        var taken = 0
        while taken < configuration.maxBatch && replyBytes < configuration.maxReplyBytesPerTurn
            && ledger.batchReadScans < Ledger.maxReadScan && ledger.decidedBytes() < 2 * configuration.maxBatchBytes
        {
            let received: Bool?
            do {
                received = try controlSocket.receive(dontWait: true, reusing: receiveBuffers) { parts in
                    // Everything before the payload is the envelope (the routing id, any proxy's, a REQ's empty
                    // delimiter). An envelope past the limits is not echoed back: it is dropped unread.
                    guard let payload = parts.last, parts.count >= 2, parts.count <= Self.maxEnvelopeParts + 1,
                        parts.dropLast().allSatisfy({ $0.count <= Self.maxEnvelopePartBytes })
                    else {
                        ledger.stats.messagesDropped += 1
                        return true
                    }
                    let envelope = parts.dropLast().map { [UInt8]($0) }
                    if unreadPeers.contains(envelope[0]) {
                        refuseUnread(envelope: envelope, payload: payload)
                        return true
                    }
                    let pending = ledger.request(payload, now: now, uptimeUs: uptime)
                    let reply = OutgoingReply(envelope: envelope, pending: pending)
                    replyBytes += reply.payload.count
                    pendingReplies.append(reply)
                    return true
                }
            } catch {
                throw EngineError("control receive failed: \(error)")
            }
            if received == nil { return }
            taken += 1
            if taken % Self.connectionCheckStride == 0 { takeConnectionEventsIfDue() }
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
        if sendReply(envelope: envelope, payload: reply.encoded()) { unreadPeers.remove(envelope[0]) }
    }

    /// Appends the turn's events, syncs per policy, publishes, and answers the replies that are durable.
    /// - Parameter first: the index in `pendingReplies` of the batch's first request.
    /// - Returns: false when the batch could not be logged and was undone; its requests are answered UNAVAILABLE.
    private func finishTurn(now: Int64, repliesFrom first: Int) throws(EngineError) -> Bool {
        let head: UInt64
        do {
            head = try ledger.commit()
            switch configuration.fsync {
            case .always:
                if syncedPosition < head { try syncLog(now: now, head: head) }
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
        } catch {
            throw EngineError("", .ledger(error))
        }
        let refusal = ledger.takeBatchRefusal()
        if let refusal {
            // Whatever the batch's requests were told rests on state that was undone: each gets the refusal.
            for index in first..<pendingReplies.count { pendingReplies[index].refuse(refusal) }
        }
        ledger.drainOutcome(publish)
        sendDurableReplies()
        return refusal == nil
    }

    /// Takes the result of a finished background sync (or, `waiting`, of the running one once it finishes): its
    /// position is durable, or the log is unusable.
    private func collectBackgroundSync(waiting: Bool = false) throws(LedgerError) {
        guard let result = waiting ? backgroundSync.wait() : backgroundSync.collect() else { return }
        try ledger.finishSync(result.failure, microseconds: result.microseconds)
        syncedPosition = max(syncedPosition, result.position)
    }

    private func syncLog(now: Int64, head: UInt64) throws(LedgerError) {
        try ledger.sync(elapsed: { clock.nowUs() })
        syncedPosition = head
        lastSyncUs = now
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

    /// Publishes one two-part message from reused buffers (no arrays made per message).
    private func send(topic: [UInt8], payload: UnsafeRawBufferPointer) {
        // PUB never blocks: past the high-water mark a slow subscriber loses messages and recovers from the log.
        topic.withUnsafeBytes { topic in
            _ = try? eventsSocket.send(topic, more: true, dontWait: true)
            _ = try? eventsSocket.send(payload, more: false, dontWait: true)
        }
    }

    private func sendDurableReplies() {
        guard !pendingReplies.isEmpty else { return }
        var kept: [OutgoingReply] = []
        for pending in pendingReplies {
            if pending.durableAt <= syncedPosition {
                if !sendReply(envelope: pending.envelope, payload: pending.payload) {
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

    /// Sends one reply without waiting.
    /// - Returns: false when the client's queue is full; true when the reply was queued, or when the client has
    ///   gone (the ROUTER has no route to it: nothing is waiting for the reply).
    private func sendReply(envelope: [[UInt8]], payload: [UInt8]) -> Bool {
        do {
            return try controlSocket.send(envelope + [payload], dontWait: true)
        } catch {
            return true
        }
    }

    /// The end of `run`: sync what is unsynced, answer what waits, snapshot the state, release everything.
    private func shutdown() throws(EngineError) {
        defer { close() }
        let head = ledger.logHead
        do {
            try collectBackgroundSync(waiting: true)
            if syncedPosition < head { try syncLog(now: clock.nowUs(), head: head) }
        } catch {
            throw EngineError("", .ledger(error))
        }
        sendDurableReplies()
        // A snapshot at the head, so that the next start replays nothing.
        do {
            try ledger.writeSnapshot()
        } catch {
            throw EngineError("", .ledger(error))
        }
    }

    private var closed = false

    /// Closes the sockets and releases the data directory; idempotent.
    public func close() {
        if closed { return }
        closed = true
        for limiter in connectionLimiters { limiter.close() }
        ingestSocket.close()
        eventsSocket.close()
        controlSocket.close()
        authenticator?.close()
        ledger.close()
        context.shutdown()
    }

    deinit {
        close()
    }
}
