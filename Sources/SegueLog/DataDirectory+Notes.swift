import Glibc

/// Small files beside the log that say what the directory is for (a cluster daemon's `DIR/cluster-stream`):
/// written once, durably, and read back whole.
extension DataDirectory {
    /// The contents of `DIR/name` (at most 4 KiB of it), or nil when there is no such file.
    public func note(_ name: String) throws(LogError) -> [UInt8]? {
        let notePath = path + "/" + name
        let fd: Int32
        do {
            fd = try FileSystem.open(notePath, flags: O_RDONLY, what: "note")
        } catch  where error.errno == ENOENT {
            return nil
        }
        defer { FileSystem.close(fd) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 8)
        defer { buffer.deallocate() }
        let count = try FileSystem.read(fd, into: buffer, at: 0, path: notePath)
        return Array(buffer[..<count])
    }

    /// Creates `DIR/name` holding `bytes`, durably: the file, then its name in the directory.
    /// - Throws: `LogError` when the file exists already or cannot be written.
    public func writeNote(_ name: String, _ bytes: [UInt8]) throws(LogError) {
        let notePath = path + "/" + name
        let fd = try FileSystem.open(notePath, flags: O_WRONLY | O_CREAT | O_EXCL, what: "note")
        defer { FileSystem.close(fd) }
        if let code = bytes.withUnsafeBytes({ FileSystem.write(fd, $0, at: 0) }) {
            throw LogError.system("cannot write \(notePath)", path: notePath, code: code)
        }
        try FileSystem.fullSync(fd, path: notePath)
        try FileSystem.syncDirectory(path)
    }
}
