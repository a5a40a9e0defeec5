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
}
