import SegueWire
import ZMQ

/// Requests to a daemon's control socket that do not wait for their replies, over a DEALER.
///
/// Each request goes out as `[tag, Request]`. The daemon sends every part before the payload back in front of its
/// reply, so the reply carries its request's tag: many requests can be in flight on one connection, answered in
/// any order, and a reply to a request that gave up is told apart by its tag alone (even one the daemon could not
/// decode, whose reply has no `request_id`). A DEALER, unlike a REQ socket, can give up on a reply and ask again.
///
/// Not thread-safe (it owns a ZeroMQ socket): use it from one thread.
public final class TaggedRequests {
    /// The daemon's control endpoint this connection is made to.
    public let endpoint: String

    private let socket: ZMQSocket
    /// The connection's attempts, watched for a refusal; nil unless asked for.
    private let attempts: SocketMonitor?
    /// Whether a connection was made: a refusal after that is a daemon gone away, which libzmq waits out.
    private var connectionMade = false

    /// Connects to `endpoint` (in the background: requests sent before the daemon is reached wait in the queue).
    /// - Parameters:
    ///   - context: the ZeroMQ context to make the socket from; a new one when nil.
    ///   - curve: CURVE keys when the daemon requires them.
    ///   - watchesForRefusal: watch the connection's attempts, for ``wasRefused()``.
    public init(
        endpoint: String, context: ZMQContext? = nil, curve: CurveClientKeys? = nil, watchesForRefusal: Bool = false
    ) throws(ClientError) {
        self.endpoint = endpoint
        do throws(ZMQError) {
            let owner: ZMQContext
            if let context { owner = context } else { owner = try ZMQContext() }
            var monitor: SocketMonitor?
            socket = try owner.makeSocket(.dealer) { socket throws(ZMQError) in
                // Requests still queued when the connection is closed are worthless: nobody would read the reply.
                try socket.setOption(.linger, 0)
                try curve?.apply(to: socket)
                // Watched before connecting, so that the first attempt's refusal is seen.
                if watchesForRefusal {
                    let address = UInt(bitPattern: ObjectIdentifier(socket).hashValue)
                    monitor = try SocketMonitor(
                        socket, endpoint: "inproc://segue-control-\(String(address, radix: 16))",
                        events: MonitorEvent.connected | MonitorEvent.connectRetried)
                }
                try socket.reach(endpoint)
            }
            attempts = monitor
        } catch {
            throw .zmq(error)
        }
    }

    deinit {
        attempts?.close()
        socket.close(linger: 0)
    }

    /// Closes the socket. Later calls fail with a ZeroMQ error.
    public func close() {
        attempts?.close()
        socket.close(linger: 0)
    }

    /// Adds the socket to `poller`, readable when a reply is waiting (or, when watched, an attempt to connect
    /// ended).
    /// - Returns: the socket's index in the poller.
    public func add(to poller: inout ZMQPoller) -> Int {
        let index = poller.add(socket)
        if let attempts { _ = poller.add(attempts.reader) }
        return index
    }

    /// Whether connecting was refused before any connection was made (nothing listens at the endpoint, or no ipc
    /// socket file is there); false when not watched. libzmq goes on trying, and a daemon that starts later is
    /// still reached.
    public func wasRefused() -> Bool {
        guard let attempts, !connectionMade else { return false }
        var refused = false
        while let event = try? attempts.next() {
            switch event.event {
            case MonitorEvent.connected: connectionMade = true
            case MonitorEvent.connectRetried where !connectionMade: refused = true
            default: break
            }
        }
        return refused && !connectionMade
    }

    /// Sends an encoded `Request` under `tag` without waiting.
    /// - Returns: false when the queue to the daemon is full (a DEALER queues for a peer it is still connecting to,
    ///   so only a full queue refuses).
    public func send(_ encodedRequest: [UInt8], tag: UInt64) throws(ClientError) -> Bool {
        do throws(ZMQError) {
            return try socket.send([TaggedReply.tagBytes(tag), encodedRequest], dontWait: true)
        } catch {
            throw .zmq(error)
        }
    }

    /// The next reply already waiting, with its tag; nil when none is. Messages of another shape are skipped.
    public func nextReply() throws(ClientError) -> TaggedReply? {
        do throws(ZMQError) {
            while let parts = try socket.receive(dontWait: true) {
                if let reply = TaggedReply(parts: parts) { return reply }
            }
            return nil
        } catch {
            throw .zmq(error)
        }
    }
}
