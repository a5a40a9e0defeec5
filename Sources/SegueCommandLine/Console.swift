#if canImport(Glibc)
    import Glibc
#endif

/// Output helpers for the executables: stderr lines written whole, and stdout flushed on demand (for pipes).
public enum Console {
    /// Writes `line` and a newline to standard error, unbuffered.
    public static func error(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// Prints `line` to standard output and flushes it, so a reader on a pipe sees it at once.
    public static func line(_ line: String) {
        print(line)
        flush()
    }

    /// Flushes buffered standard output.
    public static func flush() {
        fflush(nil)
    }
}
