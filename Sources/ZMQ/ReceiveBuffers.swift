/// Message storage a receiving loop keeps between calls of ``ZMQSocket/receive(dontWait:reusing:_:)``.
///
/// Each `zmq_msg_t` is reused for the next message (libzmq releases a message's old content when it receives into
/// it), so a busy socket is drained without an allocation per message. Belongs to the socket's thread.
public final class ReceiveBuffers {
    var messages: [Message] = []
    var parts: [UnsafeRawBufferPointer] = []

    public init() {}
}
