import Testing

@testable import SegueLog

struct CRC32CTests {
    /// A bit-at-a-time CRC-32C, slow and obviously right, to check the sliced tables against.
    static func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }

    @Test func knownVectors() {
        #expect(CRC32C.checksum([]) == 0)
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
        #expect(CRC32C.checksum(Array("abc".utf8)) == 0x364B_3FB7)
    }

    @Test func seededIncrementalEqualsWhole() {
        var generator = SystemRandomNumberGenerator()
        let data = (0..<1000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let whole = CRC32C.checksum(data)
        for split in [0, 1, 7, 8, 9, 63, 500, 999, 1000] {
            let first = CRC32C.checksum(Array(data[..<split]))
            #expect(CRC32C.checksum(Array(data[split...]), seed: first) == whole, "split at \(split)")
        }
        let digits = Array("123456789".utf8)
        #expect(CRC32C.checksum(Array(digits[4...]), seed: CRC32C.checksum(Array(digits[..<4]))) == 0xE306_9283)
    }

    @Test func matchesBitwiseReferenceAtEveryLengthAndAlignment() {
        let data = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }
        for start in 0..<9 {
            for length in 0...(data.count - start) where length < 40 || length % 17 == 0 {
                let slice = Array(data[start..<(start + length)])
                let sliced = data.withUnsafeBytes {
                    CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)]))
                }
                #expect(sliced == Self.reference(slice), "start \(start) length \(length)")
            }
        }
    }
}
