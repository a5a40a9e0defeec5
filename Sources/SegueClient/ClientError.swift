import SegueWire
import ZMQ

/// Why a client call failed. Every case maps to an `ErrorCode`, so a command line can print `CODE: message`.
public enum ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No answer from `endpoint` within `timeoutMs` (the daemon is down, busy, or at another address).
    case timeout(endpoint: String, timeoutMs: Int)
    /// Connecting to `endpoint` was refused before any connection was made: nothing listens there.
    case refused(endpoint: String)
    /// A ZeroMQ call failed (a malformed endpoint, a closed context, ...).
    case zmq(ZMQError)
    /// The daemon's reply did not decode as a `Reply`, or had a body other than the one asked for.
    case undecodableReply(String)
    /// The daemon answered with an error.
    case errorReply(ErrorDetail)
    /// The client's own settings are unusable (a key file that holds no key, say).
    case configuration(String)

    /// The wire code that best names the failure: the daemon's own for an error reply, `INVALID_ARGUMENT` for an
    /// endpoint ZeroMQ cannot use, `UNAVAILABLE` when the daemon could not be reached, `MALFORMED` for a reply that
    /// made no sense.
    public var code: ErrorCode {
        switch self {
        case .zmq(let error) where error == .invalidArgument || error == .protocolNotSupported: .invalidArgument
        case .timeout, .refused, .zmq: .unavailable
        case .undecodableReply: .malformed
        case .errorReply(let detail): detail.code
        case .configuration: .invalidArgument
        }
    }

    /// The human part of the description, without the code.
    public var message: String {
        switch self {
        case .timeout(let endpoint, let timeoutMs):
            "no reply from \(endpoint) within \(timeoutMs) ms; is segued running?"
        case .refused(let endpoint):
            "the connection to \(endpoint) was refused; is segued running?"
        case .zmq(let error):
            error.description
        case .undecodableReply(let reason):
            "unexpected reply: \(reason)"
        case .errorReply(let detail):
            detail.message
        case .configuration(let message):
            message
        }
    }

    /// `CODE: message`, e.g. `UNKNOWN_STACK: stack 'x' does not exist`.
    public var description: String {
        "\(code): \(message)"
    }
}
