import SegueWire

extension Publication: JSONWritable {
    /// The same text as `jsonObject`: `{"event":{…}}`, `{"frame":{…}}` and so on.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .event(let event): writer.member("event", event)
        case .frame(let frame): writer.member("frame", frame)
        case .rejection(let rejection): writer.member("rejection", rejection)
        case .probe(let probe): writer.member("probe", probe)
        case .undecodable(let topic, let reason):
            writer.member("undecodable", Undecodable(topic: topic, reason: reason))
        }
        writer.endObject()
    }

    private struct Undecodable: JSONWritable {
        var topic: String
        var reason: String

        func writeJSON(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.member("topic", topic)
            writer.member("reason", reason)
            writer.endObject()
        }
    }
}
