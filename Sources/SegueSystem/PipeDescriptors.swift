#if canImport(Glibc)
    import Glibc
#endif

/// The two ends of a pipe, both close-on-exec: a child started meanwhile inherits neither, so the read end sees
/// end-of-file once the writers it was meant for are gone (only a copy put on a child's fd 1 or 2 survives exec).
public struct PipeDescriptors: Sendable {
    public let read: Int32
    public let write: Int32

    /// - Parameter nonBlocking: both ends O_NONBLOCK, for a pipe that only wakes a poll (a full pipe already wakes
    ///   it, so a writer must not block, and the reader drains without waiting).
    /// - Throws: `SystemError` when the system gives no pipe.
    public init(nonBlocking: Bool = false) throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError("cannot make a pipe") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        read = ends[0]
        write = ends[1]
    }

    /// Closes both ends.
    public func close() {
        _ = Glibc.close(read)
        _ = Glibc.close(write)
    }
}
