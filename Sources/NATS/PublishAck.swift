/// JetStream's acknowledgment of a stored message.
public struct PublishAck: Sendable, Hashable {
    /// The message's sequence in the stream.
    public let sequence: UInt64
    /// Whether the stream already held a message with the same message id (within its duplicate window): nothing was
    /// stored, and ``sequence`` is the first one's.
    public let duplicate: Bool
}
