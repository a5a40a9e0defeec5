import Testing

@testable import SegueLog

struct RecordFormatTests {
    /// "abc" framed by hand: length 3 little-endian, then CRC-32C("abc") = 0x364B3FB7 little-endian, then the bytes.
    static let abcFramed: [UInt8] = [0x03, 0x00, 0x00, 0x00, 0xB7, 0x3F, 0x4B, 0x36, 0x61, 0x62, 0x63]

    @Test func encodesLengthChecksumAndPayloadLittleEndian() {
        #expect(RecordFormat.encode(Array("abc".utf8)) == Self.abcFramed)
        // A length above 255 shows the byte order of the length field.
        let long = [UInt8](repeating: 0, count: 0x0102)
        #expect(Array(RecordFormat.encode(long).prefix(4)) == [0x02, 0x01, 0x00, 0x00])
    }

    @Test func appendWritesExactlyTheFramedBytes() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([Array("abc".utf8), Array("segue".utf8)])
        try log.sync()
        // "segue": length 5, CRC-32C 0x90E91D3A.
        let segue: [UInt8] = [0x05, 0, 0, 0, 0x3A, 0x1D, 0xE9, 0x90] + Array("segue".utf8)
        #expect(Files.bytes(temporary.child("00000000000000000001.seg")) == Self.abcFramed + segue)
    }

    @Test func batchEncodesInPlaceAndUndoesAThrowingEncoder() {
        struct Refused: Error {}
        var batch = LogBatch()
        batch.appendRecord { $0.append(contentsOf: "abc".utf8) }
        #expect(throws: Refused.self) {
            try batch.appendRecord { (buffer: inout [UInt8]) throws(Refused) in
                buffer.append(1)
                throw Refused()
            }
        }
        #expect(batch.count == 1)
        #expect(batch.bytes == Self.abcFramed)
        batch.removeAll()
        #expect(batch.isEmpty && batch.byteCount == 0)
    }

    @Test func batchGivesEachPayloadAndDropsRecordsFromAnIndex() {
        var batch = LogBatch([Array("abc".utf8), Array("segue".utf8), [7]])
        #expect(batch.withPayload(0) { Array($0) } == Array("abc".utf8))
        #expect(batch.withPayload(1) { Array($0) } == Array("segue".utf8))
        #expect(batch.withPayload(2) { Array($0) } == [7])
        batch.removeRecords(from: 1)
        #expect(batch.count == 1 && batch.bytes == Self.abcFramed)
        batch.removeRecords(from: 5)
        #expect(batch.count == 1)
    }

    @Test func appendingFromARecordWritesOnlyTheRecordsFromThere() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        var batch = LogBatch([Array("abc".utf8)])
        #expect(try log.append(batch, fromRecord: 0) == 1...1)
        batch.append(Array("segue".utf8))
        batch.append([9, 9])
        #expect(try log.append(batch, fromRecord: 1) == 2...3)
        #expect(
            try log.read(from: 1, maxCount: 10).map(\.payload) == [Array("abc".utf8), Array("segue".utf8), [9, 9]])
        #expect(throws: LogError.self) { try log.append(batch, fromRecord: 3) }
        #expect(log.headPosition == 3)
    }
}
