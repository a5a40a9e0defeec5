#if canImport(Glibc)
import Glibc
#endif

/// The daemon's operator log: one logfmt line per record on standard error,
/// `ts=2025-01-31T09:12:03.481Z level=info msg="authorized keys reloaded" path=/etc/segue/keys keys=2`,
/// with records below a threshold level dropped.
///
/// Two ways in: ``log(_:_:_:)`` builds a line from a message and fields (quoting values as needed), and
/// ``log(_:)`` takes a line that is already logfmt and starts with `level=…` (the form `EngineConfiguration.log`
/// is called with), so the engine needs no dependency on this module.
public struct LogfmtLogger: Sendable {
    /// How much a record matters; records below the logger's threshold are dropped.
    public enum Level: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
        /// Detail for diagnosing the daemon itself.
        case debug
        /// Normal operation: start, stop, reloads, periodic stats.
        case info
        /// Something an operator should look at; the daemon carries on.
        case warn
        /// Something failed.
        case error

        /// The level named `debug`, `info`, `warn` (or `warning`) or `error`; nil for any other name.
        public init?(name: String) {
            switch name.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warn", "warning": self = .warn
            case "error": self = .error
            default: return nil
            }
        }

        /// The name written after `level=`.
        public var description: String {
            switch self {
            case .debug: "debug"
            case .info: "info"
            case .warn: "warn"
            case .error: "error"
            }
        }

        /// Orders levels by importance: debug < info < warn < error.
        public static func < (lhs: Level, rhs: Level) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// Records below this level are dropped.
    public let threshold: Level
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> timespec

    /// Creates a logger.
    /// - Parameters:
    ///   - threshold: the least important level written (default info).
    ///   - write: where finished lines go (default standard error, each line written whole).
    ///   - now: the wall clock for `ts=` (replaceable for tests).
    public init(threshold: Level = .info, write: @escaping @Sendable (String) -> Void = { Console.error($0) },
                now: @escaping @Sendable () -> timespec = LogfmtLogger.wallClock)
    {
        self.threshold = threshold
        self.write = write
        self.now = now
    }

    /// Whether a record at `level` would be written (to skip building an expensive one).
    public func isEnabled(_ level: Level) -> Bool {
        level >= threshold
    }

    /// Writes `level=LEVEL msg=MESSAGE key=value ...` with `ts=` in front, if `level` passes the threshold.
    /// Values (and the message) are quoted when they hold a space, a quote, `=` or a control character.
    public func log(_ level: Level, _ message: String, _ fields: [(key: String, value: String)] = []) {
        guard isEnabled(level) else { return }
        var line = "level=\(level) msg=\(Self.quote(message))"
        for field in fields {
            line += " \(field.key)=\(Self.quote(field.value))"
        }
        emit(line)
    }

    /// Writes a line that is already logfmt, with `ts=` in front, if its level passes the threshold.
    ///
    /// The level is read from a leading `level=NAME`; a line without one counts as info and gets `level=info`
    /// added, so every line written has both keys.
    public func log(_ line: String) {
        if line.hasPrefix("level=") {
            let name = line.dropFirst("level=".count).prefix { $0 != " " }
            guard isEnabled(Level(name: String(name)) ?? .info) else { return }
            emit(line)
        } else {
            guard isEnabled(.info) else { return }
            emit("level=info " + line)
        }
    }

    private func emit(_ line: String) {
        write("ts=\(Self.timestamp(now())) " + line)
    }

    /// `value` as a logfmt value: unchanged when it is a plain word, else in double quotes with `"`, `\` and
    /// control characters escaped. An empty value is `""`.
    public static func quote(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
        }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
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
