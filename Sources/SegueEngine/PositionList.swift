/// One stack's log positions, ascending, in about two bytes each: every 64th position whole (a checkpoint), the
/// others as their distance from the one before, in LEB128 varints (one byte below 128, two below 16,384). A
/// look-up finds its checkpoint by binary search and decodes at most 63 distances from there.
struct PositionList {
    private static let stride = 64

    /// The distances, checkpoint entries excepted.
    private var bytes: [UInt8] = []
    /// Entry `k * stride`: its position, and where the distances after it start in `bytes`.
    private var checkpoints: [(position: UInt64, offset: Int)] = []
    private(set) var count = 0
    private var last: UInt64 = 0

    /// Adds `position`, which must be above every position already in the list.
    mutating func append(_ position: UInt64) {
        if count % Self.stride == 0 {
            checkpoints.append((position, bytes.count))
        } else {
            var delta = position - last
            while delta >= 0x80 {
                bytes.append(UInt8(delta & 0x7F) | 0x80)
                delta >>= 7
            }
            bytes.append(UInt8(delta))
        }
        last = position
        count += 1
    }

    /// Up to `maxCount` positions from `from` on, ascending.
    func positions(from: UInt64, maxCount: Int) -> [UInt64] {
        guard maxCount > 0, !checkpoints.isEmpty, last >= from else { return [] }
        // The last checkpoint at or before `from` (or the first one).
        var low = 0
        var high = checkpoints.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if checkpoints[middle].position <= from { low = middle } else { high = middle - 1 }
        }
        var found: [UInt64] = []
        var entry = low * Self.stride
        var position = checkpoints[low].position
        var offset = checkpoints[low].offset
        while true {
            if position >= from {
                found.append(position)
                if found.count == maxCount { return found }
            }
            entry += 1
            guard entry < count else { return found }
            if entry % Self.stride == 0 {
                (position, offset) = checkpoints[entry / Self.stride]
            } else {
                var delta: UInt64 = 0
                var shift: UInt64 = 0
                while true {
                    let byte = bytes[offset]
                    offset += 1
                    delta |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { break }
                    shift += 7
                }
                position += delta
            }
        }
    }

    /// The list without its positions below `first`.
    func dropping(below first: UInt64) -> PositionList {
        var kept = PositionList()
        for position in positions(from: first, maxCount: count) { kept.append(position) }
        return kept
    }

    /// Bytes it takes, not counting the arrays' spare capacity.
    var byteCount: Int { bytes.count + checkpoints.count * 16 }
}
