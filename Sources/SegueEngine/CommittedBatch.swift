import SegueCore
import SegueLog
import SegueWire

/// A batch whose events are in the log, though not yet durable: what `LedgerBatch.commit()` hands back, and the
/// only place its publications are read from. Being `~Copyable`, it is published at most once; when it ends, its
/// storage goes back to the ledger for the next batch.
struct CommittedBatch: ~Copyable {
    /// The newest position in the log after it.
    let head: UInt64
    /// Why the batch was undone (UNAVAILABLE: the log could not be written), or nil when it was logged.
    let refusal: ErrorDetail?
    /// How many events it appended to the log (0 when it was undone).
    let appendedEvents: Int
    private let contents: BatchContents
    private let ledger: Ledger

    init(head: UInt64, refusal: ErrorDetail?, appendedEvents: Int, contents: consuming BatchContents, ledger: Ledger) {
        self.head = head
        self.refusal = refusal
        self.appendedEvents = appendedEvents
        self.contents = contents
        self.ledger = ledger
    }

    /// The events decided, in log order; `eventRecords.withPayload(i)` is the encoding of `events[i]` as logged.
    var events: [Event] { contents.outcome.events }
    var eventRecords: LogBatch { contents.records }
    var frames: [Frame] { contents.outcome.frames }
    /// Settle frames the clock did not draw, being too late (`FramePacing`).
    var skippedFrames: Int { contents.outcome.skippedFrames }
    var rejections: [Rejection] { contents.outcome.rejections }
    /// Probes, published after everything decided before them.
    var probes: [PublishProbe] { contents.probes }

    deinit {
        ledger.keepForReuse(contents)
    }
}
