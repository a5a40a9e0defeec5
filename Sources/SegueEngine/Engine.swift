import SegueCore
import SegueLog
import SegueLogging
import SegueWire
import ZMQ

/// The daemon's engine: one thread owns the three sockets, the state and the log.
///
/// It waits for ingest and control until the next frame deadline (unless the previous turn took inputs), then
/// runs a turn (`TurnRunner`, the same as the embedded engine's) over its sockets; between turns it keeps the
/// sockets' connections under their limit and answers CURVE handshakes.
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
    private let sockets: SocketTransport
    /// The CURVE allowlist's ZAP handler, when CURVE is on.
    private let authenticator: ZAPAuthenticator?
    private let ledger: Ledger
    private let turns: TurnRunner<MonotonicEpochClock, SocketTransport>
    /// One per socket: its connections kept under `configuration.maxConnections`.
    private let connectionLimiters: [ConnectionLimiter]
    /// When the limiters last took their events.
    private var connectionsTakenUs: Int64 = 0
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
    public convenience init(configuration: EngineConfiguration) throws(EngineError) {
        let ledger: Ledger
        do {
            ledger = try Ledger(configuration: configuration)
        } catch {
            throw EngineError("cannot open the data directory \(configuration.dataDirectory)", .ledger(error))
        }
        try self.init(configuration: configuration, ledger: ledger, snapshots: nil)
    }

    /// Takes a shard over with the state a standby kept (cluster mode): binds the sockets and serves, appending
    /// through `configuration.replica`, with nothing to rebuild or replay.
    /// - Throws: `EngineError` naming the bind or socket set-up that failed; the state is closed then.
    public convenience init(configuration: EngineConfiguration, takingOver standby: StandbyState) throws(EngineError) {
        let (ledger, snapshots) = standby.handOver()
        ledger.replica = configuration.replica
        try self.init(configuration: configuration, ledger: ledger, snapshots: snapshots)
    }

    private init(configuration: EngineConfiguration, ledger: Ledger, snapshots: SnapshotScheduler?)
        throws(EngineError)
    {
        self.configuration = configuration
        self.ledger = ledger
        let ingestSocket: ZMQSocket
        let controlSocket: ZMQSocket
        let eventsSocket: ZMQSocket
        // What a failed set-up must close before it throws (the engine's own `close` never runs then).
        var opened: [ZMQSocket] = []
        func release() {
            for socket in opened { socket.close(linger: 0) }
            snapshots?.waitForWrite()
            ledger.close()
        }
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
            opened.append(ingestSocket)
            controlSocket = try context.makeSocket(.router)
            opened.append(controlSocket)
            eventsSocket = try context.makeSocket(.pub)
            opened.append(eventsSocket)
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
            sockets = SocketTransport(ingest: ingestSocket, control: controlSocket, events: eventsSocket)
            // Periodic snapshots are fsynced off the loop, so that they never stall a batch.
            turns = try TurnRunner(
                ledger: ledger, transport: sockets, clock: MonotonicEpochClock(notBeforeUs: ledger.core.clockUs),
                configuration: configuration, snapshotsInBackground: true, snapshots: snapshots)
        } catch let error as EngineError {
            release()
            throw error
        } catch let error as ZMQError {
            release()
            throw EngineError("cannot set up the sockets", .socket(error))
        } catch {
            release()
            throw EngineError("cannot set up the sockets: \(error)")
        }
    }

    private static func bind(_ socket: ZMQSocket, _ endpoint: String, _ name: String) throws(EngineError) -> String {
        if let problem = EndpointSyntax.ipcBindProblem(endpoint) {
            throw EngineError("cannot bind the \(name) socket to \(endpoint): \(problem)")
        }
        do {
            try socket.listen(endpoint)
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
        defer { close() }
        // The first turn ends the transitions the previous run left in flight (`Ledger.beginBatch`).
        try turns.turn(now: turns.nowUs(), takeIngest: false, takeControl: false)
        var poller = ZMQPoller()
        let ingestIndex = poller.add(sockets.ingest)
        let controlIndex = poller.add(sockets.control)
        let authenticatorIndex = authenticator.map { poller.add($0.socket) }
        let limiterIndices = connectionLimiters.map { poller.add($0.monitor.reader) }
        // A served history read wakes the loop, which sends its reply in the next turn.
        let historyIndex = poller.add(fileDescriptor: turns.history.wakeDescriptor)
        // --stats-interval: a periodic counters line for the operator (the loop wakes at least every 100 ms).
        let statsIntervalUs = Int64(configuration.statsIntervalMs) * 1000
        var nextStatsUs = statsIntervalUs > 0 ? turns.nowUs() + statsIntervalUs : Int64.max
        var nextPostUs = Int64.min
        // Whether the previous turn took inputs. Then this one reads the sockets straight away and polls only once
        // a turn finds them empty: inputs that arrived during a turn are taken without a zmq_poll (several system
        // calls) and, often, without the thread going to sleep and being woken again.
        var busy = false
        while !shouldStop() {
            if reloadRequested() { reloadAuthorizedKeys() }
            if !busy {
                let timeout = turns.idleTimeoutMs(now: turns.nowUs(), limitMs: Self.maxPollMs)
                do {
                    _ = try poller.poll(timeoutMs: timeout)
                } catch {
                    throw EngineError("poll failed", .socket(error))
                }
            }
            let now = turns.nowUs()
            if !busy && poller.isReadable(historyIndex) { turns.history.drainWake() }
            if let authenticator, let authenticatorIndex, busy || poller.isReadable(authenticatorIndex) {
                do {
                    try authenticator.answerPending()
                } catch {
                    throw EngineError("the ZAP handler failed", .socket(error))
                }
                turns.countRefusals(handshakes: authenticator.refusedCount)
            }
            // New connections are counted at once when the loop polls; while it is too busy to poll, once a turn
            // and every `TurnRunner.checkpointStride` inputs within a turn.
            if busy || limiterIndices.contains(where: poller.isReadable) { takeConnectionEvents(now: now) }
            busy = try turns.turn(
                now: now, takeIngest: busy || poller.isReadable(ingestIndex),
                takeControl: busy || poller.isReadable(controlIndex), checkpoint: takeConnectionEventsIfDue)
            if now >= nextStatsUs {
                nextStatsUs = now + statsIntervalUs
                StatsLogLine(
                    headPosition: ledger.core.headPosition, stacks: ledger.core.stacks.count,
                    stats: turns.stats
                ).log(to: configuration.log)
            }
            if let board = configuration.statsBoard, now >= nextPostUs {
                nextPostUs = now + StatsBoard.intervalUs
                board.post(turns.statsReport(now: now))
            }
        }
        try shutdown()
    }

    /// Takes the connection events again within a long turn, at most once a millisecond.
    private func takeConnectionEventsIfDue() {
        let now = turns.nowUs()
        if now - connectionsTakenUs >= 1000 { takeConnectionEvents(now: now) }
    }

    /// Lets each socket's limiter count its new and ended connections (shutting down those over the maximum).
    private func takeConnectionEvents(now: Int64) {
        connectionsTakenUs = now
        for limiter in connectionLimiters { limiter.takeEvents(now: now) }
        turns.countRefusals(connections: connectionLimiters.reduce(0) { $0 + $1.refused })
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

    /// The end of `run`: sync what is unsynced, answer what waits, snapshot the state, release everything.
    private func shutdown() throws(EngineError) {
        // Reads still queued get no reply (their clients time out and read again from the next run).
        turns.history.stop()
        try turns.syncAndReply(waitingForReads: false)
        // A snapshot at the head, so that the next start replays nothing.
        do {
            try turns.snapshots.writeNow()
        } catch {
            throw EngineError("cannot write the snapshot at shutdown", .ledger(error))
        }
    }

    private var closed = false

    /// Closes the sockets and releases the data directory; idempotent.
    public func close() {
        if closed { return }
        closed = true
        turns.history.stop()
        for limiter in connectionLimiters { limiter.close() }
        sockets.ingest.close()
        sockets.events.close()
        sockets.control.close()
        authenticator?.close()
        turns.snapshots.waitForWrite()
        ledger.close()
        context.shutdown()
    }

    deinit {
        close()
    }
}
