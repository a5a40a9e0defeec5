import CZeroMQ

/// Owns one initialised `zmq_msg_t` at a fixed heap address (libzmq may point into the struct itself, so it must
/// not move), closing it on deinit. Internal: the public API hands out copies or borrowed buffers only.
final class Message {
    private let pointer: UnsafeMutablePointer<zmq_msg_t>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: zmq_msg_t())
        // zmq_msg_init cannot fail.
        _ = zmq_msg_init(pointer)
    }

    deinit {
        // Releases the content (or drops our reference to shared content); cannot fail for an initialised message.
        _ = zmq_msg_close(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    /// Receives one part into this message (`zmq_msg_recv`), replacing any previous content. Retries `EINTR`.
    /// - Returns: `false` on `EAGAIN`.
    func receive(from socket: UnsafeMutableRawPointer, flags: Int32) throws(ZMQError) -> Bool {
        let pointer = self.pointer
        return try retryingInterruptsUnlessWouldBlock("receive") { zmq_msg_recv(pointer, socket, flags) } != nil
    }

    /// Whether more parts of the same message follow this one (`zmq_msg_more`, the per-message `ZMQ_RCVMORE`).
    var hasMore: Bool { zmq_msg_more(pointer) != 0 }

    /// The part's bytes, in place. Valid until the next `receive` or until this object is released.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: zmq_msg_data(pointer), count: zmq_msg_size(pointer))
    }
}
