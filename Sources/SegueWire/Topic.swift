/// Topic frames of the events socket: a subscriber filters on their prefixes (`ev/` all events, `ev/main/`
/// exactly stack `main`). The one place the four prefixes are spelled.
public enum Topic: String, CaseIterable, Sendable {
    /// `ev/<stack>/`, an `Event`.
    case event = "ev/"
    /// `fr/<stack>/`, a `Frame`.
    case frame = "fr/"
    /// `er/<stack>/`, a `Rejection` (`er//` when no stack could be read).
    case rejection = "er/"
    /// `pr/<token>/`, a `PublishProbe` a client asked for.
    case probe = "pr/"

    /// The prefix of every topic of this kind, whatever the stack: `ev/`.
    public var prefix: String { rawValue }

    /// The topic of stack `stackId` (a probe's token), also the prefix that subscribes to exactly it: `ev/main/`.
    public func prefix(_ stackId: String) -> String { rawValue + stackId + "/" }

    /// The kind of a topic frame, read from its prefix (up to its first `/`); nil for a topic that is none of them.
    public init?(of topic: [UInt8]) {
        guard let slash = topic.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        self.init(rawValue: String(decoding: topic[...slash], as: UTF8.self))
    }

    /// Replaces `buffer`'s contents with the topic for `stackId` (a probe's token), reusing its storage (the
    /// publish path makes one per message).
    public func write(_ stackId: String, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: rawValue.utf8)
        buffer.append(contentsOf: stackId.utf8)
        buffer.append(UInt8(ascii: "/"))
    }
}
