/// A protobuf message value: encodes to and decodes from the protobuf binary format.
///
/// The conformances are generated from proto/segue.proto by scripts/generate_wire.py. Encoding matches Google's
/// encoder byte for byte; decoding follows protobuf's rules (last value wins, repeated occurrences of a message
/// field merge, unknown fields are skipped) and throws ``WireDecodingError`` on malformed input, never traps.
public protocol ProtoMessage: Sendable, Hashable {
    /// Creates a message with every field at its default (and every message field and oneof absent).
    init()

    /// Appends this message's fields (no length prefix) in field-number order.
    func encode(to writer: inout ProtoWriter)

    /// Decodes one field; unknown field numbers must be skipped with reader.skip(wireType).
    mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError)
}

extension ProtoMessage {
    /// Returns the message's protobuf binary encoding.
    public func encoded() -> [UInt8] {
        var writer = ProtoWriter()
        encode(to: &writer)
        return writer.bytes
    }

    /// Appends the message's protobuf binary encoding to `buffer`. Encodes through a writer of its own (one
    /// allocation); a caller that encodes message after message keeps a `ProtoWriter` and empties it instead.
    public func encode(into buffer: inout [UInt8]) {
        var writer = ProtoWriter()
        encode(to: &writer)
        writer.withBytes { buffer.append(contentsOf: $0) }
    }

    /// Decodes a message from its protobuf binary encoding.
    public init(decoding bytes: [UInt8]) throws(WireDecodingError) {
        let result = bytes.withUnsafeBytes { buffer -> Result<Self, WireDecodingError> in
            do throws(WireDecodingError) {
                return .success(try Self(decoding: buffer))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Decodes a message from its protobuf binary encoding; `bytes` is only read during the call.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(WireDecodingError) {
        self.init()
        var reader = ProtoReader(bytes)
        try reader.decodeFields(into: &self)
    }
}
