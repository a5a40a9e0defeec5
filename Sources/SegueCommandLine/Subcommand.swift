/// One subcommand of a program (`segue push`): what it accepts (for parsing, `--help`, completion and manual pages)
/// and what it does.
public struct Subcommand: Sendable {
    /// The word after the program's name, e.g. `push`.
    public let name: String
    /// A few words for the program's list of commands.
    public let brief: String
    public let spec: CommandSpec
    /// Runs the parsed command. Returns normally for exit status 0; throws `UsageError` (2) or another error (1).
    public let run: @Sendable (ParsedArguments) throws -> Void

    public init(
        name: String, brief: String, spec: CommandSpec, run: @escaping @Sendable (ParsedArguments) throws -> Void
    ) {
        self.name = name
        self.brief = brief
        self.spec = spec
        self.run = run
    }
}
