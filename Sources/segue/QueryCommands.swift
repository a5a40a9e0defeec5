import SegueClient
import SegueCommandLine
import SegueWire

/// The read-only commands: state, stacks, stats.
enum QueryCommands {
    static let subcommands = [state, stacks, stats]

    private static let options: [CommandSpec.Option] =
        [.init("json", help: "print JSON instead of text")]
        + Connection.options

    static let state = Subcommand(
        name: "state",
        brief: "show a stack",
        spec: CommandSpec(
            name: "segue state", summary: "Show a stack: screens, configuration and any running transition.",
            positionals: [.init("STACK", help: "stack id")], options: options + Connection.clusterOptions,
            examples: ["segue state demo", "segue state demo --json"]),
        run: { arguments in
            let stack = arguments.positionals[0]
            let state = try Connection.forStack(stack, arguments).control().stack(stack)
            if arguments.flag("json") {
                Console.line(state.json)
            } else {
                for line in TextFormat.lines(state) { Console.line(line) }
            }
        })

    static let stacks = Subcommand(
        name: "stacks",
        brief: "list the stacks",
        spec: CommandSpec(
            name: "segue stacks",
            summary: "List the ids of every stack, one per line; with --cluster, every shard's, each led by its "
                + "shard ([0] demo).",
            options: options + Connection.clusterOptions,
            examples: [
                "segue stacks", "SEGUE_CONTROL=tcp://10.0.0.5:7702 segue stacks --json",
                "segue stacks --cluster nats://127.0.0.1:4222",
            ]),
        run: { arguments in
            let connection = try Connection(arguments)
            if connection.cluster != nil { return try ClusterQueries.stacks(connection, json: arguments.flag("json")) }
            let ids = try connection.control().listStacks()
            if arguments.flag("json") {
                Console.line(StackList(stackIds: ids).json)
            } else {
                for id in ids { Console.line(id) }
            }
        })

    static let stats = Subcommand(
        name: "stats",
        brief: "show the daemon's counters",
        spec: CommandSpec(
            name: "segue stats",
            summary: "Show the daemon's counters: log head, stacks, inputs, events, frames; with --cluster, each "
                + "shard's holder's, in a section naming the shard and its holder.",
            options: options + Connection.clusterOptions,
            examples: ["segue stats", "segue stats --json", "segue stats --cluster nats://127.0.0.1:4222 --json"]),
        run: { arguments in
            let connection = try Connection(arguments)
            if connection.cluster != nil { return try ClusterQueries.stats(connection, json: arguments.flag("json")) }
            let stats = try connection.control().stats()
            if arguments.flag("json") {
                Console.line(stats.json)
            } else {
                for line in TextFormat.lines(stats) { Console.line(line) }
            }
        })
}
