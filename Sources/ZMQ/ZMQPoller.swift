import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits on several sockets (and plain file descriptors) at once with `zmq_poll`.
///
/// Build it once, then call ``poll(timeoutMs:)`` in a loop and check ``isReadable(_:)``/``isWritable(_:)`` by the
/// index ``add(_:events:)`` returned. The poller keeps its sockets alive, and like them belongs to one thread.
///
/// ```swift
/// var poller = ZMQPoller()
/// let commands = poller.add(commandSocket)
/// while try poller.poll(timeoutMs: 100) >= 0 {
///     if poller.isReadable(commands), let message = try commandSocket.receive(dontWait: true) { ... }
/// }
/// ```
public struct ZMQPoller {
    private var items: [zmq_pollitem_t] = []
    /// The socket of each item, `nil` for file-descriptor items; refreshed into `items` before each poll.
    private var sockets: [ZMQSocket?] = []

    /// Creates an empty poller.
    public init() {}

    /// The number of sockets and descriptors added.
    public var count: Int { items.count }

    /// Adds a socket to wait on.
    /// - Returns: the index to pass to ``isReadable(_:)``, ``isWritable(_:)`` and ``setEvents(_:at:)``.
    @discardableResult
    public mutating func add(_ socket: ZMQSocket, events: PollEvents = .readable) -> Int {
        items.append(zmq_pollitem_t(socket: socket.handle, fd: -1, events: events.rawValue, revents: 0))
        sockets.append(socket)
        return items.count - 1
    }

    /// Adds a plain file descriptor (a pipe, a signal fd, ...) to wait on.
    /// - Returns: the index to pass to ``isReadable(_:)`` and friends.
    @discardableResult
    public mutating func add(fileDescriptor: Int32, events: PollEvents = .readable) -> Int {
        items.append(zmq_pollitem_t(socket: nil, fd: zmq_fd_t(fileDescriptor), events: events.rawValue, revents: 0))
        sockets.append(nil)
        return items.count - 1
    }

    /// Changes which events are waited for at an index, e.g. to add ``PollEvents/writable`` only while there is
    /// something queued to send.
    public mutating func setEvents(_ events: PollEvents, at index: Int) {
        items[index].events = events.rawValue
    }

    /// Waits until at least one item is ready or the timeout passes (`zmq_poll`).
    /// - Parameter timeoutMs: milliseconds to wait; 0 returns at once, -1 waits indefinitely.
    /// - Returns: the number of ready items, 0 on timeout or when a signal interrupted the wait (`EINTR`); the
    ///   caller loops either way.
    /// - Throws: ``ZMQError/terminated`` after the context of a polled socket is shut down;
    ///   ``ZMQError/notSocket`` when a polled socket was closed.
    public mutating func poll(timeoutMs: Int) throws(ZMQError) -> Int {
        for index in items.indices {
            items[index].revents = 0
            guard let socket = sockets[index] else { continue }
            // A closed socket must not reach zmq_poll: a NULL socket would make it poll item.fd instead.
            guard let handle = socket.handle else {
                throw ZMQError(ENOTSOCK, operation: "poll (item \(index) is a closed \(socket.type) socket)")
            }
            items[index].socket = handle
        }
        let count = Int32(clamping: items.count)
        let (result, code) = items.withUnsafeMutableBufferPointer { buffer in
            let result = zmq_poll(buffer.baseAddress, count, timeoutMs)
            return (result, result == -1 ? zmq_errno() : 0)
        }
        if result >= 0 { return Int(result) }
        if code == EINTR { return 0 }
        throw ZMQError(code, operation: "poll")
    }

    /// The events reported ready at an index by the last ``poll(timeoutMs:)``.
    public func returnedEvents(_ index: Int) -> PollEvents {
        PollEvents(rawValue: items[index].revents)
    }

    /// Whether the item at `index` was readable at the last ``poll(timeoutMs:)``.
    public func isReadable(_ index: Int) -> Bool {
        returnedEvents(index).contains(.readable)
    }

    /// Whether the item at `index` was writable at the last ``poll(timeoutMs:)``.
    public func isWritable(_ index: Int) -> Bool {
        returnedEvents(index).contains(.writable)
    }
}
