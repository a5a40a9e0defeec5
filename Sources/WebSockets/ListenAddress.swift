#if canImport(Glibc)
    import Glibc
#endif

/// An IP address and port to serve on, checked against this machine before libwebsockets is given it: the library
/// logs and carries on when the address is not one of this machine's (it waits for the interface to appear), and
/// Debian's 4.1 listens on every interface when given an IPv4 address with IPv6 enabled.
public struct ListenAddress: Sendable, Equatable {
    /// Numeric: `127.0.0.1`, `0.0.0.0`, `::1`, `::`.
    public let host: String
    public let port: Int

    public var isIPv6: Bool { host.contains(":") }

    /// Loopback addresses: only this machine's users reach them.
    public var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }

    /// Why an address cannot be served on.
    public enum Problem: Error, Equatable {
        /// Not an IPv4 or IPv6 address.
        case notNumeric
        /// Not an address of this machine (EADDRNOTAVAIL).
        case notThisMachine
        /// Something listens there already (EADDRINUSE).
        case inUse
        case other(String)
    }

    /// `localhost` reads as `127.0.0.1`; other names are refused (an address names one interface, a name may
    /// resolve to several).
    public init(host: String, port: Int) throws(Problem) {
        let numeric = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        var v6 = in6_addr()
        guard inet_pton(AF_INET, numeric, &v4) == 1 || inet_pton(AF_INET6, numeric, &v6) == 1 else {
            throw .notNumeric
        }
        self.host = numeric
        self.port = port
    }

    /// Binds a socket to the address and closes it, so what libwebsockets would only log is an error here.
    public func checkBindable() throws(Problem) {
        let family = isIPv6 ? AF_INET6 : AF_INET
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .other(String(cString: strerror(errno))) }
        defer { close(fd) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let status: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            status = Self.bind(fd, to: address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET, host, &address.sin_addr)
            status = Self.bind(fd, to: address)
        }
        guard status != 0 else { return }
        switch errno {
        case EADDRNOTAVAIL: throw .notThisMachine
        case EADDRINUSE: throw .inUse
        default: throw .other(String(cString: strerror(errno)))
        }
    }

    /// `bind(2)` with a `sockaddr_in` or `sockaddr_in6`.
    private static func bind<Address>(_ fd: Int32, to address: Address) -> Int32 {
        withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(fd, $0, socklen_t(MemoryLayout<Address>.size))
            }
        }
    }
}
