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
        ] + Connection.stackOptions

    private static let stack = CommandSpec.Positional("STACK", help: "stack id")

    // MARK: commands with an operand after the stack

    static let push = command(
        "push", brief: "push a screen",
        summary: "Push a screen onto a navigation stack (animated unless --immediate).",
        operand: .init("SCREEN", help: "the screen to push"),
        examples: ["segue push demo Detail", "segue push demo Settings --immediate"]
    ) { stack, screen, immediate in
        (.push(Push(screen: screen, immediate: immediate)), "pushed \(screen) onto \(stack)")
    }

    static let present = command(
        "present", brief: "present a modal screen", summary: "Present a modal screen over a stack.",
        operand: .init("SCREEN", help: "the screen to present"), examples: ["segue present demo Compose"]
    ) { stack, screen, immediate in
        (.present(Present(screen: screen, immediate: immediate)), "presented \(screen) over \(stack)")
    }

    static let tab = command(
        "tab", brief: "select a tab", summary: "Select a tab of a tab stack.",
        operand: .init("INDEX", help: "tab index, from 0"), examples: ["segue tab shop 2"]
    ) { stack, text, immediate in
        guard let index = UInt32(text) else {
            throw UsageError("segue tab: INDEX must be a whole number from 0, not '\(text)'")
        }
        return (.selectTab(SelectTab(index: index, immediate: immediate)), "selected tab \(index) of \(stack)")
    }

    // MARK: commands that take the stack alone

    static let pop = command(
        "pop", brief: "pop the top screen", summary: "Pop the top screen of a navigation stack.",
        examples: ["segue pop demo", "segue pop demo --immediate"]
    ) { stack, _, immediate in
        (.pop(Pop(immediate: immediate)), "popped \(stack)")
    }

    static let popToRoot = command(
        "pop-to-root", brief: "pop down to the root screen", summary: "Pop a navigation stack down to its root screen.",
        examples: ["segue pop-to-root demo"]
    ) { stack, _, immediate in
        (.popToRoot(PopToRoot(immediate: immediate)), "popped \(stack) to its root")
    }

    static let dismiss = command(
        "dismiss", brief: "dismiss the top presented screen", summary: "Dismiss the top presented screen of a stack.",
        examples: ["segue dismiss demo"]
    ) { stack, _, immediate in
        (.dismiss(Dismiss(immediate: immediate)), "dismissed the top of \(stack)")
    }

    /// What a navigation command sends, made from its stack id, its operand (empty for a command that takes none)
    /// and `--immediate`, with what to print once it is applied (`pushed Detail onto demo`).
    private typealias MakeOp = @Sendable (String, String, Bool) throws -> (Command.Op, done: String)

    /// `segue NAME STACK [OPERAND]` with the common options, sending what `makeOp` makes.
    private static func command(
        _ name: String, brief: String, summary: String, operand: CommandSpec.Positional? = nil, examples: [String],
        makeOp: @escaping MakeOp
    ) -> Subcommand {
        Subcommand(
            name: name,
            brief: brief,
            spec: CommandSpec(
                name: "segue \(name)", summary: summary, positionals: [stack] + (operand.map { [$0] } ?? []),
                options: common, examples: examples),
            run: { arguments in
                let (op, done) = try makeOp(
                    arguments.positionals[0], arguments.positional(1) ?? "", arguments.flag("immediate"))
                try apply(arguments, op, done: done)
            })
    }

    /// Sends the command to the stack named first on the command line and prints where its events landed:
    /// `pushed Detail onto demo: positions 2-3, version 3` (its result as JSON with `--json`).
    static func apply(_ arguments: ParsedArguments, _ op: Command.Op, done: String) throws {
        let stack = arguments.positionals[0]
        let result = try Connection.forStack(stack, arguments).control().command(Command(stackId: stack, op: op))
        if arguments.flag("json") {
            Console.line(result.json)
        } else if let behind = result.queuedBehind {
            // The command's own events come once the running transition has completed; its `queued` is its last
            // event, after the end of a back swipe's drag it waits for.
            let ended = result.firstPosition < result.lastPosition ? "ended the drag of transition \(behind); " : ""
            Console.line(
                "\(ended)\(done) once transition \(behind) completes: queued at position \(result.lastPosition), "
                    + "version \(result.version)")
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
