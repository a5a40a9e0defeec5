import FoundationEssentials

/// A parsed JSON document, for reading proto3-JSON inputs (`segue web`'s browser messages). Integers are kept
/// exact when they fit 64 bits, so ids and microsecond times above 2^53 survive.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Deeper nesting is refused before parsing: no proto3-JSON message nests half as deep, and the decoder's
    /// cost grows steeply with depth (500 levels take a quarter of a second).
    public static let maxDepth = 32

    /// Parses UTF-8 JSON text; the error names what is wrong.
    public init(parsing bytes: [UInt8]) throws(JSONInputError) {
        if let offset = Self.offsetTooDeep(bytes) {
            throw JSONInputError(path: "", message: "nested deeper than \(Self.maxDepth) levels at byte \(offset)")
        }
        do {
            self = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw JSONInputError(path: "", message: "not JSON: \(Self.reason(error))")
        } catch {
            throw JSONInputError(path: "", message: "not JSON: \(error)")
        }
    }

    /// The offset of the first bracket that opens level `maxDepth + 1`, skipping brackets inside strings.
    private static func offsetTooDeep(_ bytes: [UInt8]) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > maxDepth { return offset }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return nil
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): context.underlyingError.map { "\($0)" } ?? context.debugDescription
        default: "\(error)"
        }
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

extension JSONValue: Decodable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Tries the narrowest reading first: JSONDecoder refuses a Boolean for a number and a fraction for an integer.
    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONValue] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(members)
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}
