import SegueCore
import SegueLog
import SegueWire

/// What serves history reads, on the history reader's thread only: a reader of log views with its own descriptors,
/// and the stacks' index, kept from read to read.
final class HistoryServing {
    private let reader = LogViewReader()
    private var index = StackPositions()

    /// Releases what it keeps open between reads (done when no read is waiting).
    func idle() {
        reader.closeDescriptors()
    }

    /// Up to `max_count` events from `from_position`, of all stacks or one (through the index).
    func serve(_ read: ReadEvents, from view: LogView) throws(HistoryReadFailure) -> EventBatch {
        if !read.stackId.isEmpty, let error = Validation.checkStackId(read.stackId) { throw .invalid(error) }
        let from = max(read.fromPosition, 1)
        if from < view.firstPosition {
            throw .log(.removed(position: from, oldestKept: view.firstPosition, directory: view.directory))
        }
        let wanted = ReadPage.count(asked: read.maxCount)
        var batch = EventBatch(nextPosition: from, headPosition: view.headPosition)
        var bytes = 0
        var failure: HistoryReadFailure?
        /// Takes one event into the batch; false once the batch is full.
        func take(_ position: UInt64, _ payload: UnsafeRawBufferPointer) -> Bool {
            do throws(WireDecodingError) {
                batch.events.append(try Event(decoding: payload))
            } catch {
                failure = .undecodable(position: position, error)
                return false
            }
            bytes += payload.count
            batch.nextPosition = position + 1
            return batch.events.count < wanted && bytes < ReadPage.maxBytes
        }
        if read.stackId.isEmpty {
            do throws(LogError) {
                try reader.visit(view, from: from, take)
            } catch {
                throw .log(error)
            }
        } else {
            try index.catchUp(to: view, with: reader)
            let positions = index.positions(of: read.stackId, from: from, maxCount: wanted)
            // What the read reaches: up to its last listed event, or to the head when those are all there are. A
            // read that reaches a gap fails, as a read of the whole log fails at a record it cannot read.
            let reach = positions.count < wanted ? view.headPosition : positions.last ?? from
            if from <= reach, let gap = index.firstGap(in: from...reach) { throw gap.failure }
            var next = positions.startIndex
            var full = false
            do throws(LogError) {
                while next < positions.endIndex && !full && failure == nil {
                    // A walk goes on to the stack's next event unless it lies far ahead: a seek reads past up to 63
                    // records, so walking is cheaper for events that close.
                    try reader.visit(view, from: positions[next]) { position, payload in
                        guard position == positions[next] else { return true }
                        full = !take(position, payload)
                        next += 1
                        return !full && next < positions.endIndex && positions[next] - position <= 64
                    }
                }
            } catch {
                throw .log(error)
            }
            if next == positions.endIndex && positions.count < wanted {
                // Every event of the stack up to the view's head is in the batch: the next read starts after it.
                batch.nextPosition = max(from, view.headPosition + 1)
            }
        }
        if let failure { throw failure }
        return batch
    }
}
