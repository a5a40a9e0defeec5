/// Reads protobuf binary encoding from a byte buffer, bounds-checking every access.
///
/// A reader is only valid while the buffer it was created over is alive; `ProtoMessage.init(decoding:)` creates
/// one for the duration of a decode. Every method throws ``WireDecodingError`` instead of trapping,
/// whatever the input. The `read…(_:)` methods take the wire type of the field's tag and throw when it does not
/// suit the field's type.
public struct ProtoReader {
    /// How deeply messages may nest inside the top-level message before decoding throws.
    public static let maxDepth = 64

    private let buffer: UnsafeRawBufferPointer
    /// The end of the message being decoded (the whole buffer at the top level).
    private var end: Int
    /// How many length-delimited messages enclose the current position.
    private var depth = 0
    /// The offset of the tag of the field being decoded, for error messages.
    private var tagOffset = 0
    /// The number of the field being decoded, for error messages.
    private var fieldNumber = 0

    /// The offset of the next byte to read.
    public private(set) var offset = 0

    /// Creates a reader over `buffer`, positioned at its start.
    public init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
        self.end = buffer.count
    }

    /// Whether the reader has consumed every byte of the message being decoded.
    public var isAtEnd: Bool {
        offset >= end
    }

    // MARK: - Messages

    /// Decodes fields into `message` until the end of the current message, calling its `decodeField` for each.
    ///
    /// Throws on field number 0, tags wider than 32 bits, wire types 6 and 7, and groups (wire types 3 and 4).
    public mutating func decodeFields<Message: ProtoMessage>(into message: inout Message) throws(WireDecodingError) {
        while offset < end {
            let start = offset
            let key = try readVarint()
            guard key <= UInt64(UInt32.max) else {
                throw WireDecodingError(message: "field tag \(key) is wider than 32 bits", offset: start)
            }
            let number = Int(key >> 3)
            guard number != 0 else {
                throw WireDecodingError(message: "field number 0", offset: start)
            }
            guard let wireType = WireType(rawValue: UInt8(key & 7)) else {
                throw WireDecodingError(message: "invalid wire type \(key & 7) for field \(number)", offset: start)
            }
            guard wireType != .startGroup && wireType != .endGroup else {
                throw WireDecodingError(message: "group wire type \(wireType) for field \(number)", offset: start)
            }
            tagOffset = start
            fieldNumber = number
            try message.decodeField(number: number, wireType: wireType, from: &self)
        }
    }

    /// Reads a length-delimited message field and merges it into `message` (fields it sets overwrite, repeated
    /// fields append, nested messages merge), as protobuf does for a repeated occurrence of a message field.
    public mutating func readMessage<Message: ProtoMessage>(
        _ wireType: WireType,
        into message: inout Message
    ) throws(WireDecodingError) {
        try expect(wireType, .lengthDelimited)
        let length = try readLength()
        guard depth < Self.maxDepth else {
            throw WireDecodingError(message: "messages nested more than \(Self.maxDepth) deep", offset: tagOffset)
        }
        let outerEnd = end
        end = offset + length
        depth += 1
        try decodeFields(into: &message)
        depth -= 1
        end = outerEnd
    }

    /// Reads a message field into an optional: merges into the present value, or decodes a new one from defaults.
    public mutating func readMessage<Message: ProtoMessage>(
        _ wireType: WireType,
        into message: inout Message?
    ) throws(WireDecodingError) {
        var value = message ?? Message()
        message = nil  // Leaves `value` as the only reference to its storage while it is decoded into.
        try readMessage(wireType, into: &value)
        message = value
    }

    /// Reads one element of a `repeated` message field and appends it to `array`.
    public mutating func readMessage<Message: ProtoMessage>(
        _ wireType: WireType,
        appendingTo array: inout [Message]
    ) throws(WireDecodingError) {
        var value = Message()
        try readMessage(wireType, into: &value)
        array.append(value)
    }

    // MARK: - Scalars

    /// Reads a `double` field (fixed64).
    public mutating func readDouble(_ wireType: WireType) throws(WireDecodingError) -> Double {
        try expect(wireType, .fixed64)
        return Double(bitPattern: try readFixed64())
    }

    /// Reads a `uint64` field (varint).
    public mutating func readUInt64(_ wireType: WireType) throws(WireDecodingError) -> UInt64 {
        try expect(wireType, .varint)
        return try readVarint()
    }

    /// Reads an `int64` field (varint, two's complement).
    public mutating func readInt64(_ wireType: WireType) throws(WireDecodingError) -> Int64 {
        try expect(wireType, .varint)
        return Int64(bitPattern: try readVarint())
    }

    /// Reads a `uint32` field (varint; higher bits are dropped, as protobuf does).
    public mutating func readUInt32(_ wireType: WireType) throws(WireDecodingError) -> UInt32 {
        try expect(wireType, .varint)
        return UInt32(truncatingIfNeeded: try readVarint())
    }

    /// Reads an `int32` or enum field (varint; higher bits are dropped, as protobuf does).
    public mutating func readInt32(_ wireType: WireType) throws(WireDecodingError) -> Int32 {
        try expect(wireType, .varint)
        return Int32(truncatingIfNeeded: try readVarint())
    }

    /// Reads a `bool` field (varint; any nonzero value is true).
    public mutating func readBool(_ wireType: WireType) throws(WireDecodingError) -> Bool {
        try expect(wireType, .varint)
        return try readVarint() != 0
    }

    /// Reads a `string` field, throwing unless its bytes are valid UTF-8.
    public mutating func readString(_ wireType: WireType) throws(WireDecodingError) -> String {
        try expect(wireType, .lengthDelimited)
        let length = try readLength()
        let start = offset
        offset += length
        let utf8 = UnsafeRawBufferPointer(rebasing: buffer[start..<offset])
        let string = utf8.withMemoryRebound(to: UInt8.self) { String(validating: $0, as: UTF8.self) }
        guard let string else {
            throw WireDecodingError(message: "invalid UTF-8 in string field \(fieldNumber)", offset: start)
        }
        return string
    }

    /// Reads a `bytes` field.
    public mutating func readBytes(_ wireType: WireType) throws(WireDecodingError) -> [UInt8] {
        try expect(wireType, .lengthDelimited)
        let length = try readLength()
        let start = offset
        offset += length
        return Array(buffer[start..<offset])
    }

    // MARK: - Repeated numerics (packed or not)

    /// Reads one occurrence of a `repeated double` field, packed (length-delimited) or a single fixed64 value.
    public mutating func readRepeated(_ wireType: WireType, into values: inout [Double]) throws(WireDecodingError) {
        if wireType == .lengthDelimited {
            let length = try readLength()
            guard length % 8 == 0 else {
                let message = "packed doubles of \(length) bytes, not a multiple of 8"
                throw WireDecodingError(message: message, offset: offset)
            }
            let packedEnd = offset + length
            values.reserveCapacity(values.count + length / 8)
            while offset < packedEnd {
                values.append(Double(bitPattern: try readFixed64()))
            }
        } else {
            values.append(try readDouble(wireType))
        }
    }

    /// Reads one occurrence of a `repeated uint64` field, packed or a single varint.
    public mutating func readRepeated(_ wireType: WireType, into values: inout [UInt64]) throws(WireDecodingError) {
        try readRepeatedVarints(wireType, into: &values) { $0 }
    }

    /// Reads one occurrence of a `repeated int64` field, packed or a single varint.
    public mutating func readRepeated(_ wireType: WireType, into values: inout [Int64]) throws(WireDecodingError) {
        try readRepeatedVarints(wireType, into: &values) { Int64(bitPattern: $0) }
    }

    /// Reads one occurrence of a `repeated uint32` field, packed or a single varint.
    public mutating func readRepeated(_ wireType: WireType, into values: inout [UInt32]) throws(WireDecodingError) {
        try readRepeatedVarints(wireType, into: &values) { UInt32(truncatingIfNeeded: $0) }
    }

    /// Reads one occurrence of a `repeated int32` (or enum numbers) field, packed or a single varint.
    public mutating func readRepeated(_ wireType: WireType, into values: inout [Int32]) throws(WireDecodingError) {
        try readRepeatedVarints(wireType, into: &values) { Int32(truncatingIfNeeded: $0) }
    }

    /// Reads one occurrence of a `repeated bool` field, packed or a single varint.
    public mutating func readRepeated(_ wireType: WireType, into values: inout [Bool]) throws(WireDecodingError) {
        try readRepeatedVarints(wireType, into: &values) { $0 != 0 }
    }

    // MARK: - Unknown fields

    /// Skips the value of a field that this message does not know. Groups are not supported and throw.
    public mutating func skip(_ wireType: WireType) throws(WireDecodingError) {
        switch wireType {
        case .varint:
            _ = try readVarint()
        case .fixed64:
            try advance(by: 8)
        case .lengthDelimited:
            offset += try readLength()
        case .fixed32:
            try advance(by: 4)
        case .startGroup, .endGroup:
            throw WireDecodingError(message: "group wire type \(wireType) for field \(fieldNumber)", offset: tagOffset)
        }
    }

    // MARK: - Raw values

    /// Reads a base-128 varint of at most ten bytes; bits beyond the 64th are dropped, as protobuf does.
    public mutating func readVarint() throws(WireDecodingError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end {
            let byte = buffer[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                return result
            }
            shift += 7
            if shift > 63 {
                throw WireDecodingError(message: "varint longer than 10 bytes", offset: start)
            }
        }
        throw WireDecodingError(message: "truncated varint", offset: start)
    }

    /// Reads eight little-endian bytes.
    public mutating func readFixed64() throws(WireDecodingError) -> UInt64 {
        let start = offset
        try advance(by: 8)
        return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }

    /// Reads four little-endian bytes.
    public mutating func readFixed32() throws(WireDecodingError) -> UInt32 {
        let start = offset
        try advance(by: 4)
        return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: start, as: UInt32.self))
    }

    // MARK: - Private

    /// Throws unless the field's wire type is the one its declared type uses.
    private func expect(_ actual: WireType, _ expected: WireType) throws(WireDecodingError) {
        guard actual == expected else {
            throw WireDecodingError(
                message: "wire type \(actual) for field \(fieldNumber), expected \(expected)",
                offset: tagOffset
            )
        }
    }

    /// Reads a length varint and checks that that many bytes remain in the current message.
    private mutating func readLength() throws(WireDecodingError) -> Int {
        let start = offset
        let length = try readVarint()
        guard length <= UInt64(end - offset) else {
            throw WireDecodingError(
                message: "length \(length) of field \(fieldNumber) runs past the end (\(end - offset) bytes left)",
                offset: start
            )
        }
        return Int(length)
    }

    /// Moves past `count` bytes, throwing if fewer remain in the current message.
    private mutating func advance(by count: Int) throws(WireDecodingError) {
        guard end - offset >= count else {
            throw WireDecodingError(
                message: "truncated field \(fieldNumber): needs \(count) bytes, \(end - offset) left",
                offset: offset
            )
        }
        offset += count
    }

    private mutating func readRepeatedVarints<Element>(
        _ wireType: WireType,
        into values: inout [Element],
        _ convert: (UInt64) -> Element
    ) throws(WireDecodingError) {
        switch wireType {
        case .varint:
            values.append(convert(try readVarint()))
        case .lengthDelimited:
            let length = try readLength()
            let outerEnd = end
            end = offset + length
            while offset < end {
                values.append(convert(try readVarint()))
            }
            end = outerEnd
        default:
            try expect(wireType, .varint)
        }
    }
}
