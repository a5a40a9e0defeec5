import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps the connections of one listening socket under a maximum, by libzmq's socket monitor.
///
/// libzmq accepts every connection it is offered and has no limit of its own. Each connection holds a descriptor,
/// and idle connections that never complete a handshake would use up the process's descriptors, the log's and the
/// snapshots' included. The monitor reports each accepted connection with its descriptor; past the maximum the
/// connection is shut down at once with shutdown(2), not closed: the descriptor stays libzmq's, which sees the
/// connection end and releases it. The count follows the monitor's accepted and disconnected events; a few ends
/// report no event (a ROUTER refusing a duplicate routing id), so once a second, and before refusing a connection,
/// the descriptors counted are checked and those that are no longer connections of this socket are forgotten.
///
/// Descriptor numbers are reused: when the engine reads an accepted event late, the number may already belong to a
/// newer connection of the same socket, and that one is shut down instead. It was accepted later, so it is over the
/// maximum too, unless a connection ended in between.
///
/// Owned by the engine's thread, like the socket it watches.
final class ConnectionLimiter {
    /// The socket's name, for its inproc monitor address.
    let name: String
    /// The socket watched.
    private let socket: ZMQSocket
    /// When the counted descriptors were last checked (`forgetEnded`).
    private var checkedUs: Int64 = 0
    let maxConnections: Int
    /// The socket's monitor; its reader is what the engine polls.
    let monitor: SocketMonitor
    /// Connections shut down for being past the maximum.
    private(set) var refused: UInt64 = 0
    /// The descriptors of the connections the socket holds.
    private var live: Set<Int32> = []
    /// The listener's port (TCP) or path (IPC), to tell its connections from anything else on a descriptor number.
    private var localPort: UInt16?
    private var localPath: String?

    /// Starts monitoring `socket`; call before it binds, so that no accepted connection goes unseen.
    init(socket: ZMQSocket, name: String, maxConnections: Int) throws(ZMQError) {
        self.name = name
        self.socket = socket
        self.maxConnections = maxConnections
        monitor = try SocketMonitor(
            socket, endpoint: "inproc://segue-connections-\(name)",
            events: MonitorEvent.accepted | MonitorEvent.disconnected)
    }

    /// Notes where the socket listens (`lastEndpoint` after bind).
    func bound(to endpoint: String) {
        if endpoint.hasPrefix("ipc://") {
            localPath = String(endpoint.dropFirst("ipc://".count))
        } else if let colon = endpoint.lastIndex(of: ":") {
            localPort = UInt16(endpoint[endpoint.index(after: colon)...])
        }
    }

    /// Takes the monitor's pending events at `now`, shutting down connections past the maximum, and once a second
    /// forgets connections that ended unannounced.
    func takeEvents(now: Int64) {
        if now - checkedUs >= 1_000_000 { forgetEnded(now: now) }
        while let event = try? monitor.next() {
            switch event.event {
            case MonitorEvent.accepted:
                live.insert(event.value)
                // A full count may hold connections that ended unannounced: look, at most every 100 ms.
                if live.count > maxConnections && now - checkedUs >= 100_000 { forgetEnded(now: now) }
                if live.count > maxConnections && isConnection(event.value) {
                    shutdown(event.value, Int32(SHUT_RDWR))
                    refused += 1
                }
            case MonitorEvent.disconnected:
                live.remove(event.value)
            default:
                break
            }
        }
    }

    /// Forgets descriptors that are no longer connections of this socket (ended without an event).
    private func forgetEnded(now: Int64) {
        checkedUs = now
        live = live.filter(isConnection)
    }

    /// The number of connections counted.
    var count: Int { live.count }

    /// Whether `fd` is a connected socket whose local end is this socket's listening address.
    private func isConnection(_ fd: Int32) -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { return false }
        var peer = sockaddr_storage()
        var peerLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let connected = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &peerLength) }
        }
        guard connected == 0 else { return false }
        switch Int32(address.ss_family) {
        case AF_INET:
            let port = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            }
            return port == localPort
        case AF_INET6:
            let port = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return port == localPort
        case AF_UNIX:
            // An abstract address (libzmq's ipc://@name) starts with a NUL and runs to the address's length.
            let pathBytes = Int(length) - MemoryLayout<sa_family_t>.size
            let path = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr_un.self, capacity: 1) { un in
                    withUnsafeBytes(of: un.pointee.sun_path) { bytes in
                        bytes.first == 0
                            ? "@" + String(decoding: bytes[1..<max(1, min(pathBytes, bytes.count))], as: UTF8.self)
                            : String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    }
                }
            }
            return path == localPath
        default:
            return false
        }
    }

    /// Stops the monitor, then closes its reader (in that order: libzmq sends monitor events without a timeout).
    func close() {
        monitor.close()
    }
}
