/// JSON text written straight into bytes, in exactly the form `JSONObject` renders (the same members, order,
/// numbers and escapes), for what goes out many times a second: the gateway's frames and events, where a
/// `JSONObject` of nested `String`s per message was most of the gateway's CPU.
///
/// Members go in with `member(_:_:)` between `beginObject()` and `endObject()`; the comma before a member is
/// written when the object already has one.
public struct JSONWriter: TextOutputStream {
    /// The text so far, UTF-8.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes (a frame takes a few hundred).
    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `string`, for `TextOutputStream`.
    public mutating func write(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends ASCII text: how the standard library hands a `TextOutputStream` a double's digits, which spares a
    /// `String` per number.
    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: buffer)
    }

    // MARK: Members, one for each `JSONObject.add`

    /// A string.
    public mutating func member(_ name: StaticString, _ value: String) {
        key(name)
        string(value)
    }

    /// Bytes, as proto3 JSON writes them: a Base64 string.
    public mutating func member(_ name: StaticString, _ value: [UInt8]) {
        key(name)
        string(Base64.encode(value))
    }

    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        ascii(value ? "true" : "false")
    }

    public mutating func member(_ name: StaticString, _ value: UInt64) {
        key(name)
        integer(value)
    }

    public mutating func member(_ name: StaticString, _ value: Int64) {
        key(name)
        integer(value)
    }

    public mutating func member(_ name: StaticString, _ value: UInt32) {
        key(name)
        integer(UInt64(value))
    }

    public mutating func member(_ name: StaticString, _ value: Double) {
        key(name)
        number(value)
    }

    /// An optional value when present, even if 0 (proto3 `optional` fields keep explicit zeros).
    public mutating func member(_ name: StaticString, _ value: Double?) {
        if let value { member(name, value) }
    }

    public mutating func member(_ name: StaticString, _ value: UInt32?) {
        if let value { member(name, value) }
    }

    public mutating func member(_ name: StaticString, _ value: UInt64?) {
        if let value { member(name, value) }
    }

    public mutating func member(_ name: StaticString, _ value: Int64?) {
        if let value { member(name, value) }
    }

    public mutating func member(_ name: StaticString, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            string(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    public mutating func member(_ name: StaticString, _ values: [UInt32]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            integer(UInt64(value))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A nested message (a present one even when empty, as `{}`).
    public mutating func member(_ name: StaticString, _ value: some JSONWritable) {
        key(name)
        value.writeJSON(to: &self)
    }

    /// A nested message when present.
    public mutating func member(_ name: StaticString, _ value: (some JSONWritable)?) {
        if let value { member(name, value) }
    }

    public mutating func member(_ name: StaticString, _ values: [some JSONWritable]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            value.writeJSON(to: &self)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An enum value by its proto name (the zero value too); a number the proto does not declare as a number.
    mutating func member(_ name: StaticString, _ value: some ProtoEnumName) {
        key(name)
        if value.isKnown {
            string(value.description)
        } else if value.rawValue < 0 {
            bytes.append(UInt8(ascii: "-"))
            integer(UInt64(value.rawValue.magnitude))
        } else {
            integer(UInt64(value.rawValue))
        }
    }

    // MARK: Pieces

    /// `"name":`, after a comma unless the member is its object's first. Names are proto field names in
    /// lowerCamelCase, which need no escape.
    private mutating func key(_ name: StaticString) {
        if let last = bytes.last, last != UInt8(ascii: "{") { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func ascii(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `text` as `JSONObject.quoted` writes it: `"`, `\` and control characters escaped (`\n`, `\r`, `\t`, else
    /// `\u00XX`), everything else as it is. Byte by byte: every byte of a multi-byte UTF-8 sequence is 0x80 or
    /// more, so only whole ASCII characters are escaped.
    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Ids, names and enum values need no escape: copied whole.
            guard
                utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
                )
            else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): ascii("\\\"")
                case UInt8(ascii: "\\"): ascii("\\\\")
                case UInt8(ascii: "\n"): ascii("\\n")
                case UInt8(ascii: "\r"): ascii("\\r")
                case UInt8(ascii: "\t"): ascii("\\t")
                case 0..<0x20, 0x7F:
                    ascii("\\u00")
                    bytes.append(Self.hexDigit(byte >> 4))
                    bytes.append(Self.hexDigit(byte & 0xF))
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A lowercase hexadecimal digit, as `String(_:radix: 16)` writes it.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Decimal digits, without a `String` in between: laid out from the last on the stack, then appended.
    private mutating func integer(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var rest = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        integer(value.magnitude)
    }

    /// A double as `JSONObject.number` writes it: whole values under 1e15 without a fraction part, proto3's
    /// strings for NaN and the infinities, and any other value in the standard library's shortest form (the
    /// same `write(to:)` that string interpolation uses).
    private mutating func number(_ value: Double) {
        if value.isNaN {
            ascii("\"NaN\"")
        } else if value.isInfinite {
            ascii(value > 0 ? "\"Infinity\"" : "\"-Infinity\"")
        } else if value == value.rounded(), abs(value) < 1e15 {
            integer(Int64(value))
        } else {
            value.write(to: &self)
        }
    }
}
