import SegueWire
import ZMQ

/// Sends pan events and commands to a Segue daemon's ingest socket (PUSH, fire and forget).
///
/// Nothing comes back on this socket: the outcome of an input is published on the events socket (an event, or a
/// `Rejection` on `er/<stack>/`). Not thread-safe: use it from one thread.
public final class Producer {
    /// The daemon's ingest endpoint this producer is connected to.
    public let endpoint: String

    private let socket: ZMQSocket
    private let lingerMs: Int

    /// Connects to `endpoint` (in the background; inputs sent before the connection is up are queued).
    /// - Parameters:
    ///   - context: the ZeroMQ context to make the socket from; a new one when nil.
    ///   - curve: CURVE keys when the daemon requires them.
    ///   - sendTimeoutMs: how long ``send(_:)`` may block when the queue to the daemon is full.
    ///   - lingerMs: how long closing waits for queued inputs to reach the daemon.
    ///   - sendHighWaterMark: inputs queued for the daemon before ``send(_:)`` waits (0 = no limit).
    public init(
        endpoint: String, context: ZMQContext? = nil, sendTimeoutMs: Int = 1000, lingerMs: Int = 1000,
        sendHighWaterMark: Int = 1000, curve: CurveClientKeys? = nil
    ) throws(ClientError) {
        self.endpoint = endpoint
        self.lingerMs = lingerMs
        do throws(ZMQError) {
            let owner: ZMQContext
            if let context { owner = context } else { owner = try ZMQContext() }
            socket = try owner.makeSocket(.push) { socket throws(ZMQError) in
                try socket.setOption(.sendTimeout, sendTimeoutMs)
                try socket.setOption(.linger, lingerMs)
                try socket.setOption(.sendHighWaterMark, sendHighWaterMark)
                try curve?.apply(to: socket)
                try socket.reach(endpoint)
            }
        } catch {
            throw .zmq(error)
        }
    }

    deinit {
        socket.close(linger: lingerMs)
    }

    /// Closes the socket, waiting up to the linger time for queued inputs to leave.
    public func close() {
        socket.close(linger: lingerMs)
    }

    /// Sends one input.
    /// - Throws: ``ClientError/timeout(endpoint:timeoutMs:)`` when the queue stayed full for the send timeout;
    ///   ``ClientError/zmq(_:)``.
    public func send(_ input: Input) throws(ClientError) {
        try send(encoded: input.encoded())
    }

    /// Sends one input already encoded (`Input.encoded()`), for a caller that checked its size first.
    public func send(encoded input: [UInt8]) throws(ClientError) {
        let sent: Bool
        do throws(ZMQError) {
            sent = try socket.send([input])
        } catch {
            throw .zmq(error)
        }
        if !sent {
            let timeoutMs = (try? socket.getOption(.sendTimeout)) ?? 0
            throw .timeout(endpoint: endpoint, timeoutMs: timeoutMs)
        }
    }

    /// Sends one pan event.
    public func send(pan: PanEvent) throws(ClientError) {
        try send(Input(body: .pan(pan)))
    }

    /// Sends one command; its outcome is published, not answered (use ``ControlClient`` for a reply).
    public func send(command: Command) throws(ClientError) {
        try send(Input(body: .command(command)))
    }
}
