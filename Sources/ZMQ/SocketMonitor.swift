/// A socket's monitor and the PAIR socket that reads its events (`zmq_socket_monitor`), started and stopped in the
/// only safe order: the reader connects before anything the monitor should see happens (libzmq drops events nobody
/// reads), and the monitor stops before its reader closes (libzmq sends monitor events without a timeout, and would
/// wait forever for a reader that is gone, keeping the context from ending).
///
/// Not thread-safe: use it from the thread that uses the socket it watches.
public final class SocketMonitor {
    /// The reader, for a poller: readable when an event is waiting.
    public let reader: ZMQSocket
    private let socket: ZMQSocket
    private var closed = false

    /// Starts monitoring `socket` for `events` (a mask of `ZMQ_EVENT_*` values) through `endpoint`, an `inproc://`
    /// address unique in the socket's context, and connects the reader. The reader's queue has no limit: a lost
    /// event would leave whoever counts them wrong for good, and they are few and small.
    public init(_ socket: ZMQSocket, endpoint: String, events: Int32) throws(ZMQError) {
        self.socket = socket
        try socket.startMonitor(endpoint, events: events)
        do {
            reader = try socket.context.makeSocket(.pair) { reader throws(ZMQError) in
                try reader.setOption(.receiveHighWaterMark, 0)
                try reader.setOption(.linger, 0)
                try reader.connect(endpoint)
            }
        } catch {
            socket.stopMonitor()
            throw error
        }
    }

    /// The next event, waiting up to `timeoutMs` (0: not at all); nil when none came. Messages that are not events
    /// are skipped.
    public func next(timeoutMs: Int = 0) throws(ZMQError) -> MonitorEvent? {
        if timeoutMs > 0 { try reader.setOption(.receiveTimeout, timeoutMs) }
        while !closed, let parts = try reader.receive(dontWait: timeoutMs <= 0) {
            if let event = MonitorEvent(parts: parts) { return event }
        }
        return nil
    }

    /// Stops the monitor, then closes the reader. Call before closing the monitored socket.
    public func close() {
        guard !closed else { return }
        closed = true
        socket.stopMonitor()
        reader.close(linger: 0)
    }

    deinit {
        close()
    }
}
