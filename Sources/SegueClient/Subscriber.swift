import SegueWire
import ZMQ

/// Receives a Segue daemon's publications (SUB socket): events, frames and rejections, filtered by topic prefix.
///
/// Subscriptions reach the daemon asynchronously, and a PUB socket drops what a subscriber has not yet asked for,
/// so messages published just after ``subscribe(_:)`` may be missed. Readers that need every event use
/// ``EventFeed``, which fills gaps from the log. Not thread-safe: use it from one thread.
public final class Subscriber {
    /// The daemon's events endpoint this subscriber is connected to.
    public let endpoint: String
    /// The topic prefixes subscribed to so far.
    public private(set) var prefixes: [String] = []

    private let socket: ZMQSocket
    private var poller = ZMQPoller()
    private let pollIndex: Int
    private var monitor: ConnectionMonitor?

    /// Connects to `endpoint` and subscribes to `prefixes` (e.g. `ev/`, `ev/main/`, `fr/main/`, `er/`).
    /// - Parameters:
    ///   - context: the ZeroMQ context to make the socket from; a new one when nil.
    ///   - curve: CURVE keys when the daemon requires them.
    ///   - receiveHighWaterMark: messages buffered before the socket drops new ones (0 = no limit).
    public init(
        endpoint: String, prefixes: [String] = [], context: ZMQContext? = nil,
        receiveHighWaterMark: Int = 100_000, curve: CurveClientKeys? = nil
    ) throws(ClientError) {
        self.endpoint = endpoint
        do throws(ZMQError) {
            let owner: ZMQContext
            if let context { owner = context } else { owner = try ZMQContext() }
            socket = try owner.makeSocket(.sub) { socket throws(ZMQError) in
                try socket.setOption(.linger, 0)
                try socket.setOption(.receiveHighWaterMark, receiveHighWaterMark)
                try curve?.apply(to: socket)
                try socket.reach(endpoint)
            }
        } catch {
            throw .zmq(error)
        }
        pollIndex = poller.add(socket)
        for prefix in prefixes {
            try subscribe(prefix)
        }
    }

    deinit {
        close()
    }

    /// Closes the socket.
    public func close() {
        monitor?.close()
        socket.close(linger: 0)
    }

    /// Starts watching the connection to the daemon, for ``connectionChanges()``: whether it was lost (the daemon
    /// stopped) and made again (it is back; libzmq reconnects and subscribes again by itself).
    public func monitorConnection() throws(ClientError) {
        guard monitor == nil else { return }
        let address = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())
        do throws(ZMQError) {
            monitor = try ConnectionMonitor(
                socket: socket, endpoint: "inproc://segue-subscriber-\(String(address, radix: 16))")
        } catch {
            throw .zmq(error)
        }
    }

    /// What happened to the connection since the last call (nothing unless ``monitorConnection()`` started
    /// watching it).
    public func connectionChanges() -> [ConnectionMonitor.Change] {
        monitor?.changes() ?? []
    }

    /// Adds the socket to `poller` (for a loop that waits on other sockets too), readable when a publication is
    /// waiting for ``next(timeoutMs:)``.
    /// - Returns: its index in the poller.
    public func add(to poller: inout ZMQPoller) -> Int {
        poller.add(socket)
    }

    /// Adds a topic prefix: `ev/` (all events), `ev/<stack>/` (one stack's), likewise `fr/` and `er/`.
    public func subscribe(_ prefix: String) throws(ClientError) {
        do throws(ZMQError) {
            try socket.subscribe(prefix)
        } catch {
            throw .zmq(error)
        }
        prefixes.append(prefix)
    }

    /// Removes a topic prefix added before; what arrives for it from then on is dropped.
    public func unsubscribe(_ prefix: String) throws(ClientError) {
        do throws(ZMQError) {
            try socket.unsubscribe(prefix)
        } catch {
            throw .zmq(error)
        }
        if let index = prefixes.firstIndex(of: prefix) { prefixes.remove(at: index) }
    }

    /// The next publication, waiting up to `timeoutMs` (0: only what is already there; -1: forever).
    /// - Returns: nil when nothing arrived in time or a signal interrupted the wait (check your stop flag).
    public func next(timeoutMs: Int) throws(ClientError) -> Publication? {
        do throws(ZMQError) {
            if let parts = try socket.receive(dontWait: true) { return Publication(parts: parts) }
            guard timeoutMs != 0 else { return nil }
            guard try poller.poll(timeoutMs: timeoutMs) > 0, poller.isReadable(pollIndex) else { return nil }
            return try socket.receive(dontWait: true).map { Publication(parts: $0) }
        } catch {
            throw .zmq(error)
        }
    }
}
