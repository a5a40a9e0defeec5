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
        name: "demo", brief: "a short tour: three swipes drawn live, paced to follow (starts segued if none runs)",
        spec: spec,
        run: run)

    static let spec = CommandSpec(
        name: "segue demo",
        summary: "Show what Segue does: create a stack demo-<random> (fluid profile, Home > Detail) and swipe back "
            + "three times, a finish, a cancel and a fling, drawn as segue watch draws them when standard output is "
            + "a terminal (event lines otherwise). Each swipe is announced with what it shows, dragged at a "
            + "finger's pace and followed by a pause to read its outcome: about half a minute in all. Uses the segued at the endpoints if one answers within 300 ms, and "
            + "deletes its stack from it at the end (on Ctrl-C too); else starts one (the segued next to this segue) "
            + "on a temporary directory and stops it at the end. With --cluster, the stack is made at the holder "
            + "of its shard, followed to the next holder when the shard changes hands, and deleted at the end.",
        options: [
            .init("plain", help: "print event lines even on a terminal"),
            .init("fast", help: "no pauses, and every swipe over in 250 ms: for scripts"),
            .init("segued", "PATH", help: "the segued to start when none runs (default: the one beside segue)"),
        ] + Connection.stackOptions,
        examples: [
            "segue demo",
            "segue demo --plain | less",
            "segue demo --cluster nats://127.0.0.1:4222",
            "SEGUE_CONTROL=tcp://127.0.0.1:7702 segue demo",
        ])

    /// One step of the tour.
    private struct Step {
        let title: String
        /// What the step shows, said before it.
        let shows: String
        let fraction: Double
        let velocity: Double
        /// How long the finger moves at the tour's pace: a slow drag, or a quick flick.
        let durationMs: Int
    }

    private static let steps = [
        Step(
            title: "finish: drag 70% of the width and let go at rest",
            shows: "a release past half way finishes the pop", fraction: 0.7, velocity: 0, durationMs: 1200),
        Step(
            title: "cancel: drag 20% and let go at rest",
            shows: "a short drag springs back: Detail stays", fraction: 0.2, velocity: 0, durationMs: 900),
        Step(
            title: "fling: drag only 25%, but flick at 1200 pt/s",
            shows: "a fast flick finishes though the drag is short", fraction: 0.25, velocity: 1200,
            durationMs: 300),
    ]

    /// How long to read what a step will show, and then its outcome, at the tour's pace.
    private static let announcementPauseMs = 1500
    private static let outcomePauseMs = 2500

    static func run(_ arguments: ParsedArguments) throws {
        let stackId = "demo-" + String(UInt32.random(in: 0x10_0000...0xFF_FFFF), radix: 16)
        var connection = try Connection.forStack(stackId, arguments)
        StopSignals.install(hangUp: true)
        // In a cluster the tour runs at the holder of its stack's shard: no daemon is started for it.
        let launcher =
            connection.holder == nil
            ? try DaemonLauncher.startUnlessRunning(for: &connection, segued: arguments.string("segued")) : nil
        defer { DaemonLauncher.stopAndReport(launcher, as: "the demo's segued") }
        if let holder = connection.holder { Console.line("using \(holder.description), found in NATS") }
        let live = Terminal.isTerminal && !arguments.flag("plain")
        let paced = !arguments.flag("fast")
        let control = try connection.control()
        // Subscribed before the stack exists, so that its removal can wait on its events whenever the tour ends.
        let prefixes = [Topic.event, .frame, .rejection].map { $0.prefix(stackId) }
        let subscriber = try connection.subscriber(prefixes: prefixes)
        try SwipeCommand.awaitLiveSubscription(subscriber, control: control, connection: connection)
        let config = StackConfig(size: Size(width: 390, height: 844), profile: "fluid")
        _ = try control.command(
            Command(
                stackId: stackId,
                op: .create(
                    CreateStack(
                        screens: ["Home", "Detail"],
                        config: config))))
        Console.line("created stack \(stackId): Home > Detail, fluid profile, 390x844")
        let feed = EventFeed(
            subscriber: subscriber, control: control, stackId: stackId,
            after: try control.stats().headPosition)
        let show = Display(
            live: live, watch: WatchState(stackId: stackId, state: try control.stack(stackId), control: control))
        var producer = try connection.producer()
        defer { producer.close() }
        // In a cluster, commands go to the feed's control client, which follows the shard to its next holder.
        connection.follow(feed, prefixes: prefixes) { next in
            guard let nextControl = try? next.control(), let nextProducer = try? next.producer() else { return }
            show.watch.control = nextControl
            producer = nextProducer
        }

        // A daemon that outlives the demo is left as the demo found it, however the tour ends (Ctrl-C included).
        do {
            try tour(stackId, show: show, feed: feed, paced: paced, producer: { producer })
        } catch {
            if launcher == nil {
                do {
                    try removeStack(stackId, feed: feed)
                } catch let removal {
                    Console.error("segue: could not delete the demo's stack \(stackId): \(removal)")
                }
            }
            throw error
        }
        if launcher == nil { try removeStack(stackId, feed: feed) }
        // On a daemon that runs on, a stack of the suggested name may exist already (the README's tour makes demo).
        let tryName = launcher == nil ? try freeName(on: feed.control) : "demo"

        Console.line("")
        Console.line("Try next:")
        var tips: [(String, String)] = []
        if launcher != nil {
            tips.append(("segued", "start a daemon of your own (the demo's stops now), then"))
        }
        tips += [
            ("segue create \(tryName) --screens Home,Detail", "a stack to play with"),
            ("segue watch \(tryName)", "draw it live, and from another terminal:"),
            ("segue swipe \(tryName) --to 0.4 --velocity -300", "a swipe of your own (flicked back: cancels)"),
            ("segue tail --stack \(tryName) --frames", "every event and frame as it happens"),
            ("segue plot --profiles --out-dir plots", "how each profile settles, as SVG"),
            ("README.md", "the tour, recording and playing sessions, the protocol"),
        ]
        let width = tips.map(\.0.count).max() ?? 0
        for (command, text) in tips {
            Console.line("  " + command + String(repeating: " ", count: width - command.count + 3) + text)
        }
    }

    /// `demo`, or the first of `demo2`, `demo3`, ... that names no stack on the daemon.
    private static func freeName(on control: ControlClient) throws -> String {
        let taken = Set(try control.listStacks())
        guard taken.contains("demo") else { return "demo" }
        var number = 2
        while taken.contains("demo\(number)") { number += 1 }
        return "demo\(number)"
    }

    /// The three swipes, with a push back to Detail before each that needs one; `paced`, announced and at a
    /// person's pace, else at once.
    /// - Throws: ``Interrupted`` on Ctrl-C, and whatever a swipe or a push fails with.
    private static func tour(
        _ stackId: String, show: Display, feed: EventFeed, paced: Bool, producer: () -> Producer
    ) throws {
        for (index, step) in steps.enumerated() {
            let control = feed.control
            guard !StopSignals.stopped else { break }
            if index > 0, try control.stack(stackId).screens.count < 2 {
                Console.line("")
                Console.line("pushing Detail back (animated)")
                _ = try control.command(Command(stackId: stackId, op: .push(Push(screen: "Detail"))))
                show.begin()
                defer { show.end() }
                guard try readUntilCompleted(feed, observe: show.observe, stoppable: true) else {
                    throw CLIFailure(code: .unavailable, message: "the push did not complete within 5 s")
                }
            }
            Console.line("")
            Console.line("\(index + 1)/\(steps.count) \(step.title)")
            Console.line("    shows: \(step.shows)")
            if paced { pause(milliseconds: announcementPauseMs) }
            let plan = SwipeCommand.Plan(
                stackId: stackId, gestureId: UInt64.random(in: 1...(1 << 53)),
                fraction: step.fraction, velocity: step.velocity, durationMs: paced ? step.durationMs : 250)
            let state = try control.stack(stackId)
            show.begin()
            let outcome: SwipeCommand.Outcome
            do {
                outcome = try SwipeCommand.perform(
                    plan, state: state, feed: feed, producer: producer(), waitMs: 5000,
                    observe: show.observe, report: { _ in })
            } catch {
                show.end()
                throw error
            }
            show.end()
            Console.line("=> \(outcome.decisionLine ?? "no decision"); now \(outcome.stackDescription ?? "unknown")")
            if paced { pause(milliseconds: outcomePauseMs) }
        }
        guard !StopSignals.stopped else { throw Interrupted(description: "interrupted") }
    }

    /// Deletes the demo's stack. A transition still running (the settle of a swipe Ctrl-C cut short, which sent
    /// PAN_CANCELLED) is waited for first, up to 5 s; a second Ctrl-C gives up at once.
    private static func removeStack(_ stackId: String, feed: EventFeed) throws {
        signal(SIGINT, SIG_DFL)
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while true {
            do throws(ClientError) {
                _ = try feed.control.command(Command(stackId: stackId, op: .delete(DeleteStack())))
                Console.line("deleted stack \(stackId)")
                return
            } catch {
                guard error.code == .transitionInProgress, ContinuousClock.now < deadline else { throw error }
            }
            _ = try readUntilCompleted(feed, until: deadline, stoppable: false)
        }
    }

    /// Reads the feed until the stack's running transition completes, showing what it reads to `observe`.
    /// - Parameters:
    ///   - deadline: when to give up (5 s from now by default).
    ///   - stoppable: whether Ctrl-C ends the wait (with ``Interrupted``).
    /// - Returns: false when the deadline passed first.
    private static func readUntilCompleted(
        _ feed: EventFeed, until deadline: ContinuousClock.Instant = .now.advanced(by: .seconds(5)),
        observe: (Publication) -> Void = { _ in }, stoppable: Bool
    ) throws -> Bool {
        while ContinuousClock.now < deadline {
            if stoppable && StopSignals.stopped { throw Interrupted(description: "interrupted") }
            guard let publication = try feed.next(timeoutMs: 100) else { continue }
            observe(publication)
            if case .event(let event) = publication, case .completed? = event.body { return true }
        }
        return false
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
