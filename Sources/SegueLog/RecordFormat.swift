/// The on-disk framing of one record: `u32 length | u32 crc32c(payload) | payload`, integers little-endian.
///
/// The length comes first so a reader can skip a record without touching its payload; the checksum covers only the
/// payload because a wrong length already shows up as a payload whose checksum fails or that runs past the file.
public enum RecordFormat {
    /// Bytes before the payload: the length and the checksum.
    public static let headerBytes = 8

    /// The largest payload recovery will ever believe in, whatever `maxRecordBytes` says. A length above it is
    /// garbage, and refusing it keeps a corrupt header from making recovery allocate gigabytes.
    public static let hardLimitBytes = 1 << 30

    /// The framed bytes of one record.
    public static func encode(_ payload: [UInt8]) -> [UInt8] {
        var batch = LogBatch()
        batch.append(payload)
        return batch.bytes
    }

    /// Writes a header for a payload of `length` bytes with checksum `crc` at `pointer`.
    static func storeHeader(length: UInt32, crc: UInt32, at pointer: UnsafeMutableRawPointer) {
        pointer.storeBytes(of: length.littleEndian, as: UInt32.self)
        (pointer + 4).storeBytes(of: crc.littleEndian, as: UInt32.self)
    }

    /// Reads the header at `pointer`.
    static func loadHeader(at pointer: UnsafeRawPointer) -> (length: Int, crc: UInt32) {
        let length = UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self))
        let crc = UInt32(littleEndian: (pointer + 4).loadUnaligned(as: UInt32.self))
        return (Int(length), crc)
    }
}
