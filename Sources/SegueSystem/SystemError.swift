#if canImport(Glibc)
    import Glibc
#endif

/// A system call that failed: what was being done, and the errno it failed with.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    /// What was being done, such as "cannot make a pipe".
    public let operation: String
    /// The errno.
    public let code: Int32

    /// `code` defaults to the calling thread's errno, so create this right after the failing call.
    public init(_ operation: String, code: Int32 = errno) {
        self.operation = operation
        self.code = code
    }

    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
