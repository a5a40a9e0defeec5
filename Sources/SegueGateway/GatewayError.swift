import SegueClient
import SegueSystem
import WebSockets

/// Why the gateway could not start or go on, with the failure underneath.
public enum GatewayError: Error, CustomStringConvertible {
    /// A connection to the daemon could not be made (an endpoint ZeroMQ cannot use, unusable CURVE keys).
    case daemonUnreachable(ClientError)
    /// The pages' side could not be served (the listening socket, libwebsockets).
    case webSocket(WebSocketError)
    /// One of the gateway's threads could not be started.
    case threadStart(ThreadStartError)
    /// A system call failed (the pipe of a thread's mailbox).
    case system(SystemError)

    public var description: String {
        switch self {
        case .daemonUnreachable(let cause): "cannot connect to the daemon: \(cause)"
        case .webSocket(let cause): cause.description
        case .threadStart(let cause): cause.description
        case .system(let cause): cause.description
        }
    }
}
