import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// Which requests the gateway serves, by their `Host` and `Origin` headers and token: only its own origins, so a
/// page elsewhere cannot reach it through a browser on this machine, even under a name of its own that it makes
/// resolve to the gateway's address (DNS rebinding: that page controls both headers, but not the name in them).
///
/// A `Host` is the gateway's own when it is the listening address with its port; on loopback also `localhost`,
/// `127.0.0.1` and `[::1]` with the port; when listening on every address (`0.0.0.0`, `::`), any IP address with
/// the port (an address literal cannot be rebound: only a name can); and any name given with `--allow-host`
/// (a reverse proxy's public name), with any port unless the name has one.
struct OriginPolicy: Sendable {
    /// Host values, lowercased, accepted exactly.
    private let hosts: Set<String>
    /// Host names accepted with any port (or none).
    private let names: Set<String>
    /// Whether any IP address literal with `port` is the gateway's (a wildcard listening address).
    private let anyAddress: Bool
    private let port: Int
    private let token: String?

    /// - Parameters:
    ///   - listenHost: the numeric address listened on, as `ListenAddress.host` has it.
    ///   - allowedHosts: `NAME` or `NAME:PORT`, from `--allow-host`.
    init(listenHost: String, port: Int, allowedHosts: [String], token: String?) {
        self.port = port
        self.token = token
        var addresses = [listenHost.contains(":") ? "[\(listenHost)]" : listenHost]
        if listenHost.hasPrefix("127.") || listenHost == "::1" { addresses += ["localhost", "127.0.0.1", "[::1]"] }
        var hosts = Set(addresses.map { "\($0):\(port)".lowercased() })
        if port == 80 { hosts.formUnion(addresses.map { $0.lowercased() }) }  // a browser leaves out port 80
        var names = Set<String>()
        for allowed in allowedHosts.map({ $0.lowercased() }) {
            if Self.split(allowed).port != nil { hosts.insert(allowed) } else { names.insert(allowed) }
        }
        self.hosts = hosts
        self.names = names
        anyAddress = listenHost == "0.0.0.0" || listenHost == "::"
    }

    /// A plain HTTP request (the page's files): its `Host` must be the gateway's. The files are no secret, but a
    /// rebound page must not read even them.
    func servesFiles(to request: WebSocketHandshake) -> Bool {
        isOwn(host: request.host)
    }

    /// An upgrade: a browser's `Origin` must be `http://` or `https://` followed by its `Host`, another of the
    /// gateway's own hosts or an allowed name; its `Host` must be the gateway's unless it carries the token; and the token, when one is set, is
    /// required. Clients that send no Origin (scripts, not browsers) are guarded by the Host check and the token.
    func acceptsUpgrade(_ handshake: WebSocketHandshake) -> Bool {
        let tokenValid = token.map { Self.constantTimeEqual(handshake.token, $0) } ?? false
        if token != nil, !tokenValid { return false }
        guard tokenValid || isOwn(host: handshake.host) else { return false }
        guard !handshake.origin.isEmpty else { return true }
        let origin = handshake.origin.lowercased()
        for scheme in ["http://", "https://"] where origin.hasPrefix(scheme) {
            let authority = String(origin.dropFirst(scheme.count))
            if authority == handshake.host.lowercased() || names.contains(Self.split(authority).name)
                || hosts.contains(authority)
            {
                return true
            }
        }
        return false
    }

    /// Whether a `Host` header names this gateway.
    func isOwn(host header: String) -> Bool {
        let host = header.lowercased()
        if hosts.contains(host) { return true }
        let (name, hostPort) = Self.split(host)
        if names.contains(name) { return true }
        guard anyAddress, hostPort == port || (hostPort == nil && port == 80) else { return false }
        return Self.isAddressLiteral(name)
    }

    /// `name:port` or `[v6]:port` into its name (brackets kept) and port.
    private static func split(_ host: String) -> (name: String, port: Int?) {
        guard let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") else { return (host, nil) }
        let name = String(host[..<colon])
        if name.contains(":"), !name.hasPrefix("[") { return (host, nil) }  // a bare IPv6 address, no port
        return (name, Int(host[host.index(after: colon)...]))
    }

    private static func isAddressLiteral(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        if name.hasPrefix("["), name.hasSuffix("]") {
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &v6) == 1
        }
        return inet_pton(AF_INET, name, &v4) == 1
    }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
