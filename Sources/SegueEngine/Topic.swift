/// Topic frames of the events socket: a subscriber filters on their prefixes (`ev/` all events, `ev/main/`
/// exactly stack `main`).
public enum Topic: Sendable {
    /// `ev/<stack>/`, an `Event`.
    case event
    /// `fr/<stack>/`, a `Frame`.
    case frame
    /// `er/<stack>/`, a `Rejection` (`er//` when no stack could be read).
    case rejection
    /// `pr/<token>/`, a `PublishProbe` a client asked for.
    case probe

    /// Replaces `buffer`'s contents with the topic for `stackId` (a probe's token), reusing its storage (the
    /// publish path makes one per message).
    public func write(_ stackId: String, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        switch self {
        case .event: buffer.append(contentsOf: [UInt8(ascii: "e"), UInt8(ascii: "v")])
        case .frame: buffer.append(contentsOf: [UInt8(ascii: "f"), UInt8(ascii: "r")])
        case .rejection: buffer.append(contentsOf: [UInt8(ascii: "e"), UInt8(ascii: "r")])
        case .probe: buffer.append(contentsOf: [UInt8(ascii: "p"), UInt8(ascii: "r")])
        }
        buffer.append(UInt8(ascii: "/"))
        buffer.append(contentsOf: stackId.utf8)
        buffer.append(UInt8(ascii: "/"))
    }
}
