import SegueCore
import SegueLog
import SegueWire

/// One batch being decided: begun by `Ledger.beginBatch(now:)`, filled with the batch's inputs (`ingest`,
/// `refuseIngest`, `apply`, `publishProbe`), and consumed by `commit()`, which appends its events to the log in
/// one write and hands back the `CommittedBatch` to publish. Being `~Copyable`, a batch takes no input after its
/// commit and is committed once.
///
/// The inputs change the ledger's core in place as they are decided; until the commit, the core is ahead of the
/// log by the batch's events.
struct LedgerBatch: ~Copyable {
    private let ledger: Ledger
    private var contents: BatchContents
    /// How many of the outcome's events are encoded into `contents.records`.
    private var encodedEvents = 0
    /// Encodes each event before it is copied into its record; kept for the whole batch, since the events are
    /// encoded after each input (`decidedBytes`).
    private var writer = ProtoWriter()

    /// The clock runs to `now`, ending first (until that has reached the log) the transitions the previous run
    /// left in flight.
    fileprivate init(ledger: Ledger, now: Int64) {
        self.ledger = ledger
        contents = ledger.reusableContents()
        ledger.beginRollbackGuard(now: now)
        if !ledger.inFlightEnded { ledger.core.endTransitionsInFlight(now: now, into: &contents.outcome) }
        ledger.core.advance(to: now, into: &contents.outcome)
    }

    /// Encodes the events decided so far and returns their bytes: its owner stops taking inputs past a budget, so
    /// that small commands that make large events cannot make one batch, and the memory it takes, grow without
    /// bound. (Encoding now costs nothing more: `commit` would encode them anyway.)
    mutating func decidedBytes() -> Int {
        encodeDecidedEvents()
        return contents.records.byteCount
    }

    /// Encodes the events decided since the last call, as they will be logged.
    private mutating func encodeDecidedEvents() {
        let events = contents.outcome.events
        guard encodedEvents < events.count else { return }
        for event in events[encodedEvents...] {
            writer.removeAll()
            event.encode(to: &writer)
            writer.withBytes { encoded in contents.records.appendRecord { $0.append(contentsOf: encoded) } }
        }
        encodedEvents = events.count
    }

    // MARK: Inputs

    /// Decides one ingest message; undecodable bytes become a MALFORMED rejection on `er//`.
    /// - Returns: how many rejections it made, each counted as an input refused.
    mutating func ingest(_ bytes: UnsafeRawBufferPointer, now: Int64) -> Int {
        let input: Input
        do {
            input = try Input(decoding: bytes)
        } catch {
            refuseMalformed("input does not decode as segue.v1.Input: \(error)", now: now)
            return 1
        }
        if case .probe(let probe) = input.body {
            // Published with the batch, after everything decided before it (`Input.probe`).
            if let error = Validation.checkStackId(probe.token, field: "probe token") {
                contents.outcome.rejections.append(Rejection(error: error, timeUs: max(now, ledger.core.clockUs)))
                return 1
            }
            contents.probes.append(probe)
            return 0
        }
        let rejectionsBefore = contents.outcome.rejections.count
        ledger.core.apply(input, now: now, into: &contents.outcome)
        return contents.outcome.rejections.count - rejectionsBefore
    }

    /// Refuses an ingest message of more than one part without looking at it, with a MALFORMED rejection.
    mutating func refuseIngest(parts: Int, now: Int64) {
        refuseMalformed(
            "an ingest message has \(parts) parts; send each segue.v1.Input as a message of one part",
            now: now)
    }

    private mutating func refuseMalformed(_ message: String, now: Int64) {
        contents.outcome.rejections.append(
            Rejection(
                error: ErrorDetail(code: .malformed, message: message),
                timeUs: max(now, ledger.core.clockUs)))
    }

    /// Decides one command of a control request, answering it in `reply`.
    /// - Returns: the log position that must be durable before the reply is sent (0: none).
    mutating func apply(_ command: Command, now: Int64, answering reply: inout Reply) -> UInt64 {
        switch ledger.core.apply(command, requestId: reply.requestId, now: now, into: &contents.outcome) {
        case .applied(let result):
            reply.body = .command(result)
            return result.lastPosition
        case .refused(let error):
            reply.error = error
            return 0
        }
    }

    /// Queues a control request's probe for publishing with the batch, or refuses its token in `reply`.
    mutating func publishProbe(_ probe: PublishProbe, answering reply: inout Reply) {
        if let error = Validation.checkStackId(probe.token, field: "probe token") {
            reply.error = error
        } else {
            contents.probes.append(probe)
        }
    }

    // MARK: Commit

    /// Appends the batch's events to the log in one write. The events are not durable until `Ledger.sync`.
    ///
    /// When the append fails while the disk is short of space, the batch is undone instead of throwing: the
    /// committed batch's `refusal` says why, and is what each of its requests must be answered; it publishes only
    /// that notice on `er//`.
    /// - Throws: `LedgerError` when the replica or the append fails and the batch cannot be undone.
    consuming func commit() throws(LedgerError) -> CommittedBatch {
        let ledger = self.ledger
        let pending = contents.outcome.events.count
        guard pending > 0 else {
            ledger.inFlightEnded = true
            return CommittedBatch(
                head: ledger.logHead, refusal: nil, appendedEvents: 0, contents: contents, ledger: ledger)
        }
        encodeDecidedEvents()
        if let replica = ledger.replica {
            do {
                try replica.append(
                    contents.outcome.events[...], encoded: (0..<pending).map { contents.records.payload(at: $0) })
            } catch {
                throw LedgerError("cannot append to the replicated log", .replica(error))
            }
        }
        do {
            try ledger.log.append(contents.records, fromRecord: 0)
        } catch {
            // Disk full and the like: with the state before the batch kept, the batch is undone and refused; but not
            // once a replica holds it, since the replica is the log of record: the engine stops instead.
            guard ledger.replica == nil, let refusal = ledger.undoBatch(after: error) else {
                throw LedgerError("cannot append to the log", .log(error))
            }
            // Nothing the batch decided is published: its events were not logged, and its frames and rejections may
            // rest on them. One notice on er// tells producers that their inputs were dropped.
            contents.removeAll()
            contents.outcome.rejections.append(Rejection(error: refusal, timeUs: ledger.core.clockUs))
            return CommittedBatch(
                head: ledger.logHead, refusal: refusal, appendedEvents: 0, contents: contents, ledger: ledger)
        }
        ledger.inFlightEnded = true
        ledger.didAppend(bytes: contents.records.byteCount)
        return CommittedBatch(
            head: ledger.logHead, refusal: nil, appendedEvents: pending, contents: contents, ledger: ledger)
    }
}

extension Ledger {
    /// Begins the next batch at `now` (engine clock).
    func beginBatch(now: Int64) -> LedgerBatch {
        LedgerBatch(ledger: self, now: now)
    }
}
