import SegueClient
import SegueCommandLine

#if canImport(Glibc)
    import Glibc
#endif

// `segue SUBCOMMAND ...`: the command-line client of segued. Exit 0 ok, 1 error reply or no daemon, 2 usage.

let subcommands = SegueCommands.all
let overview = SegueCommands.overview

var arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    Console.error(overview)
    exit(2)
}
if name == "--version", arguments.count == 1 {
    Console.line(SegueCommands.version)
    exit(0)
}
if name == "--help" || name == "-h" || name == "help" {
    // `segue help push` is `segue push --help`.
    if name == "help", arguments.count > 1 {
        arguments = [arguments[1], "--help"]
    } else {
        Console.line(overview)
        exit(0)
    }
}
guard let subcommand = subcommands.first(where: { $0.name == arguments[0] }) else {
    let names = NameSuggestion.closest(to: arguments[0], among: subcommands.map(\.name))
    Console.error(
        "segue: unknown command '\(arguments[0])'"
            + (NameSuggestion.question(for: names) { "'\($0)'" } ?? " (see segue --help)"))
    exit(2)
}

var parsed: ParsedArguments?
do {
    let commandLine = try ParsedArguments(
        Array(arguments.dropFirst()), spec: subcommand.spec,
        environment: subcommand.spec.processEnvironment)
    parsed = commandLine
    try subcommand.run(commandLine)
    Console.flush()
    exit(0)
} catch let interrupted as Interrupted {
    // Not a failure: the command cleaned up and stopped where it was asked to.
    Console.flush()
    Console.error("segue: \(interrupted)")
    exit(Interrupted.exitStatus)
} catch let error as UsageError {
    if error.isHelp {
        Console.line(error.message)
        exit(0)
    }
    Console.error(error.message)
    exit(2)
} catch {
    Console.flush()
    for line in FailureReport.lines(for: error, command: subcommand.name, arguments: parsed) { Console.error(line) }
    exit(1)
}
