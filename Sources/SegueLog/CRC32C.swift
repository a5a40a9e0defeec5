/// CRC-32C (Castagnoli): the checksum of every log record.
///
/// Software slicing-by-8: eight 256-entry tables let the loop fold eight input bytes per step instead of one. The
/// toolchain gives Swift no portable route to the SSE4.2 `crc32` instruction without a C target, and this is fast
/// enough that checksumming stays a small part of appending or replaying.
public enum CRC32C {
    /// The reflected Castagnoli polynomial.
    static let polynomial: UInt32 = 0x82F6_3B78

    /// Table k maps a byte to its CRC contribution when it sits k bytes before the end of an 8-byte word.
    /// Flattened into one array (table k at k * 256) so the hot loop indexes a single buffer.
    /// A global `let` is initialized once, lazily and thread-safely, on first use.
    static let tables: [UInt32] = makeTables()

    /// Computes the CRC-32C of `bytes`.
    ///
    /// - Parameter seed: the checksum of the bytes that came before, so `checksum(b, seed: checksum(a))` equals the
    ///   checksum of `a` followed by `b`; 0 starts a new checksum.
    public static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> UInt32 {
        // The standard pre- and post-inversion is applied here, so seeds are finished checksums.
        var crc = ~seed
        guard var pointer = bytes.baseAddress, bytes.count > 0 else { return seed }
        var remaining = bytes.count
        tables.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            while remaining >= 8 {
                // Little-endian load: byte 0 of the word lands in the low bits, which is the order a reflected
                // CRC consumes bytes in.
                let word = UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: word) ^ crc
                let high = UInt32(truncatingIfNeeded: word &>> 32)
                crc =
                    t[7 &* 256 &+ Int(low & 0xFF)]
                    ^ t[6 &* 256 &+ Int((low &>> 8) & 0xFF)]
                    ^ t[5 &* 256 &+ Int((low &>> 16) & 0xFF)]
                    ^ t[4 &* 256 &+ Int(low &>> 24)]
                    ^ t[3 &* 256 &+ Int(high & 0xFF)]
                    ^ t[2 &* 256 &+ Int((high &>> 8) & 0xFF)]
                    ^ t[1 &* 256 &+ Int((high &>> 16) & 0xFF)]
                    ^ t[Int(high &>> 24)]
                pointer += 8
                remaining &-= 8
            }
            while remaining > 0 {
                let byte = UInt32(pointer.load(as: UInt8.self))
                crc = t[Int((crc ^ byte) & 0xFF)] ^ (crc &>> 8)
                pointer += 1
                remaining &-= 1
            }
        }
        return ~crc
    }

    /// Computes the CRC-32C of `bytes`; `seed` works as in the buffer-pointer overload.
    public static func checksum(_ bytes: [UInt8], seed: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0, seed: seed) }
    }

    private static func makeTables() -> [UInt32] {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) != 0 ? (crc >> 1) ^ polynomial : crc >> 1
            }
            t[byte] = crc
        }
        // Each further table advances the previous one's value by one more zero byte.
        for k in 1..<8 {
            for byte in 0..<256 {
                let previous = t[(k - 1) * 256 + byte]
                t[k * 256 + byte] = (previous >> 8) ^ t[Int(previous & 0xFF)]
            }
        }
        return t
    }
}
