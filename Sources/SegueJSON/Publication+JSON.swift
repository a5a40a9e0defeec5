import SegueWire

extension Publication: JSONRepresentable {
    /// The message wrapped in a member named after its kind, so a stream of mixed publications stays readable:
    /// `{"event":{…}}`, `{"frame":{…}}`, `{"rejection":{…}}`, `{"probe":{"token":…}}`,
    /// `{"undecodable":{"topic":…,"reason":…}}`.
    public var jsonObject: JSONObject {
        var object = JSONObject()
        switch self {
        case .event(let event): object.add("event", event.jsonObject)
        case .frame(let frame): object.add("frame", frame.jsonObject)
        case .rejection(let rejection): object.add("rejection", rejection.jsonObject)
        case .probe(let probe): object.add("probe", probe.jsonObject)
        case .undecodable(let topic, let reason):
            var member = JSONObject()
            member.add("topic", topic)
            member.add("reason", reason)
            object.add("undecodable", member)
        }
        return object
    }
}
