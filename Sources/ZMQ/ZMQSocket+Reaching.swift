extension ZMQSocket {
    /// Connects to `endpoint`, turning on IPv6 first when its host is an IPv6 address (`tcp://[::1]:7702`):
    /// without `ZMQ_IPV6`, libzmq never resolves it and the socket waits for nothing.
    public func reach(_ endpoint: String) throws(ZMQError) {
        if Self.hasIPv6Host(endpoint) { try setOption(.ipv6, true) }
        try connect(endpoint)
    }

    /// Binds `endpoint`, turning on IPv6 first when its host is an IPv6 address. libzmq replaces a file at an
    /// `ipc://` path with its socket: check the path first (`EndpointSyntax.ipcBindProblem`).
    public func listen(_ endpoint: String) throws(ZMQError) {
        if Self.hasIPv6Host(endpoint) { try setOption(.ipv6, true) }
        try bind(endpoint)
    }

    /// Whether `endpoint` is `tcp://` with an IPv6 address in brackets for its host.
    static func hasIPv6Host(_ endpoint: String) -> Bool {
        endpoint.hasPrefix("tcp://[")
    }
}
