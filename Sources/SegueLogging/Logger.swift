/// Where the library modules say what an operator should know: a message and named fields at a level, the shape of
/// swift-log's API. How a record is written is the program's choice (segued writes logfmt lines); the libraries
/// never format one, so every value goes through the one writer and its one quoting rule.
public struct Logger: Sendable {
    /// How much a record matters; a writer drops records below its threshold.
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

    /// One record: a short fixed message (`"snapshot skipped"`) and what varies in named fields.
    public struct Record: Sendable, Equatable {
        public let level: Level
        public let message: String
        public let fields: [Field]
    }

    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String
    }

    /// The least important level built and handed on; nil drops every record.
    public let threshold: Level?
    private let handler: @Sendable (Record) -> Void

    /// A logger that hands every record at `threshold` or above to `handler`.
    public init(threshold: Level? = .debug, _ handler: @escaping @Sendable (Record) -> Void) {
        self.threshold = threshold
        self.handler = handler
    }

    /// Drops everything: the default of a library's configuration.
    public static let discarding = Logger(threshold: nil) { _ in }

    /// Whether a record at `level` would be handed on.
    public func isEnabled(_ level: Level) -> Bool {
        threshold.map { level >= $0 } ?? false
    }

    /// Hands a record to the handler if `level` passes the threshold. The message and fields are evaluated only
    /// then, and before the handler runs: no closure outlives this call, so they may read anything the caller
    /// borrows (an `inout` configuration included).
    public func log(
        _ level: Level, _ message: @autoclosure () -> String,
        _ fields: @autoclosure () -> KeyValuePairs<String, any CustomStringConvertible> = [:]
    ) {
        guard isEnabled(level) else { return }
        let record = Record(
            level: level, message: message(), fields: fields().map { Field(name: $0.key, value: $0.value.description) })
        handler(record)
    }

    public func debug(
        _ message: @autoclosure () -> String,
        _ fields: @autoclosure () -> KeyValuePairs<String, any CustomStringConvertible> = [:]
    ) {
        log(.debug, message(), fields())
    }

    public func info(
        _ message: @autoclosure () -> String,
        _ fields: @autoclosure () -> KeyValuePairs<String, any CustomStringConvertible> = [:]
    ) {
        log(.info, message(), fields())
    }

    public func warn(
        _ message: @autoclosure () -> String,
        _ fields: @autoclosure () -> KeyValuePairs<String, any CustomStringConvertible> = [:]
    ) {
        log(.warn, message(), fields())
    }

    public func error(
        _ message: @autoclosure () -> String,
        _ fields: @autoclosure () -> KeyValuePairs<String, any CustomStringConvertible> = [:]
    ) {
        log(.error, message(), fields())
    }
}
