import Testing

/// Every command line of the project explains itself the same way: `--help` exits 0 with a usage line and at
/// least one example of the command itself.
@Suite("help of every command")
struct CLIHelpTests {
    @Test("every subcommand listed by segue --help has a usage line and an example")
    func everySubcommand() throws {
        let overview = try runSegue(["--help"])
        #expect(overview.status == 0)
        let names = overview.lines.drop { $0 != "commands:" }.dropFirst().prefix { $0.hasPrefix("  ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        for expected in ["watch", "record", "play", "demo", "swipe", "tail", "keygen"] {
            #expect(names.contains(expected), "\(expected) missing from \(overview)")
        }
        for name in names {
            let help = try runSegue([name, "--help"])
            #expect(help.status == 0, "\(name): \(help)")
            #expect(help.stdout.contains("usage: segue \(name)"), "\(name): \(help)")
            let examples = help.stdout.components(separatedBy: "examples:\n").dropFirst().first ?? ""
            #expect(examples.contains("  segue \(name)"), "\(name) has no example of itself: \(help)")
        }
    }

    @Test("segued --help has a usage line and examples, with the logging options")
    func daemon() throws {
        let output = try ChildProcess(try BuildProducts.executable("segued"), ["--help"]).finish(timeoutMs: 10000)
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("usage: segued"))
        #expect(output.stdout.contains("--log-level LEVEL") && output.stdout.contains("--stats-interval SEC"))
        let examples = output.stdout.components(separatedBy: "examples:\n").dropFirst().first ?? ""
        #expect(examples.hasPrefix("  segued"), "\(output)")
    }
}
