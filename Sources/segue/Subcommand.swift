import SegueCommandLine

/// One `segue` subcommand: what it accepts (for parsing and `--help`) and what it does.
struct Subcommand: Sendable {
    /// The word after `segue`, e.g. `push`.
    let name: String
    /// A few words for the `segue --help` list.
    let brief: String
    let spec: CommandSpec
    /// Runs the parsed command. Returns normally for exit status 0; throws `UsageError` (2), `ClientError` or
    /// `CLIFailure` (1).
    let run: @Sendable (ParsedArguments) throws -> Void
}
