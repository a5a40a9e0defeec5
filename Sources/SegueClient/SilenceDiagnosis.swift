import ZMQ

/// Why a daemon's endpoint did not answer: found by connecting once more, with the same security, and watching how
/// the connection goes (`zmq_socket_monitor`). A request that times out cannot tell a daemon that is down from one
/// that speaks CURVE to a plaintext client; the connection's own events can.
public enum SilenceDiagnosis: Sendable, Hashable {
    /// Connecting was refused: nothing listens there.
    case nothingListening
    /// The daemon speaks CURVE and this client does not.
    case curveRequired
    /// This client speaks CURVE and the daemon does not.
    case curveNotSpoken
    /// The daemon's authenticator refused this client's key (the ZAP status code, such as 400).
    case keyRefused(status: Int32)
    /// The CURVE handshake failed without a reason: the daemon could not read this client's hello, which is what a
    /// wrong server key looks like.
    case handshakeFailed
    /// The connection and its handshake succeeded: the daemon is there but did not answer in time (busy, or not a
    /// segued endpoint of that kind).
    case answers
    /// Nothing decisive happened within the time allowed (a port that drops packets, say).
    case undecided

    /// Connects a DEALER to `endpoint` with `curve` (nil: plaintext) and waits up to `timeoutMs` for the outcome of
    /// its first connection.
    public static func diagnose(endpoint: String, curve: CurveClientKeys?, timeoutMs: Int) -> SilenceDiagnosis {
        do throws(ZMQError) {
            let context = try ZMQContext()
            let monitorEndpoint = "inproc://segue-diagnosis"
            let socket = try context.makeSocket(.dealer) { socket throws(ZMQError) in
                try socket.setOption(.linger, 0)
                try curve?.apply(to: socket)
                try socket.startMonitor(
                    monitorEndpoint,
                    events: MonitorEvent.connected | MonitorEvent.connectRetried | MonitorEvent.handshakeSucceeded
                        | MonitorEvent.handshakeFailedNoDetail | MonitorEvent.handshakeFailedProtocol
                        | MonitorEvent.handshakeFailedAuth)
            }
            defer {
                socket.stopMonitor()
                socket.close(linger: 0)
            }
            // The reader connects before the socket does: libzmq drops events nobody reads.
            let events = try context.makeSocket(.pair) { events throws(ZMQError) in
                try events.setOption(.linger, 0)
                try events.connect(monitorEndpoint)
            }
            defer { events.close(linger: 0) }
            try socket.connect(endpoint)
            let deadline = Deadline(inMilliseconds: timeoutMs)
            var connected = false
            var failedHandshake = false
            while deadline.remainingMs > 0 {
                try events.setOption(.receiveTimeout, deadline.remainingMs)
                guard let parts = try events.receive() else { break }
                guard let event = MonitorEvent(parts: parts) else { continue }
                switch event.event {
                case MonitorEvent.connected: connected = true
                // Retried without ever connecting: refused. After a connection, a retry only follows its end.
                case MonitorEvent.connectRetried where !connected: return .nothingListening
                case MonitorEvent.connectRetried: continue
                case MonitorEvent.handshakeSucceeded: return .answers
                case MonitorEvent.handshakeFailedAuth: return .keyRefused(status: event.value)
                case MonitorEvent.handshakeFailedProtocol where event.value == MonitorEvent.mechanismMismatch:
                    return curve == nil ? .curveRequired : .curveNotSpoken
                default:
                    // A peer that hangs up before its greeting is read looks the same whatever the cause; libzmq
                    // reconnects, and a later attempt may show the mismatch.
                    failedHandshake = true
                }
            }
            return failedHandshake ? .handshakeFailed : .undecided
        } catch {
            return .undecided
        }
    }
}
