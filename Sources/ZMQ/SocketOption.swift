import CZeroMQ

/// A typed libzmq socket option: the option number plus how its value is passed to
/// `zmq_setsockopt`/`zmq_getsockopt`. Used with ``ZMQSocket/setOption(_:_:)`` and ``ZMQSocket/getOption(_:)``:
///
/// ```swift
/// try socket.setOption(.linger, 0)
/// try socket.setOption(.maxMessageSize, 1 << 20)
/// let hwm = try socket.getOption(.receiveHighWaterMark)
/// try socket.setOption(.int(ZMQ_TOS), 0x10)   // any other int option
/// ```
public struct SocketOption<Value>: Sendable, Hashable, CustomStringConvertible {
    /// How the value is laid out in the option buffer.
    enum Encoding: Sendable, Hashable {
        /// C `int`, from a Swift `Int` (range-checked).
        case int
        /// `int64_t`.
        case int64
        /// C `int` 0 or 1.
        case bool
        /// Raw bytes, up to `maxSize` when read back.
        case bytes(maxSize: Int)
        /// UTF-8 text; read back as a NUL-terminated string.
        case string
        /// A CURVE key as 40 Z85 characters (read back with a 41-byte buffer).
        case z85Key
    }

    /// The libzmq option number (`ZMQ_*`).
    public let name: Int32

    /// A readable name for error descriptions, e.g. `"ZMQ_LINGER"`.
    public let label: String

    let encoding: Encoding

    init(_ name: Int32, _ label: String, _ encoding: Encoding) {
        self.name = name
        self.label = label
        self.encoding = encoding
    }

    /// The option's label, e.g. `"ZMQ_LINGER"`.
    public var description: String { label }
}

extension SocketOption where Value == Int {
    /// Any option whose value is a C `int`, by number.
    public static func int(_ name: Int32, label: String? = nil) -> Self {
        Self(name, label ?? "option \(name)", .int)
    }

    /// `ZMQ_SNDHWM`: the outbound queue limit in messages (0 = none). Set before bind/connect.
    public static var sendHighWaterMark: Self { Self(ZMQ_SNDHWM, "ZMQ_SNDHWM", .int) }
    /// `ZMQ_RCVHWM`: the inbound queue limit in messages (0 = none). Set before bind/connect.
    public static var receiveHighWaterMark: Self { Self(ZMQ_RCVHWM, "ZMQ_RCVHWM", .int) }
    /// `ZMQ_LINGER`: milliseconds to keep unsent messages after close (-1 = forever, 0 = drop).
    public static var linger: Self { Self(ZMQ_LINGER, "ZMQ_LINGER", .int) }
    /// `ZMQ_RCVTIMEO`: milliseconds a blocking receive waits before returning `nil` (-1 = forever).
    public static var receiveTimeout: Self { Self(ZMQ_RCVTIMEO, "ZMQ_RCVTIMEO", .int) }
    /// `ZMQ_SNDTIMEO`: milliseconds a blocking send waits before returning `false` (-1 = forever).
    public static var sendTimeout: Self { Self(ZMQ_SNDTIMEO, "ZMQ_SNDTIMEO", .int) }
    /// `ZMQ_RECONNECT_IVL`: milliseconds between reconnection attempts (-1 = never reconnect).
    public static var reconnectInterval: Self { Self(ZMQ_RECONNECT_IVL, "ZMQ_RECONNECT_IVL", .int) }
    /// `ZMQ_RECONNECT_IVL_MAX`: upper bound in milliseconds for exponential reconnect back-off (0 = no back-off).
    public static var reconnectIntervalMax: Self { Self(ZMQ_RECONNECT_IVL_MAX, "ZMQ_RECONNECT_IVL_MAX", .int) }
    /// `ZMQ_BACKLOG`: the listen backlog for pending connections.
    public static var backlog: Self { Self(ZMQ_BACKLOG, "ZMQ_BACKLOG", .int) }
    /// `ZMQ_HANDSHAKE_IVL`: milliseconds allowed for the ZMTP (and CURVE) handshake (0 = unlimited).
    public static var handshakeInterval: Self { Self(ZMQ_HANDSHAKE_IVL, "ZMQ_HANDSHAKE_IVL", .int) }
    /// `ZMQ_HEARTBEAT_IVL`: milliseconds between ZMTP PING heartbeats (0 = off).
    public static var heartbeatInterval: Self { Self(ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL", .int) }
    /// `ZMQ_HEARTBEAT_TIMEOUT`: milliseconds without traffic after a PING before the connection is dropped.
    public static var heartbeatTimeout: Self { Self(ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT", .int) }
    /// `ZMQ_HEARTBEAT_TTL`: the time-to-live in milliseconds advertised to the peer in PINGs.
    public static var heartbeatTTL: Self { Self(ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL", .int) }
    /// `ZMQ_CONNECT_TIMEOUT`: milliseconds for a TCP connect attempt (0 = the OS default).
    public static var connectTimeout: Self { Self(ZMQ_CONNECT_TIMEOUT, "ZMQ_CONNECT_TIMEOUT", .int) }
    /// `ZMQ_SNDBUF`: the kernel send buffer size in bytes (-1 = OS default).
    public static var sendBufferSize: Self { Self(ZMQ_SNDBUF, "ZMQ_SNDBUF", .int) }
    /// `ZMQ_RCVBUF`: the kernel receive buffer size in bytes (-1 = OS default).
    public static var receiveBufferSize: Self { Self(ZMQ_RCVBUF, "ZMQ_RCVBUF", .int) }
    /// `ZMQ_TCP_KEEPALIVE`: -1 = OS default, 0 = off, 1 = on.
    public static var tcpKeepalive: Self { Self(ZMQ_TCP_KEEPALIVE, "ZMQ_TCP_KEEPALIVE", .int) }
    /// `ZMQ_MECHANISM` (read-only): `ZMQ_NULL`, `ZMQ_PLAIN` or `ZMQ_CURVE`.
    public static var mechanism: Self { Self(ZMQ_MECHANISM, "ZMQ_MECHANISM", .int) }
}

extension SocketOption where Value == Int64 {
    /// Any option whose value is an `int64_t`, by number.
    public static func int64(_ name: Int32, label: String? = nil) -> Self {
        Self(name, label ?? "option \(name)", .int64)
    }

    /// `ZMQ_MAXMSGSIZE`: the largest inbound message in bytes (-1 = unlimited). A peer that sends a larger one
    /// is disconnected and the message dropped.
    public static var maxMessageSize: Self { Self(ZMQ_MAXMSGSIZE, "ZMQ_MAXMSGSIZE", .int64) }
}

extension SocketOption where Value == Bool {
    /// Any option whose value is a C `int` used as a flag, by number.
    public static func bool(_ name: Int32, label: String? = nil) -> Self {
        Self(name, label ?? "option \(name)", .bool)
    }

    /// `ZMQ_ROUTER_MANDATORY`: a ROUTER send to an unknown routing id fails with ``ZMQError/hostUnreachable``
    /// instead of being dropped silently.
    public static var routerMandatory: Self { Self(ZMQ_ROUTER_MANDATORY, "ZMQ_ROUTER_MANDATORY", .bool) }
    /// `ZMQ_ROUTER_HANDOVER`: a new peer with an existing routing id takes it over instead of being refused.
    public static var routerHandover: Self { Self(ZMQ_ROUTER_HANDOVER, "ZMQ_ROUTER_HANDOVER", .bool) }
    /// `ZMQ_IMMEDIATE`: queue messages only to completed connections.
    public static var immediate: Self { Self(ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE", .bool) }
    /// `ZMQ_IPV6`: allow IPv6 (and dual-stack) addresses for TCP.
    public static var ipv6: Self { Self(ZMQ_IPV6, "ZMQ_IPV6", .bool) }
    /// `ZMQ_CONFLATE`: keep only the last message in the queue.
    public static var conflate: Self { Self(ZMQ_CONFLATE, "ZMQ_CONFLATE", .bool) }
    /// `ZMQ_XPUB_VERBOSE`: an XPUB passes every subscription message up, not only new ones.
    public static var xpubVerbose: Self { Self(ZMQ_XPUB_VERBOSE, "ZMQ_XPUB_VERBOSE", .bool) }
    /// `ZMQ_CURVE_SERVER`: act as the CURVE server (needs ``curveSecretKey``). Set before bind.
    public static var curveServer: Self { Self(ZMQ_CURVE_SERVER, "ZMQ_CURVE_SERVER", .bool) }
}

extension SocketOption where Value == [UInt8] {
    /// Any option whose value is a byte string, by number; reads return at most `maxSize` bytes.
    public static func bytes(_ name: Int32, label: String? = nil, maxSize: Int = 256) -> Self {
        Self(name, label ?? "option \(name)", .bytes(maxSize: maxSize))
    }

    /// `ZMQ_ROUTING_ID`: this socket's identity as seen by a ROUTER peer (1–255 bytes, not starting with 0).
    /// Set before connect/bind.
    public static var routingId: Self { Self(ZMQ_ROUTING_ID, "ZMQ_ROUTING_ID", .bytes(maxSize: 255)) }
    /// `ZMQ_CONNECT_ROUTING_ID`: the routing id a ROUTER assigns to the peer of its next `connect`.
    public static var connectRoutingId: Self {
        Self(ZMQ_CONNECT_ROUTING_ID, "ZMQ_CONNECT_ROUTING_ID", .bytes(maxSize: 255))
    }
    /// `ZMQ_CURVE_PUBLICKEY` as 32 raw bytes (``curvePublicKey`` is the Z85 form).
    public static var curvePublicKeyBytes: Self {
        Self(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", .bytes(maxSize: 32))
    }
    /// `ZMQ_CURVE_SECRETKEY` as 32 raw bytes (``curveSecretKey`` is the Z85 form).
    public static var curveSecretKeyBytes: Self {
        Self(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", .bytes(maxSize: 32))
    }
    /// `ZMQ_CURVE_SERVERKEY` as 32 raw bytes (``curveServerKey`` is the Z85 form).
    public static var curveServerKeyBytes: Self {
        Self(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", .bytes(maxSize: 32))
    }
}

extension SocketOption where Value == String {
    /// Any option whose value is a string, by number.
    public static func string(_ name: Int32, label: String? = nil) -> Self {
        Self(name, label ?? "option \(name)", .string)
    }

    /// `ZMQ_ZAP_DOMAIN`: the ZAP authentication domain of this socket.
    public static var zapDomain: Self { Self(ZMQ_ZAP_DOMAIN, "ZMQ_ZAP_DOMAIN", .string) }
    /// `ZMQ_LAST_ENDPOINT` (read-only): see ``ZMQSocket/lastEndpoint``.
    public static var lastEndpoint: Self { Self(ZMQ_LAST_ENDPOINT, "ZMQ_LAST_ENDPOINT", .string) }
    /// `ZMQ_CURVE_PUBLICKEY` as a 40-character Z85 string: this socket's long-term public key.
    public static var curvePublicKey: Self { Self(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", .z85Key) }
    /// `ZMQ_CURVE_SECRETKEY` as a 40-character Z85 string: this socket's long-term secret key.
    public static var curveSecretKey: Self { Self(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", .z85Key) }
    /// `ZMQ_CURVE_SERVERKEY` as a 40-character Z85 string: the server's public key, set on a CURVE client.
    public static var curveServerKey: Self { Self(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", .z85Key) }
}
