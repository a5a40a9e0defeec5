import SegueCluster
import SegueEngine
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

    @Test("every command that talks to a daemon shows --cluster and the NATS options that go with it")
    func clusterOption() throws {
        for name in [
            "create", "push", "pop", "pop-to-root", "present", "dismiss", "tab", "resize", "delete", "swipe", "state",
            "stacks", "stats", "tail", "watch", "plot", "record", "play", "demo", "web",
        ] {
            let help = try runSegue([name, "--help"])
            for option in ["--cluster URLS", "--nats-creds FILE", "--cluster-public-key KEY|FILE"] {
                #expect(help.stdout.contains(option), "\(name) --help lacks \(option): \(help)")
            }
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

    @Test("segued --help says the defaults the daemon runs with")
    func daemonDefaults() throws {
        let output = try ChildProcess(try BuildProducts.executable("segued"), ["--help"]).finish(timeoutMs: 10000)
        #expect(output.status == 0, "\(output)")
        let help = output.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let defaults = EngineConfiguration()
        let expected: [(option: String, text: String)] = [
            ("--data DIR", "default \(defaults.dataDirectory)"),
            ("--ingest EP", "default \(defaults.ingestEndpoint)"),
            ("--control EP", "default \(defaults.controlEndpoint)"),
            ("--events EP", "default \(defaults.eventsEndpoint)"),
            ("--fsync MODE", "default \(defaults.fsync)"),
            ("--snapshot-every N", "default \(defaults.snapshotEvery)"),
            ("--segment-bytes N", "default \(defaults.segmentBytes)"),
            ("--retain-bytes N", "default \(defaults.retainBytes)"),
            ("--max-message-bytes N", "default \(defaults.maxMessageBytes)"),
            ("--max-stacks N", "default \(defaults.limits.maxStacks)"),
            ("--max-screens N", "default \(defaults.limits.maxScreensPerStack)"),
            ("--max-presented N", "default \(defaults.limits.maxPresentedDepth)"),
            ("--max-connections N", "default \(defaults.maxConnections)"),
            ("--publish-queue-bytes N", "default \(defaults.publishQueueBytes)"),
            ("--reply-queue-bytes N", "default \(defaults.replyQueueBytes)"),
            ("--turn-ms MS", "default \(defaults.maxIngestUsPerTurn / 1000)"),
            ("--replicas N", "default \(ClusterSettings.defaultReplicas)"),
            ("--lease-ms MS", "default \(ClusterSettings.defaultLeaseMs)"),
        ]
        for (option, text) in expected {
            // The option's own text runs to the next option at the start of a line, `--name VALUE ...`.
            let after = help.components(separatedBy: " \(option) ").dropFirst().first ?? ""
            let own = after.firstRange(of: #/ --[a-z-]+ [A-Z]+ /#).map { String(after[..<$0.lowerBound]) } ?? after
            #expect(own.contains(text), "\(option): '\(own)'")
        }
    }
}

/// What a command line says to a mistake, and to `--version`: each mistake is a usage error (exit 2) that names
/// what was expected.
@Suite("usage mistakes and versions")
struct CLIUsageTests {
    @Test("-h is help wherever it stands, even where a stack name is expected")
    func shortHelp() throws {
        let output = try runSegue(["swipe", "-h"])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("usage: segue swipe STACK"))
        #expect(output.stdout.contains("-h, --help"))
    }

    @Test("a mistyped command or option is answered with the names it may have meant")
    func didYouMean() throws {
        let command = try runSegue(["stat"])
        #expect(command.status == 2)
        #expect(command.stderr.contains("did you mean 'state' or 'stats'?"), "\(command)")
        let option = try runSegue(["swipe", "demo", "--too", "0.3"])
        #expect(option.status == 2)
        #expect(option.stderr.contains("unknown option --too; did you mean --to?"), "\(option)")
        // Two neighbouring letters swapped count as one slip.
        let swapped = try runSegue(["swpie"])
        #expect(swapped.status == 2)
        #expect(swapped.stderr.contains("unknown command 'swpie'; did you mean 'swipe'?"), "\(swapped)")
        let swappedOption = try runSegue(["tail", "--form", "now"])
        #expect(swappedOption.status == 2)
        #expect(swappedOption.stderr.contains("unknown option --form; did you mean --from?"), "\(swappedOption)")
        // Values too: a slip, or the right word in the wrong case.
        let value = try runSegue(["swipe", "demo", "--target", "tab"])
        #expect(value.status == 2)
        #expect(
            value.stderr.contains("--target must be back or tabs, not 'tab'; did you mean 'tabs'?"), "\(value)")
        let edge = try runSegue(["plot", "--profile", "ios", "--edge", "Right"])
        #expect(edge.status == 2)
        #expect(edge.stderr.contains("--edge must be left or right, not 'Right'; did you mean 'right'?"), "\(edge)")
        let profile = try runSegue(["plot", "--profile", "iOS"])
        #expect(profile.status == 2)
        #expect(profile.stderr.contains("profile 'iOS' is unknown; did you mean 'ios'?"), "\(profile)")
        let daemonOption = try ChildProcess(try BuildProducts.executable("segued"), ["--snapshot-evry", "5"])
            .finish(timeoutMs: 10000)
        #expect(daemonOption.status == 2)
        #expect(daemonOption.stderr.contains("did you mean --snapshot-every?"), "\(daemonOption)")
        let nothingClose = try runSegue(["frobnicate"])
        #expect(nothingClose.status == 2)
        #expect(nothingClose.stderr.contains("see segue --help") && !nothingClose.stderr.contains("did you mean"))
    }

    @Test("both binaries answer --version with the release and the libzmq they run on")
    func versions() throws {
        let client = try runSegue(["--version"])
        #expect(client.status == 0, "\(client)")
        #expect(client.stdout.hasPrefix("segue 0.") && client.stdout.contains("(libzmq 4."), "\(client)")
        let daemon = try ChildProcess(try BuildProducts.executable("segued"), ["--version"]).finish(timeoutMs: 10000)
        #expect(daemon.status == 0, "\(daemon)")
        #expect(daemon.stdout.hasPrefix("segued 0.") && daemon.stdout.contains("(libzmq 4."), "\(daemon)")
    }

    @Test(
        "a malformed endpoint is a usage error that shows the expected shape",
        arguments: [
            ["push", "demo", "Detail", "--control", "localhost:7702"],
            ["swipe", "demo", "--ingest", "tcp://127.0.0.1"],
            ["tail", "--events", "tcp://127.0.0.1:99999"],
        ])
    func malformedEndpoint(_ arguments: [String]) throws {
        let output = try runSegue(arguments)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("is not an endpoint; endpoints look like tcp://HOST:PORT"), "\(output)")
    }

    @Test(
        "an empty value is refused, never taken for the root directory or the current one",
        arguments: [
            ["man", "--out-dir", ""], ["plot", "--profiles", "--out-dir", ""], ["replay", ""], ["tail", "--stack="],
        ])
    func emptyValues(_ arguments: [String]) throws {
        let output = try runSegue(arguments)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("not an empty one") || output.stderr.contains("must not be empty"), "\(output)")
    }

    @Test("an endpoint from the environment is checked too, and named by its variable")
    func malformedEndpointVariable() throws {
        let output = try runSegue(["stacks"], environment: ["SEGUE_CONTROL": "127.0.0.1:7702"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("SEGUE_CONTROL '127.0.0.1:7702' is not an endpoint"), "\(output)")
    }
}
