#if canImport(Glibc)
    import Glibc
#endif

extension Curve {
    /// Reads the Z85 key on the first line of a file (the form `segue keygen` writes; later lines are comments).
    /// - Returns: the 40-character key, or why the file does not hold one.
    public static func readKey(fromFile path: String) -> Result<String, KeyFileError> {
        guard let text = readText(path) else {
            return .failure(KeyFileError("cannot read key file \(path): \(String(cString: strerror(errno)))"))
        }
        let firstLine = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let key = firstLine.trimmingCharacters(in: " \t\r")
        guard key.utf8.count == 40, Z85.decode(key) != nil else {
            return .failure(KeyFileError("key file \(path) does not start with a 40-character Z85 key"))
        }
        return .success(key)
    }

    /// Reads a whole small text file (at most 1 MiB); nil when it cannot be opened or read.
    public static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > 1 << 20 { return nil }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A key file that could not be used; the message names the file and the problem.
public struct KeyFileError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
