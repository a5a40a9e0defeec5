import SegueClient
import SegueCommandLine
import SegueCore
import SegueJSON
import SegueSystem
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// `segue swipe STACK ...`: performs a realistic back (or tab) swipe in real time and reports its outcome.
enum SwipeCommand {
    static let subcommand = Subcommand(
        name: "swipe", brief: "swipe back (or between tabs) and report the outcome", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue swipe",
        summary: "Swipe back (or between tabs) on a stack with a realistic pan trace, sent in real time, and report "
            + "whether the transition finished or cancelled. Ctrl-C during the drag lifts the finger with PAN_CANCELLED "
            + "and exits 130, saying what the stack's profile made of it: most cancel (GESTURE_CANCELLED); the "
            + "percent-1s, percent-250ms (classic), modal and modal-percent decide it like a release, as their sources "
            + "do, and flutter as a release at rest.",
        positionals: [.init("STACK", help: "stack id")],
        options: [
            .init(
                "to", "FRACTION",
                help: "how far the finger travels, in widths, -1 to 1 but not 0 (default 0.7; negative reverses)"),
            .init("velocity", "PT_S", help: "release velocity along the swipe, pt/s (default 0; negative flicks back)"),
            .init("duration-ms", "MS", help: "how long the finger moves (default 250)"),
            .init("rate", "HZ", help: "pan samples per second (default 120)"),
            .init("cancel", help: "end with PAN_CANCELLED instead of PAN_ENDED"),
            .init(
                "target", "back|tabs", help: "back: pop or dismiss (default); tabs: next tab",
                choices: ["back", "tabs"]),
            .init(
                "edge", "left|right",
                help: "the edge a back swipe starts at, 8 pt in (default the leading edge); from the right edge the "
                    + "finger moves leftward (the android profile takes either edge)",
                choices: ["left", "right"]),
            .init(
                "drift", "FRACTION",
                help: "how far the finger travels vertically, in heights, -1 to 1 (default 0; negative is up), along "
                    + "a straight slanted line"),
            .init("gesture-id", "N", help: "the producer's gesture id (default random)"),
            .init(
                "wait-ms", "MS",
                help: "how long to wait for a running transition to complete, and for the outcome after the "
                    + "release (default 5000)"),
            .init(
                "no-wait",
                help: "swipe at once even while an animation runs, and be refused (TRANSITION_IN_PROGRESS) where "
                    + "the profile cannot catch it; android holds a swipe begun during a swipe's settle, and its "
                    + "release sends a back key"),
            .init("json", help: "print the outcome as one JSON object instead of lines"),
        ] + Connection.stackOptions,
        examples: [
            "segue swipe demo --to 0.7",
            "segue swipe demo --to 0.3 --velocity 800",
            "segue swipe shop --target tabs --to 0.6",
            "segue swipe demo --to 0.25 --velocity 1200 --json",
            "segue swipe phone --edge right --to 0.4 --drift -0.1",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let stackId = arguments.positionals[0]
        let fraction = try arguments.number("to", in: -1...1) ?? 0.7
        if fraction == 0 { throw UsageError("segue swipe: --to must not be 0; \(SwipeTrace.unmovedSwipe)") }
        let velocity = try arguments.number("velocity", in: -1_000_000...1_000_000) ?? 0
        let durationMs = Int(try arguments.integer("duration-ms", in: 1...60_000) ?? 250)
        let rate = try arguments.number("rate", in: 1...1000) ?? 120
        let waitMs = Int(try arguments.integer("wait-ms", in: 1...600_000) ?? 5000)
        let target: PanTarget
        switch try arguments.choice("target", among: ["back", "tabs"]) {
        case "tabs": target = .panTargetTabs
        default: target = .panTargetBack
        }
        let edge: SwipeEdge
        switch try arguments.choice("edge", among: ["left", "right"]) {
        case "left": edge = .swipeEdgeLeft
        case "right": edge = .swipeEdgeRight
        default: edge = .swipeEdgeUnspecified
        }
        if edge != .swipeEdgeUnspecified && target == .panTargetTabs {
            throw UsageError("segue swipe: --edge is for back swipes; a tab swipe starts where it moves away from")
        }
        let drift = try arguments.number("drift", in: -1...1) ?? 0
        let gestureId =
            try arguments.integer("gesture-id", in: 1...Int64.max).map { UInt64($0) }
            ?? UInt64.random(in: 1...(1 << 53))
        let json = arguments.flag("json")
        let connection = try Connection.forStack(stackId, arguments)
        // Ctrl-C mid-swipe cancels the gesture before exiting (`perform`).
        StopSignals.install(hangUp: true)

        var control = try connection.control()
        // Fails early, before any subscription, for a stack that does not exist, or one the target cannot move.
        let known = try control.stack(stackId)
        if target == .panTargetTabs && known.tabs.isEmpty {
            throw CLIFailure(
                code: .invalidArgument,
                message: "--target tabs needs a tab stack; stack '\(stackId)' is a navigation stack (create one "
                    + "with `segue create NAME --tabs A,B`, or swipe it back without --target)")
        }
        let prefixes = [Topic.event.prefix(stackId), Topic.rejection.prefix(stackId)]
        let subscriber = try connection.subscriber(prefixes: prefixes)
        var producer = try connection.producer()
        try awaitLiveSubscription(subscriber, control: control, connection: connection)
        // Everything up to the head is history; the feed delivers only what happens from here on, gap-free.
        let head = try control.stats().headPosition
        let feed = EventFeed(subscriber: subscriber, control: control, stackId: stackId, after: head)
        // In a cluster the swipe's outcome is read from whichever daemon holds the stack next: a successor ends a
        // gesture its predecessor was tracking. The swipe in flight keeps its producer, whose later samples are for
        // a gesture the successor never saw; another attempt sends to the successor.
        connection.follow(feed, prefixes: prefixes) { next in
            guard let nextControl = try? next.control(), let nextProducer = try? next.producer() else { return }
            control = nextControl
            producer = nextProducer
        }

        var plan = Plan(
            stackId: stackId, gestureId: gestureId, target: target, fraction: fraction,
            velocity: velocity, durationMs: durationMs, rateHz: rate, cancel: arguments.flag("cancel"), edge: edge,
            drift: drift)
        let waits = !arguments.flag("no-wait")
        let waitDeadline = Deadline(inMilliseconds: waitMs)
        let report: (String) -> Void = json ? { _ in } : { Console.line($0) }
        // Read after the feed's start, so that the end of any transition it shows is still to come on the feed.
        var state = try control.stack(stackId)
        while true {
            if waits {
                state = try RunningTransitionWait.awaitStart(
                    of: plan.target, state: state, feed: feed, control: control, waitMs: waitDeadline.remainingMs,
                    announce: json ? { Console.error($0) } : { Console.line($0) })
            }
            let mayRetry = waits && waitDeadline.remainingMs > 0
            if let outcome = try performUnlessOvertaken(
                plan, state: state, feed: feed, producer: producer, waitMs: waitMs, mayRetry: mayRetry,
                report: report)
            {
                producer.close()
                if json { Console.line(outcome.jsonObject.description) }
                return
            }
            // Another gesture or command began between the wait and this swipe's touch: wait for it too, with a
            // fresh gesture (the refused one's later samples are ignored).
            if arguments.string("gesture-id") == nil { plan.gestureId = UInt64.random(in: 1...(1 << 53)) }
            state = try control.stack(stackId)
        }
    }

    /// `perform`, or nil when `mayRetry` and the daemon refused the gesture because a transition began first.
    private static func performUnlessOvertaken(
        _ plan: Plan, state: StackState, feed: EventFeed, producer: Producer, waitMs: Int, mayRetry: Bool,
        report: @escaping (String) -> Void
    ) throws -> Outcome? {
        do {
            return try perform(plan, state: state, feed: feed, producer: producer, waitMs: waitMs, report: report)
        } catch let error as ClientError {
            guard mayRetry, case .errorReply(let detail) = error, detail.code == .transitionInProgress else {
                throw error
            }
            return nil
        }
    }

    /// One swipe to perform: the trace's parameters.
    struct Plan {
        var stackId: String
        var gestureId: UInt64
        var target: PanTarget = .panTargetBack
        /// How far the finger travels, in widths (-1...1).
        var fraction: Double
        /// Release velocity along the swipe, pt/s.
        var velocity: Double = 0
        var durationMs: Int = 250
        var rateHz: Double = 120
        var cancel = false
        /// The edge a back swipe starts at; unspecified: the leading edge.
        var edge: SwipeEdge = .swipeEdgeUnspecified
        /// The finger's vertical travel, in heights (-1...1).
        var drift: Double = 0
    }

    /// Sends the pan trace of `plan` in real time and reads `feed` until the transition completes.
    /// - Parameters:
    ///   - state: the stack's state before the swipe (its size and direction shape the trace).
    ///   - feed: a live, gap-free feed of the stack's events (and rejections), following the head.
    ///   - waitMs: how long to wait for the outcome after the release.
    ///   - observe: sees every publication read meanwhile (frames too, if the feed's subscriber takes them).
    ///   - report: receives the outcome lines as they become known (`finished (...) after 0.7 of the width`).
    /// - Returns: the outcome, completed.
    /// - Throws: `ClientError.errorReply` with the rejection when the daemon refused the gesture; `CLIFailure`
    ///   (UNAVAILABLE) when no outcome came in time.
    static func perform(
        _ plan: Plan, state: StackState, feed: EventFeed, producer: Producer, waitMs: Int,
        observe: (Publication) -> Void = { _ in }, report: @escaping (String) -> Void
    ) throws
        -> Outcome
    {
        let size = state.config?.size ?? Size(width: 390, height: 844)
        let rightToLeft = state.config?.rightToLeft ?? false
        let trace = SwipeTrace(
            stackId: plan.stackId, gestureId: plan.gestureId, target: plan.target, width: size.width,
            height: size.height, rightToLeft: rightToLeft, fraction: plan.fraction, releaseVelocity: plan.velocity,
            durationMs: plan.durationMs, rateHz: plan.rateHz, cancel: plan.cancel, edge: plan.edge, drift: plan.drift,
            startTimestampUs: MonotonicTime.nowUs())
        var outcome = Outcome(
            gestureId: plan.gestureId, width: size.width, fraction: abs(plan.fraction),
            state: state, report: report)

        // Pace the samples at their producer timestamps, reading publications while waiting between them, so a
        // refused BEGAN stops the trace at once.
        let started = ContinuousClock.now
        let events = trace.events
        let firstTimestamp = events.first?.timestampUs ?? 0
        var lastSent: PanEvent?
        for event in events {
            let due = started.advanced(by: .microseconds(event.timestampUs - firstTimestamp))
            do {
                try read(feed, into: &outcome, until: Deadline(due), observe: observe)
            } catch let interrupted as Interrupted {
                // The finger lifted off without a decision: say so, or the stack tracks it until the gesture timeout.
                guard let lastSent, !outcome.isDone else { throw interrupted }
                try? producer.send(pan: cancellation(after: lastSent))
                // Some profiles decide a cancelled gesture as a release (the percent-driven ones finish past their
                // threshold): say what it came to, briefly waited for, since the stack may have changed.
                try? read(
                    feed, into: &outcome, until: Deadline(inMilliseconds: 1000), observe: observe, stoppable: false)
                guard let decided = outcome.decisionLine else { throw interrupted }
                throw Interrupted(
                    description: "interrupted: the gesture was cancelled, and the stack's profile \(decided)")
            }
            if outcome.isDone { break }
            guard try send(event, producer, following: feed) else { break }
            lastSent = event
        }
        try read(
            feed, into: &outcome, until: Deadline(inMilliseconds: waitMs),
            observe: observe)
        if let rejection = outcome.rejection {
            throw ClientError.errorReply(rejection)
        }
        guard outcome.completed else {
            let held = outcome.heldWithoutKey
            let decided = outcome.decisionLine.map { "; it \($0), but did not complete" } ?? held ?? ""
            throw CLIFailure(
                code: .unavailable,
                message: "no outcome for gesture \(plan.gestureId) on \(plan.stackId) within \(waitMs) ms\(decided)"
                    + (held == nil ? " (a larger --wait-ms waits longer)" : ""))
        }
        return outcome
    }

    /// The `PAN_CANCELLED` that ends a trace cut short after `last`, at its place and now (never before `last`).
    private static func cancellation(after last: PanEvent) -> PanEvent {
        var cancelled = last
        cancelled.phase = .panCancelled
        cancelled.velocity = nil
        cancelled.timestampUs = max(last.timestampUs, MonotonicTime.nowUs())
        return cancelled
    }

    /// Sends one sample of the trace.
    /// - Returns: false when it could not be sent in a cluster: the holder went away with the gesture, its successor
    ///   ends it, and the feed reads how.
    private static func send(_ pan: PanEvent, _ producer: Producer, following feed: EventFeed) throws -> Bool {
        do {
            try producer.send(pan: pan)
            return true
        } catch {
            guard feed.relocation != nil else { throw error }
            return false
        }
    }

    /// Feeds publications to `outcome` (and `observe`) until `deadline` or until it is done; a stoppable read
    /// returns at a stop signal, the one after it (`stoppable: false`) only when the swipe is decided.
    private static func read(
        _ feed: EventFeed, into outcome: inout Outcome, until deadline: Deadline,
        observe: (Publication) -> Void, stoppable: Bool = true
    ) throws {
        while !outcome.isDone && (stoppable || outcome.decisionLine == nil) {
            // Ctrl-C ends the swipe at once (swipe and demo install StopSignals).
            if stoppable && StopSignals.stopped { throw Interrupted(description: "interrupted") }
            let leftMs = deadline.remainingMs
            guard leftMs > 0 else { return }
            // At most 100 ms at a time, so that a stop signal is seen soon.
            if let publication = try feed.next(timeoutMs: min(leftMs, 100)) {
                observe(publication)
                outcome.observe(publication)
            }
        }
    }

    /// Waits until the subscription is live (`SubscriptionProbe`), so that nothing the swipe causes is missed.
    /// Whatever else arrives meanwhile is history the caller's feed reads from the log.
    static func awaitLiveSubscription(_ subscriber: Subscriber, control: ControlClient, connection: Connection)
        throws
    {
        do {
            try SubscriptionProbe.awaitLive(subscriber, control: control, timeoutMs: connection.timeoutMs)
        } catch {
            // Only the subscriber's timeout means nothing arrived; the control socket's speaks for itself.
            guard case .timeout(let endpoint, _) = error, endpoint == subscriber.endpoint else { throw error }
            let events = connection.endpoints.events
            if let holder = connection.holder {
                throw CLIFailure(
                    code: .unavailable,
                    message: "no publication from \(holder.description), at \(events), within "
                        + "\(connection.timeoutMs) ms: it may be going away (a standby takes the shard over once its "
                        + "lease lapses); run the command again")
            }
            throw CLIFailure(
                code: .unavailable,
                message: "no publication from \(events) within \(connection.timeoutMs) ms; is segued "
                    + "running, and is --events its endpoint?")
        }
    }

    /// What the swipe has led to so far, reported as it becomes known.
    struct Outcome {
        let gestureId: UInt64
        let width: Double
        /// The fraction the trace travels, used when no `progressed` event tells it.
        let fraction: Double
        let state: StackState
        /// Receives each line of the outcome as it becomes known.
        let report: (String) -> Void
        var transitionId: UInt64?
        var reached: Double?
        var rejection: ErrorDetail?
        /// The release's decision: true finished, false cancelled; nil before it.
        var finished: Bool?
        var reason: Reason?
        /// The stack once the transition completed.
        var result: TransitionCompleted?
        /// The back key the swipe sent, held while a released swipe settled (android): its op, once known.
        var backKey: String?
        /// The position of the back key's `queued` event, which a restart may drop.
        var backKeyPosition: UInt64?
        var completed: Bool { result != nil }

        init(
            gestureId: UInt64, width: Double, fraction: Double, state: StackState,
            report: @escaping (String) -> Void
        ) {
            self.gestureId = gestureId
            self.width = width
            self.fraction = fraction
            self.state = state
            self.report = report
        }

        var isDone: Bool { completed || rejection != nil }

        /// The fraction of the width the finger reached, as the engine saw it.
        var reachedFraction: Double { reached ?? fraction }

        /// The summary line of a finished or cancelled swipe: `finished (PASSED_THRESHOLD) after 0.7 of the width`.
        var decisionLine: String? {
            guard let finished, let reason else { return nil }
            if let backKey { return "the back key's \(backKey) \(finished ? "finished" : "was cancelled") (\(reason))" }
            return "\(finished ? "finished" : "cancelled") (\(reason)) after \(TextFormat.short(reachedFraction)) "
                + "of the width"
        }

        /// Where the stack stands after the transition: `Home > Detail`, `tab 1 (Search)`.
        var stackDescription: String? {
            guard let result else { return nil }
            return TextFormat.describe(
                screens: result.screens, presented: result.presented, presentedPages: result.presentedPages,
                selectedTab: result.selectedTab, tabs: state.tabs)
        }

        /// The outcome for `--json`.
        var jsonObject: JSONObject {
            var object = JSONObject()
            object.add("stackId", state.stackId)
            object.add("gestureId", gestureId)
            object.add("transitionId", transitionId ?? 0)
            object.add("outcome", finished.map { $0 ? "finished" : "cancelled" } ?? "")
            object.add("reason", reason.map { "\($0)" } ?? "")
            object.addRaw("reached", JSONObject.number((reachedFraction * 1000).rounded() / 1000))
            if let backKey { object.add("backKey", backKey) }
            if let result {
                object.add("screens", result.screens)
                object.add("presented", result.presented)
                if !result.presentedPages.isEmpty {
                    object.addRaw(
                        "presentedPages", "[" + result.presentedPages.map(String.init).joined(separator: ",") + "]")
                }
                if !state.tabs.isEmpty { object.addRaw("selectedTab", String(result.selectedTab)) }
            }
            return object
        }

        mutating func observe(_ publication: Publication) {
            switch publication {
            case .rejection(let rejection) where rejection.gestureId == gestureId:
                self.rejection = rejection.error ?? ErrorDetail(code: .gestureRejected, message: "rejected")
            case .event(let event):
                if case .queued(let queued) = event.body, queued.gestureId == gestureId {
                    backKeyPosition = event.position
                }
                observe(event.body)
            default:
                break
            }
        }

        private mutating func observe(_ body: Event.Body?) {
            switch body {
            case .queued(let queued) where queued.gestureId == gestureId:
                let op = Self.opName(queued.command?.op)
                backKey = op
                report(
                    "held behind transition \(queued.behindTransitionId); its release sent a back key: \(op), queued")
            case .dropped(let dropped) where dropped.queuedPosition == backKeyPosition:
                rejection = dropped.error
            case .began(let began) where began.gestureId == gestureId:
                transitionId = began.transitionId
                if !began.interactive {
                    if backKey == nil { report("held; its release sent a back key: \(began.operation), run at once") }
                    backKey = "\(began.operation)"
                }
            case .interrupted(let interrupted) where interrupted.gestureId == gestureId:
                transitionId = interrupted.transitionId
            case .progressed(let progressed) where progressed.transitionId == transitionId:
                if let x = progressed.translation?.x, width > 0 { reached = min(abs(x) / width, 1) }
            case .finished(let finished) where finished.transitionId == transitionId:
                self.finished = true
                reason = finished.reason
                decisionLine.map(report)
            case .cancelled(let cancelled) where cancelled.transitionId == transitionId:
                self.finished = false
                reason = cancelled.reason
                decisionLine.map(report)
            case .completed(let done) where done.transitionId == transitionId:
                result = done
                stackDescription.map { report("completed: stack is now \($0)") }
            default:
                break
            }
        }

        /// `POP` or `DISMISS`, the ops a back key sends.
        private static func opName(_ op: Command.Op?) -> String {
            if case .dismiss? = op { return "DISMISS" }
            return "POP"
        }

        /// Why a swipe begun while `state`'s transition settled may have led to nothing: its profile held it, and
        /// a held swipe released with the arrow off sends no back key.
        var heldWithoutKey: String? {
            guard backKey == nil, transitionId == nil, let running = state.transition, running.interactive,
                running.phase == .settling,
                let profile = ProfileCatalog.named(
                    state.config?.profile ?? "", revision: state.config?.profileRevision ?? 0),
                profile.interruptions.holdsBackSwipes
            else { return nil }
            return "; begun while transition \(running.transitionId) settled, profile '\(profile.name)' held it, and "
                + "a held swipe that ends without the back arrow on (released short, cancelled) sends no back key"
        }
    }
}
