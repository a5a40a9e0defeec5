import SegueCore
import SegueWire

/// The engine without sockets, driven by a manual clock: what tests use for exact, reproducible sequences.
///
/// It runs the daemon's turn (`TurnRunner`: the same batching, log, fsync policy, disk-full rollback and
/// publishing) over queues in memory instead of sockets, as the daemon would with one input at a time. Each call is
/// one turn; what the turn published is decoded back into `published`, as a subscriber decodes it.
public final class EmbeddedEngine {
    private let transport = MemoryTransport()
    private let turns: TurnRunner<ManualClock, MemoryTransport>
    /// Everything published so far, in order, decoded as a subscriber decodes it.
    public private(set) var published: [Publication] = []
    /// The routing id the embedded engine's requests carry, as a control client's would.
    private static let routingId: [UInt8] = Array("embedded".utf8)

    /// Opens (or creates) a data directory and runs a first turn, which ends the transitions the previous run left
    /// in flight.
    /// - Throws: `EngineError` whose cause is the `LedgerError` that opening or that first turn met.
    public init(configuration: EngineConfiguration, clock: ManualClock = ManualClock()) throws(EngineError) {
        let ledger: Ledger
        do {
            ledger = try Ledger(configuration: configuration)
        } catch {
            throw EngineError("cannot open the data directory \(configuration.dataDirectory)", .ledger(error))
        }
        var clock = clock
        clock.timeUs = max(clock.timeUs, ledger.core.clockUs)
        do {
            // Periodic snapshots are written before the turn that makes them due returns, so that tests see them.
            turns = try TurnRunner(
                ledger: ledger, transport: transport, clock: clock, configuration: configuration,
                snapshotsInBackground: false)
        } catch {
            ledger.close()
            throw error
        }
        try runTurn()
    }

    /// The state and the log, for tests of this module.
    var ledger: Ledger { turns.ledger }

    /// When snapshots are written, for tests of this module.
    var snapshots: SnapshotScheduler { turns.snapshots }

    /// The newest position in the log.
    public var logHead: UInt64 { ledger.logHead }

    /// What recovery cut from the log's tail, if anything.
    public var recoveryReport: String? { ledger.recoveryReport }

    /// The engine time now.
    public var nowUs: Int64 { turns.clock.timeUs }

    /// Sends one ingest input (encoded and decoded as on the wire).
    public func send(_ input: Input) throws(EngineError) {
        try send(parts: [input.encoded()])
    }

    /// Sends one raw ingest message, as a producer could: `parts` with more than one part is refused as the
    /// daemon refuses it.
    public func send(parts: [[UInt8]]) throws(EngineError) {
        transport.ingestQueue.append(parts)
        try runTurn()
    }

    /// Answers one control request; the reply comes after its events are durable, as in the daemon (with the
    /// interval policy, the embedded engine syncs at once: it has no later turn to wait for).
    public func request(_ request: Request) throws(EngineError) -> Reply {
        transport.requestQueue.append([Self.routingId, request.encoded()])
        try runTurn()
        if transport.replies.isEmpty { try turns.syncAndReply(waitingForReads: true) }
        let answer = transport.replies.removeFirst()
        do {
            return try Reply(decoding: answer.payload)
        } catch {
            preconditionFailure("the engine's own reply does not decode: \(error)")
        }
    }

    /// Moves the clock forward by `delta`, running a turn at every deadline on the way, as the daemon's timer would.
    public func advance(byUs delta: Int64) throws(EngineError) {
        try stepClock(to: turns.clock.timeUs + delta, firstDeadline: ledger.nextDeadline()) {
            time throws(EngineError) in
            turns.clock.timeUs = max(turns.clock.timeUs, time)
            try runTurn()
            return ledger.nextDeadline()
        }
    }

    /// Runs one turn at the clock's time and decodes what it published.
    private func runTurn() throws(EngineError) {
        try turns.turn(now: turns.clock.timeUs)
        for (topic, payload) in transport.published {
            published.append(Publication(topic: topic, payload: payload))
        }
        transport.published.removeAll()
    }

    /// Releases the data directory.
    public func close() {
        turns.history.stop()
        turns.snapshots.waitForWrite()
        ledger.close()
    }
}
