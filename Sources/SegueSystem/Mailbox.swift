import Synchronization

/// Items handed to a thread that waits in a poll: any thread posts, the owner polls `fileDescriptor` beside its
/// ZeroMQ sockets and takes what was posted. A `WakePipe` wakes the poll; the items themselves stay Swift values.
public final class Mailbox<Item: Sendable>: Sendable {
    private let items = Mutex<[Item]>([])
    private let wakePipe: WakePipe

    /// - Throws: `SystemError` when the system gives no pipe.
    public init() throws(SystemError) {
        wakePipe = try WakePipe()
    }

    /// Readable when something was posted or `wake()` was called.
    public var fileDescriptor: Int32 { wakePipe.fileDescriptor }

    /// Any thread.
    public func post(_ item: Item) {
        items.withLock { $0.append(item) }
        wake()
    }

    /// Makes the owner's poll return; any thread.
    public func wake() {
        wakePipe.wake()
    }

    /// Everything posted so far, oldest first; the owner's thread.
    public func take() -> [Item] {
        wakePipe.drain()
        return items.withLock { items in
            defer { items.removeAll() }
            return items
        }
    }
}
