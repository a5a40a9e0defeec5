/// The framing of a snapshot file: a 32-byte header, then the payload (an encoded `segue.v1.Snapshot`).
///
/// ```
/// 0  magic "SEGUESNP"        8 bytes
/// 8  format version (1)      u32
/// 12 crc32c(payload)         u32
/// 16 position                u64   the newest log position the snapshot covers; also the file's name
/// 24 payload length          u64
/// 32 payload
/// ```
/// Integers are little-endian, as in the log. The length must account for the whole rest of the file, so a file
/// cut short or grown shows up even before the checksum is computed.
public enum SnapshotFormat {
    /// The first eight bytes of every snapshot file.
    public static let magic: [UInt8] = Array("SEGUESNP".utf8)
    /// The format this code writes and reads.
    public static let version: UInt32 = 1
    /// Bytes before the payload.
    public static let headerBytes = 32

    /// The framed bytes of a snapshot of `position` holding `payload`.
    public static func encode(position: UInt64, payload: [UInt8]) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerBytes + payload.count)
        append(version, to: &bytes)
        append(CRC32C.checksum(payload), to: &bytes)
        append(position, to: &bytes)
        append(UInt64(payload.count), to: &bytes)
        bytes += payload
        return bytes
    }

    /// The payload of a snapshot file's `bytes`, checked against its header and the position its name gives.
    /// - Returns: the payload, or why the bytes are not a whole, intact snapshot of `position`.
    public static func decode(_ bytes: [UInt8], position: UInt64) -> Result<[UInt8], Problem> {
        guard bytes.count >= headerBytes else {
            return .failure(Problem("the file has \(bytes.count) bytes, fewer than the \(headerBytes)-byte header"))
        }
        guard Array(bytes[0..<8]) == magic else {
            return .failure(Problem("the file does not start with the magic \"SEGUESNP\""))
        }
        let formatVersion = UInt32(load(bytes, at: 8, count: 4))
        guard formatVersion == version else {
            return .failure(Problem("format version \(formatVersion); this segued reads version \(version)"))
        }
        let recordedPosition = load(bytes, at: 16, count: 8)
        guard recordedPosition == position else {
            return .failure(Problem("the header says position \(recordedPosition) but the file name \(position)"))
        }
        let length = load(bytes, at: 24, count: 8)
        guard length == UInt64(bytes.count - headerBytes) else {
            return .failure(Problem("the header says \(length) payload bytes but \(bytes.count - headerBytes) follow"))
        }
        let payload = Array(bytes[headerBytes...])
        let recordedChecksum = UInt32(load(bytes, at: 12, count: 4))
        let checksum = CRC32C.checksum(payload)
        guard checksum == recordedChecksum else {
            return .failure(Problem("checksum mismatch (crc32c \(checksum), header says \(recordedChecksum))"))
        }
        return .success(payload)
    }

    /// Why a snapshot file's bytes were refused, for the operator.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, as a clause that can follow "snapshot FILE is damaged: ".
        public let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func load(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for i in (0..<count).reversed() {
            value = value << 8 | UInt64(bytes[offset + i])
        }
        return value
    }
}
