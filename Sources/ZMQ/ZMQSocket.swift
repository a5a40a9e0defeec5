import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A libzmq socket (`zmq_socket`), made by ``ZMQContext/makeSocket(_:)``.
///
/// Thread safety: a socket belongs to one thread. libzmq sockets are not thread-safe, so this class is
/// deliberately not `Sendable`; create and use it on the thread (or within the single task) that owns it. Handing
/// it over whole to another thread (Swift's `sending`) is fine: the hand-off itself is the required memory barrier.
/// Use ``ZMQContext/shutdown()`` to interrupt a socket blocked in another thread.
///
/// Ownership: the socket owns its handle and keeps its context alive. Its owner must release the handle with
/// ``close(linger:)`` (``ZMQContext/makeSocket(_:configure:)`` does so when setting it up fails). Releasing a socket
/// that is still open is a bug: a debug build stops on an assertion in `deinit`, a release build closes it there
/// with linger 0. Every operation on a closed socket throws ``ZMQError/notSocket`` instead of touching a dangling
/// handle.
///
/// Errors: `EINTR` is retried internally; `EAGAIN` (no message with `dontWait`, a full queue, or an expired
/// ``SocketOption/receiveTimeout``/``SocketOption/sendTimeout``) comes back as `nil`/`false`, not as an error.
public final class ZMQSocket {
    /// The `void *` socket handle, `nil` once closed.
    private(set) var handle: UnsafeMutableRawPointer?

    /// The socket type it was created with.
    public let type: SocketType

    /// The context this socket was made from, kept alive for as long as the socket exists.
    public let context: ZMQContext

    init(handle: UnsafeMutableRawPointer, type: SocketType, context: ZMQContext) {
        self.handle = handle
        self.type = type
        self.context = context
    }

    /// A socket must be closed before it is released, as swift-nio asserts of a channel: a forgotten one would
    /// otherwise be closed at whatever moment its last reference goes, on whatever thread, with whatever linger.
    /// Release builds still close it, with linger 0, so that it can neither leak nor hold up the context's
    /// termination.
    deinit {
        guard handle != nil else { return }
        assertionFailure(
            "a \(type) ZMQSocket (last endpoint '\((try? lastEndpoint) ?? "?")') was released without close(): "
                + "close every socket explicitly, e.g. with defer { socket.close() }")
        close(linger: 0)
    }

    /// Whether ``close(linger:)`` has been called.
    public var isClosed: Bool { handle == nil }

    /// Returns the live handle, or throws ``ZMQError/notSocket`` naming the operation if the socket is closed.
    @inline(__always)
    func liveHandle(
        _ operation: @autoclosure () -> String,
        endpoint: String? = nil
    ) throws(ZMQError) -> UnsafeMutableRawPointer {
        guard let handle else { throw ZMQError(ENOTSOCK, operation: operation(), endpoint: endpoint) }
        return handle
    }

    /// Closes the socket (`zmq_close`). Idempotent; never throws.
    /// - Parameter linger: if given, sets `ZMQ_LINGER` (milliseconds; 0 drops unsent messages, -1 waits forever)
    ///   before closing. Otherwise the socket's current linger applies.
    public func close(linger: Int? = nil) {
        guard let handle else { return }
        self.handle = nil
        if let linger {
            var value = Int32(clamping: linger)
            _ = zmq_setsockopt(handle, ZMQ_LINGER, &value, MemoryLayout<Int32>.size)
        }
        // zmq_close fails only with ENOTSOCK, which cannot happen for a handle we still own.
        _ = zmq_close(handle)
    }

    // MARK: - Endpoints

    /// Binds to an endpoint such as `tcp://127.0.0.1:*`, `tcp://*:5555`, `ipc:///tmp/x` or `inproc://name`.
    /// Use ``lastEndpoint`` to learn the port chosen for `*`.
    /// - Throws: ``ZMQError`` carrying the operation and endpoint, e.g. `EADDRINUSE`, `EPROTONOSUPPORT`, `EINVAL`.
    public func bind(_ endpoint: String) throws(ZMQError) {
        let handle = try liveHandle("bind", endpoint: endpoint)
        _ = try retryingInterrupts("bind", endpoint: endpoint) { zmq_bind(handle, endpoint) }
    }

    /// Connects to an endpoint. Connection happens in the background; this returns before the peer is reached.
    /// - Throws: ``ZMQError`` carrying the operation and endpoint for malformed or unsupported endpoints.
    public func connect(_ endpoint: String) throws(ZMQError) {
        let handle = try liveHandle("connect", endpoint: endpoint)
        _ = try retryingInterrupts("connect", endpoint: endpoint) { zmq_connect(handle, endpoint) }
    }

    /// Stops listening on an endpoint previously bound. For a wildcard bind, pass the ``lastEndpoint`` value.
    /// - Throws: ``ZMQError/noSuchEndpoint`` if it was not bound.
    public func unbind(_ endpoint: String) throws(ZMQError) {
        let handle = try liveHandle("unbind", endpoint: endpoint)
        _ = try retryingInterrupts("unbind", endpoint: endpoint) { zmq_unbind(handle, endpoint) }
    }

    /// Disconnects from an endpoint previously connected.
    /// - Throws: ``ZMQError/noSuchEndpoint`` if it was not connected.
    public func disconnect(_ endpoint: String) throws(ZMQError) {
        let handle = try liveHandle("disconnect", endpoint: endpoint)
        _ = try retryingInterrupts("disconnect", endpoint: endpoint) { zmq_disconnect(handle, endpoint) }
    }

    // MARK: - Sending

    /// Sends all parts as one multipart message (each part copied by `zmq_send`).
    ///
    /// libzmq delivers multipart messages atomically and applies the high-water mark only to the first part, so
    /// once the first part is accepted the others are too.
    /// - Parameter dontWait: `ZMQ_DONTWAIT`: return `false` instead of blocking when the message cannot be queued.
    /// - Returns: `false` when the first part would block (`EAGAIN`: `dontWait`, or ``SocketOption/sendTimeout``
    ///   expired); nothing was sent then. `true` once every part is queued.
    /// - Throws: ``ZMQError/invalidArgument`` for an empty `parts` array; ``ZMQError/tryAgain`` only if a part after
    ///   the first would block, which libzmq does not do for complete messages; any other libzmq error.
    @discardableResult
    public func send(_ parts: [[UInt8]], dontWait: Bool = false) throws(ZMQError) -> Bool {
        guard let lastIndex = parts.indices.last else {
            throw ZMQError(EINVAL, operation: "send (a message needs at least one part)")
        }
        for index in parts.indices {
            let sent = try send(parts[index], more: index != lastIndex, dontWait: dontWait)
            if !sent {
                if index == 0 { return false }
                throw ZMQError(EAGAIN, operation: "send (part \(index + 1) of \(parts.count))")
            }
        }
        return true
    }

    /// Sends one part, copying its bytes (`zmq_send`).
    /// - Parameters:
    ///   - more: `ZMQ_SNDMORE`: more parts of the same message follow.
    ///   - dontWait: `ZMQ_DONTWAIT`: return `false` instead of blocking.
    /// - Returns: `false` when the part would block (`EAGAIN`); `true` once queued.
    @discardableResult
    public func send(_ part: [UInt8], more: Bool, dontWait: Bool = false) throws(ZMQError) -> Bool {
        let handle = try liveHandle("send")
        let flags = Self.sendFlags(more: more, dontWait: dontWait)
        let count = part.count
        return try retryingInterruptsUnlessWouldBlock("send") { zmq_send(handle, part, count, flags) } != nil
    }

    /// Sends one part from raw memory, copying the bytes (`zmq_send`); useful to send straight from an encoder's
    /// buffer without building an array.
    /// - Returns: `false` when the part would block (`EAGAIN`); `true` once queued.
    @discardableResult
    public func send(_ bytes: UnsafeRawBufferPointer, more: Bool, dontWait: Bool = false) throws(ZMQError) -> Bool {
        let handle = try liveHandle("send")
        let flags = Self.sendFlags(more: more, dontWait: dontWait)
        return try retryingInterruptsUnlessWouldBlock("send") {
            zmq_send(handle, bytes.baseAddress, bytes.count, flags)
        } != nil
    }

    private static func sendFlags(more: Bool, dontWait: Bool) -> Int32 {
        (more ? ZMQ_SNDMORE : 0) | (dontWait ? ZMQ_DONTWAIT : 0)
    }

    // MARK: - Receiving

    /// Receives one whole multipart message, each part through a `zmq_msg_t` (no size limit but
    /// ``SocketOption/maxMessageSize``), copied into arrays. Parts are read until the more flag is clear.
    /// - Parameter dontWait: `ZMQ_DONTWAIT`: return `nil` instead of blocking.
    /// - Returns: the parts (at least one), or `nil` when no message is available (`EAGAIN`: `dontWait`, or
    ///   ``SocketOption/receiveTimeout`` expired).
    /// - Throws: ``ZMQError/terminated`` after the context is shut down; any other libzmq error.
    public func receive(dontWait: Bool = false) throws(ZMQError) -> [[UInt8]]? {
        let handle = try liveHandle("receive")
        let message = Message()
        var parts: [[UInt8]] = []
        repeat {
            // libzmq delivers multipart messages atomically, so only the first part can be missing.
            let flags = parts.isEmpty && dontWait ? ZMQ_DONTWAIT : 0
            guard try message.receive(from: handle, flags: flags) else {
                if parts.isEmpty { return nil }
                throw ZMQError(EAGAIN, operation: "receive (part \(parts.count + 1))")
            }
            parts.append([UInt8](message.bytes))
        } while message.hasMore
        return parts
    }

    /// Receives one whole multipart message and lends `body` each part's bytes in place (`zmq_msg_data`), without
    /// copying them into arrays. The buffers are valid only during `body`; the messages are released afterwards.
    /// - Parameters:
    ///   - dontWait: `ZMQ_DONTWAIT`: return `nil` instead of blocking.
    ///   - body: called once with all parts of the message (at least one).
    /// - Returns: what `body` returned, or `nil` when no message is available (`EAGAIN`).
    /// - Throws: a ``ZMQError`` from receiving, or whatever `body` throws.
    public func receive<R>(
        dontWait: Bool = false,
        _ body: (_ parts: [UnsafeRawBufferPointer]) throws -> R
    ) throws -> R? {
        try receive(dontWait: dontWait, reusing: ReceiveBuffers(), body)
    }

    /// Like ``receive(dontWait:_:)``, but the `zmq_msg_t`s and the part list live in `buffers`, kept by the
    /// caller across calls: a loop that drains a busy socket then allocates nothing per message.
    public func receive<R>(
        dontWait: Bool = false,
        reusing buffers: ReceiveBuffers,
        _ body: (_ parts: [UnsafeRawBufferPointer]) throws -> R
    ) throws -> R? {
        let handle = try liveHandle("receive")
        // Every part stays alive until body returns, so each needs its own zmq_msg_t.
        var count = 0
        repeat {
            if count == buffers.messages.count { buffers.messages.append(Message()) }
            let message = buffers.messages[count]
            let flags = count == 0 && dontWait ? ZMQ_DONTWAIT : 0
            guard try message.receive(from: handle, flags: flags) else {
                if count == 0 { return nil }
                throw ZMQError(EAGAIN, operation: "receive (part \(count + 1))")
            }
            count += 1
        } while buffers.messages[count - 1].hasMore
        buffers.parts.removeAll(keepingCapacity: true)
        for index in 0..<count { buffers.parts.append(buffers.messages[index].bytes) }
        defer { buffers.releaseUncommonParts() }
        return try body(buffers.parts)
    }

    // MARK: - State

    /// Whether the last part received was followed by more parts of the same message (`ZMQ_RCVMORE`). `false` on
    /// a closed socket. ``receive(dontWait:)`` already reads whole messages; this is for part-by-part callers.
    public var hasMore: Bool {
        guard let handle else { return false }
        var value: Int32 = 0
        var size = MemoryLayout<Int32>.size
        guard zmq_getsockopt(handle, ZMQ_RCVMORE, &value, &size) == 0 else { return false }
        return value != 0
    }

    /// The endpoint last bound or connected (`ZMQ_LAST_ENDPOINT`), with wildcards resolved: after binding
    /// `tcp://127.0.0.1:*` this reads e.g. `tcp://127.0.0.1:49152`. Empty if nothing was bound or connected.
    public var lastEndpoint: String {
        get throws(ZMQError) { try getOption(.lastEndpoint) }
    }

    /// The file descriptor libzmq signals when ``events`` may have changed (`ZMQ_FD`), for integrating with an
    /// external event loop. It is edge-triggered: after it fires, read ``events`` and drain until not readable.
    public var fileDescriptor: Int32 {
        get throws(ZMQError) {
            let handle = try liveHandle("getsockopt ZMQ_FD")
            var value: zmq_fd_t = -1
            var size = MemoryLayout<zmq_fd_t>.size
            _ = try retryingInterrupts("getsockopt ZMQ_FD") { zmq_getsockopt(handle, ZMQ_FD, &value, &size) }
            return Int32(value)
        }
    }

    /// Whether a message can be received or sent right now without blocking (`ZMQ_EVENTS`).
    public var events: PollEvents {
        get throws(ZMQError) {
            let value = try getOption(ZMQ_EVENTS)
            return PollEvents(rawValue: Int16(truncatingIfNeeded: value))
        }
    }
}
