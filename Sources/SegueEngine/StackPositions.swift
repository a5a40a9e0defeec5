import SegueLog
import SegueWire

/// Where each stack's events are in the log, so that a one-stack read costs in proportion to that stack's events
/// rather than to the log's length, as an event store reads one stream through its index. The history reader keeps
/// it, extending it from the log up to each read's view before serving that read: nothing of it is on the engine's
/// thread, and a daemon nobody reads history from never builds it. It takes about two bytes per event
/// (`PositionList`; docs/performance.md has the measurement).
///
/// A part of the log it cannot index (a record damaged since start, a segment retention deleted meanwhile) becomes
/// a gap, from the record it could not read to the end of that segment: a read that reaches the gap fails as
/// reading the record would, and the rest of the log stays readable.
struct StackPositions {
    /// A range of positions the index could not read, and why.
    struct Gap {
        var range: ClosedRange<UInt64>
        var failure: HistoryReadFailure
    }

    /// The newest position indexed, or given up as part of a gap (0: none).
    private var indexedThrough: UInt64 = 0
    /// The oldest position the index may hold: positions below were removed by retention.
    private var keptFrom: UInt64 = 1
    private var positions: [String: PositionList] = [:]
    private var gaps: [Gap] = []

    /// Indexes the view's records past `indexedThrough`, and forgets positions retention has removed.
    /// - Throws: `HistoryReadFailure.log` when the log cannot be read for a reason that may pass (out of
    ///   descriptors, say); damage and removed segments become gaps instead.
    mutating func catchUp(to view: LogView, with reader: LogViewReader) throws(HistoryReadFailure) {
        if view.firstPosition > keptFrom { forget(below: view.firstPosition) }
        while indexedThrough < view.headPosition {
            let start = max(indexedThrough + 1, view.firstPosition)
            var failure: HistoryReadFailure?
            do throws(LogError) {
                try reader.visit(view, from: start) { position, payload in
                    do throws(WireDecodingError) {
                        let event = try Event(decoding: payload)
                        positions[event.stackId, default: PositionList()].append(position)
                        indexedThrough = position
                        return true
                    } catch {
                        failure = .undecodable(position: position, error)
                        return false
                    }
                }
            } catch {
                guard error.kind == .corrupt || error.kind == .positionRemoved else { throw .log(error) }
                failure = .log(error)
            }
            guard let failure else { return }
            // The record after `indexedThrough` cannot be read: give up the rest of its segment, and go on.
            let first = max(indexedThrough + 1, view.firstPosition)
            let last = view.segmentEnd(containing: first)
            gaps.append(Gap(range: first...last, failure: failure))
            indexedThrough = last
        }
    }

    /// Up to `maxCount` positions of `stackId`'s events from `from`, oldest first.
    func positions(of stackId: String, from: UInt64, maxCount: Int) -> [UInt64] {
        positions[stackId]?.positions(from: from, maxCount: maxCount) ?? []
    }

    /// The first gap with a position in `range`, if any.
    func firstGap(in range: ClosedRange<UInt64>) -> Gap? {
        gaps.first { $0.range.overlaps(range) }
    }

    private mutating func forget(below first: UInt64) {
        keptFrom = first
        for (stackId, list) in positions {
            let kept = list.dropping(below: first)
            positions[stackId] = kept.count == 0 ? nil : kept
        }
        gaps.removeAll { $0.range.upperBound < first }
        indexedThrough = max(indexedThrough, first - 1)
    }
}
