/// Appends the protobuf binary encoding of fields to a byte array.
///
/// The `write…(_:field:)` methods write a tag and a value unconditionally; skipping proto3 defaults is the
/// caller's job (the generated `encode(to:)` methods do it). Nested messages are written in place: one byte is
/// reserved for the length and, only when the message turns out to be 128 bytes or longer, its bytes are moved
/// up within the same array to make room for a longer length varint.
public struct ProtoWriter: Sendable {
    /// The bytes written so far (including any the writer was created with).
    public var bytes: [UInt8]

    /// Creates a writer that appends to `bytes`.
    public init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    // MARK: - Raw values

    /// The number of bytes `value` takes as a varint (1 to 10).
    public static func varintSize(_ value: UInt64) -> Int {
        let significantBits = 64 - value.leadingZeroBitCount
        return significantBits == 0 ? 1 : (significantBits + 6) / 7
    }

    /// Appends `value` as a base-128 varint.
    public mutating func writeVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }

    /// Appends a field tag: `field << 3 | wireType`, as a varint.
    public mutating func writeTag(field: Int, wireType: WireType) {
        writeVarint(UInt64(truncatingIfNeeded: field) << 3 | UInt64(wireType.rawValue))
    }

    /// Appends `value` as eight little-endian bytes.
    public mutating func writeFixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as four little-endian bytes.
    public mutating func writeFixed32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    // MARK: - Fields

    /// Writes a `double` field: the IEEE 754 bit pattern as fixed64 (NaN payloads and -0.0 are kept as they are).
    public mutating func writeDouble(_ value: Double, field: Int) {
        writeTag(field: field, wireType: .fixed64)
        writeFixed64(value.bitPattern)
    }

    /// Writes a `uint64` field as a varint.
    public mutating func writeUInt64(_ value: UInt64, field: Int) {
        writeTag(field: field, wireType: .varint)
        writeVarint(value)
    }

    /// Writes an `int64` field as a varint (negative values take ten bytes).
    public mutating func writeInt64(_ value: Int64, field: Int) {
        writeTag(field: field, wireType: .varint)
        writeVarint(UInt64(bitPattern: value))
    }

    /// Writes a `uint32` field as a varint.
    public mutating func writeUInt32(_ value: UInt32, field: Int) {
        writeTag(field: field, wireType: .varint)
        writeVarint(UInt64(value))
    }

    /// Writes an `int32` or enum field as a varint, sign-extended to 64 bits (negative values take ten bytes).
    public mutating func writeInt32(_ value: Int32, field: Int) {
        writeTag(field: field, wireType: .varint)
        writeVarint(UInt64(bitPattern: Int64(value)))
    }

    /// Writes a `bool` field as a one-byte varint.
    public mutating func writeBool(_ value: Bool, field: Int) {
        writeTag(field: field, wireType: .varint)
        bytes.append(value ? 1 : 0)
    }

    /// Writes a `string` field: its UTF-8 byte count, then the bytes.
    public mutating func writeString(_ value: String, field: Int) {
        writeTag(field: field, wireType: .lengthDelimited)
        var string = value
        string.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes a `bytes` field: its byte count, then the bytes.
    public mutating func writeBytes(_ value: some Collection<UInt8>, field: Int) {
        writeTag(field: field, wireType: .lengthDelimited)
        writeVarint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// Writes a message-typed field: its encoded length, then its fields. Written even when the message is empty.
    public mutating func writeMessage<Message: ProtoMessage>(_ message: Message, field: Int) {
        writeTag(field: field, wireType: .lengthDelimited)
        let lengthIndex = bytes.count
        bytes.append(0)
        message.encode(to: &self)
        patchLength(at: lengthIndex)
    }

    // MARK: - Packed repeated numerics

    /// Writes a packed `repeated double` field; writes nothing when `values` is empty.
    public mutating func writePacked(_ values: [Double], field: Int) {
        guard !values.isEmpty else { return }
        writeTag(field: field, wireType: .lengthDelimited)
        writeVarint(UInt64(values.count * 8))
        for value in values {
            writeFixed64(value.bitPattern)
        }
    }

    /// Writes a packed `repeated uint64` field; writes nothing when `values` is empty.
    public mutating func writePacked(_ values: [UInt64], field: Int) {
        writePackedVarints(values, field: field) { $0 }
    }

    /// Writes a packed `repeated int64` field; writes nothing when `values` is empty.
    public mutating func writePacked(_ values: [Int64], field: Int) {
        writePackedVarints(values, field: field) { UInt64(bitPattern: $0) }
    }

    /// Writes a packed `repeated uint32` field; writes nothing when `values` is empty.
    public mutating func writePacked(_ values: [UInt32], field: Int) {
        writePackedVarints(values, field: field) { UInt64($0) }
    }

    /// Writes a packed `repeated int32` (or enum numbers) field; writes nothing when `values` is empty.
    public mutating func writePacked(_ values: [Int32], field: Int) {
        writePackedVarints(values, field: field) { UInt64(bitPattern: Int64($0)) }
    }

    /// Writes a packed `repeated bool` field; writes nothing when `values` is empty.
    public mutating func writePacked(_ values: [Bool], field: Int) {
        writePackedVarints(values, field: field) { $0 ? 1 : 0 }
    }

    // MARK: - Private

    private mutating func writePackedVarints<Element>(
        _ values: [Element],
        field: Int,
        _ varint: (Element) -> UInt64
    ) {
        guard !values.isEmpty else { return }
        writeTag(field: field, wireType: .lengthDelimited)
        var length = 0
        for value in values {
            length += Self.varintSize(varint(value))
        }
        writeVarint(UInt64(length))
        for value in values {
            writeVarint(varint(value))
        }
    }

    /// Stores the length of the bytes after the one-byte placeholder at `lengthIndex`, widening it if needed.
    private mutating func patchLength(at lengthIndex: Int) {
        let length = bytes.count - lengthIndex - 1
        if length < 0x80 {
            bytes[lengthIndex] = UInt8(truncatingIfNeeded: length)
            return
        }
        let lengthSize = Self.varintSize(UInt64(length))
        bytes.append(contentsOf: repeatElement(0, count: lengthSize - 1))
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            // Overlapping move (memmove semantics) of the message bytes to just after the final length.
            (base + lengthIndex + lengthSize).copyMemory(from: base + lengthIndex + 1, byteCount: length)
            var rest = UInt64(length)
            var index = lengthIndex
            while rest >= 0x80 {
                raw[index] = UInt8(truncatingIfNeeded: rest) | 0x80
                rest >>= 7
                index += 1
            }
            raw[index] = UInt8(truncatingIfNeeded: rest)
        }
    }
}
