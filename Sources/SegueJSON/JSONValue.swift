/// A parsed JSON document, for reading proto3-JSON inputs (`segue web`'s browser messages). Integers are kept
/// exact when they fit 64 bits, so ids and microsecond times above 2^53 survive. (Not `indirect`: arrays and
/// dictionaries already hold their elements out of line, and boxing every number would cost an allocation each.)
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deeper nesting is refused where it starts: no proto3-JSON message nests half as deep.
    public static let maxDepth = 32

    /// Parses UTF-8 JSON text (strict RFC 8259, in one pass: ``JSONParser``); the error names what is wrong and
    /// the byte offset where.
    public init(parsing bytes: [UInt8]) throws(JSONInputError) {
        self = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONInputError) in try JSONParser.parse(buffer) }
    }

    /// The kind of value, for error messages.
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .integer, .unsigned, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
