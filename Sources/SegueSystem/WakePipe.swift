#if canImport(Glibc)
    import Glibc
#endif

/// A non-blocking pipe that makes a thread waiting in poll(2) return: any thread calls `wake()`, the owner polls
/// `fileDescriptor` beside its other descriptors and `drain()`s it before it looks at what it was woken for.
public final class WakePipe: Sendable {
    private let ends: PipeDescriptors

    /// - Throws: `SystemError` when the system gives no pipe.
    public init() throws(SystemError) {
        ends = try PipeDescriptors(nonBlocking: true)
    }

    deinit {
        ends.close()
    }

    /// Readable after `wake()`, until `drain()`.
    public var fileDescriptor: Int32 { ends.read }

    /// Makes the owner's poll return; any thread.
    public func wake() {
        var byte: UInt8 = 1
        _ = write(ends.write, &byte, 1)  // a full pipe already wakes the owner
    }

    /// Empties the pipe; the owner's thread.
    public func drain() {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(ends.read, &bytes, bytes.count) > 0 {}
    }
}
