import SegueClient
import SegueCommandLine
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

// `segue SUBCOMMAND ...`: the command-line client of segued. Exit 0 ok, 1 error reply or no daemon, 2 usage.

let subcommands: [Subcommand] =
    [CreateCommand.subcommand] + NavigationCommands.subcommands
    + [SwipeCommand.subcommand] + QueryCommands.subcommands + [TailCommand.subcommand, KeygenCommand.subcommand]
    + [PlotCommand.subcommand]
    + [WatchCommand.subcommand, RecordCommand.subcommand, PlayCommand.subcommand, DemoCommand.subcommand]
    + [WebCommand.subcommand]
    + [ReplayCommand.subcommand]

let overview =
    ([
        "The Segue command-line client: drive and watch a segued daemon.", "",
        "usage: segue COMMAND [arguments] [options]", "", "commands:",
    ]
    + subcommands.map { command in
        let padded = command.name + String(repeating: " ", count: max(14 - command.name.count, 1))
        return "  " + padded + command.brief
    }
    + [
        "",
        "Endpoints come from --ingest/--control/--events or SEGUE_INGEST/SEGUE_CONTROL/SEGUE_EVENTS",
        "(defaults \(SegueEndpoints.defaultIngest), \(SegueEndpoints.defaultControl), \(SegueEndpoints.defaultEvents)).",
        "Run 'segue COMMAND --help' for a command's options and examples; 'segue --version' for the version.",
    ])
    .joined(separator: "\n")

var arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    Console.error(overview)
    exit(2)
}
if name == "--version" {
    Console.line(ProductVersion.line(program: "segue", libzmq: zmqVersion()))
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
        environment: SegueEndpoints.processEnvironment)
    parsed = commandLine
    try subcommand.run(commandLine)
    Console.flush()
    exit(0)
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
