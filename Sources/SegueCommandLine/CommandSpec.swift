#if canImport(Glibc)
    import Glibc
#endif

/// What a command accepts, for parsing and for `--help`.
public struct CommandSpec: Sendable {
    /// One `--name VALUE` option or `--name` flag.
    public struct Option: Sendable {
        public var name: String
        /// Placeholder shown in help (`DIR`, `N`); nil for a flag that takes no value.
        public var valueName: String?
        public var help: String
        /// Environment variable consulted when the option is absent.
        public var environment: String?
        /// Whether the option may be given more than once.
        public var repeatable: Bool
        /// The values it takes, when they are a fixed few (offered by shell completion); empty otherwise.
        public var choices: [String]

        public init(
            _ name: String, _ valueName: String? = nil, help: String, environment: String? = nil,
            repeatable: Bool = false, choices: [String] = []
        ) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.environment = environment
            self.repeatable = repeatable
            self.choices = choices
        }

        /// Whether its value names a file or directory (`FILE`, `DIR`, `KEY|FILE`), for shell completion.
        public var takesPath: Bool { valueName.map(CommandSpec.namesPath) ?? false }
    }

    /// One positional argument.
    public struct Positional: Sendable {
        public var name: String
        public var help: String
        public var optional: Bool

        public init(_ name: String, help: String, optional: Bool = false) {
            self.name = name
            self.help = help
            self.optional = optional
        }

        /// Whether it names a file or directory (`FILE`, `DIR`), for shell completion.
        public var takesPath: Bool { CommandSpec.namesPath(name) }
    }

    /// The command as typed, e.g. `segue swipe`.
    public var name: String
    public var summary: String
    public var positionals: [Positional]
    public var options: [Option]
    /// Example command lines shown in help.
    public var examples: [String]
    /// What `--version` prints; nil when the command takes no `--version` (a subcommand: its program answers).
    public var version: String?

    public init(
        name: String, summary: String, positionals: [Positional] = [], options: [Option] = [],
        examples: [String] = [], version: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.positionals = positionals
        self.options = options
        self.examples = examples
        self.version = version
    }

    /// Whether a placeholder (`FILE`, `DIR`, `KEY|FILE`) stands for a path.
    static func namesPath(_ placeholder: String) -> Bool {
        placeholder.split(separator: "|").contains { $0 == "FILE" || $0 == "DIR" }
    }

    /// The variables of this process that the options fall back to (`SEGUE_CONTROL`, ...), those that are set.
    public var processEnvironment: [String: String] {
        var found: [String: String] = [:]
        for name in options.compactMap(\.environment) {
            if let value = getenv(name) { found[name] = String(cString: value) }
        }
        return found
    }

    /// The `--help` text.
    public var help: String {
        var usage = "usage: \(name)"
        for positional in positionals {
            usage += positional.optional ? " [\(positional.name)]" : " \(positional.name)"
        }
        if !options.isEmpty { usage += " [options]" }
        var lines = [summary, "", usage]
        if !positionals.isEmpty {
            lines.append("")
            lines.append("arguments:")
            for positional in positionals {
                lines.append(Self.row(positional.name, positional.help))
            }
        }
        lines.append("")
        lines.append("options:")
        for option in options {
            var left = "--\(option.name)"
            if let value = option.valueName { left += " \(value)" }
            var text = option.help
            if let variable = option.environment { text += " (env \(variable))" }
            lines.append(Self.row(left, text))
        }
        lines.append(Self.row("-h, --help", "show this help"))
        if version != nil { lines.append(Self.row("--version", "show the version")) }
        if !examples.isEmpty {
            lines.append("")
            lines.append("examples:")
            for example in examples { lines.append("  \(example)") }
        }
        return lines.joined(separator: "\n")
    }

    private static func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) : left + "  "
        return "  " + padded + right
    }
}
