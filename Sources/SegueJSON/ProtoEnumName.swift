import SegueWire

/// The shape every generated open enum has (each conforms in Generated/ProtoJSONEncoding.swift), so JSON
/// rendering can name their values uniformly.
protocol ProtoEnumName: CustomStringConvertible {
    var rawValue: Int32 { get }
    var isKnown: Bool { get }
}

extension JSONObject {
    /// Adds an enum value by name, the zero value too.
    mutating func add(_ name: String, _ value: some ProtoEnumName) {
        addEnum(name, rawValue: value.rawValue, isKnown: value.isKnown, protoName: value.description)
    }
}
