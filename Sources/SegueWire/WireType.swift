/// The protobuf wire type: the low three bits of a field's tag, which say how the field's bytes are laid out.
public enum WireType: UInt8, Sendable, Hashable, CustomStringConvertible {
    /// A base-128 varint (int32, int64, uint32, uint64, bool, enum).
    case varint = 0
    /// Eight little-endian bytes (double, fixed64, sfixed64).
    case fixed64 = 1
    /// A varint byte count followed by that many bytes (string, bytes, messages, packed repeated numerics).
    case lengthDelimited = 2
    /// The start of a proto2 group; never valid in this schema.
    case startGroup = 3
    /// The end of a proto2 group; never valid in this schema.
    case endGroup = 4
    /// Four little-endian bytes (float, fixed32, sfixed32).
    case fixed32 = 5

    /// The wire type's name and number, such as `"fixed64 (1)"`.
    public var description: String {
        let name =
            switch self {
            case .varint: "varint"
            case .fixed64: "fixed64"
            case .lengthDelimited: "length-delimited"
            case .startGroup: "start-group"
            case .endGroup: "end-group"
            case .fixed32: "fixed32"
            }
        return "\(name) (\(rawValue))"
    }
}
