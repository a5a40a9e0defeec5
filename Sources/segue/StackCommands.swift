import SegueCommandLine
import SegueWire

/// The commands that change a stack itself rather than its screens: resize and delete.
enum StackCommands {
    static let subcommands = [resize, delete]

    private static let options: [CommandSpec.Option] =
        [.init("json", help: "print the command result as JSON")] + Connection.stackOptions

    private static let stack = CommandSpec.Positional("STACK", help: "stack id")

    static let resize = Subcommand(
        name: "resize",
        brief: "change a stack's container size",
        spec: CommandSpec(
            name: "segue resize",
            summary: "Change the size of a stack's container, in points, as a rotated device or a resized window "
                + "does: the frames from then on are laid out for it.",
            positionals: [stack, .init("WxH", help: "width x height in points, each 1-100000 (e.g. 1024x768)")],
            options: options,
            examples: ["segue resize demo 844x390", "segue resize demo 1024x768 --json"]),
        run: { arguments in
            let text = arguments.positionals[1]
            let size = try size(text)
            try NavigationCommands.apply(
                arguments, .resize(Resize(size: size)),
                done: "resized \(arguments.positionals[0]) to \(TextFormat.short(size.width))x"
                    + TextFormat.short(size.height))
        })

    static let delete = Subcommand(
        name: "delete",
        brief: "delete a stack",
        spec: CommandSpec(
            name: "segue delete",
            summary: "Delete a stack. It must be idle: a running transition is refused (TRANSITION_IN_PROGRESS) "
                + "until it completes. Its events stay in the log, and its id can be created again.",
            positionals: [stack], options: options,
            examples: ["segue delete demo", "segue delete demo --json"]),
        run: { arguments in
            try NavigationCommands.apply(
                arguments, .delete(DeleteStack()), done: "deleted \(arguments.positionals[0])")
        })

    /// `WxH` as a size in points: two plain decimals (no signs, exponents or hex) within the engine's bounds.
    private static func size(_ text: String) throws(UsageError) -> Size {
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map {
            Double(plainDecimal: $0)
        }
        guard sides.count == 2, let width = sides[0], let height = sides[1],
            [width, height].allSatisfy({ (1...100_000).contains($0) })
        else {
            throw UsageError(
                "segue resize: the size must be WIDTHxHEIGHT in points, each 1-100000 (e.g. 1024x768), not '\(text)'")
        }
        return Size(width: width, height: height)
    }
}
