import SegueClient
import SegueCommandLine
import SegueDisplay
import SegueWire

/// `segue watch [STACK] [--once]`: draws a stack's two screens in the terminal as they move.
enum WatchCommand {
    static let subcommand = Subcommand(
        name: "watch", brief: "draw a stack's two screens in the terminal as they move", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue watch",
        summary: "Draw a stack live in the terminal: the container as a box, the two screens of a transition sliding "
            + "as its frames say (the lower one shaded by the dimming, with a legend), a progress bar, the phase and "
            + "the latest event (green when it finishes a transition, yellow when it cancels one, red for a refusal; "
            + "no colours when NO_COLOR is set); the top screen when idle. When the daemon goes away the title line "
            + "says since when it has not answered, and that it reconnected once it is back. Follows the terminal's "
            + "size; a stack that does not exist yet is waited for. Ctrl-C quits "
            + "and restores the terminal. With --once, print one picture of the current state and its latest event, "
            + "and exit (works without a terminal too).",
        positionals: [
            .init(
                "STACK", help: "stack id (default: the daemon's only stack; with several, or none, they are listed)",
                optional: true)
        ],
        options: [
            .init("once", help: "print the current state once and exit"),
            .init(
                "size", "COLSxROWS",
                help: "draw for this size instead of the terminal's (e.g. 100x30; at least "
                    + "\(WatchScreen.minimumColumns)x\(WatchScreen.minimumRows))"),
            .init("ascii", help: "ASCII characters only (for terminals without UTF-8)"),
        ] + Connection.stackOptions,
        examples: [
            "segue watch demo",
            "segue watch demo --cluster nats://127.0.0.1:4222",
            "segue watch demo --once --size 80x20",
            "tmux split-window -h 'segue watch demo' && segue swipe demo --to 0.6",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let stackId = try arguments.positionals.first ?? onlyStack(arguments)
        let once = arguments.flag("once")
        let fixedSize = try size(arguments)
        let glyphs: WatchScreen.Glyphs = arguments.flag("ascii") ? .ascii : .unicode
        if !once && !Terminal.isTerminal {
            throw UsageError(
                "segue watch: standard output is not a terminal; use --once for one picture, or "
                    + "segue tail --stack \(stackId) --frames for a stream of lines")
        }
        let style = TerminalStyle.standardOutput
        let connection = try Connection.forStack(stackId, arguments)
        let control = try connection.control()
        if once {
            // The head before the state, so the latest event shown is never newer than the picture.
            let head = try control.stats().headPosition
            let watch = WatchState(stackId: stackId, state: try control.stack(stackId), control: control)
            watch.showLatestLogged(upTo: head)
            let (columns, rows) = fixedSize ?? Terminal.size() ?? (80, 24)
            // One picture or a failure: a note that the terminal is too small is no picture.
            guard columns >= WatchScreen.minimumColumns, rows >= WatchScreen.minimumRows else {
                throw CLIFailure(
                    code: .invalidArgument,
                    message: "the terminal is \(columns)x\(rows); segue watch needs at least "
                        + "\(WatchScreen.minimumColumns)x\(WatchScreen.minimumRows) (or give --size)")
            }
            for line in watch.screen.render(columns: columns, rows: rows, style: style, glyphs: glyphs) {
                Console.line(line)
            }
            return
        }

        StopSignals.install()
        // Subscribe before reading the head and the state, so nothing that happens meanwhile is missed.
        let prefixes = [Topic.event, .frame, .rejection].map { $0.prefix(stackId) }
        let subscriber = try connection.subscriber(prefixes: prefixes)
        try subscriber.monitorConnection()
        let head = try control.stats().headPosition
        // A stack still to be created is waited for, as tail --stack waits: its events bring it.
        let state = try stateIfCreated(stackId, control: control)
        let watch = WatchState(stackId: stackId, state: state, control: control)
        watch.hint = state == nil ? "no stack \(stackId) yet; waiting for it" : WatchState.quitHint
        watch.showLatestLogged(upTo: head)
        // The picture must keep moving when the daemon goes away: wait less for state refreshes than for commands.
        control.timeoutMs = min(connection.timeoutMs, 1000)
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stackId, after: head)
        // In a cluster, the picture moves on with the stack's next holder.
        connection.follow(feed, prefixes: prefixes) { next in
            guard let nextControl = try? next.control() else { return }
            nextControl.timeoutMs = control.timeoutMs
            watch.control = nextControl
        }

        let painter = ScreenPainter(mode: .alternate)
        painter.begin()
        defer { painter.end() }
        try follow(
            feed, watch: watch, painter: painter, style: style, glyphs: glyphs, fixedSize: fixedSize,
            until: { StopSignals.stopped })
    }

    /// Applies publications and redraws, at most about 60 times a second, until `done` answers true.
    static func follow(
        _ feed: EventFeed, watch: WatchState, painter: ScreenPainter, style: TerminalStyle, glyphs: WatchScreen.Glyphs,
        fixedSize: (columns: Int, rows: Int)?, until done: () -> Bool
    ) throws {
        var dirty = true
        var clearFirst = true
        var lastDraw = ContinuousClock.now.advanced(by: .seconds(-1))
        let interval = Duration.milliseconds(16)
        while !done() {
            if resizeRequested.exchange(false, ordering: .relaxed) {
                dirty = true
                clearFirst = true
            }
            let sinceDraw = lastDraw.duration(to: .now)
            if dirty && sinceDraw >= interval {
                let (columns, rows) = fixedSize ?? Terminal.size() ?? (80, 24)
                painter.draw(
                    watch.screen.render(columns: columns, rows: rows, style: style, glyphs: glyphs),
                    clearFirst: clearFirst)
                dirty = false
                clearFirst = false
                lastDraw = .now
            }
            // The daemon going away and coming back is said on the title line, as tail says it on stderr.
            for change in feed.subscriber.connectionChanges() {
                switch change {
                case .lost: watch.connectionLost()
                case .restored:
                    watch.connectionRestored()
                    feed.checkLog()
                }
                dirty = true
            }
            let waitMs = dirty ? 4 : 100
            do {
                if let publication = try feed.next(timeoutMs: waitMs) {
                    watch.apply(publication)
                    dirty = true
                }
            } catch {
                watch.report(error)
                dirty = true
            }
        }
    }

    /// The daemon's only stack, for a watch that names none; with several or none, a usage error that lists them.
    static func onlyStack(_ arguments: ParsedArguments) throws -> String {
        let connection = try Connection(arguments)
        if connection.cluster != nil {
            throw UsageError("segue watch: with --cluster, name the stack to watch (segue watch STACK)")
        }
        let stacks = try connection.control().listStacks()
        if stacks.count == 1 { return stacks[0] }
        if stacks.isEmpty {
            throw UsageError(
                "segue watch: the daemon has no stacks; name the one to wait for (segue watch STACK), or make one "
                    + "(segue create STACK)")
        }
        throw UsageError(
            "segue watch: the daemon has \(stacks.count) stacks, name one (segue watch STACK): "
                + stacks.joined(separator: ", "))
    }

    /// The state of `stackId`, or nil while it does not exist.
    static func stateIfCreated(_ stackId: String, control: ControlClient) throws(ClientError) -> StackState? {
        do throws(ClientError) {
            return try control.stack(stackId)
        } catch .errorReply(let detail) where detail.code == .unknownStack {
            return nil
        }
    }

    /// `--size COLSxROWS`, or nil; a size too small for the picture is refused here, before anything is drawn.
    static func size(_ arguments: ParsedArguments) throws(UsageError) -> (columns: Int, rows: Int)? {
        guard let text = arguments.string("size") else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (WatchScreen.minimumColumns...1000).contains(columns), (WatchScreen.minimumRows...1000).contains(rows)
        else {
            throw UsageError(
                "segue watch: --size must be COLUMNSxROWS from \(WatchScreen.minimumColumns)x\(WatchScreen.minimumRows)"
                    + " to 1000x1000, e.g. 100x30, not '\(text)'")
        }
        return (columns, rows)
    }
}
