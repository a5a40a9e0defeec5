import SegueClient
import SegueCommandLine
import SegueDisplay
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// `segue tail [--stack S] [--from POS|now] [--frames] [--json]`: prints events as they happen, gap-free.
enum TailCommand {
    static let subcommand = Subcommand(
        name: "tail", brief: "print events as they happen, optionally from a position", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue tail",
        summary: "Print events (and rejections, and with --frames the frames) as the daemon publishes them, one line "
            + "each, until interrupted. With --from, print the logged history from that position first; no event is "
            + "skipped or repeated. When the daemon goes away tail says so on stderr and waits for it to come back "
            + "(and says that too); a --stack that does not exist yet is waited for. On a terminal, finished is "
            + "green, cancelled yellow and rejected red (unless NO_COLOR is set).",
        options: [
            .init("stack", "S", help: "only this stack (default: every stack)"),
            .init(
                "from", "POS|now",
                help: "first print the log from this position (1 = the beginning); now (the default): only events "
                    + "after the newest one logged when tail starts"),
            .init("frames", help: "also print frames"),
            .init("json", help: "one JSON object per line: {\"event\":…}, {\"frame\":…} or {\"rejection\":…}"),
        ] + Connection.options,
        examples: [
            "segue tail",
            "segue tail --stack demo --frames",
            "segue tail --from 1 --json > events.jsonl",
            "segue tail --stack demo --from now --json",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let connection = try Connection(arguments)
        let stackId = arguments.string("stack")
        let from = try startPosition(arguments)
        let json = arguments.flag("json")
        let style = TerminalStyle.standardOutput
        let suffix = stackId.map { "\($0)/" } ?? ""
        var prefixes = ["ev/" + suffix, "er/" + suffix]
        if arguments.flag("frames") { prefixes.append("fr/" + suffix) }

        StopSignals.install()

        // Subscribe before reading history, so nothing published meanwhile is lost (the feed drops duplicates).
        let subscriber = try connection.subscriber(prefixes: prefixes)
        try subscriber.monitorConnection()
        let control = try connection.control()
        // Without --from, what is in the log now is history: follow everything after it, without gaps.
        let head = from == nil ? try control.stats().headPosition : 0
        if let stackId { try noteMissing(stackId, control: control) }
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stackId, after: head)
        if let from { feed.catchUp(from: from) }
        while !StopSignals.stopped {
            noteConnectionChanges(subscriber, endpoint: connection.endpoints.events)
            guard let publication = try feed.next(timeoutMs: 100) else { continue }
            if json {
                Console.line(publication.json)
                continue
            }
            switch publication {
            case .event(let event): Console.line(style.paint(TextFormat.line(event), TextColour.of(event)))
            case .frame(let frame): Console.line(TextFormat.line(frame))
            case .rejection(let rejection): Console.line(style.paint(TextFormat.line(rejection), .rejection))
            case .probe(let probe): Console.line("probe \(probe.token)")
            case .undecodable(let topic, let reason): Console.error("segue: MALFORMED: \(topic): \(reason)")
            }
        }
    }

    /// `--from`: a position, or nil for `now` (as when it is left out).
    static func startPosition(_ arguments: ParsedArguments) throws(UsageError) -> UInt64? {
        guard let text = arguments.string("from"), text != "now" else { return nil }
        guard let position = UInt64(text) else {
            throw UsageError(
                "segue tail: --from must be a position (a whole number, 1 = the beginning) or now, not '\(text)'")
        }
        return position
    }

    /// Says, once, that the stack followed does not exist (yet): its events come when it is created.
    static func noteMissing(_ stackId: String, control: ControlClient) throws(ClientError) {
        do throws(ClientError) {
            _ = try control.stack(stackId)
        } catch .errorReply(let error) where error.code == .unknownStack {
            Console.error("segue: tail: no stack \(stackId) yet; waiting for it")
        }
    }

    /// Says on stderr when the daemon went away and when it is back (libzmq reconnects by itself, and the feed reads
    /// whatever it missed meanwhile from the log).
    static func noteConnectionChanges(_ subscriber: Subscriber, endpoint: String) {
        for change in subscriber.connectionChanges() {
            switch change {
            case .lost: Console.error("segue: tail: the daemon at \(endpoint) went away; waiting for it to come back")
            case .restored: Console.error("segue: tail: the daemon at \(endpoint) is back")
            }
        }
    }
}
