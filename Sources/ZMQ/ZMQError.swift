import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error reported by libzmq: the `zmq_errno()` value read right after the failing call.
///
/// Identity (`==`, hashing, `switch` against the static constants) is the error number alone. The failing
/// operation and endpoint travel along as extra information for ``description`` only, so
/// `error == .terminated` holds whatever call produced it.
public struct ZMQError: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The error number, as returned by `zmq_errno()` (a POSIX errno or a libzmq-specific code such as `ETERM`).
    public var rawValue: Int32

    /// The operation that failed, such as `"bind"` or `"setsockopt ZMQ_LINGER"`, when known. Not part of identity.
    public var operation: String?

    /// The endpoint the failing operation was given, when there was one. Not part of identity.
    public var endpoint: String?

    /// Creates an error from an error number, with no operation attached.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
        self.operation = nil
        self.endpoint = nil
    }

    /// Creates an error from an error number together with the operation (and endpoint) that produced it.
    public init(_ rawValue: Int32, operation: String?, endpoint: String? = nil) {
        self.rawValue = rawValue
        self.operation = operation
        self.endpoint = endpoint
    }

    /// Reads `zmq_errno()` now. Call it immediately after the failing libzmq call, before anything else can
    /// overwrite errno.
    static func current(_ operation: String, endpoint: String? = nil) -> ZMQError {
        ZMQError(zmq_errno(), operation: operation, endpoint: endpoint)
    }

    /// Returns the same error number with the operation (and endpoint) recorded.
    public func with(operation: String, endpoint: String? = nil) -> ZMQError {
        ZMQError(rawValue, operation: operation, endpoint: endpoint ?? self.endpoint)
    }

    /// The libzmq text for the error number (`zmq_strerror`), without the operation.
    public var message: String {
        guard let text = zmq_strerror(rawValue) else { return "error \(rawValue)" }
        return String(cString: text)
    }

    /// The error text, prefixed by the operation and endpoint when known, e.g.
    /// `"bind tcp://127.0.0.1:80: Address already in use"`.
    public var description: String {
        var prefix = operation ?? ""
        if let endpoint {
            prefix += prefix.isEmpty ? endpoint : " " + endpoint
        }
        return prefix.isEmpty ? message : prefix + ": " + message
    }

    /// Compares error numbers only.
    public static func == (lhs: ZMQError, rhs: ZMQError) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the error number only.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}

extension ZMQError {
    /// `EAGAIN`: the operation would block. The wrapper normally turns this into `nil` or `false`; it is thrown
    /// only where no such value exists (for instance a send timeout in the middle of a multipart message).
    public static let tryAgain = ZMQError(rawValue: EAGAIN)
    /// `EINTR`: a signal interrupted the call. Blocking calls retry it themselves; polling reports it as 0 events.
    public static let interrupted = ZMQError(rawValue: EINTR)
    /// `ETERM`: the context was shut down or terminated.
    public static let terminated = ZMQError(rawValue: ETERM)
    /// `EFSM`: the operation is not allowed in the socket's current state (for example REQ sending twice).
    public static let invalidState = ZMQError(rawValue: EFSM)
    /// `EINVAL`: an invalid argument, such as a malformed endpoint or option value.
    public static let invalidArgument = ZMQError(rawValue: EINVAL)
    /// `ENOTSOCK`: the socket is closed.
    public static let notSocket = ZMQError(rawValue: ENOTSOCK)
    /// `ENOTSUP`: the operation is not supported by this socket type or this libzmq build.
    public static let notSupported = ZMQError(rawValue: ENOTSUP)
    /// `EPROTONOSUPPORT`: the endpoint's transport is not supported.
    public static let protocolNotSupported = ZMQError(rawValue: EPROTONOSUPPORT)
    /// `EADDRINUSE`: the address is already in use.
    public static let addressInUse = ZMQError(rawValue: EADDRINUSE)
    /// `EADDRNOTAVAIL`: the address is not local.
    public static let addressNotAvailable = ZMQError(rawValue: EADDRNOTAVAIL)
    /// `ENOENT`: for unbind/disconnect, the endpoint was not bound or connected.
    public static let noSuchEndpoint = ZMQError(rawValue: ENOENT)
    /// `EHOSTUNREACH`: a ROUTER with `routerMandatory` has no peer with that routing id.
    public static let hostUnreachable = ZMQError(rawValue: EHOSTUNREACH)
    /// `EMFILE`: too many open sockets or files.
    public static let tooManyOpenFiles = ZMQError(rawValue: EMFILE)
}
