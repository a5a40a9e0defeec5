#if canImport(Glibc)
    import Glibc
#endif

/// A file being written from the start: every write goes out whole, and ``close()`` makes it durable.
///
/// Nothing is left at `path` until ``place()``, so a command that fails before it starts leaves no file behind and
/// an old file unharmed: a new file is created at `path` and removed by ``discard()``; a replacement is written
/// beside it and renamed over the old one by ``place()``.
final class OutputFile {
    /// The path as given.
    let path: String
    private var descriptor: Int32
    /// Bytes written so far.
    private(set) var byteCount = 0
    /// What ``discard()`` removes: where the bytes go until ``place()``; nil after it.
    private var unplaced: String?
    /// Whether ``place()`` renames the file over `path`.
    private let replaces: Bool

    /// Creates `path` (mode 0644 before the umask); an existing file is an error unless `replace`, when it must be a
    /// regular file, and stays as it is until ``place()``.
    /// - Throws: `CLIFailure` (INVALID_ARGUMENT) naming the path and the reason.
    init(creating path: String, replace: Bool) throws {
        self.path = path
        replaces = replace
        var status = stat()
        if replace, lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw CLIFailure(code: .invalidArgument, message: "cannot replace \(path): not a regular file")
        }
        let target = replace ? Self.sibling(of: path) : path
        descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            let hint = errno == EEXIST && !replace ? " (give --force to replace it)" : ""
            throw CLIFailure(code: .invalidArgument, message: "cannot create \(path): \(reason)\(hint)")
        }
        unplaced = target
    }

    /// A new name in `path`'s directory (a rename does not cross file systems): `.NAME.RANDOM`.
    private static func sibling(of path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return directory + "." + name + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// Puts the file at `path`, replacing what was there; idempotent.
    /// - Throws: `CLIFailure` (UNAVAILABLE) when the rename fails.
    func place() throws {
        guard let written = unplaced else { return }
        if replaces, rename(written, path) != 0 {
            throw CLIFailure(
                code: .unavailable, message: "cannot replace \(path): \(String(cString: strerror(errno)))")
        }
        unplaced = nil
    }

    /// Closes and removes the file unless it was placed; what was at `path` before stays.
    func discard() {
        try? close()
        if let written = unplaced { unlink(written) }
        unplaced = nil
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
