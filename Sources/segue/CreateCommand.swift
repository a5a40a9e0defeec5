import SegueClient
import SegueCommandLine
import SegueCore
import SegueWire

/// `segue create STACK --screens A,B | --tabs A,B,C ...`: creates a stack.
enum CreateCommand {
    static let subcommand = Subcommand(
        name: "create", brief: "create a navigation or tab stack", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue create",
        summary: "Create a navigation stack (--screens, root first) or a tab stack (--tabs).",
        positionals: [.init("STACK", help: "stack id: 1-64 of A-Z a-z 0-9 . _ : -")],
        options: [
            .init("screens", "LIST", help: "navigation stack, root first, comma-separated"),
            .init("tabs", "LIST", help: "tab stack, comma-separated"),
            .init("selected", "N", help: "selected tab index (default 0)"),
            .init("width", "PT", help: "container width (default 390)"),
            .init("height", "PT", help: "container height (default 844)"),
            .init(
                "profile", "NAME",
                help: "how swipes are decided and animated, after: "
                    + ProfileCatalog.names.compactMap { name in
                        ProfileCatalog.named(name).map { "\(name), \($0.sourceDescription)" }
                    }.joined(separator: "; ") + " (default fluid; classic = percent-250ms; docs/semantics.md)",
                choices: ProfileCatalog.names + ["classic"]),
            .init(
                "safe-area", "T,L,B,R",
                help: "the container's safe-area insets in points (flutter widens its edge to them)"),
            .init("rtl", help: "right-to-left: back swipes start at the right edge"),
            .init("fps", "N", help: "settle frames per second, 1-240 (default 60)"),
            .init("json", help: "print the command result as JSON"),
        ] + Connection.stackOptions,
        examples: [
            "segue create demo --screens Home,Detail",
            "segue create shop --tabs Feed,Search,Cart --selected 1 --profile ios",
            "segue create wide --screens Home --width 1024 --height 768 --rtl --fps 120",
            "segue create notch --screens Home,Detail --profile flutter --safe-area 59,44,34,0",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let stackId = arguments.positionals[0]
        let screens = try list(arguments, "screens")
        let tabs = try list(arguments, "tabs")
        guard screens.isEmpty != tabs.isEmpty else {
            throw UsageError("segue create: give exactly one of --screens or --tabs (see --help)")
        }
        if arguments.string("selected") != nil && tabs.isEmpty {
            throw UsageError("segue create: --selected needs --tabs")
        }
        let selected = try arguments.integer("selected", in: 0...Int64(max(tabs.count - 1, 0))) ?? 0
        let width = try arguments.number("width", in: 1...100_000) ?? 390
        let height = try arguments.number("height", in: 1...100_000) ?? 844
        let fps = try arguments.integer("fps", in: 1...240) ?? 0
        var config = StackConfig(
            size: Size(width: width, height: height), profile: arguments.string("profile") ?? "",
            rightToLeft: arguments.flag("rtl"), fps: UInt32(fps))
        config.safeArea = try safeArea(arguments)
        let create = CreateStack(screens: screens, tabs: tabs, selectedTab: UInt32(selected), config: config)
        let connection = try Connection.forStack(stackId, arguments)
        let result = try connection.control().command(Command(stackId: stackId, op: .create(create)))
        if arguments.flag("json") {
            Console.line(result.json)
        } else {
            Console.line("created \(stackId) (version \(result.version))")
        }
    }

    /// `--safe-area TOP,LEFT,BOTTOM,RIGHT`: four points, none negative.
    private static func safeArea(_ arguments: ParsedArguments) throws(UsageError) -> Insets? {
        guard let text = arguments.string("safe-area") else { return nil }
        let values = text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            Double(plainDecimal: item.filter { $0 != " " })
        }
        guard values.count == 4, let sides = values as? [Double],
            sides.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 100_000 })
        else {
            throw UsageError(
                "segue create: --safe-area needs four points TOP,LEFT,BOTTOM,RIGHT (0-100000), not '\(text)'")
        }
        return Insets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    }

    /// A comma-separated option as a list; empty items are a usage error.
    private static func list(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> [String] {
        guard let text = arguments.string(name) else { return [] }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        }
        if items.contains(where: \.isEmpty) {
            throw UsageError("segue create: --\(name) has an empty item in '\(text)'")
        }
        return items
    }
}
