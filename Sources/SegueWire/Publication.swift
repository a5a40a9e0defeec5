/// One message from a daemon's events socket, decoded by its topic.
public enum Publication: Sendable, Hashable {
    /// `ev/<stack>/`: a logged event.
    case event(Event)
    /// `fr/<stack>/`: a frame of a transition's layout (not logged).
    case frame(Frame)
    /// `er/<stack>/`: an ingest input the daemon could not apply.
    case rejection(Rejection)
    /// `pr/<token>/`: a probe a client asked for (`ControlClient.publishProbe`).
    case probe(PublishProbe)
    /// A message that could not be decoded: an unknown topic, a missing payload, or bytes that are not the
    /// topic's message type. Reported rather than thrown, so one bad message does not end a subscription.
    case undecodable(topic: String, reason: String)

    /// Decodes a publication from its topic frame and payload frame.
    public init(topic: [UInt8], payload: [UInt8]) {
        let name = String(decoding: topic, as: UTF8.self)
        guard let kind = Topic(of: topic) else {
            self = .undecodable(topic: name, reason: Self.unknownTopic)
            return
        }
        do {
            switch kind {
            case .event: self = .event(try Event(decoding: payload))
            case .frame: self = .frame(try Frame(decoding: payload))
            case .rejection: self = .rejection(try Rejection(decoding: payload))
            case .probe: self = .probe(try PublishProbe(decoding: payload))
            }
        } catch {
            self = .undecodable(topic: name, reason: "payload does not decode: \(error)")
        }
    }

    private static let unknownTopic =
        "unknown topic; expected one of " + Topic.allCases.map(\.prefix).joined(separator: ", ")

    /// Decodes a whole multipart message, which should be exactly `[topic, payload]`.
    public init(parts: [[UInt8]]) {
        guard parts.count == 2 else {
            let topic = parts.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
            self = .undecodable(topic: topic, reason: "expected 2 frames (topic, payload), got \(parts.count)")
            return
        }
        self.init(topic: parts[0], payload: parts[1])
    }

    /// The stack the publication is about, when it names one.
    public var stackId: String? {
        switch self {
        case .event(let event): event.stackId
        case .frame(let frame): frame.stackId
        case .rejection(let rejection): rejection.stackId
        case .probe, .undecodable: nil
        }
    }
}
