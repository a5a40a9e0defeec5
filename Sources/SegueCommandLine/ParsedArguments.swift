/// A command line parsed against a `CommandSpec`.
public struct ParsedArguments: Sendable {
    public let spec: CommandSpec
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private let environment: [String: String]

    /// Parses `arguments` (without the command's own name).
    /// - Throws: `UsageError.help` for `--help` or `-h` anywhere before `--` (and for `--version`, with the spec's
    ///   version line), or a `UsageError` naming the bad argument: an option not in the spec, one given twice (unless
    ///   repeatable), a missing or empty value, a missing or empty positional.
    public init(_ arguments: [String], spec: CommandSpec, environment: [String: String] = [:]) throws(UsageError) {
        self.spec = spec
        self.environment = environment
        // Asking for help wins over whatever else is wrong with the line: that is usually why help is asked for.
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            throw UsageError.help(spec.help)
        }
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--version", let version = spec.version { throw UsageError.help(version) }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let names = NameSuggestion.closest(to: name, among: spec.options.map(\.name))
                throw UsageError(
                    "\(spec.name): unknown option --\(name)"
                        + (NameSuggestion.question(for: names) { "--\($0)" } ?? " (see --help)"))
            }
            if option.valueName == nil {
                if inlineValue != nil { throw UsageError("\(spec.name): --\(name) takes no value") }
                guard flags.insert(name).inserted else {
                    throw UsageError("\(spec.name): --\(name) was given more than once")
                }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError("\(spec.name): --\(name) needs a value (\(option.valueName ?? "VALUE"))")
                }
                value = arguments[index]
                index += 1
            }
            // An empty value is a mistake (an unset shell variable, most often), never a path or a name: `--out-dir ''`
            // would otherwise mean the root directory.
            if value.isEmpty { throw UsageError("\(spec.name): --\(name) needs a value, not an empty one") }
            if values[name] != nil && !option.repeatable {
                throw UsageError("\(spec.name): --\(name) was given more than once")
            }
            values[name, default: []].append(value)
        }
        let required = spec.positionals.filter { !$0.optional }.count
        if positionals.count < required {
            let missing = spec.positionals[positionals.count].name
            throw UsageError("\(spec.name): missing \(missing) (see --help)")
        }
        if positionals.count > spec.positionals.count {
            throw UsageError("\(spec.name): unexpected argument '\(positionals[spec.positionals.count])' (see --help)")
        }
        if let empty = positionals.firstIndex(of: "") {
            throw UsageError("\(spec.name): \(spec.positionals[empty].name) must not be empty")
        }
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool {
        checkDeclared(name)
        return flags.contains(name)
    }

    /// The option's value, or its environment variable's, or nil.
    public func string(_ name: String) -> String? {
        checkDeclared(name)
        if let value = values[name]?.last { return value }
        if let variable = spec.options.first(where: { $0.name == name })?.environment,
            let value = environment[variable], !value.isEmpty
        {
            return value
        }
        return nil
    }

    /// Every value of a repeatable option, in order.
    public func strings(_ name: String) -> [String] {
        checkDeclared(name)
        return values[name] ?? []
    }

    /// Asking for an option the spec does not declare is a mistake in the command, not in its command line: it
    /// could never be given.
    private func checkDeclared(_ name: String) {
        assert(spec.options.contains { $0.name == name }, "\(spec.name) asks for --\(name), which its spec lacks")
    }

    /// The positional argument at `index`, if given.
    public func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }

    /// The option as an integer in `range`, or nil when absent.
    public func integer(_ name: String, in range: ClosedRange<Int64>) throws(UsageError) -> Int64? {
        guard let text = string(name) else { return nil }
        guard let value = Int64(text), range.contains(value) else {
            throw UsageError(
                "\(spec.name): --\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
            )
        }
        return value
    }

    /// The option's value when it is one of `choices`, or nil when absent.
    /// - Throws: `UsageError` naming the choices, and the one meant where a slip or the case explains the value.
    public func choice(_ name: String, among choices: [String]) throws(UsageError) -> String? {
        guard let text = string(name) else { return nil }
        guard choices.contains(text) else {
            let listed = choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
            let question = NameSuggestion.question(for: NameSuggestion.meant(by: text, among: choices)) { "'\($0)'" }
            throw UsageError("\(spec.name): --\(name) must be \(listed), not '\(text)'\(question ?? "")")
        }
        return text
    }

    /// The option as a finite number in `range`, or nil when absent.
    public func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw UsageError(
                "\(spec.name): --\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
            )
        }
        return value
    }
}

/// A command line that cannot run: exit status 2 and the message on stderr (or the help on stdout, exit 0).
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let message: String
    /// True when the user asked for `--help`: print `message` to stdout and exit 0.
    public let isHelp: Bool

    public init(_ message: String) {
        self.message = message
        isHelp = false
    }

    private init(help: String) {
        message = help
        isHelp = true
    }

    /// The help text, as the outcome of `--help`.
    public static func help(_ text: String) -> UsageError {
        UsageError(help: text)
    }

    public var description: String { message }
}
