import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Items handed to a thread that waits in a poll: any thread posts, the owner polls `fileDescriptor` beside its
/// ZeroMQ sockets and takes what was posted. A pipe wakes the poll; the items themselves stay Swift values.
final class Mailbox<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])
    private let pipeEnds: (read: Int32, write: Int32)

    /// - Throws: `GatewayError` when the system gives no pipe.
    init() throws(GatewayError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .pipe(errno: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        pipeEnds = (ends[0], ends[1])
    }

    deinit {
        close(pipeEnds.read)
        close(pipeEnds.write)
    }

    /// Readable when something was posted or `wake()` was called.
    var fileDescriptor: Int32 { pipeEnds.read }

    /// Any thread.
    func post(_ item: Item) {
        items.withLock { $0.append(item) }
        wake()
    }

    /// Makes the owner's poll return; any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(pipeEnds.write, &byte, 1)  // a full pipe already wakes the owner
    }

    /// Everything posted so far, oldest first; the owner's thread.
    func take() -> [Item] {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(pipeEnds.read, &bytes, bytes.count) > 0 {}
        return items.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }
}
