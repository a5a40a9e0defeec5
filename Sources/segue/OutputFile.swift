#if canImport(Glibc)
    import Glibc
#endif

/// A file being written from the start: every write goes out whole, and ``close()`` makes it durable.
final class OutputFile {
    /// The path as given.
    let path: String
    private var descriptor: Int32
    /// Bytes written so far.
    private(set) var byteCount = 0

    /// Creates `path` (mode 0644 before the umask); an existing file is an error unless `replace`.
    /// - Throws: `CLIFailure` (INVALID_ARGUMENT) naming the path and the reason.
    init(creating path: String, replace: Bool) throws {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (replace ? O_TRUNC : O_EXCL)
        descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            let hint = errno == EEXIST ? " (give --force to replace it)" : ""
            throw CLIFailure(code: .invalidArgument, message: "cannot create \(path): \(reason)\(hint)")
        }
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Writes all of `bytes`, retrying partial writes and EINTR.
    /// - Throws: `CLIFailure` (UNAVAILABLE) when the disk refuses (full, say).
    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw CLIFailure(
                    code: .unavailable,
                    message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        byteCount += bytes.count
    }

    /// Syncs and closes the file; idempotent.
    func close() throws {
        guard descriptor >= 0 else { return }
        defer {
            Glibc.close(descriptor)
            descriptor = -1
        }
        guard fsync(descriptor) == 0 else {
            throw CLIFailure(code: .unavailable, message: "cannot sync \(path): \(String(cString: strerror(errno)))")
        }
    }
}
