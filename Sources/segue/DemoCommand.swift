import SegueClient
import SegueCommandLine
import SegueDisplay
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// `segue demo`: three swipes on a fresh stack, drawn live, against a running segued or one started for the demo.
enum DemoCommand {
    static let subcommand = Subcommand(
        name: "demo", brief: "a two-minute tour: three swipes drawn live (starts segued if none runs)", spec: spec,
        run: run)

    static let spec = CommandSpec(
        name: "segue demo",
        summary: "Show what Segue does: create a stack demo-<random> (fluid profile, Home > Detail) and swipe back "
            + "three times, a finish, a cancel and a fling, drawn as segue watch draws them when standard output is "
            + "a terminal (event lines otherwise). Uses the segued at the endpoints if one answers within 300 ms; "
            + "else starts one (the segued next to this segue) on a temporary directory and stops it at the end.",
        options: [
            .init("plain", help: "print event lines even on a terminal"),
            .init("segued", "PATH", help: "the segued to start when none runs (default: the one beside segue)"),
        ] + Connection.options,
        examples: [
            "segue demo",
            "segue demo --plain | less",
            "SEGUE_CONTROL=tcp://127.0.0.1:7702 segue demo",
        ])

    /// One step of the tour.
    private struct Step {
        let title: String
        let fraction: Double
        let velocity: Double
    }

    private static let steps = [
        Step(title: "finish: drag 70% of the width and let go at rest", fraction: 0.7, velocity: 0),
        Step(title: "cancel: drag 20% and let go at rest", fraction: 0.2, velocity: 0),
        Step(title: "fling: drag only 25%, but flick at 1200 pt/s", fraction: 0.25, velocity: 1200),
    ]

    static func run(_ arguments: ParsedArguments) throws {
        var connection = try Connection(arguments)
        StopSignals.install()
        let launcher = try DaemonLauncher.startUnlessRunning(for: &connection, segued: arguments.string("segued"))
        defer { DaemonLauncher.stopAndReport(launcher, as: "the demo's segued") }
        let live = Terminal.isTerminal && !arguments.flag("plain")
        let stackId = "demo-" + String(UInt32.random(in: 0x10_0000...0xFF_FFFF), radix: 16)
        let control = try connection.control()
        let config = StackConfig(size: Size(width: 390, height: 844), profile: "fluid")
        _ = try control.command(
            Command(
                stackId: stackId,
                op: .create(
                    CreateStack(
                        screens: ["Home", "Detail"],
                        config: config))))
        Console.line("created stack \(stackId): Home > Detail, fluid profile, 390x844")

        let subscriber = try connection.subscriber(prefixes: ["ev/\(stackId)/", "fr/\(stackId)/", "er/\(stackId)/"])
        let producer = try connection.producer()
        try SwipeCommand.awaitLiveSubscription(subscriber, control: control, connection: connection)
        let feed = EventFeed(
            subscriber: subscriber, control: control, stackId: stackId,
            after: try control.stats().headPosition)
        let show = Display(
            live: live,
            watch: WatchState(
                stackId: stackId, state: try control.stack(stackId),
                control: control))

        for (index, step) in steps.enumerated() {
            guard !StopSignals.stopped else { break }
            if index > 0, try control.stack(stackId).screens.count < 2 {
                Console.line("")
                Console.line("pushing Detail back (animated)")
                _ = try control.command(Command(stackId: stackId, op: .push(Push(screen: "Detail"))))
                try awaitCompletion(feed, show: show)
            }
            Console.line("")
            Console.line("\(index + 1)/\(steps.count) \(step.title)")
            let plan = SwipeCommand.Plan(
                stackId: stackId, gestureId: UInt64.random(in: 1...(1 << 53)),
                fraction: step.fraction, velocity: step.velocity)
            let state = try control.stack(stackId)
            show.begin()
            let outcome: SwipeCommand.Outcome
            do {
                outcome = try SwipeCommand.perform(
                    plan, state: state, feed: feed, producer: producer, waitMs: 5000,
                    observe: show.observe, report: { _ in })
            } catch {
                show.end()
                throw error
            }
            show.end()
            Console.line("=> \(outcome.decisionLine ?? "no decision"); now \(outcome.stackDescription ?? "unknown")")
            if live { pause(milliseconds: 700) }
        }
        producer.close()
        guard !StopSignals.stopped else {
            throw CLIFailure(code: .unavailable, message: "interrupted")
        }
        Console.line("")
        Console.line("Try next:")
        let stack = launcher == nil ? stackId : "demo"
        var tips: [(String, String)] = []
        if launcher != nil {
            tips.append(("segued", "start a daemon of your own (the demo's stops now), then"))
            tips.append(("segue create demo --screens Home,Detail", "a stack to play with"))
        } else {
            tips.append(("segue push \(stack) Detail", "put Detail back on top"))
        }
        tips += [
            ("segue watch \(stack)", "draw it live, and from another terminal:"),
            ("segue swipe \(stack) --to 0.4 --velocity -300", "a swipe of your own (flicked back: cancels)"),
            ("segue tail --stack \(stack) --frames", "every event and frame as it happens"),
            ("segue plot --profiles --out-dir plots", "how each profile settles, as SVG"),
            ("README.md", "the tour, recording and playing sessions, the protocol"),
        ]
        let width = tips.map(\.0.count).max() ?? 0
        for (command, text) in tips {
            Console.line("  " + command + String(repeating: " ", count: width - command.count + 3) + text)
        }
    }

    /// Reads the feed until the stack's running transition completes (or 5 s pass), showing it.
    private static func awaitCompletion(_ feed: EventFeed, show: Display) throws {
        show.begin()
        defer { show.end() }
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while ContinuousClock.now < deadline && !StopSignals.stopped {
            guard let publication = try feed.next(timeoutMs: 100) else { continue }
            show.observe(publication)
            if case .event(let event) = publication, case .completed? = event.body { return }
        }
        throw CLIFailure(code: .unavailable, message: "the push did not complete within 5 s")
    }

    /// A pause a person can see, cut short by Ctrl-C.
    private static func pause(milliseconds: Int) {
        let end = ContinuousClock.now.advanced(by: .milliseconds(milliseconds))
        while ContinuousClock.now < end && !StopSignals.stopped { usleep(20_000) }
    }

    /// How the demo shows a transition: the watch picture redrawn in place on a terminal, event lines otherwise.
    private final class Display {
        let live: Bool
        let watch: WatchState
        private let painter = ScreenPainter(mode: .inline)
        private var lastDraw = ContinuousClock.now
        /// `progressed` events not printed yet (plain mode sums them up in one line).
        private var progressedCount = 0

        init(live: Bool, watch: WatchState) {
            self.live = live
            self.watch = watch
        }

        func begin() {
            guard live else { return }
            painter.begin()
            draw()
        }

        func observe(_ publication: Publication) {
            watch.apply(publication)
            if live {
                if lastDraw.duration(to: .now) >= .milliseconds(16) { draw() }
                return
            }
            switch publication {
            case .event(let event):
                if case .progressed? = event.body {
                    progressedCount += 1
                    return
                }
                flushProgressed()
                Console.line(TextFormat.line(event))
            case .rejection(let rejection):
                Console.line(TextFormat.line(rejection))
            case .frame, .probe, .undecodable:
                break
            }
        }

        func end() {
            if live {
                draw()
                painter.end()
            } else {
                flushProgressed()
            }
        }

        private func flushProgressed() {
            guard progressedCount > 0 else { return }
            Console.line("   ... \(progressedCount) progressed")
            progressedCount = 0
        }

        private func draw() {
            let size = Terminal.size() ?? (80, 24)
            // A picture shorter than the terminal, so that it redraws in place instead of scrolling.
            let rows = max(min(size.rows - 2, 20), WatchScreen.minimumRows)
            painter.draw(watch.screen.render(columns: size.columns, rows: rows, style: .standardOutput))
            lastDraw = .now
        }
    }
}
