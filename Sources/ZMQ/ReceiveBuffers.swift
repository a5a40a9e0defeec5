/// Message storage a receiving loop keeps between calls of ``ZMQSocket/receive(dontWait:reusing:_:)``.
///
/// Each `zmq_msg_t` is reused for the next message (libzmq releases a message's old content when it receives into
/// it), so a busy socket is drained without an allocation per message. Belongs to the socket's thread.
public final class ReceiveBuffers {
    var messages: [Message] = []
    var parts: [UnsafeRawBufferPointer] = []
    /// Messages kept for reuse: more parts than this are rare, and a message holds its content until it is reused,
    /// so keeping the storage of one message of thousands of parts would keep its megabytes.
    static let keptMessages = 8

    public init() {}

    /// Closes the messages beyond `keptMessages`, releasing what they hold.
    func releaseUncommonParts() {
        if messages.count > Self.keptMessages { messages.removeSubrange(Self.keptMessages...) }
        parts.removeAll(keepingCapacity: true)
    }
}
