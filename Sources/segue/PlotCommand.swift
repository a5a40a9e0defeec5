import SegueClient
import SegueCommandLine
import SegueCore
import SegueDisplay
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// `segue plot`: an SVG of a back swipe's transition over time, simulated on a pure `EngineCore` (no daemon).
enum PlotCommand {
    static let subcommand = Subcommand(
        name: "plot", brief: "draw a transition (simulated, or recorded in a data directory) as an SVG chart",
        spec: spec, run: run)

    /// Where `--profiles` writes without `--out-dir`: where the command runs, as with any file a command writes.
    static let defaultOutDirectory = "."
    static let singleWidth = 800.0
    static let pairWidth = 1200.0

    static let spec = CommandSpec(
        name: "segue plot",
        summary: "Simulate a back swipe on a fresh engine core (a [Home, Detail] stack, a 120 Hz pan trace, then "
            + "the release) and draw its frames as SVG: both screens' x (and their y, scale and alpha where they "
            + "vary), their visual progress and the finger's gesture progress over time, the release and its "
            + "decision. No daemon is needed; the same options always give the same bytes. With --data, draws a transition a data directory recorded instead, its "
            + "frames regenerated from the log (a running daemon's directory is read without disturbing it).",
        options: [
            .init(
                "profile", "NAME", help: "the profile to simulate: \(ProfileCatalog.names.joined(separator: ", "))",
                choices: ProfileCatalog.names),
            .init(
                "profiles",
                help: "draw every profile, a finish (to 0.6 W, released at the finger's average speed, 936 pt/s "
                    + "at the default width and duration) and a cancel (to 0.3 W, released at rest) side by side, "
                    + "one <profile>.svg each, "
                    + "<profile>-right.svg from the right edge for those that swipe from either edge, "
                    + "and <profile>-present.svg for those with their own present and dismiss"),
            .init(
                "to", "FRACTION", help: "how far the finger travels, in widths, more than 0 and at most 1 (default 0.6)"
            ),
            .init(
                "velocity", "PT_S",
                help: "release velocity toward back, pt/s (default the finger's average speed, --to x --width / "
                    + "--duration-ms: 936 at the other defaults, a release without braking that every profile "
                    + "finishes; negative flicks back)"),
            .init("cancel", help: "end with PAN_CANCELLED instead of PAN_ENDED"),
            .init(
                "edge", "left|right",
                help: "the edge the swipe starts at, 8 pt in (default the left); from the right edge the finger moves "
                    + "leftward (the android profile takes either edge)",
                choices: ["left", "right"]),
            .init(
                "drift", "FRACTION",
                help: "how far the finger travels vertically, in heights, -1 to 1 (default 0; negative is up), along "
                    + "a straight slanted line"),
            .init(
                "back-to", "FRACTION",
                help: "before letting go, the finger comes back to this fraction of the width, at least 0 and less "
                    + "than --to, in another --duration-ms"),
            .init("width", "W", help: "container width in points (default 390)"),
            .init("duration-ms", "MS", help: "how long the finger moves (default 250)"),
            .init("rate", "HZ", help: "pan samples per second (default 120)"),
            .init("fps", "N", help: "settle frames per second, 1-240 (default 60)"),
            .init("out", "FILE", help: "write the SVG to FILE (default: standard output)"),
            .init("out-dir", "DIR", help: "with --profiles: where to write (default: the current directory)"),
            .init("data", "DIR", help: "draw a recorded transition from this data directory (with --stack)"),
            .init("stack", "ID", help: "draw a recorded transition of this stack: from --data, else from the daemon"),
            .init("transition", "N", help: "with --stack: the transition id (default: the stack's newest)"),
        ] + Connection.stackOptions,
        examples: [
            "segue plot --profile fluid > fluid.svg",
            "segue plot --profile ios --to 0.3 --velocity 800 --out ios-fling.svg",
            "segue plot --profile flutter --to 0.7 --cancel --out flutter-cancel.svg",
            "segue plot --profile android --edge right --to 0.3 --back-to 0.05 --drift -0.1 --out android-cancel.svg",
            "segue plot --profiles --out-dir docs/img/profiles",
            "segue plot --stack demo --out last-swipe.svg          # from the running daemon",
            "segue plot --data ./segue-data --stack demo --transition 3 --out swipe-3.svg",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        if arguments.string("data") != nil || arguments.string("stack") != nil {
            try plotRecorded(arguments)
            return
        }
        let width = try arguments.number("width", in: 1...100_000) ?? 390
        var base = PlotScenario(profileName: "fluid", width: width, fraction: 0, velocity: 0)
        base.durationMs = Int(try arguments.integer("duration-ms", in: 1...60_000) ?? 250)
        base.rateHz = try arguments.number("rate", in: 1...1000) ?? 120
        base.fps = UInt32(try arguments.integer("fps", in: 1...240) ?? Int64(StackConfig.defaultFps))

        if arguments.flag("profiles") {
            for single in ["profile", "to", "velocity", "out", "edge", "drift", "back-to"]
            where arguments.string(single) != nil {
                throw UsageError(
                    "segue plot: --\(single) is for one plot; --profiles draws every profile with the "
                        + "standard releases (see --help)")
            }
            if arguments.flag("cancel") {
                throw UsageError("segue plot: --cancel is for one plot; --profiles draws a finish and a cancel")
            }
            try writeProfiles(base: base, directory: arguments.string("out-dir") ?? defaultOutDirectory)
            return
        }
        guard let name = arguments.string("profile") else {
            throw UsageError(
                "segue plot: give --profile NAME (one of \(ProfileCatalog.names.joined(separator: ", "))) "
                    + "or --profiles (see --help)")
        }
        if arguments.string("out-dir") != nil {
            throw UsageError("segue plot: --out-dir goes with --profiles; use --out FILE for one plot")
        }
        var scenario = base
        scenario.profileName = try knownProfile(name)
        scenario.fraction = try arguments.number("to", in: 0...1) ?? 0.6
        if scenario.fraction == 0 {
            throw UsageError("segue plot: --to must be more than 0; \(SwipeTrace.unmovedSwipe)")
        }
        scenario.velocity =
            try arguments.number("velocity", in: -1_000_000...1_000_000)
            ?? PlotScenario.averageSpeed(fraction: scenario.fraction, width: width, durationMs: scenario.durationMs)
        scenario.cancel = arguments.flag("cancel")
        scenario.drift = try arguments.number("drift", in: -1...1) ?? 0
        scenario.edge =
            try arguments.choice("edge", among: ["left", "right"]) == "right" ? .swipeEdgeRight : .swipeEdgeLeft
        if let back = try arguments.number("back-to", in: 0...1) {
            guard back < scenario.fraction else {
                throw UsageError(
                    "segue plot: --back-to must be less than --to (\(TextFormat.short(scenario.fraction)))")
            }
            scenario.returnFraction = back
        }
        let svg = try singleSVG(scenario)
        guard let path = arguments.string("out"), path != "-" else {
            print(svg, terminator: "")
            return
        }
        try FileOutput.write(svg, to: path)
        Console.line("wrote \(path)")
    }

    /// `[--data DIR] --stack S [--transition N]`: a transition as the log recorded it, read from a data directory
    /// or from the daemon's history.
    private static func plotRecorded(_ arguments: ParsedArguments) throws {
        for simulated in [
            "profile", "to", "velocity", "width", "duration-ms", "rate", "fps", "out-dir", "edge", "drift", "back-to",
        ]
        where arguments.string(simulated) != nil {
            throw UsageError("segue plot: --\(simulated) is for simulated swipes; --data draws what was recorded")
        }
        if arguments.flag("profiles") || arguments.flag("cancel") {
            throw UsageError("segue plot: --profiles and --cancel are for simulated swipes, not --data")
        }
        guard let stackId = arguments.string("stack") else {
            throw UsageError("segue plot: --data needs --stack ID (and optionally --transition N)")
        }
        let transitionId = try arguments.integer("transition", in: 1...Int64.max).map { UInt64($0) }
        let transition: RecordedTransition
        let source: String
        if let dataDirectory = arguments.string("data") {
            transition = try RecordedTransition.load(
                dataDirectory: dataDirectory, stackId: stackId,
                transitionId: transitionId)
            source = dataDirectory
        } else {
            let connection = try Connection.forStack(stackId, arguments)
            transition = try RecordedTransition.load(
                control: try connection.control(), stackId: stackId,
                transitionId: transitionId)
            source = connection.endpoints.control
        }
        let pace =
            transition.timeline.followsProducer
            ? ["time: the pans' own timestamps while a finger moves, the engine's clock from the release on"] : []
        let svg = TransitionPlot.svg(
            title: transition.title,
            subtitles: ["from \(source); frames regenerated from the log, as segued published them"] + pace,
            plots: [transition.plot()], width: singleWidth)
        guard let path = arguments.string("out"), path != "-" else {
            print(svg, terminator: "")
            return
        }
        try FileOutput.write(svg, to: path)
        Console.line("wrote \(path)")
    }

    /// The name, if it is a built-in profile's.
    /// - Throws: `UsageError` listing the known profiles.
    static func knownProfile(_ name: String) throws(UsageError) -> String {
        guard ProfileCatalog.named(name) != nil, !name.isEmpty else {
            let question = NameSuggestion.question(for: NameSuggestion.meant(by: name, among: ProfileCatalog.names)) {
                "'\($0)'"
            }
            throw UsageError(
                "segue plot: profile '\(name)' is unknown\(question ?? ""); known: "
                    + ProfileCatalog.names.joined(separator: ", "))
        }
        return name
    }

    /// A plot's title, `fluid (this project's default): back swipe finished`, and no extra subtitle; or, where that
    /// is too long for one line of an SVG `width` wide, `fullscreen: back swipe finished` and a `source: ...`
    /// subtitle (18 pt bold is about 10 pt a character).
    static func heading(_ profile: Profile, _ what: String, width: Double) -> (title: String, source: [String]) {
        let title = "\(profile.name) (\(profile.sourceDescription)): \(what)"
        guard Double(title.count) * 10 > width - 40 else { return (title, []) }
        return ("\(profile.name): \(what)", ["source: \(profile.sourceDescription)"])
    }

    /// One swipe, titled with its outcome.
    static func singleSVG(_ scenario: PlotScenario) throws(CLIFailure) -> String {
        let run = try scenario.run()
        let profile = run.profile
        let (title, source) = heading(profile, "back swipe \(run.outcomeText)", width: singleWidth)
        return TransitionPlot.svg(
            title: title,
            subtitles: source + scenarioDescription(scenario) + [
                "rule: " + profile.ruleDescription(width: scenario.width),
                "settle: \(profile.settleDescription); lower screen: \(profile.lowerScreenDescription)",
            ],
            plots: [run.plot(heading: "\(run.releaseText) \u{2192} \(run.outcomeText)")],
            width: singleWidth)
    }

    /// A profile's standard finish and cancel side by side, from the left edge or, for profiles that take either
    /// edge, from `edge`.
    static func pairSVG(profileName: String, base: PlotScenario, edge: SwipeEdge = .swipeEdgeLeft)
        throws(CLIFailure) -> String
    {
        func configured(_ release: PlotScenario) -> PlotScenario {
            var scenario = base
            scenario.profileName = profileName
            scenario.fraction = release.fraction
            scenario.velocity = release.velocity
            return scenario
        }
        var finish = configured(PlotScenario.standardFinish(width: base.width, durationMs: base.durationMs))
        var cancel = configured(.standardCancel)
        var gesture =
            "finger moves for \(base.durationMs) ms at \(TextFormat.short(base.rateHz)) Hz, then releases; the same "
            + "two releases in every profile"
        var title = "a finish and a cancel"
        if ProfileCatalog.named(profileName)?.predictiveBack != nil {
            (finish.edge, finish.drift) = (edge, PlotScenario.predictiveBackDrift)
            (cancel.edge, cancel.drift) = (edge, PlotScenario.predictiveBackDrift)
            cancel.returnFraction = PlotScenario.predictiveBackReturn
            let rise = TextFormat.short(-PlotScenario.predictiveBackDrift * base.height)
            gesture =
                "finger moves for \(base.durationMs) ms at \(TextFormat.short(base.rateHz)) Hz rising \(rise) pt; "
                + "the cancel turns back to the edge in another \(base.durationMs) ms, as no speed cancels it"
            title += edge == .swipeEdgeRight ? " from the right edge" : " from the left edge"
        }
        let runs = [try finish.run(), try cancel.run()]
        let profile = runs[0].profile
        let outcomes = runs.map { "\($0.releaseText) \u{2192} \($0.outcomeText)" }
        let (plotTitle, source) = heading(profile, title, width: pairWidth)
        return TransitionPlot.svg(
            title: plotTitle,
            subtitles: source + [
                "pop Detail \u{2192} Home on a \(TextFormat.short(base.width)) pt wide stack at \(base.fps) fps; "
                    + gesture,
                "rule: \(profile.ruleDescription(width: base.width))",
                "settle: \(profile.settleDescription); lower screen: \(profile.lowerScreenDescription)",
            ],
            plots: zip(runs, outcomes).map { run, heading in run.plot(heading: heading) },
            width: pairWidth)
    }

    /// `pop Detail → Home on a 390 pt wide stack at 60 fps; finger to 0.6 W in 250 ms at 120 Hz, released at …`,
    /// with the way back on a line of its own.
    private static func scenarioDescription(_ scenario: PlotScenario) -> [String] {
        var ending =
            scenario.cancel
            ? "then PAN_CANCELLED"
            : "released at \(TextFormat.short(scenario.velocity)) pt/s"
        var back: [String] = []
        if let fraction = scenario.returnFraction {
            let speed = (scenario.fraction - fraction) * scenario.width * 1000 / Double(max(scenario.durationMs, 1))
            back = [
                "then back to \(TextFormat.short(fraction)) W in another \(scenario.durationMs) ms, "
                    + (scenario.cancel
                        ? "then PAN_CANCELLED" : "released at \(TextFormat.short(-speed.rounded())) pt/s")
            ]
            ending = ""
        }
        let drift =
            scenario.drift == 0 ? "" : " moving \(TextFormat.short(scenario.drift * scenario.height)) pt in y"
        let edge = scenario.edge == .swipeEdgeRight ? " from the right edge" : ""
        return [
            "pop Detail \u{2192} Home on a \(TextFormat.short(scenario.width)) pt wide stack "
                + "at \(scenario.fps) fps; finger\(edge) to \(TextFormat.short(scenario.fraction)) W\(drift) in "
                + "\(scenario.durationMs) ms at \(TextFormat.short(scenario.rateHz)) Hz"
                + (ending.isEmpty ? "" : ", \(ending)")
        ] + back
    }

    /// A profile's animated present and dismiss side by side.
    static func presentationSVG(profileName: String, base: PlotScenario) throws(CLIFailure) -> String {
        func configured(_ kind: PlotScenario.Kind) -> PlotScenario {
            var scenario = base
            scenario.profileName = profileName
            scenario.kind = kind
            return scenario
        }
        let runs = [try configured(.present).run(), try configured(.dismiss).run()]
        let profile = runs[0].profile
        let present = profile.presentSettle ?? profile.navigationSettle ?? profile.gestureSettle
        let dismiss = profile.dismissSettle ?? profile.navigationSettle ?? profile.gestureSettle
        let easing = profile.layout(for: .present).commandEasing
        let (title, source) = heading(profile, "present and dismiss", width: pairWidth)
        return TransitionPlot.svg(
            title: title,
            subtitles: source + [
                "present Sheet over Detail, then dismiss it, animated, on a \(TextFormat.short(base.width)) x "
                    + "\(TextFormat.short(base.height)) pt stack at \(base.fps) fps",
                "present: \(Profile.describe(present, easing: easing))",
                "dismiss: \(Profile.describe(dismiss, easing: easing))",
            ],
            plots: [
                runs[0].plot(heading: "present \u{2192} completed"),
                runs[1].plot(heading: "dismiss \u{2192} completed"),
            ],
            width: pairWidth)
    }

    /// Every profile's swipes, and the present and dismiss of those that animate them their own way.
    private static func writeProfiles(base: PlotScenario, directory: String) throws {
        try FileOutput.makeDirectories(directory)
        func write(_ name: String, _ svg: String) throws {
            let path = directory.hasSuffix("/") ? directory + name + ".svg" : directory + "/" + name + ".svg"
            try FileOutput.write(svg, to: path)
            Console.line("wrote \(path)")
        }
        for name in ProfileCatalog.names {
            try write(name, try pairSVG(profileName: name, base: base))
            if ProfileCatalog.named(name)?.predictiveBack != nil {
                try write(name + "-right", try pairSVG(profileName: name, base: base, edge: .swipeEdgeRight))
            }
            if let profile = ProfileCatalog.named(name),
                profile.presentSettle != nil || profile.presentationLayout != nil
            {
                try write(name + "-present", try presentationSVG(profileName: name, base: base))
            }
        }
    }
}

/// Writing the SVG files, with errors that name the path and the reason.
enum FileOutput {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Writes `text` to `path` (created 0644, or truncated).
    static func write(_ text: String, to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot create '\(path)'") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write '\(path)'")
            }
            offset += written
        }
    }

    /// Creates `path` and its missing parents (as `mkdir -p`).
    static func makeDirectories(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw failure("cannot create directory '\(prefix)'")
            }
            prefix += "/"
        }
    }

    private static func failure(_ what: String) -> Failure {
        Failure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
