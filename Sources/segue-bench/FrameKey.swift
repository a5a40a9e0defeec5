/// Identifies one TRACKING frame, and so the pan that caused it: (stack, transition, sequence) packed in 64 bits.
///
/// A transition's frames are numbered from 1, and PAN_BEGAN publishes none, so the k-th pan after a gesture's
/// BEGAN (its k-th CHANGED, or the release when it moved the finger further) yields frame k of the transition.
/// The producer predicts transition ids (every accepted gesture and every push starts the next one), so a send
/// and its frame meet on the same key even when the publisher drops other frames.
struct FrameKey: Hashable, Comparable, Sendable {
    let raw: UInt64

    /// Packs 20 bits of stack index, 24 of transition id and 20 of sequence.
    init(stack: Int, transition: UInt64, sequence: UInt64) {
        raw =
            (UInt64(truncatingIfNeeded: stack) & 0xF_FFFF) << 44
            | (transition & 0xFF_FFFF) << 20
            | (sequence & 0xF_FFFF)
    }

    /// A key that is a plain number (the relay's message counter).
    init(raw: UInt64) {
        self.raw = raw
    }

    static func < (lhs: FrameKey, rhs: FrameKey) -> Bool { lhs.raw < rhs.raw }
}

/// A time stamped key: when a pan was sent, or when its frame arrived (monotonic nanoseconds).
struct StampedKey: Sendable {
    var key: FrameKey
    var ns: Int64
}

/// Time stamps a measuring thread appends, kept in fixed-size chunks: one growing array would now and then copy
/// megabytes in the middle of a measurement, stalling the subscriber, and the frames queued meanwhile would be
/// stamped late.
struct StampLog: Sendable {
    private static let chunkCapacity = 1 << 16
    private var chunks: [[StampedKey]] = []

    mutating func append(_ stamp: StampedKey) {
        if chunks.last.map({ $0.count == Self.chunkCapacity }) ?? true {
            var chunk: [StampedKey] = []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(stamp)
    }

    /// Every stamp, in the order appended.
    var all: [StampedKey] { chunks.flatMap { $0 } }
}

/// Pairs sends with receipts by key and records the differences.
enum LatencyJoin {
    /// Sorts both sides and walks them together.
    /// - Returns: the histogram of matched latencies and how many sends found no frame.
    static func join(sends: [StampedKey], receipts: [StampedKey]) -> (histogram: LatencyHistogram, unmatched: Int) {
        let sends = sends.sorted { $0.key < $1.key }
        let receipts = receipts.sorted { $0.key < $1.key }
        var histogram = LatencyHistogram()
        var unmatched = 0
        var j = 0
        for send in sends {
            while j < receipts.count && receipts[j].key < send.key { j += 1 }
            if j < receipts.count && receipts[j].key == send.key {
                histogram.record(receipts[j].ns - send.ns)
            } else {
                unmatched += 1
            }
        }
        return (histogram, unmatched)
    }
}
