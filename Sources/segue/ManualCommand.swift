import SegueCommandLine

/// `segue man`: the manual pages of segue and its commands, generated from their specs.
enum ManualCommand {
    static let subcommand = Subcommand(
        name: "man", brief: "print a manual page, or write them all (--out-dir)", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue man",
        summary: "Print the manual page (roff) of segue or of one command, or write every page, segue.1 and "
            + "segue-COMMAND.1, into a directory. make install installs them.",
        positionals: [.init("COMMAND", help: "the command whose page to print (default: segue's own)", optional: true)],
        options: [.init("out-dir", "DIR", help: "write every page into DIR (created if missing) instead")],
        examples: ["segue man swipe | man -l -", "segue man --out-dir /usr/local/share/man/man1"])

    static func run(_ arguments: ParsedArguments) throws {
        if let directory = arguments.string("out-dir") {
            if let command = arguments.positional(0) {
                throw UsageError("segue man: --out-dir writes every page; drop '\(command)' or --out-dir")
            }
            try FileOutput.makeDirectories(directory)
            let separator = directory.hasSuffix("/") ? "" : "/"
            let all = pages()
            for (name, page) in all {
                try FileOutput.write(page, to: directory + separator + name + ".1")
            }
            Console.line("wrote \(all.count) pages to \(directory)")
            return
        }
        guard let command = arguments.positional(0) else {
            print(overviewPage, terminator: "")
            return
        }
        guard let found = SegueCommands.all.first(where: { $0.name == command }) else {
            throw UsageError("segue man: no command '\(command)' (see segue --help)")
        }
        print(page(of: found), terminator: "")
    }

    /// Every page with its name: `segue`, then `segue-COMMAND` for each command.
    private static func pages() -> [(String, String)] {
        [("segue", overviewPage)] + SegueCommands.all.map { ("segue-\($0.name)", page(of: $0)) }
    }

    private static var overviewPage: String {
        ManualPage.roff(
            program: "segue", brief: "drive and watch a segued daemon", summary: SegueCommands.summary,
            commands: SegueCommands.all,
            source: SegueCommands.version, notes: [SegueCommands.endpointsNote, exitStatusNote])
    }

    private static func page(of command: Subcommand) -> String {
        ManualPage.roff(
            for: command.spec, page: "segue-\(command.name)", brief: command.brief, source: SegueCommands.version,
            seeAlso: ["segue(1)", "segued(1)"])
    }

    private static let exitStatusNote =
        "Exit status: 0 on success, 1 when the daemon refused or could not be reached (the error and, where one "
        + "helps, a hint on stderr), 2 for a command line that cannot run."
}
