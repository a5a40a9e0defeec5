import Glibc

/// A failure of the log or the data directory, worded so that its `description` can be printed to an operator as is.
public struct LogError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure, for callers that react to some differently (for example POSITION_REMOVED on the wire).
    public enum Kind: Sendable, Hashable {
        /// A system call failed; `errno` says why.
        case io
        /// Another process holds the data directory's lock.
        case locked
        /// A file does not hold what the log format promises (bad record, missing positions, odd file name).
        case corrupt
        /// A read asked for a position that retention has deleted.
        case positionRemoved
        /// The caller passed something the log cannot accept (an empty batch, an empty payload, bad sizes).
        case invalidArgument
        /// A payload is longer than the log's `maxRecordBytes`.
        case recordTooLarge
        /// An earlier failure left the log in a state it cannot vouch for (a failed fdatasync, or a partial write
        /// that could not be removed); every later append and sync fails with this kind until the process restarts
        /// and recovery rereads the files.
        case unusable
        /// The log or directory was used after `close()`.
        case closed
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// What happened, naming the file or directory involved.
    public var message: String
    /// The file or directory involved, when there is one.
    public var path: String?
    /// The `errno` of the failed system call, when there is one.
    public var errno: Int32?

    /// Creates an error; `message` should already name `path` so that `description` reads on its own.
    public init(_ kind: Kind, _ message: String, path: String? = nil, errno: Int32? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
        self.errno = errno
    }

    /// A read from `position`, below the oldest position the log keeps (`oldestKept`): retention removed it.
    public static func removed(position: UInt64, oldestKept: UInt64, directory: String) -> LogError {
        LogError(
            .positionRemoved,
            "position \(position) was removed by retention; the oldest kept position is \(oldestKept)", path: directory)
    }

    /// The system's text for `errno`, such as "No space left on device".
    public var errnoText: String? {
        errno.map { String(cString: strerror($0)) }
    }

    /// The message, followed by the errno text when a system call failed.
    public var description: String {
        guard let errnoText else { return message }
        return "\(message): \(errnoText)"
    }

    /// An `.io` error for a system call that just failed with `code`.
    static func system(_ message: String, path: String, code: Int32) -> LogError {
        LogError(.io, message, path: path, errno: code)
    }
}
