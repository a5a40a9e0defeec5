import SegueClient
import SegueThreads
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// Why the gateway could not start or go on, with the failure underneath.
public enum GatewayError: Error, CustomStringConvertible {
    /// A connection to the daemon could not be made (an endpoint ZeroMQ cannot use, unusable CURVE keys).
    case daemonUnreachable(ClientError)
    /// The pages' side could not be served (the listening socket, libwebsockets).
    case webSocket(WebSocketError)
    /// One of the gateway's threads could not be started.
    case threadStart(ThreadStartError)
    /// The system gave no pipe for a thread's mailbox; `errno` says why.
    case pipe(errno: Int32)

    public var description: String {
        switch self {
        case .daemonUnreachable(let cause): "cannot connect to the daemon: \(cause)"
        case .webSocket(let cause): cause.description
        case .threadStart(let cause): cause.description
        case .pipe(let errno): "cannot make a pipe: \(String(cString: strerror(errno)))"
        }
    }
}
