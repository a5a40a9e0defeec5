#if canImport(Glibc)
    import Glibc
#endif

/// A file read whole, to its end (/proc files report size 0, so the size is never asked).
public enum WholeFile {
    /// The file's bytes.
    /// - Throws: `SystemError` naming `path` when it cannot be opened or read.
    public static func read(_ path: String) throws(SystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError("cannot open \(path)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw SystemError("cannot read \(path)") }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The file's text, nil when it cannot be read.
    public static func text(_ path: String) -> String? {
        (try? read(path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Replaces the file's contents with `text` (creating it with `mode`).
    /// - Throws: `SystemError` naming `path` when it cannot be written.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(SystemError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SystemError("cannot create \(path)") }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw SystemError("cannot write \(path)") }
            bytes = bytes.dropFirst(count)
        }
    }
}
