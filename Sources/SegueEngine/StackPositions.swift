import SegueLog
import SegueWire

/// Where each stack's events are in the log, so that a one-stack read costs in proportion to that stack's events
/// rather than to the log's length, as an event store reads one stream through its index. The history reader keeps
/// it, extending it from the log up to each read's view before serving that read: nothing of it is on the engine's
/// thread, and a daemon nobody reads history from never builds it. It takes 8 bytes per indexed event (plus the
/// arrays' spare capacity) and one entry per stack id.
struct StackPositions {
    /// The newest position indexed (0: none).
    private(set) var indexedThrough: UInt64 = 0
    /// The oldest position the index may hold: positions below were removed by retention.
    private var keptFrom: UInt64 = 1
    private var positions: [String: [UInt64]] = [:]

    /// Indexes the view's records past `indexedThrough`, and forgets positions retention has removed.
    mutating func catchUp(to view: LogView, with reader: LogViewReader) throws(HistoryReadFailure) {
        if view.firstPosition > keptFrom { forget(below: view.firstPosition) }
        guard view.headPosition > indexedThrough else { return }
        var failure: HistoryReadFailure?
        do throws(LogError) {
            try reader.visit(view, from: max(indexedThrough + 1, view.firstPosition)) { position, payload in
                do throws(WireDecodingError) {
                    let event = try Event(decoding: payload)
                    positions[event.stackId, default: []].append(position)
                    indexedThrough = position
                    return true
                } catch {
                    failure = .undecodable(position: position, error)
                    return false
                }
            }
        } catch {
            throw .log(error)
        }
        if let failure { throw failure }
    }

    /// Up to `maxCount` positions of `stackId`'s events from `from`, oldest first.
    func positions(of stackId: String, from: UInt64, maxCount: Int) -> ArraySlice<UInt64> {
        guard let all = positions[stackId] else { return [] }
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle] < from { low = middle + 1 } else { high = middle }
        }
        return all[low..<min(all.count, low + maxCount)]
    }

    private mutating func forget(below first: UInt64) {
        keptFrom = first
        for (stackId, list) in positions {
            let kept = list.drop { $0 < first }
            positions[stackId] = kept.isEmpty ? nil : Array(kept)
        }
        indexedThrough = max(indexedThrough, first - 1)
    }
}
