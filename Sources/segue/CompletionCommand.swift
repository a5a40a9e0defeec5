import SegueCommandLine

/// `segue completion bash|zsh`: the shell completion script, generated from the commands' specs.
enum CompletionCommand {
    static let subcommand = Subcommand(
        name: "completion", brief: "print the shell completion script (bash or zsh)", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue completion",
        summary: "Print a completion script for bash or zsh: commands, their options, and the values of those "
            + "with a fixed few (profiles, targets) or a path. make install installs both.",
        positionals: [.init("SHELL", help: "bash or zsh")],
        examples: [
            "source <(segue completion bash)",
            "segue completion zsh > ~/.zsh/completions/_segue   # a directory on $fpath",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        switch arguments.positionals[0] {
        case "bash": print(ShellCompletion.bash(program: "segue", commands: SegueCommands.all), terminator: "")
        case "zsh": print(ShellCompletion.zsh(program: "segue", commands: SegueCommands.all), terminator: "")
        case let other: throw UsageError("segue completion: SHELL must be bash or zsh, not '\(other)'")
        }
    }
}
