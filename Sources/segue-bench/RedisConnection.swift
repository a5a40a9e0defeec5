import SegueSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A client connection to a Redis server on loopback: a plain TCP socket that writes RESP requests and reads replies.
/// Reads wait at most `readTimeoutMs`, so a caller can look at its stop flag between them.
final class RedisConnection {
    private let descriptor: Int32
    private var replies = RESPReplyReader()
    private var receiveBuffer = [UInt8](repeating: 0, count: 65_536)

    /// Connects to 127.0.0.1:`port`.
    /// - Throws: `BenchError` when the server does not accept the connection.
    init(port: Int, readTimeoutMs: Int = 100) throws(BenchError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("redis: socket: \(Self.lastError)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            let reason = Self.lastError
            close(fd)
            throw BenchError("redis: connect to 127.0.0.1:\(port): \(reason)")
        }
        // Pipelined requests go out as they are written, not held back for the replies' acknowledgements.
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        var timeout = timeval(tv_sec: readTimeoutMs / 1000, tv_usec: (readTimeoutMs % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(BenchError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw BenchError("redis: write: \(Self.lastError)")
            }
            offset += written
        }
    }

    /// Reads what has arrived (waiting up to the read timeout for something) and hands each reply it completed to
    /// `body`: none when nothing came in time.
    /// - Throws: `BenchError` when the server closed the connection or sent what is not RESP.
    func readReplies(_ body: (RESPReply) -> Void) throws(BenchError) {
        let received = receiveBuffer.withUnsafeMutableBytes { raw in
            recv(descriptor, raw.baseAddress!, raw.count, 0)
        }
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            throw BenchError("redis: read: \(Self.lastError)")
        }
        guard received > 0 else { throw BenchError("redis: the server closed the connection") }
        replies.append(receiveBuffer[0..<received])
        do {
            while let reply = try replies.next() { body(reply) }
        } catch {
            throw BenchError("redis: \(error.description)")
        }
    }

    /// Sends one request and waits up to `timeoutMs` for its reply.
    func request(_ arguments: [String], timeoutMs: Int) throws(BenchError) -> RESPReply {
        try write(RESPCommand.encode(arguments))
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        var reply: RESPReply?
        while reply == nil && MonotonicTime.nowNs() < deadline {
            try readReplies { reply = reply ?? $0 }
        }
        if let reply { return reply }
        throw BenchError("redis: no reply to \(arguments.first ?? "") within \(timeoutMs) ms")
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
