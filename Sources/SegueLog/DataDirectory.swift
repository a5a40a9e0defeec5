import Glibc

/// The daemon's data directory, held exclusively for as long as this object is open.
///
/// Opening it creates `DIR` (mode 0700, so other users cannot read the event history), `DIR/log` and
/// `DIR/snapshots`, then takes an exclusive `flock` on `DIR/LOCK`. The lock belongs to the open file description, so
/// it ends when this object is closed or the process dies, however it dies: no stale lock file can keep a restarted
/// daemon out. A second opener, in another process or in this one, fails with `LogError.Kind.locked`.
public final class DataDirectory {
    /// The directory, as given (without trailing slashes).
    public let path: String
    private var lockDescriptor: Int32

    /// Where the segment files live: `DIR/log`.
    public var logPath: String { path + "/log" }
    /// Where snapshots live: `DIR/snapshots`.
    public var snapshotsPath: String { path + "/snapshots" }
    /// The lock file: `DIR/LOCK`.
    public var lockPath: String { path + "/LOCK" }
    /// Whether the lock is still held.
    public var isOpen: Bool { lockDescriptor >= 0 }

    /// Creates what is missing and takes the lock.
    ///
    /// Missing parent directories are created with mode 0700 too. An existing directory keeps its mode.
    /// - Throws: `LogError` with kind `.locked` and the message
    ///   "data directory DIR is in use by another segued (lock DIR/LOCK held)" when another opener holds the lock;
    ///   `.io` or `.invalidArgument` when the directories cannot be made.
    public init(path: String) throws(LogError) {
        let path = FileSystem.trimTrailingSlashes(path)
        guard !path.isEmpty else {
            throw LogError(.invalidArgument, "the data directory path is empty")
        }
        self.path = path
        self.lockDescriptor = -1
        try FileSystem.makeDirectory(path, mode: 0o700)
        let lockPath = path + "/LOCK"
        // The lock comes before the subdirectories: whoever holds the directory is the only one that shapes it.
        let fd = try FileSystem.open(lockPath, flags: O_RDWR | O_CREAT, mode: 0o600, what: "lock file")
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            FileSystem.close(fd)
            if code == EWOULDBLOCK {
                throw LogError(
                    .locked, "data directory \(path) is in use by another segued (lock \(lockPath) held)",
                    path: path)
            }
            throw LogError.system("cannot lock \(lockPath)", path: lockPath, code: code)
        }
        lockDescriptor = fd
        // The holder's pid in the file lets an operator see who holds the lock. Best effort: the flock, not the
        // file's contents, is what excludes others.
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 {
            _ = pid.withUnsafeBytes { FileSystem.write(fd, $0, at: 0) }
        }
        do {
            try FileSystem.makeDirectory(logPath, mode: 0o700)
            try FileSystem.makeDirectory(snapshotsPath, mode: 0o700)
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Releases the lock. Idempotent. The LOCK file stays: deleting it would let two openers end up holding locks
    /// on two different files of the same name.
    public func close() {
        guard lockDescriptor >= 0 else { return }
        // Unlocked first: a child being spawned at this moment holds a copy of the descriptor until its exec closes
        // it, and the lock lives as long as any copy does; an opener right after this one would find it held.
        flock(lockDescriptor, LOCK_UN)
        FileSystem.close(lockDescriptor)
        lockDescriptor = -1
    }
}
