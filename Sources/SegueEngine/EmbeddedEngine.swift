import SegueCore
import SegueWire

/// The engine without sockets, driven by a manual clock: what tests use for exact, reproducible sequences.
///
/// Inputs and requests go through the same bytes, decoding, ledger and log as in the daemon; each call is one
/// batch, committed and synced before its outputs are recorded in `published`.
public final class EmbeddedEngine {
    /// One message the daemon would have published on the events socket.
    public enum Publication: Sendable, Hashable {
        case event(Event)
        case frame(Frame)
        case rejection(Rejection)
    }

    public let ledger: Ledger
    public private(set) var clock: ManualClock
    /// Everything published so far, in order.
    public private(set) var published: [Publication] = []

    /// Opens (or creates) a data directory and ends transitions the previous run left in flight.
    public init(configuration: EngineConfiguration, clock: ManualClock = ManualClock()) throws(LedgerError) {
        ledger = try Ledger(configuration: configuration)
        self.clock = clock
        self.clock.timeUs = max(clock.timeUs, ledger.core.clockUs)
        ledger.endTransitionsInFlight(now: self.clock.timeUs)
        try flush()
    }

    /// The engine time now.
    public var nowUs: Int64 { clock.timeUs }

    /// Sends one ingest input (encoded and decoded as on the wire).
    public func send(_ input: Input) throws(LedgerError) {
        try send(bytes: input.encoded())
    }

    /// Sends raw ingest bytes, as a producer could.
    public func send(bytes: [UInt8]) throws(LedgerError) {
        ledger.advance(to: clock.timeUs)
        bytes.withUnsafeBytes { ledger.ingest($0, now: clock.timeUs) }
        try flush()
    }

    /// Answers one control request; the reply comes after its events are durable, as in the daemon.
    public func request(_ request: Request) throws(LedgerError) -> Reply {
        ledger.advance(to: clock.timeUs)
        let pending = request.encoded().withUnsafeBytes {
            ledger.request($0, now: clock.timeUs, uptimeUs: 0)
        }
        try flush()
        return pending.reply
    }

    /// Moves the clock forward, stopping at every deadline on the way so that frames and completions happen
    /// exactly when scheduled.
    public func advance(byUs delta: Int64) throws(LedgerError) {
        let target = clock.timeUs + delta
        while let deadline = ledger.nextDeadline(), deadline <= target {
            clock.timeUs = max(clock.timeUs, deadline)
            ledger.advance(to: clock.timeUs)
            try flush()
        }
        clock.timeUs = target
        ledger.advance(to: target)
        try flush()
    }

    private func flush() throws(LedgerError) {
        let before = ledger.logHead
        if try ledger.commit() > before { try ledger.sync(elapsed: { 0 }) }
        // No events socket here: a probe has nobody to reach.
        ledger.drainOutcome { outcome, _, _ in
            published += outcome.events.map(Publication.event)
            published += outcome.frames.map(Publication.frame)
            published += outcome.rejections.map(Publication.rejection)
        }
    }

    /// Releases the data directory.
    public func close() {
        ledger.close()
    }
}
