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

    /// Connects to `endpoint` (in the background: requests sent before the daemon is reached wait in the queue).
    /// - Parameters:
    ///   - context: the ZeroMQ context to make the socket from; a new one when nil.
    ///   - curve: CURVE keys when the daemon requires them.
    public init(endpoint: String, context: ZMQContext? = nil, curve: CurveClientKeys? = nil) throws(ClientError) {
        self.endpoint = endpoint
        do throws(ZMQError) {
            let owner: ZMQContext
            if let context { owner = context } else { owner = try ZMQContext() }
            socket = try owner.makeSocket(.dealer) { socket throws(ZMQError) in
                // Requests still queued when the connection is closed are worthless: nobody would read the reply.
                try socket.setOption(.linger, 0)
                try curve?.apply(to: socket)
                try socket.reach(endpoint)
            }
        } catch {
            throw .zmq(error)
        }
    }

    deinit {
        socket.close(linger: 0)
    }

    /// Closes the socket. Later calls fail with a ZeroMQ error.
    public func close() {
        socket.close(linger: 0)
    }

    /// Adds the socket to `poller`, readable when a reply is waiting.
    /// - Returns: its index in the poller.
    public func add(to poller: inout ZMQPoller) -> Int {
        poller.add(socket)
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
