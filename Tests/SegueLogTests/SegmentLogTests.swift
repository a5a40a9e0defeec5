import Glibc
import Testing

@testable import SegueLog

struct SegmentLogTests {
    /// Appends positions `head + 1 ... through` in batches of 1 to 5 records, checking the positions returned.
    static func fill(_ log: SegmentLog, through last: UInt64) throws {
        var next = log.headPosition + 1
        while next <= last {
            let end = min(last, next + next % 5)
            let range = try log.append((next...end).map(payload))
            #expect(range == next...end)
            next = end + 1
        }
    }

    /// Checks that reading from every position with several batch sizes returns exactly the expected records.
    static func expectEveryRead(_ log: SegmentLog, through last: UInt64) throws {
        for position in log.firstPosition...last {
            for maxCount in [1, 2, 3, 70] {
                let records = try log.read(from: position, maxCount: maxCount)
                let end = min(last, position + UInt64(maxCount) - 1)
                #expect(records.map(\.position) == Array(position...end), "from \(position) max \(maxCount)")
                #expect(records.map(\.payload) == (position...end).map(payload), "from \(position) max \(maxCount)")
            }
        }
    }

    @Test func freshLogIsEmpty() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.child("log"))
        #expect(log.headPosition == 0)
        #expect(log.firstPosition == 1)
        #expect(log.byteSize == 0)
        #expect(!log.recovery.didTruncate)
        #expect(try log.read(from: 1, maxCount: 10).isEmpty)
        #expect(Files.list(temporary.child("log")) == ["00000000000000000001.seg", "MANIFEST"])
    }

    @Test func roundTripAndReopen() throws {
        let temporary = TemporaryDirectory()
        do {
            let log = try SegmentLog(directory: temporary.path)
            #expect(try log.append([[1], [2, 2], [3, 3, 3]]) == 1...3)
            // Reads see records before they are synced.
            #expect(try log.read(from: 1, maxCount: 10).map(\.payload) == [[1], [2, 2], [3, 3, 3]])
            #expect(try log.append([[4]]) == 4...4)
            try log.sync()
            #expect(log.headPosition == 4)
            #expect(log.byteSize == UInt64(4 * 8 + 7))
            log.close()
        }
        let reopened = try SegmentLog(directory: temporary.path)
        #expect(reopened.headPosition == 4)
        #expect(reopened.recovery == .clean)
        #expect(
            try reopened.read(from: 0, maxCount: 10) == [
                LogRecord(position: 1, payload: [1]), LogRecord(position: 2, payload: [2, 2]),
                LogRecord(position: 3, payload: [3, 3, 3]), LogRecord(position: 4, payload: [4]),
            ])
        #expect(try reopened.read(from: 5, maxCount: 10).isEmpty)
        #expect(try reopened.append([[5]]) == 5...5)
    }

    @Test func readsFromEveryPositionWithinOneSegment() throws {
        // 300 records in one segment cross several sparse-index entries (one per 64 records).
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try Self.fill(log, through: 300)
        #expect(log.segments.count == 1)
        try Self.expectEveryRead(log, through: 300)
        log.close()
        let reopened = try SegmentLog(directory: temporary.path)
        try Self.expectEveryRead(reopened, through: 300)
    }

    @Test func readsAcrossSegmentBoundaries() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 150)
        try Self.fill(log, through: 400)
        #expect(log.segments.count > 20)
        try Self.expectEveryRead(log, through: 400)
        log.close()
        let reopened = try SegmentLog(directory: temporary.path, segmentBytes: 150)
        #expect(reopened.headPosition == 400)
        try Self.expectEveryRead(reopened, through: 400)
        try Self.fill(reopened, through: 450)
        try Self.expectEveryRead(reopened, through: 450)
    }

    @Test func segmentFilesAreNamedByTheirFirstPosition() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100)
        try Self.fill(log, through: 60)
        let segments = log.segments
        let names = segments.map { String($0.path.split(separator: "/").last!) }
        #expect(Files.list(temporary.path) == names + ["MANIFEST"])
        var expectedFirst: UInt64 = 1
        for segment in segments {
            let digits = String(segment.firstPosition)
            let name = String(repeating: "0", count: 20 - digits.count) + digits + ".seg"
            #expect(segment.path == temporary.path + "/" + name)
            #expect(segment.firstPosition == expectedFirst)
            // The first record in the file is the one at the file's name.
            let bytes = Files.bytes(segment.path)
            let length = Int(bytes[0]) | Int(bytes[1]) << 8
            #expect(Array(bytes[8..<(8 + length)]) == payload(segment.firstPosition))
            #expect(UInt64(bytes.count) == segment.byteSize)
            expectedFirst += segment.recordCount
        }
        #expect(expectedFirst == 61)
    }

    @Test func batchesRollBeforeWritingAndNeverSpanSegments() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 40)
        try log.append([[UInt8](repeating: 1, count: 10)])  // 18 bytes
        try log.append([[UInt8](repeating: 2, count: 10)])  // 36: still fits
        try log.append([[UInt8](repeating: 3, count: 2), [4]])  // would pass 40: rolls first
        try log.append([[UInt8](repeating: 5, count: 100)])  // larger than a segment: its own segment
        try log.append([[6]])
        #expect(log.segments.map(\.firstPosition) == [1, 3, 5, 6])
        #expect(log.segments.map(\.recordCount) == [2, 2, 1, 1])
        #expect(try log.read(from: 1, maxCount: 10).map(\.position) == [1, 2, 3, 4, 5, 6])
    }

    @Test func aSegmentThatCannotBeCreatedLeavesAppendsInTheCurrentOne() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 40)
        try log.append([[UInt8](repeating: 1, count: 10)])
        try log.append([[UInt8](repeating: 2, count: 10)])
        // Something is already where the next segment's file would go, as if no descriptor or no room were left.
        let blocker = temporary.child("00000000000000000003.seg")
        #expect(mkdir(blocker, 0o700) == 0)
        #expect(try log.append([[UInt8](repeating: 3, count: 10)]) == 3...3)
        #expect(log.rollFailure?.description.contains("00000000000000000003.seg") == true)
        #expect(log.segments.map(\.firstPosition) == [1])
        #expect(try log.read(from: 1, maxCount: 10).map(\.position) == [1, 2, 3])
        // It is not tried again at every append (a roll syncs first): only once the segment grew by 64 KiB more.
        #expect(rmdir(blocker) == 0)
        #expect(try log.append([[4]]) == 4...4)
        #expect(try log.append([[UInt8](repeating: 5, count: 70_000)]) == 5...5)
        #expect(log.rollFailure != nil && log.segments.map(\.firstPosition) == [1])
        #expect(try log.append([[6]]) == 6...6)
        #expect(log.rollFailure == nil)
        #expect(log.segments.map(\.firstPosition) == [1, 6])
        try log.sync()
        log.close()
        #expect(try SegmentLog(directory: temporary.path, segmentBytes: 40).headPosition == 6)
    }

    @Test func maxBytesStopsABatchButAlwaysReturnsOneRecord() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([[UInt8](repeating: 1, count: 100), [UInt8](repeating: 2, count: 100), [3]])
        #expect(try log.read(from: 1, maxCount: 10, maxBytes: 50).map(\.position) == [1])
        #expect(try log.read(from: 1, maxCount: 10, maxBytes: 200).map(\.position) == [1, 2])
        #expect(try log.read(from: 2, maxCount: 10, maxBytes: 101).map(\.position) == [2, 3])
        #expect(try log.read(from: 1, maxCount: 0).isEmpty)
    }

    @Test func forEachVisitsInOrderAndPassesErrorsThrough() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 200)
        try Self.fill(log, through: 200)
        var seen: [UInt64] = []
        try log.forEach(from: 37) { position, bytes in
            #expect(Array(bytes) == payload(position))
            seen.append(position)
        }
        #expect(seen == Array(37...200))
        struct Stop: Error {}
        var count = 0
        #expect(throws: Stop.self) {
            try log.forEach(from: 1) { _, _ in
                count += 1
                if count == 5 { throw Stop() }
            }
        }
        #expect(count == 5)
        // The body may read and append; the scan stops at the head it started with.
        var visited = 0
        try log.forEach(from: 199) { position, _ in
            visited += 1
            #expect(try log.read(from: 1, maxCount: 1).first?.position == 1)
            try log.append([payload(log.headPosition + 1)])
        }
        #expect(visited == 2)
        #expect(log.headPosition == 202)
    }

    @Test func rejectsBadAppendsWithoutChangingTheLog() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, maxRecordBytes: 16)
        try log.append([[1]])
        #expect { try log.append([]) } throws: { ($0 as? LogError)?.kind == .invalidArgument }
        #expect { try log.append([[2], []]) } throws: { ($0 as? LogError)?.kind == .invalidArgument }
        #expect { try log.append([[2], [UInt8](repeating: 0, count: 17)]) } throws: {
            ($0 as? LogError)?.kind == .recordTooLarge
        }
        #expect(log.headPosition == 1)
        #expect(log.byteSize == 9)
        #expect(try log.append([[UInt8](repeating: 0, count: 16)]) == 2...2)
    }

    @Test func closedLogRefusesUse() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        log.close()
        log.close()
        #expect { try log.append([[1]]) } throws: { ($0 as? LogError)?.kind == .closed }
        #expect { try log.read(from: 1, maxCount: 1) } throws: { ($0 as? LogError)?.kind == .closed }
    }

    @Test func failedWriteThatCannotBeUndoneMakesTheLogUnusable() throws {
        // /dev/full refuses every write with ENOSPC and, being a device, cannot be truncated back.
        let temporary = TemporaryDirectory()
        #expect(symlink("/dev/full", temporary.child("00000000000000000001.seg")) == 0)
        let log = try SegmentLog(directory: temporary.path)
        #expect { try log.append([[1]]) } throws: {
            let error = $0 as? LogError
            return error?.kind == .unusable && error?.description.contains("No space left on device") == true
        }
        #expect { try log.append([[1]]) } throws: { ($0 as? LogError)?.kind == .unusable }
        #expect { try log.sync() } throws: { ($0 as? LogError)?.kind == .unusable }
        #expect(log.headPosition == 0)
    }
}
