import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A libzmq context (`zmq_ctx_new`): the I/O threads and the registry of sockets made from it.
///
/// Thread safety: libzmq contexts are thread-safe, so one instance may be shared freely between threads and
/// tasks; that is why this class is `@unchecked Sendable` even though it wraps a raw pointer. The sockets it
/// makes are not thread-safe (see ``ZMQSocket``).
///
/// Ownership: every ``ZMQSocket`` keeps its context alive, so the context is terminated (`zmq_ctx_term`, in
/// `deinit`) only after all of its sockets have been closed and released. Termination then waits for messages still
/// queued on sockets closed with a non-zero linger; pass `blocky: false` or close with `linger: 0` to avoid that.
public final class ZMQContext: @unchecked Sendable {
    /// The `void *` context handle. Valid for the whole lifetime of this object; freed only in `deinit`.
    let handle: UnsafeMutableRawPointer

    /// Creates a context.
    /// - Parameters:
    ///   - ioThreads: the size of the I/O thread pool (`ZMQ_IO_THREADS`); 1 is enough for most daemons.
    ///   - blocky: when false (`ZMQ_BLOCKY` = 0), sockets made from this context start with linger 0 instead of
    ///     libzmq's default of waiting forever for unsent messages on close.
    /// - Throws: ``ZMQError`` when libzmq cannot create the context or rejects an option.
    public init(ioThreads: Int = 1, blocky: Bool = true) throws(ZMQError) {
        guard let handle = zmq_ctx_new() else {
            throw ZMQError.current("zmq_ctx_new")
        }
        self.handle = handle
        // From here on, deinit terminates the handle if an option below throws.
        guard let threads = Int32(exactly: ioThreads), threads >= 0 else {
            throw ZMQError(EINVAL, operation: "zmq_ctx_set ZMQ_IO_THREADS \(ioThreads)")
        }
        if threads != 1 {
            try setOption(ZMQ_IO_THREADS, threads, label: "ZMQ_IO_THREADS")
        }
        if !blocky {
            try setOption(ZMQ_BLOCKY, 0, label: "ZMQ_BLOCKY")
        }
    }

    private func setOption(_ name: Int32, _ value: Int32, label: String) throws(ZMQError) {
        if zmq_ctx_set(handle, name, value) != 0 {
            throw ZMQError.current("zmq_ctx_set \(label)")
        }
    }

    /// Creates a socket of the given type. The socket belongs to the calling thread (see ``ZMQSocket``).
    /// - Throws: ``ZMQError/terminated`` after ``shutdown()``, or `EMFILE` when the socket limit is reached.
    public func makeSocket(_ type: SocketType) throws(ZMQError) -> ZMQSocket {
        guard let socket = zmq_socket(handle, type.rawValue) else {
            throw ZMQError.current("zmq_socket \(type)")
        }
        return ZMQSocket(handle: socket, type: type, context: self)
    }

    /// Creates a socket and sets it up with `configure` (options, binds, connects). When `configure` throws, the
    /// socket is closed with linger 0 before the error goes on, so a socket that could not be set up is never left
    /// open for the caller to forget.
    /// - Throws: what ``makeSocket(_:)`` or `configure` throws.
    public func makeSocket(
        _ type: SocketType, configure: (ZMQSocket) throws(ZMQError) -> Void
    ) throws(ZMQError) -> ZMQSocket {
        let socket = try makeSocket(type)
        do {
            try configure(socket)
        } catch {
            socket.close(linger: 0)
            throw error
        }
        return socket
    }

    /// Shuts the context down (`zmq_ctx_shutdown`): blocking calls on its sockets in any thread return
    /// ``ZMQError/terminated``, as does every later operation except closing. Safe to call from any thread, more
    /// than once. Sockets must still be closed and released before the context can be freed.
    public func shutdown() {
        // The only documented failure is EFAULT for an invalid handle, which cannot happen here.
        _ = zmq_ctx_shutdown(handle)
    }

    /// Terminates the context (`zmq_ctx_term`). Runs only once every socket has gone, because sockets retain it.
    deinit {
        while zmq_ctx_term(handle) != 0 {
            // EINTR is the only failure worth retrying; EFAULT cannot occur for a handle we own.
            if zmq_errno() != EINTR { break }
        }
    }
}
