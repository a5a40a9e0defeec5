#if canImport(Glibc)
    import Glibc
#endif

/// A libwebsockets context or connection that could not be made: what failed, and the system call's `errno` when
/// one failed, kept as a number for callers that react to it.
public struct WebSocketError: Error, Sendable, CustomStringConvertible {
    /// What failed (`"cannot open the page's directory /srv/page"`).
    public let context: String
    /// The `errno` of the failed system call, when there is one.
    public let errno: Int32?

    public init(_ context: String, errno: Int32? = nil) {
        self.context = context
        self.errno = errno
    }

    /// The context, then the system's text for `errno` (`"No such file or directory"`).
    public var description: String {
        errno.map { "\(context): \(String(cString: strerror($0)))" } ?? context
    }
}
