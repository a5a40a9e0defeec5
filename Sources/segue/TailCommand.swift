import SegueClient
import SegueCommandLine
import SegueCore
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
            + "(and says that too); a daemon back with a log that ends before what tail has seen is another log, "
            + "followed from its head. A --stack that does not exist (yet, or any more) and a --from past the log's "
            + "end are waited for. With --cluster, every shard's events are read from the cluster's streams instead, "
            + "each line led by its shard, and nothing is lost or repeated across a failover (frames and rejections "
            + "are not logged, so they are not there). On a terminal, finished is "
            + "green, cancelled yellow and rejected red (unless NO_COLOR is set).",
        options: [
            .init("stack", "S", help: "only this stack (default: every stack)"),
            .init(
                "from", "POS|now",
                help: "first print the log from this position (1 = the beginning); now (the default): only events "
                    + "after the newest one logged when tail starts"),
            .init("frames", help: "also print frames"),
            .init("json", help: "one JSON object per line: {\"event\":…}, {\"frame\":…} or {\"rejection\":…}"),
        ] + Connection.stackOptions,
        examples: [
            "segue tail",
            "segue tail --stack demo --frames",
            "segue tail --from 1 --json > events.jsonl",
            "segue tail --stack demo --from now --json",
            "segue tail --cluster nats://127.0.0.1:4222 --from 1",
            "segue tail --cluster nats://10.0.0.1:4222 --nats-creds ~/.config/segue/reader.creds",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let connection = try Connection(arguments)
        if let cluster = connection.cluster {
            return try ClusterTail.run(arguments, cluster: cluster, key: connection.clusterKey)
        }
        let stackId = try stack(arguments)
        let from = try startPosition(arguments)
        let json = arguments.flag("json")
        let style = TerminalStyle.standardOutput
        let endpoint = connection.endpoints.events
        let kinds: [Topic] = arguments.flag("frames") ? [.event, .rejection, .frame] : [.event, .rejection]
        let prefixes = kinds.map { kind in stackId.map { kind.prefix($0) } ?? kind.prefix }

        StopSignals.install()

        // Subscribe before reading history, so nothing published meanwhile is lost (the feed drops duplicates).
        let subscriber = try connection.subscriber(prefixes: prefixes)
        try subscriber.monitorConnection()
        let control = try connection.control()
        let head = try control.stats().headPosition
        if let from, from > head + 1 {
            Console.error("segue: tail: waiting for position \(from) (the daemon's log at \(endpoint) ends at \(head))")
        }
        if let stackId { try noteMissing(stackId, control: control) }
        // Without --from, what is in the log now is history: follow everything after it, without gaps.
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stackId, after: from == nil ? head : 0)
        // The history --from reads ends at `head`; another log, followed from its head, has none.
        var historyThrough = from == nil ? 0 : head
        feed.onLogBehind = { logHead, seen in
            // The daemon going away comes first: it is how the log changed.
            _ = noteConnectionChanges(subscriber, endpoint: endpoint)
            Console.error(
                "segue: tail: the daemon's log at \(endpoint) ends at \(logHead), before position \(seen) seen already: "
                    + "a different log; following it from its head")
            historyThrough = 0
        }
        if let from { feed.catchUp(from: from) }
        while !StopSignals.stopped {
            if noteConnectionChanges(subscriber, endpoint: endpoint) { feed.checkLog() }
            guard let publication = try feed.next(timeoutMs: 100) else { continue }
            if json {
                Console.line(publication.json)
            } else {
                switch publication {
                case .event(let event): Console.line(style.paint(TextFormat.line(event), TextColour.of(event)))
                case .frame(let frame): Console.line(TextFormat.line(frame))
                case .rejection(let rejection): Console.line(style.paint(TextFormat.line(rejection), .rejection))
                case .probe(let probe): Console.line("probe \(probe.token)")
                case .undecodable(let topic, let reason): Console.error("segue: MALFORMED: \(topic): \(reason)")
                }
            }
            // A deletion in the history is no news: the note at the start said where the stack stands.
            if let stackId, case .event(let event) = publication, case .deleted? = event.body,
                event.position > historyThrough
            {
                Console.error("segue: tail: stack \(stackId) was deleted; waiting for it to be created again")
            }
        }
    }

    /// `--stack`: nil for every stack, else a stack id, checked here: no stack of another name can ever be created,
    /// and waiting for one would be waiting forever.
    static func stack(_ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let stackId = arguments.string("stack") else { return nil }
        if let problem = Validation.checkStackId(stackId, field: "--stack") {
            throw UsageError("segue tail: \(problem.message)")
        }
        return stackId
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

    /// Says, once, that the stack followed does not exist (yet, or any more): its events come when it is created.
    static func noteMissing(_ stackId: String, control: ControlClient) throws(ClientError) {
        do throws(ClientError) {
            _ = try control.stack(stackId)
        } catch .errorReply(let error) where error.code == .unknownStack {
            Console.error(
                hasLoggedEvents(stackId, control: control)
                    ? "segue: tail: stack \(stackId) was deleted; waiting for it to be created again"
                    : "segue: tail: no stack \(stackId) yet; waiting for it")
        }
    }

    /// Whether the log holds an event of `stackId` (false when that cannot be read, retention having removed it,
    /// say).
    private static func hasLoggedEvents(_ stackId: String, control: ControlClient) -> Bool {
        let first = try? control.readEvents(from: 1, stack: stackId, maxCount: 1)
        return first?.events.isEmpty == false
    }

    /// Says on stderr when the daemon went away and when it is back (libzmq reconnects by itself, and the feed reads
    /// whatever it missed meanwhile from the log).
    /// - Returns: whether it is back.
    static func noteConnectionChanges(_ subscriber: Subscriber, endpoint: String) -> Bool {
        var restored = false
        for change in subscriber.connectionChanges() {
            switch change {
            case .lost:
                Console.error("segue: tail: the daemon at \(endpoint) went away; waiting for it to come back")
            case .restored:
                Console.error("segue: tail: the daemon at \(endpoint) is back")
                restored = true
            }
        }
        return restored
    }
}
