import SegueClient
import SegueCommandLine
import ZMQ

/// Every `segue` subcommand, in the order `segue --help` lists them, and what is said of them all together.
enum SegueCommands {
    static let all: [Subcommand] =
        [CreateCommand.subcommand] + NavigationCommands.subcommands
        + StackCommands.subcommands
        + [SwipeCommand.subcommand] + QueryCommands.subcommands + [TailCommand.subcommand, KeygenCommand.subcommand]
        + [PlotCommand.subcommand]
        + [WatchCommand.subcommand, RecordCommand.subcommand, PlayCommand.subcommand, DemoCommand.subcommand]
        + [WebCommand.subcommand]
        + [ReplayCommand.subcommand]
        + [CompletionCommand.subcommand, ManualCommand.subcommand]

    static let summary = "The Segue command-line client: drive and watch a segued daemon."

    /// Where the endpoints come from, for the overview and the manual.
    static let endpointsNote =
        "Endpoints come from --ingest/--control/--events or SEGUE_INGEST/SEGUE_CONTROL/SEGUE_EVENTS "
        + "(defaults \(SegueEndpoints.defaultIngest), \(SegueEndpoints.defaultControl), "
        + "\(SegueEndpoints.defaultEvents)); with --cluster URLS (or SEGUE_CLUSTER), every command but web finds "
        + "its daemons in a cluster's NATS servers instead."

    /// `segue --help`.
    static var overview: String {
        ([summary, "", "usage: segue COMMAND [arguments] [options]", "", "commands:"]
            + all.map { command in
                let padded = command.name + String(repeating: " ", count: max(14 - command.name.count, 1))
                return "  " + padded + command.brief
            }
            + [
                "", endpointsNote,
                "Run 'segue COMMAND --help' for a command's options and examples; 'segue --version' for the version.",
            ])
            .joined(separator: "\n")
    }

    /// `segue 0.1.0 (libzmq 4.3.4)`.
    static var version: String { ProductVersion.line(program: "segue", libzmq: zmqVersion()) }
}
