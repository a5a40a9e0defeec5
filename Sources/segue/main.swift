import SegueClient
import SegueCommandLine

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
        "Run 'segue COMMAND --help' for a command's options and examples.",
    ])
    .joined(separator: "\n")

var arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    Console.error(overview)
    exit(2)
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
    Console.error("segue: unknown command '\(arguments[0])' (see segue --help)")
    exit(2)
}

do {
    let parsed = try ParsedArguments(
        Array(arguments.dropFirst()), spec: subcommand.spec,
        environment: SegueEndpoints.processEnvironment)
    try subcommand.run(parsed)
    Console.flush()
    exit(0)
} catch let error as UsageError {
    if error.isHelp {
        Console.line(error.message)
        exit(0)
    }
    Console.error(error.message)
    exit(2)
} catch let error as ClientError {
    Console.flush()
    Console.error("segue: \(error)")
    exit(1)
} catch let error as CLIFailure {
    Console.flush()
    Console.error("segue: \(error)")
    exit(1)
} catch {
    Console.flush()
    Console.error("segue: \(error)")
    exit(1)
}
