/// Which endpoints only this machine can reach.
public enum EndpointScope {
    /// True for ipc:// and inproc:// endpoints and tcp:// on loopback (127.0.0.0/8, ::1, localhost).
    public static func isLocal(_ endpoint: String) -> Bool {
        if endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("inproc://") { return true }
        // A source address (`tcp://src;dst`) or interface name would need more care: treat as exposed.
        guard let host = EndpointSyntax.tcpHost(endpoint) else { return false }
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".")
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
