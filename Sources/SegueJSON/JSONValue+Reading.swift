/// A proto enum that reads from proto3 JSON: its value's name, or a number.
public protocol ProtoJSONEnum {
    init?(protoName: String)
    init(rawValue: Int32)
    static var knownValues: [Self] { get }
}

/// A proto message that reads from proto3 JSON (the generated conformances, in Generated/).
public protocol ProtoJSONDecodable {
    /// Reads `json`; `path` names it in errors.
    init(json: JSONValue, path: String) throws(JSONInputError)
}

extension ProtoJSONDecodable {
    /// Parses UTF-8 JSON text as this message.
    public init(jsonText: [UInt8]) throws(JSONInputError) {
        try self.init(json: JSONValue(parsing: jsonText), path: "")
    }
}

// Readers for each proto3 scalar in its JSON form (the mapping of protobuf's JSON documentation): 64-bit integers
// as numbers or decimal strings, doubles as numbers or "NaN", "Infinity", "-Infinity", enums by name or number.
extension JSONValue {
    /// `path.key`, or `key` at the top.
    public static func member(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    private func refuse(_ path: String, _ expected: String) -> JSONInputError {
        JSONInputError(path: path, message: "expected \(expected), found \(kind)")
    }

    /// The members of an object, sorted by name so errors do not depend on hashing.
    public func members(at path: String) throws(JSONInputError) -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = self else { throw refuse(path, "an object") }
        return members.sorted { $0.key < $1.key }
    }

    public func elements(at path: String) throws(JSONInputError) -> [JSONValue] {
        guard case .array(let elements) = self else { throw refuse(path, "an array") }
        return elements
    }

    public func string(at path: String) throws(JSONInputError) -> String {
        guard case .string(let text) = self else { throw refuse(path, "a string") }
        return text
    }

    /// A `bytes` field: a Base64 string (standard or URL-safe alphabet).
    public func bytes(at path: String) throws(JSONInputError) -> [UInt8] {
        guard let bytes = Base64.decode(try string(at: path)) else {
            throw JSONInputError(path: path, message: "not Base64")
        }
        return bytes
    }

    public func bool(at path: String) throws(JSONInputError) -> Bool {
        guard case .bool(let value) = self else { throw refuse(path, "true or false") }
        return value
    }

    public func double(at path: String) throws(JSONInputError) -> Double {
        switch self {
        case .integer(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .number(let value): return value
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .string(let text):
            if let value = Double(text), value.isFinite { return value }
            throw JSONInputError(path: path, message: "\"\(text)\" is not a number")
        default: throw refuse(path, "a number")
        }
    }

    /// A whole number in `Int64`'s range; `double` of a fraction or beyond the range is refused, not rounded.
    private func integer(at path: String, typeName: String) throws(JSONInputError) -> Int64? {
        switch self {
        case .integer(let value): return value
        case .unsigned: return nil
        case .number(let value):
            guard value == value.rounded(), let exact = Int64(exactly: value) else {
                throw JSONInputError(path: path, message: "\(value) is not a whole \(typeName)")
            }
            return exact
        case .string(let text):
            if let value = Int64(text) { return value }
            if UInt64(text) != nil { return nil }
            throw JSONInputError(path: path, message: "\"\(text)\" is not a whole number")
        default: throw refuse(path, "a whole number")
        }
    }

    public func int64(at path: String) throws(JSONInputError) -> Int64 {
        guard let value = try integer(at: path, typeName: "int64") else {
            throw JSONInputError(path: path, message: "out of int64's range")
        }
        return value
    }

    public func uint64(at path: String) throws(JSONInputError) -> UInt64 {
        switch self {
        case .unsigned(let value): return value
        case .string(let text) where UInt64(text) != nil: return UInt64(text)!
        default:
            guard let value = try integer(at: path, typeName: "uint64"), value >= 0 else {
                throw JSONInputError(path: path, message: "out of uint64's range (0 or more)")
            }
            return UInt64(value)
        }
    }

    public func int32(at path: String) throws(JSONInputError) -> Int32 {
        guard let value = try integer(at: path, typeName: "int32"), let exact = Int32(exactly: value) else {
            throw JSONInputError(path: path, message: "out of int32's range")
        }
        return exact
    }

    public func uint32(at path: String) throws(JSONInputError) -> UInt32 {
        guard let value = try integer(at: path, typeName: "uint32"), let exact = UInt32(exactly: value) else {
            throw JSONInputError(path: path, message: "out of uint32's range (0 to 4294967295)")
        }
        return exact
    }

    public func enumValue<Value: ProtoJSONEnum & CustomStringConvertible>(at path: String) throws(JSONInputError)
        -> Value
    {
        if case .string(let name) = self {
            if let value = Value(protoName: name) { return value }
            let names = Value.knownValues.map(\.description).joined(separator: ", ")
            throw JSONInputError(path: path, message: "\"\(name)\" is not one of \(names)")
        }
        return Value(rawValue: try int32(at: path))
    }

}
