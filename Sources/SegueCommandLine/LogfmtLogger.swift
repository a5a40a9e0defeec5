import SegueLogging

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's operator log: one logfmt line per record on standard error,
/// `ts=2025-01-31T09:12:03.481Z level=info msg="authorized keys reloaded" path=/etc/segue/keys keys=2`,
/// with records below a threshold level dropped.
///
/// segued and the library modules log through ``logger``, a `Logger` whose records are written here, so every line
/// is built in one place with one quoting rule, and a record below the threshold is never built.
public struct LogfmtLogger: Sendable {
    public typealias Level = Logger.Level

    /// Records below this level are dropped.
    public let threshold: Level
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> timespec

    /// Creates a logger.
    /// - Parameters:
    ///   - threshold: the least important level written (default info).
    ///   - write: where finished lines go (default standard error, each line written whole).
    ///   - now: the wall clock for `ts=` (replaceable for tests).
    public init(
        threshold: Level = .info, write: @escaping @Sendable (String) -> Void = { Console.error($0) },
        now: @escaping @Sendable () -> timespec = LogfmtLogger.wallClock
    ) {
        self.threshold = threshold
        self.write = write
        self.now = now
    }

    /// A `Logger` (for segued and `EngineConfiguration.log`) that writes each record here as
    /// `ts=TIME level=LEVEL msg=MESSAGE key=value ...`, dropping those below ``threshold`` before they are built.
    public var logger: Logger {
        Logger(threshold: threshold) { record in emit(record) }
    }

    /// Values (and the message) are quoted when they hold a space, a quote, `=` or a control character.
    private func emit(_ record: Logger.Record) {
        var line = "ts=\(Self.timestamp(now())) level=\(record.level) msg=\(Self.quote(record.message))"
        for field in record.fields {
            line += " \(field.name)=\(Self.quote(field.value))"
        }
        write(line)
    }

    /// `value` as a logfmt value: unchanged when it is a plain word, else in double quotes with `"`, `\` and
    /// control characters escaped as logfmt readers unescape them (`\n`, `\r`, `\t`, else `\u00XX`). An empty
    /// value is `""`.
    public static func quote(_ value: String) -> String {
        let needsQuotes =
            value.isEmpty
            || value.unicodeScalars.contains {
                $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
            }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"", "\\": quoted += "\\" + String(scalar)
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// RFC 3339 UTC with milliseconds, `2025-01-31T09:12:03.481Z`: sortable, and what journald and most log
    /// shippers parse without configuration.
    public static func timestamp(_ time: timespec) -> String {
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(width - text.count, 0)) + text
        }
        let milliseconds = Int(time.tv_nsec / 1_000_000)
        return padded(Int(parts.tm_year) + 1900, 4) + "-" + padded(Int(parts.tm_mon) + 1, 2) + "-"
            + padded(Int(parts.tm_mday), 2) + "T" + padded(Int(parts.tm_hour), 2) + ":" + padded(Int(parts.tm_min), 2)
            + ":" + padded(Int(parts.tm_sec), 2) + "." + padded(milliseconds, 3) + "Z"
    }

    /// The real-time clock (`CLOCK_REALTIME`).
    public static func wallClock() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time
    }
}
