import ZMQ

extension ZMQSocket {
    /// Connects to a daemon's `endpoint`, turning on IPv6 first when its host is an IPv6 address: without
    /// `ZMQ_IPV6`, libzmq never resolves `tcp://[::1]:7702` and the client waits for nothing.
    func reach(_ endpoint: String) throws(ZMQError) {
        if EndpointSyntax.isIPv6(endpoint) { try setOption(.ipv6, true) }
        try connect(endpoint)
    }

    /// Binds `endpoint`, turning on IPv6 first when its host is an IPv6 address. Check
    /// ``EndpointSyntax/ipcBindProblem(_:)`` first: libzmq replaces a file at an `ipc://` path with its socket.
    public func listen(_ endpoint: String) throws(ZMQError) {
        if EndpointSyntax.isIPv6(endpoint) { try setOption(.ipv6, true) }
        try bind(endpoint)
    }
}
