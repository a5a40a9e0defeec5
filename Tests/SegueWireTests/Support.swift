import SegueWire
import Testing

/// A named message value, as a test argument.
struct Sample: Sendable, CustomTestStringConvertible {
    let name: String
    let value: any ProtoMessage

    init(_ name: String, _ value: any ProtoMessage) {
        self.name = name
        self.value = value
    }

    var testDescription: String { name }
}

/// Decodes `bytes` as the same message type as `value`.
func decode<Message: ProtoMessage>(
    _ bytes: [UInt8],
    as value: Message
) throws(WireDecodingError) -> Message {
    try Message(decoding: bytes)
}

/// Whether `lhs` and `rhs` are the same message type with equal values.
func sameMessage<Message: ProtoMessage>(_ lhs: Message, _ rhs: any ProtoMessage) -> Bool {
    guard let rhs = rhs as? Message else { return false }
    return lhs == rhs
}

/// Decodes `bytes` as `type`, returning nil on a decoding error; when decoding succeeds, checks that encoding the
/// result and decoding that again gives identical bytes (decode ∘ encode is stable).
@discardableResult
func decodeIfValid<Message: ProtoMessage>(_ bytes: [UInt8], as type: Message.Type) -> Message? {
    guard let message = try? Message(decoding: bytes) else { return nil }
    let encoded = message.encoded()
    let again = try? Message(decoding: encoded)
    #expect(again?.encoded() == encoded, "re-encoding \(Message.self) decoded from \(bytes) is not stable")
    return message
}

/// A protobuf varint, encoded independently of ProtoWriter, for building expected and malformed bytes.
func varint(_ value: UInt64) -> [UInt8] {
    var rest = value
    var out: [UInt8] = []
    while rest >= 0x80 {
        out.append(UInt8(rest & 0x7F) | 0x80)
        rest >>= 7
    }
    out.append(UInt8(rest))
    return out
}

/// A field tag, encoded independently of ProtoWriter.
func tag(_ field: Int, _ wireType: UInt8) -> [UInt8] {
    varint(UInt64(field) << 3 | UInt64(wireType))
}

/// Eight little-endian bytes of a double.
func fixed64(_ value: Double) -> [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) }
}

/// A length-delimited field, encoded independently of ProtoWriter.
func lengthDelimited(_ field: Int, _ payload: [UInt8]) -> [UInt8] {
    tag(field, 2) + varint(UInt64(payload.count)) + payload
}

/// A deterministic pseudo-random generator (SplitMix64), so that randomized tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
