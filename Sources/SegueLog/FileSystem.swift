import Glibc

/// Thin wrappers over the Glibc calls the log needs: they retry EINTR, loop over short transfers and turn failures
/// into `LogError`s that name the file, so the log's own code reads as the algorithm it is.
enum FileSystem {
    /// Opens `path`, retrying when a signal interrupts the call. Every descriptor is close-on-exec so that a child
    /// process (a test spawning `segued`, say) never inherits the directory lock or a segment.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600, what: String) throws(LogError) -> Int32 {
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            let code = errno
            if code == EINTR { continue }
            throw LogError.system("cannot open \(what) \(path)", path: path, code: code)
        }
    }

    /// Closes a descriptor. Errors are ignored: on Linux the descriptor is gone either way, and retrying could close
    /// a descriptor another thread has just been given.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Reads into `buffer` from `offset` until it is full or the file ends; returns how many bytes arrived.
    static func read(
        _ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int, path: String
    ) throws(LogError) -> Int {
        var done = 0
        while done < buffer.count {
            let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if n > 0 {
                done += n
            } else if n == 0 {
                break
            } else {
                let code = errno
                if code == EINTR { continue }
                throw LogError.system("cannot read \(path) at byte \(offset + done)", path: path, code: code)
            }
        }
        return done
    }

    /// Writes all of `bytes` at `offset`. Returns nil on success or the errno that stopped it, leaving the caller to
    /// undo a partial write (it knows where the last whole record ended).
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int32? {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n > 0 {
                done += n
            } else if n == 0 {
                // A regular file never accepts zero bytes without an error; treat it as the disk being full rather
                // than spinning forever.
                return ENOSPC
            } else {
                let code = errno
                if code == EINTR { continue }
                return code
            }
        }
        return nil
    }

    /// Flushes a file's data (and the metadata needed to read it back, such as its size) to the disk.
    static func dataSync(_ fd: Int32, path: String) throws(LogError) {
        while fdatasync(fd) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw LogError.system("fdatasync of \(path) failed", path: path, code: code)
        }
    }

    /// Flushes a file's data and all of its metadata.
    static func fullSync(_ fd: Int32, path: String) throws(LogError) {
        while fsync(fd) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw LogError.system("fsync of \(path) failed", path: path, code: code)
        }
    }

    /// Makes the directory's entries durable: creating, renaming or deleting a file is only safe from a crash once
    /// the directory itself has been fsynced.
    static func syncDirectory(_ path: String) throws(LogError) {
        let fd = try open(path, flags: O_RDONLY | O_DIRECTORY, what: "directory")
        defer { close(fd) }
        try fullSync(fd, path: path)
    }

    /// Sets the length of a file (used to cut a torn tail or undo a failed write).
    static func truncate(_ fd: Int32, to size: Int, path: String) throws(LogError) {
        while ftruncate(fd, off_t(size)) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw LogError.system("cannot truncate \(path) to \(size) bytes", path: path, code: code)
        }
    }

    /// The current length of an open file.
    static func size(_ fd: Int32, path: String) throws(LogError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw LogError.system("cannot stat \(path)", path: path, code: errno)
        }
        return Int(info.st_size)
    }

    /// Creates the directory `path` with `mode` exactly (not reduced by the umask) if it does not exist yet,
    /// creating missing parents the same way, and fsyncs each parent so the new entry survives a crash.
    /// Returns whether it created `path`. An existing directory keeps its mode: changing an operator's choice
    /// silently would be a surprise.
    @discardableResult
    static func makeDirectory(_ path: String, mode: mode_t) throws(LogError) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw LogError(.invalidArgument, "\(path) exists and is not a directory", path: path)
            }
            return false
        }
        let parent = parentDirectory(of: path)
        if parent != path {
            try makeDirectory(parent, mode: mode)
        }
        if mkdir(path, mode) != 0 {
            let code = errno
            // Someone else created it between our stat and mkdir; that is what we wanted.
            if code == EEXIST { return false }
            throw LogError.system("cannot create directory \(path)", path: path, code: code)
        }
        guard chmod(path, mode) == 0 else {
            throw LogError.system("cannot set the mode of directory \(path)", path: path, code: errno)
        }
        try syncDirectory(parent)
        return true
    }

    /// The names in a directory, without "." and "..".
    static func list(_ path: String) throws(LogError) -> [String] {
        guard let dir = opendir(path) else {
            throw LogError.system("cannot list directory \(path)", path: path, code: errno)
        }
        defer { closedir(dir) }
        var names: [String] = []
        // readdir returns nil both at the end and on error; clearing errno first tells them apart.
        errno = 0
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
                UnsafeRawPointer(tuple).withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
            errno = 0
        }
        if errno != 0 {
            throw LogError.system("cannot list directory \(path)", path: path, code: errno)
        }
        return names
    }

    /// Removes a file; returns false if it was already gone.
    static func unlink(_ path: String) throws(LogError) -> Bool {
        if Glibc.unlink(path) == 0 { return true }
        let code = errno
        if code == ENOENT { return false }
        throw LogError.system("cannot delete \(path)", path: path, code: code)
    }

    /// Renames `path` to `target`, replacing any file there; durable once both directories are fsynced.
    static func rename(_ path: String, to target: String) throws(LogError) {
        if Glibc.rename(path, target) != 0 {
            throw LogError.system("cannot rename \(path) to \(target)", path: path, code: errno)
        }
    }

    /// Whether something exists at `path` (a dangling symbolic link counts).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The directory holding `path` ("." for a bare name, "/" for a top-level one).
    static func parentDirectory(of path: String) -> String {
        let trimmed = trimTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let parent = String(trimmed[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    /// `path` without trailing slashes (but "/" stays "/"), so joined paths and messages look clean.
    static func trimTrailingSlashes(_ path: String) -> String {
        var result = Substring(path)
        while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }
}
