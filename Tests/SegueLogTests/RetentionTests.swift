import Testing

@testable import SegueLog

struct RetentionTests {
    @Test func deletesWholeOldSegmentsAndRefusesReadsBelowTheFirstKept() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100)
        for position in UInt64(1)...100 { try log.append([payload(position)]) }
        let before = log.segments
        let deleted = try log.deleteSegments(before: 50)
        let kept = log.segments
        #expect(deleted == before.count - kept.count && deleted > 0)
        // Every deleted segment ended before 50; the first kept one holds 50 or starts after it.
        #expect(before.prefix(deleted).allSatisfy { $0.lastPosition! < 50 })
        #expect(kept[0].lastPosition! >= 50)
        #expect(log.firstPosition == kept[0].firstPosition)
        #expect(log.firstPosition <= 50)
        #expect(Files.list(temporary.path).filter { $0.hasSuffix(".seg") }.count == kept.count)
        #expect(try log.read(from: log.firstPosition, maxCount: 1).first?.payload == payload(log.firstPosition))
        #expect { try log.read(from: log.firstPosition - 1, maxCount: 1) } throws: {
            ($0 as? LogError)?.kind == .positionRemoved
        }
        #expect { try log.read(from: 0, maxCount: 1) } throws: { ($0 as? LogError)?.kind == .positionRemoved }
        #expect { try log.forEach(from: 1) { _, _ in } } throws: { ($0 as? LogError)?.kind == .positionRemoved }

        // A reopened log starts where retention left it.
        let first = log.firstPosition
        log.close()
        let reopened = try SegmentLog(directory: temporary.path, segmentBytes: 100)
        #expect(reopened.firstPosition == first)
        #expect(reopened.headPosition == 100)
        #expect(try reopened.read(from: first, maxCount: 200).map(\.position) == Array(first...100))
    }

    @Test func neverDeletesTheLastSegment() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100)
        for position in UInt64(1)...30 { try log.append([payload(position)]) }
        try log.deleteSegments(before: .max)
        #expect(log.segments.count == 1)
        #expect(log.headPosition == 30)
        #expect(log.firstPosition == log.segments[0].firstPosition)
        #expect(try log.deleteSegments(before: .max) == 0)
        // Deleting nothing leaves everything.
        let fresh = try SegmentLog(directory: temporary.child("other"))
        try fresh.append([[1]])
        #expect(try fresh.deleteSegments(before: 2) == 0)
        #expect(fresh.firstPosition == 1)
    }
}
