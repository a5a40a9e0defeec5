import SegueClient
import SegueCommandLine
import SegueWire

/// The programmatic navigation commands: push, pop, pop-to-root, present, dismiss, tab.
enum NavigationCommands {
    static let subcommands = [push, pop, popToRoot, present, dismiss, tab]

    private static let common: [CommandSpec.Option] =
        [
            .init("immediate", help: "apply at once instead of animating"),
            .init("json", help: "print the command result as JSON"),
        ] + Connection.options

    private static let stack = CommandSpec.Positional("STACK", help: "stack id")

    static let push = Subcommand(
        name: "push",
        brief: "push a screen",
        spec: CommandSpec(
            name: "segue push", summary: "Push a screen onto a navigation stack (animated unless --immediate).",
            positionals: [stack, .init("SCREEN", help: "the screen to push")], options: common,
            examples: ["segue push demo Detail", "segue push demo Settings --immediate"]),
        run: { arguments in
            let screen = arguments.positionals[1]
            try apply(
                arguments, .push(Push(screen: screen, immediate: arguments.flag("immediate"))),
                done: "pushed \(screen) onto \(arguments.positionals[0])")
        })

    static let pop = Subcommand(
        name: "pop",
        brief: "pop the top screen",
        spec: CommandSpec(
            name: "segue pop", summary: "Pop the top screen of a navigation stack.",
            positionals: [stack], options: common, examples: ["segue pop demo", "segue pop demo --immediate"]),
        run: { arguments in
            try apply(
                arguments, .pop(Pop(immediate: arguments.flag("immediate"))),
                done: "popped \(arguments.positionals[0])")
        })

    static let popToRoot = Subcommand(
        name: "pop-to-root",
        brief: "pop down to the root screen",
        spec: CommandSpec(
            name: "segue pop-to-root", summary: "Pop a navigation stack down to its root screen.",
            positionals: [stack], options: common, examples: ["segue pop-to-root demo"]),
        run: { arguments in
            try apply(
                arguments, .popToRoot(PopToRoot(immediate: arguments.flag("immediate"))),
                done: "popped \(arguments.positionals[0]) to its root")
        })

    static let present = Subcommand(
        name: "present",
        brief: "present a modal screen",
        spec: CommandSpec(
            name: "segue present", summary: "Present a modal screen over a stack.",
            positionals: [stack, .init("SCREEN", help: "the screen to present")], options: common,
            examples: ["segue present demo Compose"]),
        run: { arguments in
            let screen = arguments.positionals[1]
            try apply(
                arguments, .present(Present(screen: screen, immediate: arguments.flag("immediate"))),
                done: "presented \(screen) over \(arguments.positionals[0])")
        })

    static let dismiss = Subcommand(
        name: "dismiss",
        brief: "dismiss the top presented screen",
        spec: CommandSpec(
            name: "segue dismiss", summary: "Dismiss the top presented screen of a stack.",
            positionals: [stack], options: common, examples: ["segue dismiss demo"]),
        run: { arguments in
            try apply(
                arguments, .dismiss(Dismiss(immediate: arguments.flag("immediate"))),
                done: "dismissed the top of \(arguments.positionals[0])")
        })

    static let tab = Subcommand(
        name: "tab",
        brief: "select a tab",
        spec: CommandSpec(
            name: "segue tab", summary: "Select a tab of a tab stack.",
            positionals: [stack, .init("INDEX", help: "tab index, from 0")], options: common,
            examples: ["segue tab shop 2"]),
        run: { arguments in
            let text = arguments.positionals[1]
            guard let index = UInt32(text) else {
                throw UsageError("segue tab: INDEX must be a whole number from 0, not '\(text)'")
            }
            try apply(
                arguments, .selectTab(SelectTab(index: index, immediate: arguments.flag("immediate"))),
                done: "selected tab \(index) of \(arguments.positionals[0])")
        })

    /// Sends the command and prints where its events landed: `pushed Detail onto demo: positions 2-3, version 3`.
    private static func apply(_ arguments: ParsedArguments, _ op: Command.Op, done: String) throws {
        let connection = try Connection(arguments)
        let result = try connection.control().command(Command(stackId: arguments.positionals[0], op: op))
        if arguments.flag("json") {
            Console.line(result.json)
        } else if result.firstPosition == 0 {
            Console.line("\(done): nothing to do, version \(result.version)")
        } else {
            let positions =
                result.firstPosition == result.lastPosition
                ? "position \(result.firstPosition)" : "positions \(result.firstPosition)-\(result.lastPosition)"
            Console.line("\(done): \(positions), version \(result.version)")
        }
    }
}
