/// A recording of producer input, as `segue record` writes it and `segue play` reads it.
///
/// The file is the line `segue-record 1` (15 bytes with its newline), then one record per ingest message, in the
/// order received:
///
/// ```
/// u64 offset_us   microseconds from the start of the recording to the message's arrival (little-endian); never
///                 less than the record before's, at most ``Recording/maxOffsetUs``
/// u32 length      bytes that follow (little-endian)
/// length bytes    the message exactly as received: an encoded segue.v1.Input
/// ```
///
/// Commands that reached the recorder's control proxy are stored as an `Input` carrying the command. A recorder
/// that was killed may leave a partial last record; readers report it and keep the whole ones.
public enum Recording {
    /// The first line of every recording; the number is the format's version.
    public static let header: [UInt8] = Array("segue-record 1\n".utf8)
    /// The largest record accepted, so a damaged length cannot ask for gigabytes (segued's own
    /// `--max-message-bytes` stops at 64 MiB).
    public static let maxRecordBytes = 64 << 20
    /// The latest offset accepted: 7 days, the longest `segue record` runs. Past it an offset is damage, and a player
    /// would wait for ever.
    public static let maxOffsetUs: UInt64 = 7 * 24 * 3_600 * 1_000_000

    /// One recorded message.
    public struct Record: Sendable, Hashable {
        /// When it arrived, in microseconds after the recording started.
        public var offsetUs: UInt64
        /// The message's bytes (an encoded `Input`).
        public var payload: [UInt8]

        /// A record of `payload` arriving `offsetUs` after the start.
        public init(offsetUs: UInt64, payload: [UInt8]) {
            self.offsetUs = offsetUs
            self.payload = payload
        }
    }

    /// What a recording holds.
    public struct Contents: Sendable, Hashable {
        /// The whole records, in file order.
        public var records: [Record]
        /// Bytes at the end that do not make a whole record (0 for a cleanly closed recording).
        public var trailingBytes: Int

        /// Contents of `records` followed by `trailingBytes` of a partial record.
        public init(records: [Record], trailingBytes: Int) {
            self.records = records
            self.trailingBytes = trailingBytes
        }
    }

    /// Why bytes are not a recording.
    public struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, for a person.
        public let message: String

        /// The error with `message`.
        public init(_ message: String) {
            self.message = message
        }

        /// The message.
        public var description: String { message }
    }

    /// Appends `record` in its file form to `buffer`.
    public static func encode(_ record: Record, into buffer: inout [UInt8]) {
        var offset = record.offsetUs.littleEndian
        withUnsafeBytes(of: &offset) { buffer.append(contentsOf: $0) }
        var length = UInt32(record.payload.count).littleEndian
        withUnsafeBytes(of: &length) { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: record.payload)
    }

    /// The records of a whole recording file.
    /// - Throws: ``FormatError`` when the header is missing, a record's length is beyond ``maxRecordBytes``, or its
    ///   offset is beyond ``maxOffsetUs`` or before the previous record's; its message follows the file's name
    ///   (`FILE is not a segue recording (it starts with "\x89PNG")`) and shows none of the file's bytes raw.
    public static func decode(_ bytes: [UInt8]) throws(FormatError) -> Contents {
        guard bytes.count >= header.count, Array(bytes[0..<header.count]) == header else {
            throw headerError(bytes)
        }
        var records: [Record] = []
        var index = header.count
        while bytes.count - index >= 12 {
            let offset = littleEndian(bytes, at: index, count: 8)
            let length = Int(littleEndian(bytes, at: index + 8, count: 4))
            guard length <= maxRecordBytes else {
                throw FormatError(
                    "is damaged: record \(records.count + 1) at byte \(index) claims \(length) bytes, more than "
                        + "the \(maxRecordBytes) a message may have")
            }
            guard bytes.count - index - 12 >= length else { break }
            let previous = records.last?.offsetUs ?? 0
            guard offset >= previous, offset <= maxOffsetUs else {
                let limit =
                    offset < previous
                    ? "before the \(previous) of record \(records.count) (offsets never decrease)"
                    : "past the \(maxOffsetUs) (7 days) a recording may last"
                throw FormatError(
                    "is damaged: record \(records.count + 1) at byte \(index) is at offset \(offset) us, \(limit)")
            }
            records.append(Record(offsetUs: offset, payload: Array(bytes[(index + 12)..<(index + 12 + length)])))
            index += 12 + length
        }
        return Contents(records: records, trailingBytes: bytes.count - index)
    }

    /// Why `bytes` do not start with the header: empty, another version of the format, or something else.
    private static func headerError(_ bytes: [UInt8]) -> FormatError {
        if bytes.isEmpty { return FormatError("is empty: a segue recording starts with \"segue-record 1\"") }
        let versionPrefix = Array("segue-record ".utf8)
        if bytes.starts(with: versionPrefix), let end = bytes.firstIndex(of: UInt8(ascii: "\n")), end < 32 {
            return FormatError(
                "is a segue recording of format \"\(escaped(bytes[versionPrefix.count..<end]))\", which this "
                    + "segue cannot read (it reads format 1)")
        }
        return FormatError(
            "is not a segue recording: it starts with \"\(escaped(bytes))\" where a recording starts with "
                + "\"segue-record 1\"")
    }

    /// `bytes` safe to print: printable ASCII as it is, `\n` `\r` `\t` `\"` `\\` escaped, any other byte as `\xNN`;
    /// `...` after the first 16.
    static func escaped(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        for byte in bytes.prefix(16) {
            switch byte {
            case UInt8(ascii: "\n"): text += "\\n"
            case UInt8(ascii: "\r"): text += "\\r"
            case UInt8(ascii: "\t"): text += "\\t"
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): text += "\\" + String(UnicodeScalar(byte))
            case 0x20...0x7E: text.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                text += "\\x" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return bytes.count > 16 ? text + "..." : text
    }

    private static func littleEndian(_ bytes: [UInt8], at index: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in (0..<count).reversed() {
            value = value << 8 | UInt64(bytes[index + byte])
        }
        return value
    }
}
