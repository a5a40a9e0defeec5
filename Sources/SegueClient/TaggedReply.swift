import SegueWire

/// A daemon's reply to a request sent through ``TaggedRequests``, with the tag it was sent under.
public struct TaggedReply: Sendable {
    public let tag: UInt64
    /// The reply, or ``ClientError/undecodableReply(_:)`` when it did not decode.
    public let reply: Result<Reply, ClientError>

    public init(tag: UInt64, reply: Result<Reply, ClientError>) {
        self.tag = tag
        self.reply = reply
    }

    /// Reads `[tag, payload]` as the daemon sends it back; nil for any other shape.
    init?(parts: [[UInt8]]) {
        guard parts.count == 2, parts[0].count == 8 else { return nil }
        tag = parts[0].withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
        do {
            reply = .success(try Reply(decoding: parts[1]))
        } catch {
            reply = .failure(.undecodableReply("the reply does not decode as segue.v1.Reply: \(error)"))
        }
    }

    /// The tag's part in front of a request: 8 bytes, big-endian.
    static func tagBytes(_ tag: UInt64) -> [UInt8] {
        withUnsafeBytes(of: tag.bigEndian) { Array($0) }
    }
}
