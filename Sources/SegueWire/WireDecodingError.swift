/// Why bytes could not be decoded as a protobuf message, and where.
///
/// Decoding never traps: truncated input, over-long varints, lengths past the end, invalid UTF-8, wire type
/// mismatches, field number 0, groups and nesting deeper than ``ProtoReader/maxDepth`` all throw this error.
public struct WireDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong, such as `"truncated varint"`.
    public var message: String
    /// The byte offset in the decoded buffer at which the problem starts.
    public var offset: Int

    /// Creates an error with a message and the byte offset it refers to.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message followed by the offset, such as `"truncated varint at byte 17"`.
    public var description: String {
        "\(message) at byte \(offset)"
    }
}
