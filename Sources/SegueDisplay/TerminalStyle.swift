import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// How much styling `segue`'s output carries, and the ANSI SGR codes of that styling: the one place that decides
/// whether `segue tail` and `segue watch` colour what they print, and what each colour means.
///
/// - ``plain``: standard output is not a terminal (a pipe, a file), or `TERM` is `dumb`: no escape sequences at all.
/// - ``monochrome``: a terminal, with `NO_COLOR` set to a non-empty value (https://no-color.org): bold and dim
///   only, no colours.
/// - ``colour``: a terminal: bold, dim and colours.
public enum TerminalStyle: Sendable, Hashable {
    case plain
    case monochrome
    case colour

    /// The style for output to a terminal or not, under `NO_COLOR`'s and `TERM`'s values (nil when unset).
    public static func decide(outputIsTerminal: Bool, noColor: String?, term: String? = nil) -> TerminalStyle {
        // A dumb terminal prints escape sequences as they are.
        guard outputIsTerminal, term != "dumb" else { return .plain }
        // An empty NO_COLOR is as good as none, as no-color.org says.
        return (noColor ?? "").isEmpty ? .colour : .monochrome
    }

    /// The style for this process's standard output and environment.
    public static var standardOutput: TerminalStyle {
        decide(
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            noColor: getenv("NO_COLOR").map { String(cString: $0) }, term: getenv("TERM").map { String(cString: $0) })
    }

    /// Whether colours are drawn.
    public var coloursText: Bool { self == .colour }

    /// `text` in `colour` (a whole line, say), or `text` as it is when this style draws no colours.
    public func paint(_ text: String, _ colour: TextColour?) -> String {
        guard coloursText, let colour else { return text }
        return SGR.sequence([colour.sgrParameter]) + text + SGR.sequence([SGR.reset])
    }
}

/// The colours `segue` uses, and what they mean: green a transition that finishes, yellow one that is cancelled,
/// red a refusal, cyan a gesture still deciding.
public enum TextColour: Sendable, Hashable, CaseIterable {
    case red
    case green
    case yellow
    case cyan

    /// A refused gesture or command.
    public static let rejection = TextColour.red

    /// The colour of an event's line: `finished` green, `cancelled` yellow; nil (uncoloured) for the others.
    public static func of(_ event: Event) -> TextColour? {
        switch event.body {
        case .finished?: .green
        case .cancelled?: .yellow
        default: nil
        }
    }

    /// The SGR parameter that selects it as the foreground colour.
    var sgrParameter: String {
        switch self {
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        case .cyan: "36"
        }
    }
}

/// SGR ("select graphic rendition", ECMA-48) parameters and sequences: the only text attributes every terminal and
/// tmux understand alike.
enum SGR {
    static let reset = "0"
    static let bold = "1"
    static let dim = "2"
    static let reverse = "7"

    /// `ESC [ p1;p2 m`.
    static func sequence(_ parameters: [String]) -> String {
        "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
}
