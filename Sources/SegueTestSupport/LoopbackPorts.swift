#if canImport(Glibc)
    import Glibc
#endif

/// Free TCP ports on 127.0.0.1, for servers that must be told their port (nats-server's client and route ports).
public enum LoopbackPorts {
    /// `count` distinct loopback ports that were free a moment ago: each is bound with port 0 and released, all
    /// sockets held until every port is chosen so that none comes twice. Someone may take one before the server
    /// binds it: a caller retries a start whose server exited.
    public static func free(_ count: Int) throws(HarnessError) -> [Int] {
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        var ports: [Int] = []
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
            sockets.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(fd, generic, length) == 0 && getsockname(fd, generic, &length) == 0
                }
            }
            guard bound else { throw HarnessError("bind 127.0.0.1:0: \(String(cString: strerror(errno)))") }
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }
}
