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
        #expect(inspected.headPosition == 2)
        let damage = try #require(inspected.recovery.damage.first)
        #expect(damage.position == 3 && damage.path == path && damage.offset == UInt64(ends[1]))
        #expect(damage.message.contains("a valid record follows at byte \(ends[2])"))
    }

    /// Ways a disk or a bad copy damages the length field of a record in the middle of the last segment.
    enum LengthDamage: String, CaseIterable, Sendable {
        /// A bit of the length's third byte: the length no longer fits in the file ("short payload").
        case flippedHighBit
        /// A bit of the length's first byte: the length still fits, so the checksum fails.
        case flippedLowBit
        /// The four bytes of the length zeroed ("zero length").
        case zeroedLength
        /// A whole 4 KiB page of the file zeroed, from byte 4096.
        case zeroedPage
    }

    /// A log of 400 records in one segment with `damage` done to record 31 (or to the record the zeroed page
    /// begins in): the damaged record's position and byte offset, and the damaged file's bytes.
    static func damageLength(_ directory: String, _ damage: LengthDamage) throws
        -> (position: UInt64, offset: Int, bytes: [UInt8])
    {
        let ends = try writeLog(directory, count: 400)
        let path = directory + "/" + firstSegment
        var bytes = Files.bytes(path)
        var position: UInt64 = 31
        switch damage {
        case .flippedHighBit: bytes[ends[29] + 2] ^= 0x01
        case .flippedLowBit: bytes[ends[29]] ^= 0x40
        case .zeroedLength: bytes.replaceSubrange(ends[29]..<ends[29] + 4, with: [0, 0, 0, 0])
        case .zeroedPage:
            bytes.replaceSubrange(4096..<8192, with: [UInt8](repeating: 0, count: 4096))
            position = UInt64(ends.firstIndex { $0 > 4096 }! + 1)
        }
        #expect(bytes.count > 8192 + 1000, "valid records must follow the damage")
        Files.write(bytes, to: path)
        return (position, ends[Int(position) - 2], bytes)
    }

    @Test(arguments: LengthDamage.allCases)
    func damagedLengthFollowedByValidRecordsIsRefused(damage: LengthDamage) throws {
        let temporary = TemporaryDirectory()
        let (position, offset, bytes) = try Self.damageLength(temporary.path, damage)
        let path = temporary.child(Self.firstSegment)
        do {
            _ = try SegmentLog(directory: temporary.path)
            Issue.record("\(damage): a log with valid records after a damaged length opened")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(
                error.message.contains(path) && error.message.contains("byte \(offset) ")
                    && error.message.contains("position \(position))"), "\(damage): \(error)")
        }
        #expect(Files.bytes(path) == bytes, "\(damage): the segment was changed")
    }

    @Test(arguments: LengthDamage.allCases)
    func damagedLengthIsCutWhenTheLossIsAcceptedAndTheBytesAreKept(damage: LengthDamage) throws {
        let temporary = TemporaryDirectory()
        let (position, offset, bytes) = try Self.damageLength(temporary.path, damage)
        let path = temporary.child(Self.firstSegment)
        let log = try SegmentLog(directory: temporary.path, acceptLoss: true)
        #expect(log.headPosition == position - 1)
        #expect(try log.read(from: 1, maxCount: 1000).map(\.payload) == (1..<position).map(payload))
        #expect(Files.bytes(path) == Array(bytes[..<offset]))
        let kept = temporary.child("damaged/\(Self.firstSegment).cut-\(offset)")
        #expect(Files.bytes(kept) == Array(bytes[offset...]), "\(damage)")
        #expect(log.recovery.truncatedAtPosition == position && log.recovery.truncatedAtOffset == UInt64(offset))
        let accepted = try #require(log.recovery.damage.first)
        #expect(log.recovery.damage.count == 1)
        #expect(accepted.position == position && accepted.keptIn == [kept])
        #expect(accepted.description.contains("kept in \(kept)"))
        // The log goes on from the cut, and opens cleanly from then on.
        #expect(try log.append([payload(position)]) == position...position)
        log.close()
        let reopened = try SegmentLog(directory: temporary.path)
        #expect(reopened.headPosition == position && reopened.recovery == .clean)
    }

    @Test func damageInACompletedSegmentIsCutWhenAcceptedAndLaterSegmentsAreMovedAside() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 30, segmentBytes: 100)
        let names = Files.list(temporary.path).filter { $0.hasSuffix(".seg") }
        #expect(names.count >= 4)
        let second = temporary.child(names[1])
        Files.flipByte(second, at: RecordFormat.headerBytes + 1)
        let damagedBytes = Files.bytes(second)
        let secondFirst = try #require(Segment.position(fromFileName: names[1]))
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            ($0 as? LogError)?.message.contains("\(second) is damaged at byte 0 (position \(secondFirst))") == true
        }

        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100, acceptLoss: true)
        #expect(log.headPosition == secondFirst - 1)
        #expect(log.segments.map(\.path) == [temporary.child(names[0]), second])
        #expect(Files.size(second) == 0)
        let damaged = temporary.child("damaged")
        #expect(Files.bytes(damaged + "/\(names[1]).cut-0") == damagedBytes)
        #expect(Files.list(damaged) == [names[1] + ".cut-0"] + names[2...].map { $0 + ".moved" })
        #expect(log.recovery.damage.first?.keptIn.count == names.count - 1)
        #expect(try log.append([payload(secondFirst)]) == secondFirst...secondFirst)
    }

    @Test func aGapIsAcceptedByMovingTheLaterSegmentsAside() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 30, segmentBytes: 100)
        let names = Files.list(temporary.path).filter { $0.hasSuffix(".seg") }
        #expect(try FileSystem.unlink(temporary.child(names[1])))
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100, acceptLoss: true)
        #expect(log.segments.map(\.path) == [temporary.child(names[0])])
        #expect(log.recovery.damage.first?.message.contains("are missing") == true)
        #expect(Files.list(temporary.child("damaged")) == names[2...].map { $0 + ".moved" })
    }

    @Test func anUnexpectedSegmentNameIsMovedAsideWhenAccepted() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 3)
        Files.write([1, 2, 3], to: temporary.child("1.seg"))
        let log = try SegmentLog(directory: temporary.path, acceptLoss: true)
        #expect(log.headPosition == 3)
        #expect(Files.list(temporary.child("damaged")) == ["1.seg.moved"])
        // Accepted damage is kept under a new name each time, never replaced.
        log.close()
        Files.write([4, 5], to: temporary.child("1.seg"))
        _ = try SegmentLog(directory: temporary.path, acceptLoss: true)
        #expect(Files.list(temporary.child("damaged")) == ["1.seg.moved", "1.seg.moved.2"])
        #expect(Files.bytes(temporary.child("damaged/1.seg.moved")) == [1, 2, 3])
    }

    /// A log of 30 records in segments of 100 bytes, and the names of its segment files, oldest first.
    static func writeSegments(_ directory: String) throws -> [String] {
        _ = try writeLog(directory, count: 30, segmentBytes: 100)
        let names = Files.list(directory).filter { $0.hasSuffix(".seg") }
        #expect(names.count >= 4)
        return names
    }

    static func manifest(_ directory: String) throws -> LogManifest? {
        guard case .valid(let manifest) = try LogManifest.read(in: directory) else { return nil }
        return manifest
    }

    @Test func deletedFirstSegmentIsRefusedUnlessTheLossIsAccepted() throws {
        let temporary = TemporaryDirectory()
        let segments = try Self.writeSegments(temporary.path)
        #expect(try FileSystem.unlink(temporary.child(segments[0])))
        let second = try #require(Segment.position(fromFileName: segments[1]))
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            guard let error = $0 as? LogError else { return false }
            return error.kind == .corrupt && error.message.contains("positions 1...\(second - 1) ")
                && error.message.contains(temporary.child(segments[1]))
        }
        // Read-only, the damage is described and the rest of the log read.
        let inspected = try SegmentLog(readingDirectory: temporary.path)
        #expect(inspected.recovery.damage.map(\.position) == [1])
        #expect(inspected.firstPosition == second && inspected.headPosition == 30)
        inspected.close()

        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100, acceptLoss: true)
        #expect(log.firstPosition == second && log.headPosition == 30)
        #expect(log.recovery.damage.count == 1 && log.recovery.damage[0].keptIn.isEmpty)
        #expect(
            try Self.manifest(temporary.path)
                == LogManifest(
                    oldestPosition: second, newestSegment: log.segments.last!.firstPosition))
        log.close()
        #expect(try SegmentLog(directory: temporary.path, segmentBytes: 100).recovery == .clean)
    }

    @Test func deletedLastSegmentIsRefusedUnlessTheLossIsAccepted() throws {
        let temporary = TemporaryDirectory()
        let segments = try Self.writeSegments(temporary.path)
        #expect(try FileSystem.unlink(temporary.child(segments.last!)))
        let last = try #require(Segment.position(fromFileName: segments.last!))
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            guard let error = $0 as? LogError else { return false }
            return error.kind == .corrupt && error.message.contains(segments.last!)
                && error.message.contains("from position \(last) on")
        }
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100, acceptLoss: true)
        #expect(log.headPosition == last - 1)
        #expect(log.recovery.damage.map(\.position) == [last])
        #expect(try log.append([payload(last)]) == last...last)
        log.close()
        #expect(try SegmentLog(directory: temporary.path, segmentBytes: 100).recovery == .clean)
    }

    @Test func aTornTailOfASegmentThatIsNoLongerTheNewestIsDamage() throws {
        let temporary = TemporaryDirectory()
        let segments = try Self.writeSegments(temporary.path)
        #expect(try FileSystem.unlink(temporary.child(segments.last!)))
        let previous = temporary.child(segments[segments.count - 2])
        Files.truncate(previous, to: Files.size(previous) - 2)
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            ($0 as? LogError)?.message.contains("damage to a completed segment") == true
        }
    }

    @Test func everySegmentMissingIsRefused() throws {
        let temporary = TemporaryDirectory()
        for name in try Self.writeSegments(temporary.path) { #expect(try FileSystem.unlink(temporary.child(name))) }
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            ($0 as? LogError)?.message.contains("every segment is missing") == true
        }
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100, acceptLoss: true)
        #expect(log.headPosition == 0 && log.segments.count == 1)
    }

    @Test func aCrashBetweenTheManifestAndTheSegmentsIsNotDamage() throws {
        let temporary = TemporaryDirectory()
        let segments = try Self.writeSegments(temporary.path)
        let positions = segments.map { Segment.position(fromFileName: $0)! }
        // A roll created the newest segment, and the crash came before the manifest named it.
        try LogManifest(oldestPosition: 1, newestSegment: positions[positions.count - 2]).write(in: temporary.path)
        do {
            let log = try SegmentLog(directory: temporary.path, segmentBytes: 100)
            #expect(log.recovery == .clean && log.headPosition == 30)
        }
        #expect(try Self.manifest(temporary.path)?.newestSegment == positions.last!)
        // Retention recorded the oldest segment it keeps, and the crash came after it deleted only the first one.
        try LogManifest(oldestPosition: positions[2], newestSegment: positions.last!).write(in: temporary.path)
        #expect(try FileSystem.unlink(temporary.child(segments[0])))
        do {
            let log = try SegmentLog(directory: temporary.path, segmentBytes: 100)
            #expect(log.recovery == .clean && log.firstPosition == positions[1])
        }
        #expect(try Self.manifest(temporary.path)?.oldestPosition == positions[1])
        // A manifest write cut short leaves its temporary file, which is removed.
        Files.write([1, 2, 3], to: temporary.child(LogManifest.temporaryName))
        _ = try SegmentLog(directory: temporary.path, segmentBytes: 100)
        #expect(!Files.list(temporary.path).contains(LogManifest.temporaryName))
    }

    @Test func rollsAndRetentionKeepTheManifestCurrent() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100)
        #expect(try Self.manifest(temporary.path) == LogManifest(oldestPosition: 1, newestSegment: 1))
        for position in UInt64(1)...30 { try log.append([payload(position)]) }
        #expect(try Self.manifest(temporary.path)?.newestSegment == log.segments.last!.firstPosition)
        try log.deleteSegments(before: 15)
        #expect(
            try Self.manifest(temporary.path)
                == LogManifest(
                    oldestPosition: log.firstPosition, newestSegment: log.segments.last!.firstPosition))
        // Text for people, with a checksum of the lines before it.
        let lines = String(decoding: Files.bytes(temporary.child("MANIFEST")), as: UTF8.self).split(separator: "\n")
        #expect(
            lines.prefix(3) == [
                "segue-log-manifest 1", "oldest \(log.firstPosition)",
                "newest \(log.segments.last!.firstPosition)",
            ])
        #expect(lines.count == 4 && lines[3].hasPrefix("crc32c "))
        #expect(
            UInt32(lines[3].dropFirst(7), radix: 16)
                == CRC32C.checksum(Array((lines[0...2].joined(separator: "\n") + "\n").utf8)))
    }

    @Test func aLogWithoutAManifestGetsOne() throws {
        let temporary = TemporaryDirectory()
        let segments = try Self.writeSegments(temporary.path)
        _ = try FileSystem.unlink(temporary.child("MANIFEST"))
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100)
        #expect(log.headPosition == 30)
        #expect(log.recovery.manifestCreated && log.recovery.damage.isEmpty)
        #expect(
            try Self.manifest(temporary.path)
                == LogManifest(
                    oldestPosition: 1, newestSegment: Segment.position(fromFileName: segments.last!)!))
        // A fresh log gets one too, without a report.
        let fresh = try SegmentLog(directory: temporary.child("fresh"))
        #expect(!fresh.recovery.manifestCreated)
        #expect(try Self.manifest(temporary.child("fresh")) == LogManifest(oldestPosition: 1, newestSegment: 1))
    }

    @Test func aDamagedManifestIsRefusedUnlessTheLossIsAccepted() throws {
        let temporary = TemporaryDirectory()
        _ = try Self.writeSegments(temporary.path)
        let path = temporary.child("MANIFEST")
        Files.flipByte(path, at: 22)
        #expect { try SegmentLog(directory: temporary.path, segmentBytes: 100) } throws: {
            ($0 as? LogError)?.message.contains("\(path) is damaged: its checksum does not match") == true
        }
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 100, acceptLoss: true)
        #expect(log.recovery.damage.first?.keptIn == [temporary.child("damaged/MANIFEST.moved")])
        #expect(try Self.manifest(temporary.path) != nil)
    }

    @Test func aRecordInsideATornRecordIsNotTakenForDamage() throws {
        // A torn last record whose payload holds the bytes of a whole record (clients choose an event's strings):
        // the forged record is followed by the rest of that payload, not by a record or the end of the file.
        let temporary = TemporaryDirectory()
        let ends = try Self.writeLog(temporary.path, count: 3)
        let forged = RecordFormat.encode(Array("looks like a record".utf8))
        let torn = RecordFormat.encode(
            [UInt8](repeating: 0x20, count: 40) + forged + [UInt8](repeating: 0x21, count: 40))
        let path = temporary.child(Self.firstSegment)
        Files.append(Array(torn.dropLast(3)), to: path)
        let log = try SegmentLog(directory: temporary.path)
        try Self.expectIntact(log, count: 3, path: path, size: ends[2])
        #expect(log.recovery.reason == .shortPayload && log.recovery.damage.isEmpty)
    }

    @Test func aTailTooLikeRecordsToTellIsRefused() throws {
        // 3 MiB whose every header says 1 MiB: structurally, candidates chain for a megabyte; checking them all would
        // checksum terabytes, so the scan stops at its budget and refuses rather than cut what it could not judge.
        let temporary = TemporaryDirectory()
        _ = try Self.writeLog(temporary.path, count: 3)
        let path = temporary.child(Self.firstSegment)
        let before = Files.bytes(path)
        Files.append(Array(repeating: [UInt8]([0x00, 0x00, 0x10, 0x00]), count: 3 << 18).flatMap { $0 }, to: path)
        do {
            _ = try SegmentLog(directory: temporary.path)
            Issue.record("a tail that could not be judged was cut")
        } catch {
            #expect(
                error.kind == .corrupt && error.message.contains("cannot tell a torn write from damage"), "\(error)")
        }
        #expect(Array(Files.bytes(path).prefix(before.count)) == before)
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
