import Testing
@testable import SegueLog

struct RecoveryTests {
    static let firstSegment = "00000000000000000001.seg"

    /// Writes records 1...count into a fresh log in `directory` and returns the byte offset where each one ends.
    static func writeLog(_ directory: String, count: UInt64, segmentBytes: Int = 64 << 20) throws -> [Int] {
        let log = try SegmentLog(directory: directory, segmentBytes: segmentBytes)
        var ends: [Int] = []
        for position in 1...count {
            try log.append([payload(position)])
            ends.append(Int(log.segments.last!.byteSize))
        }
        try log.sync()
        return ends
    }

    /// Opens the log and checks it holds exactly records 1...count, in a file of `size` bytes.
    static func expectIntact(_ log: SegmentLog, count: UInt64, path: String, size: Int) throws {
        #expect(log.headPosition == count)
        #expect(Files.size(path) == size)
        let records = try log.read(from: 1, maxCount: 1000)
        #expect(records.map(\.payload) == (1...count).map(payload))
    }

    @Test func tornLastRecordAtEveryByteIsCut() throws {
        let temporary = TemporaryDirectory()
        let count: UInt64 = 5
        for cut in 0... {
            let directory = temporary.child("cut\(cut)")
            let ends = try Self.writeLog(directory, count: count)
            let lastStart = ends[ends.count - 2]
            guard lastStart + cut < ends[ends.count - 1] else { break }
            let path = directory + "/" + Self.firstSegment
            Files.truncate(path, to: lastStart + cut)
            let log = try SegmentLog(directory: directory)
            try Self.expectIntact(log, count: count - 1, path: path, size: lastStart)
            let report = log.recovery
            if cut == 0 {
                // Cut exactly between records: nothing is torn.
                #expect(report == .clean)
            } else {
                #expect(report.truncatedBytes == UInt64(cut))
                #expect(report.truncatedAtPosition == count)
                #expect(report.truncatedAtOffset == UInt64(lastStart))
                #expect(report.segmentPath == path)
                #expect(report.reason == (cut < RecordFormat.headerBytes ? .shortHeader : .shortPayload))
                #expect(report.description.contains("cut \(cut) bytes"))
            }
            // The log goes on from the cut as if the torn record had never been written.
            #expect(try log.append([payload(count)]) == count...count)
            #expect(Files.size(path) == ends[ends.count - 1])
        }
    }

    @Test func flippedPayloadByteIsCutAsChecksumMismatch() throws {
        let temporary = TemporaryDirectory()
        let ends = try Self.writeLog(temporary.path, count: 5)
        let path = temporary.child(Self.firstSegment)
        Files.flipByte(path, at: ends[3] + RecordFormat.headerBytes + 2)
        let log = try SegmentLog(directory: temporary.path)
        try Self.expectIntact(log, count: 4, path: path, size: ends[3])
        #expect(log.recovery.reason == .checksumMismatch)
        #expect(log.recovery.truncatedBytes == UInt64(ends[4] - ends[3]))
        #expect(log.recovery.description.contains("crc mismatch"))
    }

    @Test func damageFollowedByValidRecordsRefusesToStartAndCutsNothing() throws {
        let temporary = TemporaryDirectory()
        let ends = try Self.writeLog(temporary.path, count: 5)
        let path = temporary.child(Self.firstSegment)
        Files.flipByte(path, at: ends[1] + RecordFormat.headerBytes)
        // Records 4 and 5 are still good: cutting at 3 would lose them, so recovery refuses instead.
        do {
            _ = try SegmentLog(directory: temporary.path)
            Issue.record("a log with good records after a damaged one opened")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("position 3") && error.message.contains("refusing to start"))
        }
        #expect(Files.size(path) == ends[4])
        // Read-only inspection still opens it, and says where the damage is.
        let inspected = try SegmentLog(readingDirectory: temporary.path)
        #expect(inspected.recovery.truncatedAtPosition == 3)
        #expect(try inspected.validRecordAfterDamagedTail() == UInt64(ends[2]))
    }

    @Test func garbageAfterValidRecordsIsCut() throws {
        let cases: [(garbage: [UInt8], reason: RecoveryReport.Reason)] = [
            ([UInt8](repeating: 0xFF, count: 13), .absurdLength),
            ([UInt8](repeating: 0, count: 4096), .zeroLength),
            ([0x03, 0, 0, 0, 0x11, 0x22, 0x33, 0x44, 1, 2, 3, 9, 9], .checksumMismatch),
            ([0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2], .shortPayload),
            ([0x07, 0x00], .shortHeader),
        ]
        let temporary = TemporaryDirectory()
        for (i, entry) in cases.enumerated() {
            let directory = temporary.child("case\(i)")
            let ends = try Self.writeLog(directory, count: 3)
            let path = directory + "/" + Self.firstSegment
            Files.append(entry.garbage, to: path)
            let log = try SegmentLog(directory: directory)
            try Self.expectIntact(log, count: 3, path: path, size: ends[2])
            #expect(log.recovery.reason == entry.reason, "case \(i)")
            #expect(log.recovery.truncatedBytes == UInt64(entry.garbage.count), "case \(i)")
        }
    }

    @Test func recordsAboveALoweredLimitAreStillKept() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([[UInt8](repeating: 7, count: 100)])
        log.close()
        let reopened = try SegmentLog(directory: temporary.path, maxRecordBytes: 10)
        #expect(reopened.headPosition == 1)
        #expect(reopened.recovery == .clean)
    }

    @Test func corruptSealedSegmentRefusesToOpen() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 30, segmentBytes: 100)
        let path = temporary.child(Self.firstSegment)
        Files.flipByte(path, at: RecordFormat.headerBytes)
        #expect {
            try SegmentLog(directory: temporary.path, segmentBytes: 100)
        } throws: {
            guard let error = $0 as? LogError else { return false }
            return error.kind == .corrupt && error.path == path && error.description.contains(path)
                && error.description.contains("crc mismatch") && error.description.contains("refusing to start")
        }
        // Nothing was cut anywhere.
        #expect(Files.list(temporary.path).count > 2)
    }

    @Test func tornSealedSegmentRefusesToOpen() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 30, segmentBytes: 100)
        let path = temporary.child(Self.firstSegment)
        let size = Files.size(path)
        Files.truncate(path, to: size - 1)
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            ($0 as? LogError)?.kind == .corrupt
        }
        #expect(Files.size(path) == size - 1)
    }

    @Test func missingSegmentIsAGap() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 30, segmentBytes: 100)
        let names = Files.list(temporary.path)
        #expect(names.count >= 3)
        #expect(try FileSystem.unlink(temporary.child(names[1])))
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            guard let error = $0 as? LogError else { return false }
            return error.kind == .corrupt && error.description.contains("are missing")
        }
    }

    @Test func emptyTrailingSegmentIsFineButAMisnamedOneIsAGap() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 4)
        // As if a crash came right after a new segment was created.
        Files.write([], to: temporary.child("00000000000000000005.seg"))
        do {
            let log = try SegmentLog(directory: temporary.path)
            #expect(log.headPosition == 4)
            #expect(log.recovery == .clean)
            #expect(try log.append([payload(5)]) == 5...5)
            #expect(log.segments.map(\.firstPosition) == [1, 5])
            #expect(try log.read(from: 3, maxCount: 5).map(\.position) == [3, 4, 5])
        }
        Files.write([], to: temporary.child("00000000000000000009.seg"))
        #expect { try SegmentLog(directory: temporary.path) } throws: { ($0 as? LogError)?.kind == .corrupt }
    }

    @Test func strangeSegmentNameRefusesToOpen() throws {
        let temporary = TemporaryDirectory()
        Files.write([], to: temporary.child("1.seg"))
        #expect { try SegmentLog(directory: temporary.path) } throws: {
            ($0 as? LogError)?.description.contains("1.seg") == true
        }
    }
}
