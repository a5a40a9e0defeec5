/// A value with a JSON rendering in the style of proto3's JSON mapping (lowerCamelCase names, enum names as
/// strings, defaults written), for `--json` outputs.
public protocol JSONRepresentable {
    /// The value as a JSON object.
    var jsonObject: JSONObject { get }
}

extension JSONRepresentable {
    /// The value as one line of compact JSON.
    public var json: String { jsonObject.description }
}
