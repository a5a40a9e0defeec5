/// Visits a log's records in position order across its segments, verifying each checksum: the one walk behind the
/// log's own reads and those of a `LogViewReader` on another thread, which differ only in their descriptors.
struct SegmentWalk: Sendable {
    /// The segments as they were when the walk was made; they hold whole records up to each one's `size`.
    let table: [Segment]
    let maxRecordBytes: Int

    /// Visits records from `start` through `end` (both within the table) until `visit` returns false.
    /// - Parameter descriptor: a descriptor to read the segment at a table index with.
    func visit(
        from start: UInt64, through end: UInt64, reader: SegmentReader,
        descriptor: (Int) throws(LogError) -> Int32,
        _ visit: (UInt64, UnsafeRawBufferPointer) -> Bool
    ) throws(LogError) {
        var position = start
        var index = segmentIndex(containing: start)
        while position <= end {
            let segment = table[index]
            reader.target(fd: try descriptor(index), path: segment.path, limit: segment.size)
            var (offset, at, skip) = segment.seek(to: position)
            let last = min(segment.endPosition - 1, end)
            while at <= last {
                let step = try reader.next(at: offset, maxRecordBytes: maxRecordBytes, verify: skip == 0)
                guard case .record(let length, let payload) = step else {
                    let reason: String
                    if case .problem(let problem) = step { reason = problem.rawValue } else { reason = "ends early" }
                    throw LogError(
                        .corrupt,
                        "segment \(segment.path) is corrupt at byte \(offset) (position \(at)): "
                            + "\(reason); it was valid when the log was opened, so the file was changed by something "
                            + "else or the disk is failing", path: segment.path)
                }
                if skip > 0 {
                    skip -= 1
                } else if !visit(at, payload) {
                    return
                }
                offset += RecordFormat.headerBytes + length
                at += 1
            }
            position = at
            index += 1
        }
    }

    /// The index in `table` of the segment holding `position` (the last one starting at or before it).
    func segmentIndex(containing position: UInt64) -> Int {
        var low = 0
        var high = table.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if table[middle].firstPosition <= position { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
