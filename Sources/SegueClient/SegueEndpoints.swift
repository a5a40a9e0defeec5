/// The three endpoints of a Segue daemon: where producers push, where clients ask, where subscribers listen.
public struct SegueEndpoints: Sendable, Hashable, CustomStringConvertible {
    /// The daemon's PULL socket for `Input` messages (producers connect a PUSH socket).
    public var ingest: String
    /// The daemon's ROUTER socket for `Request` -> `Reply` (clients connect a DEALER or REQ socket).
    public var control: String
    /// The daemon's PUB socket for topic + payload publications (subscribers connect a SUB socket).
    public var events: String

    /// `tcp://127.0.0.1:7701`, the ingest endpoint `segued` binds by default.
    public static let defaultIngest = "tcp://127.0.0.1:7701"
    /// `tcp://127.0.0.1:7702`, the control endpoint `segued` binds by default.
    public static let defaultControl = "tcp://127.0.0.1:7702"
    /// `tcp://127.0.0.1:7703`, the events endpoint `segued` binds by default.
    public static let defaultEvents = "tcp://127.0.0.1:7703"

    /// The environment variable that overrides the ingest endpoint.
    public static let ingestVariable = "SEGUE_INGEST"
    /// The environment variable that overrides the control endpoint.
    public static let controlVariable = "SEGUE_CONTROL"
    /// The environment variable that overrides the events endpoint.
    public static let eventsVariable = "SEGUE_EVENTS"

    /// Creates endpoints; each defaults to the daemon's default.
    public init(ingest: String = defaultIngest, control: String = defaultControl, events: String = defaultEvents) {
        self.ingest = ingest
        self.control = control
        self.events = events
    }

    /// Endpoints from `SEGUE_INGEST`, `SEGUE_CONTROL` and `SEGUE_EVENTS` in `environment`; an absent or empty
    /// variable keeps the default.
    public init(environment: [String: String]) {
        func value(_ name: String, _ fallback: String) -> String {
            guard let value = environment[name], !value.isEmpty else { return fallback }
            return value
        }
        self.init(
            ingest: value(Self.ingestVariable, Self.defaultIngest),
            control: value(Self.controlVariable, Self.defaultControl),
            events: value(Self.eventsVariable, Self.defaultEvents))
    }

    /// The endpoints in the form `segued` prints them: `ingest=EP control=EP events=EP`.
    public var description: String {
        "ingest=\(ingest) control=\(control) events=\(events)"
    }
}

extension SegueEndpoints {
    /// The endpoints of segued's ready line, `segued ready ingest=EP control=EP events=EP`; nil for any other line.
    public init?(readyLine line: String) {
        guard line.hasPrefix("segued ready ") else { return nil }
        var values: [String: String] = [:]
        for word in line.split(separator: " ") {
            guard let equals = word.firstIndex(of: "=") else { continue }
            values[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        guard let ingest = values["ingest"], let control = values["control"], let events = values["events"] else {
            return nil
        }
        self.init(ingest: ingest, control: control, events: events)
    }
}
