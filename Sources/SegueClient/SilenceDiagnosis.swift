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
    /// The peer's socket is not of the kind this client's pairs with: another of the daemon's endpoints, say.
    case wrongSocketType
    /// The handshake failed without a reason: the peer hung up (a wrong CURVE server key looks like this, and so
    /// may another of the daemon's endpoints).
    case handshakeFailed
    /// The connection and its handshake succeeded: the daemon is there but did not answer in time (busy, or not a
    /// segued endpoint of that kind).
    case answers
    /// Nothing decisive happened within the time allowed (a port that drops packets, say).
    case undecided

    /// Connects a socket of `type` (what the silent client used: DEALER for control, PUSH for ingest, SUB for
    /// events) to `endpoint` with `curve` (nil: plaintext) and waits up to `timeoutMs` for how its connection goes.
    /// A connection that ends without a reason is tried again while time is left: which side notices a mismatch
    /// first is a race, and the next attempt may say what it was.
    public static func diagnose(endpoint: String, type: SocketType, curve: CurveClientKeys?, timeoutMs: Int)
        -> SilenceDiagnosis
    {
        let deadline = Deadline(inMilliseconds: timeoutMs)
        var outcome = SilenceDiagnosis.undecided
        repeat {
            // An attempt cut short by the deadline adds nothing to what earlier ones found.
            let latest = attempt(endpoint: endpoint, type: type, curve: curve, deadline: deadline)
            if latest == .undecided { break }
            outcome = latest
        } while outcome == .handshakeFailed && deadline.remainingMs > 0
        return outcome
    }

    /// One connection, watched until something decisive happens or `deadline`.
    private static func attempt(endpoint: String, type: SocketType, curve: CurveClientKeys?, deadline: Deadline)
        -> SilenceDiagnosis
    {
        do throws(ZMQError) {
            let context = try ZMQContext()
            let socket = try context.makeSocket(type) { socket throws(ZMQError) in
                try socket.setOption(.linger, 0)
                try curve?.apply(to: socket)
            }
            defer { socket.close(linger: 0) }
            let monitor = try SocketMonitor(
                socket, endpoint: "inproc://segue-diagnosis",
                events: MonitorEvent.connected | MonitorEvent.connectRetried | MonitorEvent.disconnected
                    | MonitorEvent.handshakeSucceeded | MonitorEvent.handshakeFailedNoDetail
                    | MonitorEvent.handshakeFailedProtocol | MonitorEvent.handshakeFailedAuth)
            defer { monitor.close() }
            try socket.reach(endpoint)
            var connected = false
            while deadline.remainingMs > 0, let event = try monitor.next(timeoutMs: deadline.remainingMs) {
                switch event.event {
                case MonitorEvent.connected: connected = true
                // Retried without ever connecting: refused.
                case MonitorEvent.connectRetried where !connected: return .nothingListening
                case MonitorEvent.handshakeSucceeded: return .answers
                case MonitorEvent.handshakeFailedAuth: return .keyRefused(status: event.value)
                case MonitorEvent.handshakeFailedProtocol where event.value == MonitorEvent.mechanismMismatch:
                    return curve == nil ? .curveRequired : .curveNotSpoken
                case MonitorEvent.handshakeFailedProtocol where event.value == MonitorEvent.invalidMetadata:
                    return .wrongSocketType
                default:
                    // The connection ended before any handshake succeeded: the peer hung up on it.
                    return .handshakeFailed
                }
            }
            return .undecided
        } catch {
            return .undecided
        }
    }
}
