import ZMQ

/// Tells when a client socket loses its connection to the daemon and when it has one again, from libzmq's socket
/// monitor. libzmq reconnects by itself; this only reports it, once per change.
///
/// A connection counts as made once its handshake succeeded, not when TCP connects: a daemon that refuses this
/// client's CURVE keys accepts and drops every attempt, and is not back. The first connection is not reported: there
/// was nothing to come back from.
///
/// Not thread-safe: use it from the thread that uses the socket it watches.
public final class ConnectionMonitor {
    /// A change of the connection.
    public enum Change: Sendable, Hashable {
        /// The connection ended (the daemon stopped, or the network between went away).
        case lost
        /// A connection was made again after one was lost.
        case restored
    }

    private enum State {
        case unknown, connected, lost
    }

    private let monitor: SocketMonitor
    private var state = State.unknown

    /// Starts monitoring `socket`. `endpoint` is the `inproc://` address the monitor's events go through, unique in
    /// the socket's context.
    init(socket: ZMQSocket, endpoint: String) throws(ZMQError) {
        monitor = try SocketMonitor(
            socket, endpoint: endpoint, events: MonitorEvent.handshakeSucceeded | MonitorEvent.disconnected)
    }

    /// The changes since the last call, oldest first, without waiting.
    public func changes() -> [Change] {
        var changes: [Change] = []
        while let event = try? monitor.next() {
            switch event.event {
            case MonitorEvent.handshakeSucceeded:
                if state == .lost { changes.append(.restored) }
                state = .connected
            case MonitorEvent.disconnected:
                // Reconnection attempts that fail end the same way: one loss is reported until a connection is back.
                if state != .lost { changes.append(.lost) }
                state = .lost
            default:
                break
            }
        }
        return changes
    }

    /// Stops the monitor (``SocketMonitor/close()``). Call before closing the monitored socket.
    func close() {
        monitor.close()
    }
}
