import SegueCore
import SegueLog
import SegueWire

/// What one batch decided: its outcome (events, frames, rejections), the events' encodings as they are logged
/// (`records.payload(at: i)` is `outcome.events[i]`), and the probes to publish after them. Owned by the batch
/// from `Ledger.beginBatch` to the end of its `CommittedBatch`, then kept by the ledger for the next batch's use.
struct BatchContents {
    var outcome = Outcome()
    var records = LogBatch()
    var probes: [PublishProbe] = []

    /// Empties everything, keeping the storage.
    mutating func removeAll() {
        outcome.removeAll()
        records.removeAll()
        probes.removeAll(keepingCapacity: true)
    }
}
