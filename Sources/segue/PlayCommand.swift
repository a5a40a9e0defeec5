import SegueClient
import SegueCommandLine
import SegueCore
import SegueJSON
import SegueWire
import ZMQ

/// `segue play FILE`: sends a recording's inputs to segued again, at their recorded pace.
enum PlayCommand {
    static let subcommand = Subcommand(
        name: "play", brief: "send a recording's inputs again (segue record)", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue play",
        summary: "Send the inputs of a recording (segue record) to segued's ingest again, each at its recorded time "
            + "after the start, divided by --speed (0: as fast as possible); an input sent more than 5 ms late moves "
            + "the ones after it as late, so that each keeps its distance from the one before. --stack-map renames stacks on the way, "
            + "so a session can be replayed beside the original. The bytes are sent as recorded otherwise. Then "
            + "waits (up to --timeout-ms) until segued has decided them all, and reports how many it accepted and "
            + "rejected, and why (the rejections come from --events); exits 1 when it rejected any. Warns when "
            + "--speed changes how inputs meet the animations before them. With --cluster, the inputs go to the "
            + "holder of their stacks' shard (they must share one), and to its next holder when the shard changes "
            + "hands; inputs sent to a holder as it went away are lost with it.",
        positionals: [.init("FILE", help: "a recording made by segue record")],
        options: [
            .init(
                "speed", "X",
                help: "time scale from 0.001 to 1000: 1 as recorded (default), 2 twice as fast; 0 without waiting"),
            .init("stack-map", "OLD=NEW", help: "send stack OLD's inputs to stack NEW (repeatable)", repeatable: true),
            .init("json", help: "print the summary (with the rejections) as JSON"),
        ] + Connection.stackOptions,
        examples: [
            "segue play session.rec",
            "segue play session.rec --cluster nats://127.0.0.1:4222",
            "segue play session.rec --speed 0 --stack-map demo=demo-copy",
            "segue play session.rec --json | jq .rejections",
            "segue play session.rec --ingest tcp://10.0.0.5:7701 --control tcp://10.0.0.5:7702 "
                + "--events tcp://10.0.0.5:7703",
        ])

    /// The slowest --speed besides 0: slower, a recording of a day would take years.
    static let minimumSpeed = 0.001

    static func run(_ arguments: ParsedArguments) throws {
        let path = arguments.positionals[0]
        let speed = try arguments.number("speed", in: 0...1000) ?? 1
        let speedText = arguments.string("speed") ?? "1"
        guard speed == 0 || speed >= minimumSpeed else {
            throw UsageError(
                "segue play: --speed must be 0 (without waiting) or from \(minimumSpeed) to 1000, not '\(speedText)'")
        }
        let stackMap = try map(arguments.strings("stack-map"))
        let endpoints = try Connection(arguments)

        let contents: Recording.Contents
        do {
            contents = try Recording.decode(try FileContents.read(path))
        } catch let error as Recording.FormatError {
            throw CLIFailure(code: .invalidArgument, message: "\(path) \(error.message)")
        }
        if contents.trailingBytes > 0 {
            Console.error(
                "segue play: \(path) ends with \(contents.trailingBytes) bytes of a partial record "
                    + "(the recorder was killed?); playing the \(contents.records.count) whole ones")
        }
        let inputs = contents.records.map { PlayedInput($0, stackMap: stackMap) }
        // With --cluster, the daemon talked to is the holder of the shard the recording's stacks are on.
        let stacks = Set(inputs.compactMap { $0.input.flatMap(RecordCommand.stackId(of:)) })
        let connection =
            endpoints.cluster == nil
            ? endpoints : try Connection.forStacks(stacks.sorted(), arguments, command: "segue play")
        if speed != 1, let warning = speedWarning(inputs, path: path, speed: speedText) { Console.error(warning) }
        // PUSH cannot tell whether anyone receives: make sure a daemon answers before sending into the void.
        let control = try connection.control()
        _ = try control.stats()
        // Rejections are published, not answered: subscribe to those of the stacks played, and prove the
        // subscription live, before the first input.
        let barrier = "play-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let topics = PlayOutcome.rejectionPrefixes(of: inputs.map(\.input))
        let prefixes = topics + [Topic.probe.prefix(barrier)]
        var subscriber = try connection.subscriber(prefixes: prefixes)
        try SwipeCommand.awaitLiveSubscription(subscriber, control: control, connection: connection)

        StopSignals.install(hangUp: true)
        let socket: ZMQSocket
        do {
            socket = try ZMQContext().makeSocket(.push) { socket throws(ZMQError) in
                // Queued inputs reach the daemon when the command ends, if it takes them within a few seconds.
                try socket.setOption(.linger, 5000)
                try socket.setOption(.sendTimeout, 2000)
                try connection.curve?.apply(to: socket)
                try socket.connect(connection.endpoints.ingest)
            }
        } catch {
            throw ClientError.zmq(error)
        }
        defer { socket.close() }

        func send(_ payload: [UInt8], count: Int) throws {
            let accepted: Bool
            do {
                accepted = try socket.send([payload])
            } catch {
                throw ClientError.zmq(error)
            }
            guard accepted else {
                throw CLIFailure(
                    code: .unavailable,
                    message: "segued at \(ingest) took no "
                        + "input for 2 s; stopped after \(count) of \(contents.records.count) inputs")
            }
        }

        let started = ContinuousClock.now
        var outcome = PlayOutcome()
        var schedule = speed > 0 ? PlaybackSchedule(speed: speed) : nil
        func elapsedUs() -> Int64 {
            let (seconds, attoseconds) = started.duration(to: .now).components
            return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        }
        var ingest = connection.endpoints.ingest
        // The gestures whose finger is down, by stack and gesture: their last pan sent.
        var openGestures: [String: PanEvent] = [:]
        for input in inputs {
            let dueUs = schedule?.dueUs(offsetUs: input.offsetUs) ?? 0
            let due = started.advanced(by: .microseconds(dueUs))
            guard try read(subscriber, into: &outcome, until: due, stoppable: true) else { break }
            // Looked up as inputs fall due (at most every 250 ms), so that each goes where the shard is held then.
            if let holder = connection.holder, holder.successorIfDue() != nil {
                // Rejections are read from the next holder from now on; what its predecessor did not decide is lost.
                do {
                    try socket.disconnect(ingest)
                    ingest = holder.endpoints.ingest
                    try socket.connect(ingest)
                } catch {
                    throw ClientError.zmq(error)
                }
                var next = connection
                next.use(holder)
                subscriber = try next.subscriber(prefixes: prefixes)
                try SwipeCommand.awaitLiveSubscription(subscriber, control: try next.control(), connection: next)
            }
            schedule?.sent(dueUs: dueUs, atUs: elapsedUs())
            try send(input.payload, count: outcome.sent)
            outcome.sent(input.input)
            if case .pan(let pan)? = input.input?.body {
                let key = "\(pan.stackId) \(pan.gestureId)"
                openGestures[key] = pan.phase == .panBegan || pan.phase == .panChanged ? pan : nil
            }
        }
        if outcome.sent < inputs.count {
            // Stopped with fingers down: lift them, or each stack tracks its gesture until the gesture timeout.
            for pan in openGestures.values {
                var cancelled = pan
                cancelled.phase = .panCancelled
                cancelled.velocity = nil
                try send(Input(body: .pan(cancelled)).encoded(), count: outcome.sent)
            }
        }
        let (wholeSeconds, attoseconds) = started.duration(to: .now).components
        let seconds = Double(wholeSeconds) + Double(attoseconds) / 1e18
        // Ingest is decided in the order sent: once the probe sent after the last input is published, so are the
        // rejections of every input before it.
        try send(Input(body: .probe(PublishProbe(token: barrier))).encoded(), count: outcome.sent)
        let waited = ContinuousClock.now.advanced(by: .milliseconds(connection.timeoutMs))
        let decided = try read(subscriber, into: &outcome, until: waited, stoppable: false, barrier: barrier)

        let renamed = inputs.prefix(outcome.sent).filter(\.renamed).count
        if arguments.flag("json") {
            var object = JSONObject()
            object.add("file", path)
            object.add("inputs", UInt64(outcome.sent))
            object.add("recorded", UInt64(contents.records.count))
            object.add("renamed", UInt64(renamed))
            if decided {
                object.addRaw("accepted", String(outcome.accepted))
                object.addRaw("rejected", String(outcome.rejected))
                object.add("rejections", outcome.rejectionObjects)
            }
            object.addRaw("seconds", JSONObject.number((seconds * 1000).rounded() / 1000))
            Console.line(object.description)
        } else {
            let rename = stackMap.isEmpty ? "" : " (\(renamed) renamed)"
            let verdict = decided ? ": \(outcome.accepted) accepted, \(outcome.rejected) rejected" : ""
            Console.line(
                "played \(outcome.sent) of \(contents.records.count) inputs\(rename) from \(path) in "
                    + "\(TextFormat.fixed(seconds, 1)) s\(verdict)")
        }
        if outcome.sent < contents.records.count {
            // Only Ctrl-C (or SIGTERM) ends the sending early: the verdict on what was sent is printed above.
            if decided, outcome.rejected > 0 { Console.error("segue: \(outcome.rejectionSummary)") }
            throw Interrupted(description: "interrupted after \(outcome.sent) of \(contents.records.count) inputs")
        }
        guard decided else {
            throw CLIFailure(
                code: .unavailable,
                message: "segued did not confirm within \(connection.timeoutMs) ms (--timeout-ms) that it had "
                    + "decided the \(outcome.sent) inputs; \(outcome.rejected) rejected so far")
        }
        if outcome.rejected > 0 {
            throw PlayRejected(description: outcome.rejectionSummary)
        }
    }

    /// Inputs segued refused: `segue: rejected 2 of 66: ...`, exit 1.
    struct PlayRejected: Error, CustomStringConvertible {
        let description: String
    }

    /// One recorded message as it is sent: its offset, its bytes (renamed per --stack-map) and what they decode to.
    struct PlayedInput {
        let offsetUs: UInt64
        let payload: [UInt8]
        /// nil for bytes that do not decode (sent all the same, for segued to refuse).
        let input: Input?
        let renamed: Bool

        init(_ record: Recording.Record, stackMap: [String: String]) {
            offsetUs = record.offsetUs
            let input = try? Input(decoding: record.payload)
            if let input, let rewritten = PlayCommand.rewrite(input, stackMap) {
                self.input = rewritten
                payload = rewritten.encoded()
                renamed = true
            } else {
                self.input = input
                payload = record.payload
                renamed = false
            }
        }
    }

    /// Reads publications into `outcome` until `due` (what has arrived is read even when it has passed, so that a
    /// fast play keeps the subscriber's queue short), or until the probe `barrier` arrives when one is given.
    /// - Parameter stoppable: whether SIGINT or SIGTERM ends the wait.
    /// - Returns: false when a signal stopped it, or when the barrier did not come in time; true otherwise.
    private static func read(
        _ subscriber: Subscriber, into outcome: inout PlayOutcome, until due: ContinuousClock.Instant,
        stoppable: Bool, barrier: String? = nil
    ) throws -> Bool {
        while !(stoppable && StopSignals.stopped) {
            // At most 100 ms at a time, to look at the stop flag.
            let leftMs = Deadline(due).remainingMs
            guard let publication = try subscriber.next(timeoutMs: min(leftMs, 100)) else {
                if leftMs == 0 { return barrier == nil }
                continue
            }
            if let barrier, case .probe(let probe) = publication, probe.token == barrier { return true }
            outcome.observe(publication)
        }
        return false
    }

    /// The warning that --speed `speed` moves inputs against animations, or nil when nothing follows one.
    ///
    /// An animated command (push, pop, pop_to_root, present, dismiss, select_tab, not immediate) and a released
    /// swipe (its settle) run for as long as they did when recorded, whatever the speed: the input after them on
    /// their stack now meets them at another point, or no longer does.
    /// - Parameter speed: the --speed option as given.
    static func speedWarning(_ inputs: [PlayedInput], path: String, speed: String) -> String? {
        var animating: [String: Bool] = [:]  // stack: whether its newest animation is a command's (else a swipe's)
        var commands = 0
        var swipes = 0
        for input in inputs {
            let stackId: String
            var animates: Bool?
            switch input.input?.body {
            case .pan(let pan)?:
                stackId = pan.stackId
                if pan.phase == .panEnded || pan.phase == .panCancelled { animates = false }
            case .command(let command)?:
                stackId = command.stackId
                if isAnimated(command) { animates = true }
            case .probe?, nil:
                continue
            }
            if let command = animating.removeValue(forKey: stackId) {
                if command { commands += 1 } else { swipes += 1 }
            }
            if let animates { animating[stackId] = animates }
        }
        guard commands + swipes > 0 else { return nil }
        let counted = [(commands, "animated command"), (swipes, "released swipe")].filter { $0.0 > 0 }
            .map { count, noun in "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "segue play: warning: \(path) holds \(counted.joined(separator: " and ")) followed by more input on "
            + "the same stack; animations last as long as recorded whatever --speed says, so at --speed "
            + "\(speed) that input meets them at another point (a push still running refuses it: "
            + "TRANSITION_IN_PROGRESS, or in flutter a pop turns it back from elsewhere: REVERSED_BY_COMMAND; a "
            + "settling swipe may be caught); play at --speed 1 to keep the outcome"
    }

    private static func isAnimated(_ command: Command) -> Bool {
        switch command.op {
        case .push(let push)?: !push.immediate
        case .pop(let pop)?: !pop.immediate
        case .popToRoot(let pop)?: !pop.immediate
        case .present(let present)?: !present.immediate
        case .dismiss(let dismiss)?: !dismiss.immediate
        case .selectTab(let select)?: !select.immediate
        default: false
        }
    }

    /// `OLD=NEW` pairs as a dictionary.
    static func map(_ pairs: [String]) throws(UsageError) -> [String: String] {
        var map: [String: String] = [:]
        for pair in pairs {
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                throw UsageError("segue play: --stack-map takes OLD=NEW (two stack ids), not '\(pair)'")
            }
            // Checked here, or segued would refuse every input renamed to it.
            for id in parts {
                if let problem = Validation.checkStackId(id) {
                    throw UsageError("segue play: --stack-map '\(pair)': \(problem.message)")
                }
            }
            guard map[parts[0]] == nil else {
                throw UsageError("segue play: --stack-map renames '\(parts[0])' twice")
            }
            map[parts[0]] = parts[1]
        }
        return map
    }

    /// `input` with its stack id renamed per `map`, or nil when it is not for a mapped stack (then it is sent
    /// unchanged).
    static func rewrite(_ input: Input, _ map: [String: String]) -> Input? {
        var input = input
        switch input.body {
        case .pan(var pan)?:
            guard let renamed = map[pan.stackId] else { return nil }
            pan.stackId = renamed
            input.body = .pan(pan)
        case .command(var command)?:
            guard let renamed = map[command.stackId] else { return nil }
            command.stackId = renamed
            input.body = .command(command)
        case .probe?, nil:
            return nil
        }
        return input
    }
}
