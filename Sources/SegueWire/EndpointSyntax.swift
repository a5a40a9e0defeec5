#if canImport(Glibc)
    import Glibc
#endif

/// The shapes of address Segue's sockets connect and bind to, checked before ZeroMQ sees them: its own error for a
/// malformed endpoint ("Invalid argument") says nothing of what was expected, and it reads some malformed ports
/// (70000, " 5") as other ports.
public enum EndpointSyntax {
    /// What an endpoint to connect to should look like, for messages.
    public static let expected = "endpoints look like tcp://HOST:PORT or ipc://PATH"
    /// What an endpoint to listen on should look like, for messages.
    public static let expectedForBinding = "endpoints look like tcp://HOST:PORT (* for any free port) or ipc://PATH"

    /// Whether a client can connect to `endpoint` from another process: `tcp://HOST:PORT` with a port from 1 to
    /// 65535 (an IPv6 host in brackets), or `ipc://PATH`.
    public static func isConnectable(_ endpoint: String) -> Bool {
        if endpoint.hasPrefix("ipc://") { return endpoint.count > "ipc://".count }
        guard let (_, port) = tcpHostAndPort(endpoint), let number = UInt16(port) else { return false }
        return number > 0
    }

    /// Whether a daemon can listen on `endpoint`: as ``isConnectable(_:)``, with port 0 or `*` for any free port.
    public static func isBindable(_ endpoint: String) -> Bool {
        if endpoint.hasPrefix("ipc://") { return endpoint.count > "ipc://".count }
        guard let (_, port) = tcpHostAndPort(endpoint) else { return false }
        return port == "*" || UInt16(port) != nil
    }

    /// The host of a `tcp://HOST:PORT` endpoint, an IPv6 address without its brackets; nil for any other shape.
    public static func tcpHost(_ endpoint: String) -> String? {
        guard let (host, _) = tcpHostAndPort(endpoint) else { return nil }
        return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : String(host)
    }

    /// Why binding `endpoint` would destroy a file, or nil: libzmq replaces whatever is at an `ipc://` path with its
    /// socket, so a path that names a file (a recording, say) is refused. A socket there is taken over, as libzmq
    /// does for a daemon restarted in place.
    public static func ipcBindProblem(_ endpoint: String) -> String? {
        guard endpoint.hasPrefix("ipc://") else { return nil }
        let path = String(endpoint.dropFirst("ipc://".count))
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFSOCK else { return nil }
        return "\(path) exists and is not a socket; listening there would replace it"
    }

    /// The host and port of `tcp://HOST:PORT`, the port all digits (or `*`); nil for any other shape.
    private static func tcpHostAndPort(_ endpoint: String) -> (host: Substring, port: Substring)? {
        guard endpoint.hasPrefix("tcp://") else { return nil }
        let address = endpoint.dropFirst("tcp://".count)
        guard let colon = address.lastIndex(of: ":") else { return nil }
        let host = address[..<colon]
        let port = address[address.index(after: colon)...]
        guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == " " }),
            port == "*"
                || (!port.isEmpty && port.count <= 5 && port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber))
        else { return nil }
        return (host, port)
    }
}
