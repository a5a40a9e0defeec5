#if canImport(Glibc)
    import Glibc
#endif

/// Reading a whole file.
enum FileContents {
    /// The whole contents of the file at `path`.
    /// - Throws: `CLIFailure` (INVALID_ARGUMENT) naming the path and the reason.
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIFailure(
                code: .invalidArgument,
                message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        defer { Glibc.close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw CLIFailure(
                    code: .invalidArgument,
                    message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
