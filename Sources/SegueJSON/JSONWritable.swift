/// A value that writes its JSON straight into a `JSONWriter`, the same text as its `jsonObject`'s: every message
/// of proto/segue.proto (Generated/ProtoJSONWriting.swift) and `Publication`.
public protocol JSONWritable {
    func writeJSON(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The value as compact JSON, UTF-8.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writeJSON(to: &writer)
        return writer.bytes
    }
}
