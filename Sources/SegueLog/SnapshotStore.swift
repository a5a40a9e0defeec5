import Glibc

/// The snapshot files of a data directory: `DIR/<position, 20 digits>.snap`, each framed as `SnapshotFormat` says.
///
/// A snapshot is written to a temporary file, fsynced, renamed into place and the directory fsynced, so a crash
/// leaves either the whole new file or none (and maybe a `.tmp` leftover, removed on the next open). The store does
/// not interpret payloads. It holds no state besides its path, so a write may run on another thread; the holder of
/// the data directory's lock is its only user, and it must not list, prune or set aside while a write runs.
public final class SnapshotStore: Sendable {
    /// One snapshot file.
    public struct File: Sendable, Hashable, CustomStringConvertible {
        /// The newest log position the snapshot covers (its name).
        public let position: UInt64
        /// The file's path.
        public let path: String

        /// The path, for messages.
        public var description: String { path }
    }

    /// The directory holding the snapshot files.
    public let directory: String

    /// Suffix of files being written; a leftover is the residue of a crash mid-write.
    static let temporarySuffix = ".tmp"
    /// Suffix given to a snapshot that was refused, so it is neither used nor counted again but kept for a look.
    public static let setAsideSuffix = ".bad"

    /// Opens the store in `directory` (creating it, mode 0700, if needed) and removes leftover temporary files.
    /// - Throws: `LogError` when the directory cannot be made, listed or cleaned.
    public init(directory: String) throws(LogError) {
        let directory = FileSystem.trimTrailingSlashes(directory)
        self.directory = directory
        try FileSystem.makeDirectory(directory, mode: 0o700)
        var removed = false
        for name in try FileSystem.list(directory) where name.hasSuffix(".snap" + Self.temporarySuffix) {
            removed = try FileSystem.unlink(directory + "/" + name) || removed
        }
        if removed { try FileSystem.syncDirectory(directory) }
    }

    /// The file name of the snapshot at `position`: 20 digits, so names sort in position order.
    public static func fileName(for position: UInt64) -> String {
        let digits = String(position)
        return String(repeating: "0", count: 20 - digits.count) + digits + ".snap"
    }

    /// The position a snapshot file name stands for, or nil if `name` is not one.
    public static func position(fromFileName name: String) -> UInt64? {
        guard name.utf8.count == 25, name.hasSuffix(".snap") else { return nil }
        let digits = name.utf8.prefix(20)
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt64(String(name.prefix(20)))
    }

    /// The snapshot files, newest (highest position) first. Other files are ignored.
    public func list() throws(LogError) -> [File] {
        try Self.files(inDirectory: directory)
    }

    /// Writes the snapshot at `position` durably: temporary file, fsync, rename, directory fsync. An existing
    /// snapshot of the same position is replaced.
    /// - Returns: the file written.
    /// - Throws: `LogError` (`.io`) when a step fails; the temporary file is removed and any older snapshot stays.
    @discardableResult
    public func write(position: UInt64, payload: [UInt8]) throws(LogError) -> File {
        let path = directory + "/" + Self.fileName(for: position)
        let temporary = path + Self.temporarySuffix
        let bytes = SnapshotFormat.encode(position: position, payload: payload)
        do throws(LogError) {
            let fd = try FileSystem.open(
                temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600,
                what: "temporary snapshot")
            defer { FileSystem.close(fd) }
            if let code = bytes.withUnsafeBytes({ FileSystem.write(fd, $0, at: 0) }) {
                throw LogError.system("cannot write the snapshot \(temporary)", path: temporary, code: code)
            }
            try FileSystem.fullSync(fd, path: temporary)
        } catch {
            _ = try? FileSystem.unlink(temporary)
            throw error
        }
        if Glibc.rename(temporary, path) != 0 {
            let code = errno
            _ = try? FileSystem.unlink(temporary)
            throw LogError.system("cannot rename \(temporary) to \(path)", path: path, code: code)
        }
        try FileSystem.syncDirectory(directory)
        return File(position: position, path: path)
    }

    /// The payload of `file`, checked against its frame.
    /// - Throws: `LogError` `.corrupt` saying what is wrong (magic, version, position, length or checksum), or
    ///   `.io` when the file cannot be read.
    public func read(_ file: File) throws(LogError) -> [UInt8] {
        try Self.payload(of: file)
    }

    /// Deletes all but the newest `count` snapshots.
    /// - Returns: the files deleted, oldest last.
    @discardableResult
    public func prune(keeping count: Int) throws(LogError) -> [File] {
        let doomed = Array(try list().dropFirst(max(count, 0)))
        for file in doomed {
            _ = try FileSystem.unlink(file.path)
        }
        if !doomed.isEmpty { try FileSystem.syncDirectory(directory) }
        return doomed
    }

    /// Renames a refused snapshot to `<name>.bad`, out of the way of `list`, `prune` and later starts, but kept for
    /// the operator to look at.
    /// - Returns: the new path.
    @discardableResult
    public func setAside(_ file: File) throws(LogError) -> String {
        let target = file.path + Self.setAsideSuffix
        if Glibc.rename(file.path, target) != 0 {
            throw LogError.system("cannot rename \(file.path) to \(target)", path: file.path, code: errno)
        }
        try FileSystem.syncDirectory(directory)
        return target
    }
}
