import SegueWire

/// A batch whose events are in the log, though not yet durable: the one key to publishing its outcome
/// (`Ledger.publish`), used once.
struct CommittedBatch: ~Copyable {
    /// The newest position in the log after it.
    let head: UInt64
    /// Why the batch was undone (UNAVAILABLE: the log could not be written), or nil when it was logged.
    let refusal: ErrorDetail?
}
