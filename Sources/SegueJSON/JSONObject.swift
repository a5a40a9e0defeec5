/// A JSON object built member by member and rendered on one line, in the style of proto3's JSON mapping with
/// default values printed (Google's `always_print_fields_with_no_presence`): a value is always written, zeros, false,
/// empty strings and lists included, so every object of a kind has the same members; an optional value (a proto3
/// `optional` field, a message field) is written only when present.
public struct JSONObject: Sendable, Hashable, CustomStringConvertible {
    /// Member names and their rendered JSON values, in insertion order.
    public private(set) var members: [(name: String, json: String)] = []

    /// Creates an empty object.
    public init() {}

    /// Adds a member whose value is already JSON text (always added).
    public mutating func addRaw(_ name: String, _ json: String) {
        members.append((name, json))
    }

    /// Adds a string.
    public mutating func add(_ name: String, _ value: String) {
        addRaw(name, Self.quoted(value))
    }

    /// Adds bytes, as proto3 JSON writes them: a Base64 string.
    public mutating func add(_ name: String, _ value: [UInt8]) {
        addRaw(name, Self.quoted(Base64.encode(value)))
    }

    /// Adds a Boolean.
    public mutating func add(_ name: String, _ value: Bool) {
        addRaw(name, value ? "true" : "false")
    }

    /// Adds an unsigned integer (as a JSON number, not proto3's quoted string).
    public mutating func add(_ name: String, _ value: UInt64) {
        addRaw(name, String(value))
    }

    /// Adds a signed integer.
    public mutating func add(_ name: String, _ value: Int64) {
        addRaw(name, String(value))
    }

    /// Adds an unsigned 32-bit integer.
    public mutating func add(_ name: String, _ value: UInt32) {
        addRaw(name, String(value))
    }

    /// Adds a double.
    public mutating func add(_ name: String, _ value: Double) {
        addRaw(name, Self.number(value))
    }

    /// Adds an optional double when present, even if 0 (proto3 `optional` fields keep explicit zeros).
    public mutating func add(_ name: String, _ value: Double?) {
        if let value { addRaw(name, Self.number(value)) }
    }

    /// Adds an optional unsigned 32-bit integer when present, even if 0.
    public mutating func add(_ name: String, _ value: UInt32?) {
        if let value { addRaw(name, String(value)) }
    }

    /// Adds an optional unsigned integer when present, even if 0.
    public mutating func add(_ name: String, _ value: UInt64?) {
        if let value { addRaw(name, String(value)) }
    }

    /// Adds an optional signed integer when present, even if 0.
    public mutating func add(_ name: String, _ value: Int64?) {
        if let value { addRaw(name, String(value)) }
    }

    /// Adds a list of strings.
    public mutating func add(_ name: String, _ values: [String]) {
        addRaw(name, "[" + values.map(Self.quoted).joined(separator: ",") + "]")
    }

    /// Adds a list of unsigned 32-bit integers.
    public mutating func add(_ name: String, _ values: [UInt32]) {
        addRaw(name, "[" + values.map { String($0) }.joined(separator: ",") + "]")
    }

    /// Adds a nested object when present (a present message is shown even when empty, as `{}`).
    public mutating func add(_ name: String, _ object: JSONObject?) {
        if let object { addRaw(name, object.description) }
    }

    /// Adds a list of objects.
    public mutating func add(_ name: String, _ objects: [JSONObject]) {
        addRaw(name, "[" + objects.map(\.description).joined(separator: ",") + "]")
    }

    /// Adds an enum value by its proto name (the zero value too); a number the proto does not declare is written
    /// as a number, as proto3 JSON does.
    public mutating func addEnum(_ name: String, rawValue: Int32, isKnown: Bool, protoName: String) {
        addRaw(name, isKnown ? Self.quoted(protoName) : String(rawValue))
    }

    /// The object as compact JSON text.
    public var description: String {
        "{" + members.map { Self.quoted($0.name) + ":" + $0.json }.joined(separator: ",") + "}"
    }

    /// Compares members in order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.description == rhs.description
    }

    /// Hashes the rendered text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }

    /// A JSON number for a double: whole values without a fraction part, and proto3's strings for the values JSON
    /// numbers cannot hold (`"NaN"`, `"Infinity"`, `"-Infinity"`).
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "\"NaN\"" }
        if value.isInfinite { return value > 0 ? "\"Infinity\"" : "\"-Infinity\"" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
