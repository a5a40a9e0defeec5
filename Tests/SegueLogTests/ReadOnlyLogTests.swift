import Testing

@testable import SegueLog

/// `SegmentLog(readingDirectory:)`: validates like a writer but changes nothing, and works beside a writer.
struct ReadOnlyLogTests {
    static let firstSegment = RecoveryTests.firstSegment

    @Test func tornTailIsReportedButLeftInPlace() throws {
        let temporary = TemporaryDirectory()
        let ends = try RecoveryTests.writeLog(temporary.path, count: 5)
        let path = temporary.child(Self.firstSegment)
        let lastStart = ends[3]
        Files.truncate(path, to: lastStart + 5)
        let log = try SegmentLog(readingDirectory: temporary.path)
        #expect(log.isReadOnly)
        #expect(log.headPosition == 4)
        #expect(try log.read(from: 1, maxCount: 100).map(\.payload) == (1...4).map(payload))
        #expect(log.recovery.truncatedBytes == 5)
        #expect(log.recovery.truncatedAtPosition == 5)
        #expect(log.recovery.truncatedAtOffset == UInt64(lastStart))
        #expect(log.recovery.reason == .shortHeader)
        // Nothing was cut: a writer opening the log later still finds (and cuts) the torn bytes itself.
        #expect(Files.size(path) == lastStart + 5)
        log.close()
        let writer = try SegmentLog(directory: temporary.path)
        #expect(writer.recovery.truncatedBytes == 5)
    }

    @Test func writesAreRefused() throws {
        let temporary = TemporaryDirectory()
        _ = try RecoveryTests.writeLog(temporary.path, count: 3)
        let log = try SegmentLog(readingDirectory: temporary.path)
        for attempt in [
            { try log.append([payload(4)]) }, { try log.sync() },
            { try log.deleteSegments(before: 3) },
        ] as [() throws -> Void] {
            #expect { try attempt() } throws: { error in
                (error as? LogError)?.message.contains("opened for reading only") == true
            }
        }
        #expect(log.headPosition == 3)
    }

    @Test func createsNothing() throws {
        let temporary = TemporaryDirectory()
        #expect(throws: LogError.self) { try SegmentLog(readingDirectory: temporary.child("missing")) }
        #expect(Files.list(temporary.path).isEmpty)
        // An existing directory without segments is an empty log, and stays without segments.
        let log = try SegmentLog(readingDirectory: temporary.path)
        #expect(log.headPosition == 0 && log.firstPosition == 1)
        #expect(try log.read(from: 1, maxCount: 10).isEmpty)
        log.close()
        #expect(Files.list(temporary.path).isEmpty)
    }

    @Test func readsBesideAWriterAndSeesWhatWasWrittenBeforeItOpened() throws {
        let temporary = TemporaryDirectory()
        let writer = try SegmentLog(directory: temporary.path, segmentBytes: 200)
        for position in UInt64(1)...40 { try writer.append([payload(position)]) }
        let reader = try SegmentLog(readingDirectory: temporary.path)
        for position in UInt64(41)...50 { try writer.append([payload(position)]) }
        #expect(writer.segments.count > 3)
        #expect(reader.headPosition == 40)
        #expect(reader.recovery == .clean)
        var seen: [UInt64] = []
        try reader.forEach(from: 1) { position, bytes in
            #expect(Array(bytes) == payload(position))
            seen.append(position)
        }
        #expect(seen == Array(1...40))
    }

    @Test func damageToAnOlderSegmentIsStillAnError() throws {
        let temporary = TemporaryDirectory()
        _ = try RecoveryTests.writeLog(temporary.path, count: 30, segmentBytes: 100)
        let first = temporary.child(Self.firstSegment)
        Files.flipByte(first, at: 12)
        #expect { try SegmentLog(readingDirectory: temporary.path) } throws: { error in
            (error as? LogError)?.kind == .corrupt
        }
    }
}
