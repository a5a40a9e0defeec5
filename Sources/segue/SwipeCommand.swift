#if canImport(Glibc)
import Glibc
#endif
import SegueClient
import SegueCommandLine
import SegueWire

/// `segue swipe STACK ...`: performs a realistic back (or tab) swipe in real time and reports its outcome.
enum SwipeCommand {
    static let subcommand = Subcommand(
        name: "swipe", brief: "swipe back (or between tabs) and report the outcome", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue swipe",
        summary: "Swipe back (or between tabs) on a stack with a realistic pan trace, sent in real time, and report "
            + "whether the transition finished or cancelled.",
        positionals: [.init("STACK", help: "stack id")],
        options: [
            .init("to", "FRACTION",
                  help: "how far the finger travels, in widths, -1 to 1 (default 0.7; negative reverses)"),
            .init("velocity", "PT_S", help: "release velocity along the swipe, pt/s (default 0; negative flicks back)"),
            .init("duration-ms", "MS", help: "how long the finger moves (default 250)"),
            .init("rate", "HZ", help: "pan samples per second (default 120)"),
            .init("cancel", help: "end with PAN_CANCELLED instead of PAN_ENDED"),
            .init("target", "back|tabs", help: "back: pop or dismiss (default); tabs: next tab"),
            .init("gesture-id", "N", help: "the producer's gesture id (default random)"),
            .init("wait-ms", "MS", help: "how long to wait for the outcome after the release (default 5000)"),
        ] + Connection.options,
        examples: [
            "segue swipe demo --to 0.7",
            "segue swipe demo --to 0.3 --velocity 800",
            "segue swipe shop --target tabs --to 0.6",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let stackId = arguments.positionals[0]
        let fraction = try arguments.number("to", in: -1...1) ?? 0.7
        let velocity = try arguments.number("velocity", in: -1_000_000...1_000_000) ?? 0
        let durationMs = Int(try arguments.integer("duration-ms", in: 1...60_000) ?? 250)
        let rate = try arguments.number("rate", in: 1...1000) ?? 120
        let waitMs = Int(try arguments.integer("wait-ms", in: 1...600_000) ?? 5000)
        let target: PanTarget
        switch arguments.string("target") ?? "back" {
        case "back": target = .panTargetBack
        case "tabs": target = .panTargetTabs
        case let other: throw UsageError("segue swipe: --target must be back or tabs, not '\(other)'")
        }
        let gestureId = try arguments.integer("gesture-id", in: 1...Int64.max).map { UInt64($0) }
            ?? UInt64.random(in: 1...(1 << 53))
        let connection = try Connection(arguments)

        let control = try connection.control()
        let state = try control.stack(stackId)
        let size = state.config?.size ?? Size(width: 390, height: 844)
        let rightToLeft = state.config?.rightToLeft ?? false

        let subscriber = try connection.subscriber(prefixes: ["ev/\(stackId)/", "er/\(stackId)/"])
        let producer = try connection.producer()
        try awaitLiveSubscription(stackId: stackId, subscriber: subscriber, producer: producer,
                                  connection: connection)
        // Everything up to the head is history; the feed delivers only what happens from here on, gap-free.
        let head = try control.stats().headPosition
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stackId, after: head)

        let trace = SwipeTrace(
            stackId: stackId, gestureId: gestureId, target: target, width: size.width, rightToLeft: rightToLeft,
            fraction: fraction, releaseVelocity: velocity, durationMs: durationMs, rateHz: rate,
            cancel: arguments.flag("cancel"),
            start: SwipeTrace.defaultStart(width: size.width, height: size.height, rightToLeft: rightToLeft,
                                           target: target, reversed: fraction < 0),
            startTimestampUs: monotonicMicroseconds())
        var outcome = Outcome(gestureId: gestureId, width: size.width, fraction: abs(fraction), state: state)

        // Pace the samples at their producer timestamps, reading publications while waiting between them, so a
        // refused BEGAN stops the trace at once.
        let started = ContinuousClock.now
        let events = trace.events
        let firstTimestamp = events.first?.timestampUs ?? 0
        for event in events {
            let due = started.advanced(by: .microseconds(event.timestampUs - firstTimestamp))
            try read(feed, into: &outcome, until: due)
            if outcome.isDone { break }
            try producer.send(pan: event)
        }
        try read(feed, into: &outcome, until: ContinuousClock.now.advanced(by: .milliseconds(waitMs)))
        if let rejection = outcome.rejection {
            throw ClientError.errorReply(rejection)
        }
        guard outcome.completed else {
            throw CLIFailure(code: .unavailable,
                             message: "no outcome for gesture \(gestureId) on \(stackId) within \(waitMs) ms")
        }
        producer.close()
    }

    /// Feeds publications to `outcome` until `deadline` or until it is done.
    private static func read(_ feed: EventFeed, into outcome: inout Outcome, until deadline: ContinuousClock.Instant)
        throws
    {
        while !outcome.isDone {
            let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
            let leftMs = Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
            guard leftMs > 0 else { return }
            if let publication = try feed.next(timeoutMs: leftMs) {
                outcome.observe(publication)
            }
        }
    }

    /// Sends a probe that the daemon must reject (a `PAN_CHANGED` of a gesture that never began) until its
    /// rejection arrives on `er/<stack>/`: then the subscription is live and nothing the swipe causes is missed.
    /// The probe changes no state; the daemon only counts it as a rejected input.
    private static func awaitLiveSubscription(stackId: String, subscriber: Subscriber, producer: Producer,
                                              connection: Connection) throws
    {
        let probeId = UInt64.random(in: (1 << 60)...UInt64.max)
        let probe = PanEvent(stackId: stackId, gestureId: probeId, phase: .panChanged, location: Vec2(),
                             translation: Vec2(), timestampUs: 0)
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(connection.timeoutMs))
        var nextProbe = ContinuousClock.now
        while ContinuousClock.now < deadline {
            if ContinuousClock.now >= nextProbe {
                try producer.send(pan: probe)
                nextProbe = ContinuousClock.now.advanced(by: .milliseconds(50))
            }
            if case .rejection(let rejection)? = try subscriber.next(timeoutMs: 10), rejection.gestureId == probeId {
                return
            }
        }
        let events = connection.endpoints.events
        throw CLIFailure(code: .unavailable,
                         message: "no publication from \(events) within \(connection.timeoutMs) ms; "
                             + "is segued running, and are --ingest and --events its endpoints?")
    }

    /// The producer clock: monotonic microseconds.
    private static func monotonicMicroseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }

    /// What the swipe has led to so far, printed as it becomes known.
    struct Outcome {
        let gestureId: UInt64
        let width: Double
        /// The fraction the trace travels, used when no `progressed` event tells it.
        let fraction: Double
        let state: StackState
        var transitionId: UInt64?
        var reached: Double?
        var rejection: ErrorDetail?
        var completed = false

        init(gestureId: UInt64, width: Double, fraction: Double, state: StackState) {
            self.gestureId = gestureId
            self.width = width
            self.fraction = fraction
            self.state = state
        }

        var isDone: Bool { completed || rejection != nil }

        /// The fraction of the width the finger reached, as the engine saw it.
        private var reachedText: String { TextFormat.short(reached ?? fraction) }

        mutating func observe(_ publication: Publication) {
            switch publication {
            case .rejection(let rejection) where rejection.gestureId == gestureId:
                self.rejection = rejection.error ?? ErrorDetail(code: .gestureRejected, message: "rejected")
            case .event(let event):
                observe(event.body)
            default:
                break
            }
        }

        private mutating func observe(_ body: Event.Body?) {
            switch body {
            case .began(let began) where began.gestureId == gestureId:
                transitionId = began.transitionId
            case .interrupted(let interrupted) where interrupted.gestureId == gestureId:
                transitionId = interrupted.transitionId
            case .progressed(let progressed) where progressed.transitionId == transitionId:
                if let x = progressed.translation?.x, width > 0 { reached = min(abs(x) / width, 1) }
            case .finished(let finished) where finished.transitionId == transitionId:
                Console.line("finished (\(finished.reason)) after \(reachedText) of the width")
            case .cancelled(let cancelled) where cancelled.transitionId == transitionId:
                Console.line("cancelled (\(cancelled.reason)) after \(reachedText) of the width")
            case .completed(let done) where done.transitionId == transitionId:
                let now = TextFormat.describe(screens: done.screens, presented: done.presented,
                                              selectedTab: done.selectedTab, tabs: state.tabs)
                Console.line("completed: stack is now \(now)")
                completed = true
            default:
                break
            }
        }
    }
}
