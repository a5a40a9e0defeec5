import SegueCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal on standard output: whether there is one, its size, and raw writes to it.
enum Terminal {
    /// Whether standard output is a terminal (not a pipe or a file).
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The terminal's size in cells from `TIOCGWINSZ` on standard output, else from `COLUMNS` and `LINES`, else
    /// nil. Read again before every redraw, so a resized window (or tmux pane) is followed.
    static func size() -> (columns: Int, rows: Int)? {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            return (Int(window.ws_col), Int(window.ws_row))
        }
        if let columns = environmentInteger("COLUMNS"), let rows = environmentInteger("LINES") {
            return (columns, rows)
        }
        return nil
    }

    /// Writes `text` to standard output unbuffered, all of it (retrying partial writes and EINTR).
    static func write(_ text: String) {
        Console.flush()
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    private static func environmentInteger(_ name: String) -> Int? {
        guard let value = getenv(name), let number = Int(String(cString: value)), number > 0 else { return nil }
        return number
    }
}
