#if canImport(Glibc)
    import Glibc
#endif

/// Lines from a descriptor (a child's output pipe), each waited for with poll(2) and a deadline, never by sleeping:
/// a caller proceeds the moment the line it waits for arrives.
public struct LineReader {
    /// What waiting for a line came to.
    public enum Read: Equatable, Sendable {
        /// A line, without its newline (at the end of the output, what is left after the last newline).
        case line(String)
        /// The deadline passed first.
        case timedOut
        /// The output ended: every writer closed it (the child is gone).
        case ended
        /// `cancelled` said so.
        case cancelled
    }

    public let descriptor: Int32
    private var bytes: [UInt8] = []
    private var ended = false

    /// Reads `descriptor`, which stays the caller's to close.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line, waiting up to `timeoutMs`; `cancelled` is asked at least every 100 ms (Ctrl-C, say).
    public mutating func next(timeoutMs: Int, cancelled: () -> Bool = { false }) -> Read {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                defer { bytes.removeSubrange(...newline) }
                return .line(String(decoding: bytes[..<newline], as: UTF8.self))
            }
            if ended {
                guard !bytes.isEmpty else { return .ended }
                defer { bytes.removeAll() }
                return .line(String(decoding: bytes, as: UTF8.self))
            }
            if cancelled() { return .cancelled }
            let leftMs = (deadline - MonotonicTime.nowNs()) / 1_000_000
            guard leftMs > 0 else { return .timedOut }
            var item = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&item, 1, Int32(min(leftMs, 100)))
            if ready < 0 && errno != EINTR { ended = true }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                ended = true
            }
        }
    }
}
