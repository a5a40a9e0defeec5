import SegueClient
import SegueCommandLine
import SegueDisplay
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// `segue tail [--stack S] [--from POS] [--frames] [--json]`: prints events as they happen, gap-free.
enum TailCommand {
    static let subcommand = Subcommand(
        name: "tail", brief: "print events as they happen, optionally from a position", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue tail",
        summary: "Print events (and rejections, and with --frames the frames) as the daemon publishes them, one line "
            + "each, until interrupted. With --from, print the logged history from that position first; no event is "
            + "skipped or repeated. On a terminal, finished is green, cancelled yellow and rejected red (unless "
            + "NO_COLOR is set).",
        options: [
            .init("stack", "S", help: "only this stack (default: every stack)"),
            .init("from", "POS", help: "first print the log from this position (1 = the beginning)"),
            .init("frames", help: "also print frames"),
            .init("json", help: "one JSON object per line: {\"event\":…}, {\"frame\":…} or {\"rejection\":…}"),
        ] + Connection.options,
        examples: [
            "segue tail",
            "segue tail --stack demo --frames",
            "segue tail --from 1 --json > events.jsonl",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let connection = try Connection(arguments)
        let stackId = arguments.string("stack")
        let from = try arguments.integer("from", in: 0...Int64.max).map { UInt64($0) }
        let json = arguments.flag("json")
        let style = TerminalStyle.standardOutput
        let suffix = stackId.map { "\($0)/" } ?? ""
        var prefixes = ["ev/" + suffix, "er/" + suffix]
        if arguments.flag("frames") { prefixes.append("fr/" + suffix) }

        StopSignals.install()

        // Subscribe before reading history, so nothing published meanwhile is lost (the feed drops duplicates).
        let subscriber = try connection.subscriber(prefixes: prefixes)
        let control = try connection.control()
        // Without --from, what is in the log now is history: follow everything after it, without gaps.
        let head = from == nil ? try control.stats().headPosition : 0
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stackId, after: head)
        if let from { feed.catchUp(from: from) }
        while !StopSignals.stopped {
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
}
