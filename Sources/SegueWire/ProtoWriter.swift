/// Appends the protobuf binary encoding of fields to memory it owns.
///
/// The `write…(_:field:)` methods write a tag and a value unconditionally; skipping proto3 defaults is the
/// caller's job (the generated `encode(to:)` methods do it). Nested messages are written in place: one byte is
/// reserved for the length and, only when the message turns out to be 128 bytes or longer, its bytes are moved
/// up to make room for a longer length varint.
///
/// The bytes are raw memory that the writer grows and frees: a write is one capacity check and a store, where
/// appending to an array checked the array's uniqueness and capacity for every byte and copied each double with
/// `memcpy` (a frame's encoding took 1.8 times the instructions). Not copyable, so no two writers share that memory.
public struct ProtoWriter: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// How many bytes are written.
    public private(set) var count = 0

    /// Creates an empty writer with room for `capacity` bytes (it grows as needed).
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    /// The bytes written so far, as an array (a copy).
    public var bytes: [UInt8] { withBytes { [UInt8]($0) } }

    /// Calls `body` with the bytes written so far; they are valid only during the call.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the memory for the next message.
    public mutating func removeAll() {
        count = 0
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        let larger = max(needed, capacity * 2)
        let moved = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
        moved.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    private mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, raw.count > 0 else { return }
        reserve(raw.count)
        (base + count).copyMemory(from: source, byteCount: raw.count)
        count += raw.count
    }

    /// Appends one byte; room for it was reserved.
    @inline(__always)
    private mutating func store(_ byte: UInt8) {
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    // MARK: - Raw values

    /// The number of bytes `value` takes as a varint (1 to 10).
    public static func varintSize(_ value: UInt64) -> Int {
        let significantBits = 64 - value.leadingZeroBitCount
        return significantBits == 0 ? 1 : (significantBits + 6) / 7
    }

    /// Appends `value` as a base-128 varint.
    public mutating func writeVarint(_ value: UInt64) {
        reserve(10)
        var rest = value
        while rest >= 0x80 {
            store(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        store(UInt8(truncatingIfNeeded: rest))
    }

    /// Appends a field tag: `field << 3 | wireType`, as a varint.
    public mutating func writeTag(field: Int, wireType: WireType) {
        writeVarint(UInt64(truncatingIfNeeded: field) << 3 | UInt64(wireType.rawValue))
    }

    /// Appends `value` as eight little-endian bytes.
    public mutating func writeFixed64(_ value: UInt64) {
        reserve(8)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    /// Appends `value` as four little-endian bytes.
    public mutating func writeFixed32(_ value: UInt32) {
        reserve(4)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: UInt32.self)
        count += 4
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
        reserve(1)
        store(value ? 1 : 0)
    }

    /// Writes a `string` field: its UTF-8 byte count, then the bytes.
    public mutating func writeString(_ value: String, field: Int) {
        writeTag(field: field, wireType: .lengthDelimited)
        var string = value
        string.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            append(UnsafeRawBufferPointer(utf8))
        }
    }

    /// Writes a `bytes` field: its byte count, then the bytes.
    public mutating func writeBytes(_ value: some Collection<UInt8>, field: Int) {
        writeTag(field: field, wireType: .lengthDelimited)
        writeVarint(UInt64(value.count))
        if value.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) == nil {
            // Room for each byte as it comes: a collection may yield other than its count.
            for byte in value {
                reserve(1)
                store(byte)
            }
        }
    }

    /// Writes a message-typed field: its encoded length, then its fields. Written even when the message is empty.
    public mutating func writeMessage<Message: ProtoMessage>(_ message: Message, field: Int) {
        writeTag(field: field, wireType: .lengthDelimited)
        reserve(1)
        let lengthIndex = count
        store(0)
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
        let length = count - lengthIndex - 1
        if length < 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: length), toByteOffset: lengthIndex, as: UInt8.self)
            return
        }
        let lengthSize = Self.varintSize(UInt64(length))
        reserve(lengthSize - 1)
        // Overlapping move (memmove semantics) of the message bytes to just after the final length.
        (base + lengthIndex + lengthSize).copyMemory(from: base + lengthIndex + 1, byteCount: length)
        count += lengthSize - 1
        var rest = UInt64(length)
        var index = lengthIndex
        while rest >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: rest) | 0x80, toByteOffset: index, as: UInt8.self)
            rest >>= 7
            index += 1
        }
        base.storeBytes(of: UInt8(truncatingIfNeeded: rest), toByteOffset: index, as: UInt8.self)
    }
}
