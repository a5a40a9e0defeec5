#if canImport(Glibc)
    import Glibc
#endif

/// The text of a small file the options name (a key, a password, a credentials file), read whole.
enum SmallTextFile {
    /// Files over this are not keys or credentials: reading stops there.
    static let maxBytes = 1 << 20

    /// The file's text, or why it cannot be read (`strerror`'s words).
    static func read(_ path: String) -> Result<String, SmallTextFileError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SmallTextFileError.now()) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= maxBytes {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(SmallTextFileError.now()) }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}

/// Why a file could not be read: errno's description, read right after the failing call.
struct SmallTextFileError: Error, CustomStringConvertible {
    let description: String

    static func now() -> SmallTextFileError { SmallTextFileError(description: String(cString: strerror(errno))) }
}
