import CZeroMQ

extension ZMQSocket {
    /// Starts reporting this socket's connection events on a PAIR socket bound at `endpoint` (an `inproc://`
    /// address), for another socket to connect to and read as ``MonitorEvent``s (`zmq_socket_monitor`).
    ///
    /// libzmq drops events while no reader is connected: connect the reader before the events of interest happen
    /// (before `bind`, for a listener's accepted connections).
    /// - Parameter events: a mask of `ZMQ_EVENT_*` values, such as `MonitorEvent.accepted`.
    public func startMonitor(_ endpoint: String, events: Int32) throws(ZMQError) {
        let handle = try liveHandle("socket monitor", endpoint: endpoint)
        _ = try retryingInterrupts("socket monitor", endpoint: endpoint) {
            zmq_socket_monitor(handle, endpoint, events)
        }
    }
}

extension ZMQSocket {
    /// Stops the monitor ``startMonitor(_:events:)`` started; call before closing the socket reading its events,
    /// or libzmq may block sending it one.
    public func stopMonitor() {
        guard let handle else { return }
        _ = zmq_socket_monitor(handle, nil, 0)
    }
}

/// One event of ``ZMQSocket/startMonitor(_:events:)``: the event (a `ZMQ_EVENT_*` value), its value (the connection's
/// file descriptor for connection events, an errno for failures) and the endpoint it concerns.
public struct MonitorEvent: Sendable, Hashable {
    /// `ZMQ_EVENT_ACCEPTED`: a listener accepted a connection; the value is its descriptor.
    public static let accepted = ZMQ_EVENT_ACCEPTED
    /// `ZMQ_EVENT_DISCONNECTED`: a connection ended; the value is its descriptor.
    public static let disconnected = ZMQ_EVENT_DISCONNECTED
    /// `ZMQ_EVENT_CONNECTED`: a connect attempt reached its peer; the value is the connection's descriptor.
    public static let connected = ZMQ_EVENT_CONNECTED
    /// `ZMQ_EVENT_CONNECT_RETRIED`: a connection is to be tried again, because an attempt failed (nothing listens,
    /// say) or a connection ended.
    public static let connectRetried = ZMQ_EVENT_CONNECT_RETRIED
    /// `ZMQ_EVENT_HANDSHAKE_SUCCEEDED`: the ZMTP handshake, security included, is done.
    public static let handshakeSucceeded = ZMQ_EVENT_HANDSHAKE_SUCCEEDED
    /// `ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL`: the handshake failed without a reason (a peer that hung up).
    public static let handshakeFailedNoDetail = ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL
    /// `ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL`: the handshake broke the protocol; the value is a
    /// `ZMQ_PROTOCOL_ERROR_*` such as ``mechanismMismatch``.
    public static let handshakeFailedProtocol = ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL
    /// `ZMQ_EVENT_HANDSHAKE_FAILED_AUTH`: the peer's authenticator refused; the value is its status code.
    public static let handshakeFailedAuth = ZMQ_EVENT_HANDSHAKE_FAILED_AUTH
    /// `ZMQ_PROTOCOL_ERROR_ZMTP_INVALID_METADATA`: the peer's metadata is unacceptable, as a socket type that does not
    /// pair with this one (a DEALER meeting a PULL) is.
    public static let invalidMetadata = Int32(bitPattern: UInt32(ZMQ_PROTOCOL_ERROR_ZMTP_INVALID_METADATA))
    /// `ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH`: one side speaks CURVE and the other does not.
    public static let mechanismMismatch = Int32(bitPattern: UInt32(ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH))

    public var event: Int32
    public var value: Int32
    public var endpoint: String

    /// Parses the two parts libzmq 4 sends: 2 bytes of event and 4 of value (native byte order), then the
    /// endpoint. Nil when the parts are not of that shape.
    public init?(parts: [[UInt8]]) {
        guard parts.count == 2, parts[0].count == 6 else { return nil }
        let header = parts[0]
        event = Int32(header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 0, as: UInt16.self) })
        value = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 2, as: Int32.self) }
        endpoint = String(decoding: parts[1], as: UTF8.self)
    }
}
