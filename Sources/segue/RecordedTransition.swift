import SegueClient
import SegueCore
import SegueDisplay
import SegueEngine
import SegueWire

/// One transition as a data directory recorded it: its events, and its frames regenerated from the log exactly as
/// the daemon published them.
struct RecordedTransition {
    let stackId: String
    let transitionId: UInt64
    /// Every event of the transition, in log order (those below among them).
    var events: [Event] = []
    var began: Event?
    var progressed: [Event] = []
    var decision: Event?
    var completed: Event?
    var frames: [Frame] = []
    /// The stack's profile and width, for the finish threshold line.
    var profile: Profile?
    var width: Double = 0

    /// Replays `dataDirectory` read-only (a running daemon is not disturbed) and collects stack `stackId`'s
    /// transition `transitionId`, or its newest one when nil.
    /// - Throws: `CLIFailure` when the directory does not replay or holds no such transition.
    static func load(dataDirectory: String, stackId: String, transitionId: UInt64?) throws -> RecordedTransition {
        let replay: DirectoryReplay
        do {
            replay = try DirectoryReplay(dataDirectory: dataDirectory)
        } catch {
            throw CLIFailure(code: .unavailable, message: "cannot read \(dataDirectory): \(error)")
        }
        defer { replay.close() }
        var collector = Collector(stackId: stackId)
        replay.run(frames: true) { item in
            switch item {
            case .event(let event): collector.take(event)
            case .frame(let frame): collector.take(frame)
            }
        }
        return try collector.transition(transitionId, stack: replay.core.stacks[stackId], source: dataDirectory)
    }

    /// Reads a live daemon's whole history over its control socket and replays it locally, regenerating the frames
    /// it published, then collects the transition as `load(dataDirectory:...)` does.
    /// - Throws: `ClientError` from the reads (POSITION_REMOVED when retention has deleted the log's start: plot from
    ///   the data directory then), `CLIFailure` when there is no such transition.
    static func load(control: ControlClient, stackId: String, transitionId: UInt64?) throws -> RecordedTransition {
        var core = EngineCore()
        var collector = Collector(stackId: stackId)
        var outcome = Outcome()
        var from: UInt64 = 1
        while true {
            let batch = try control.readEvents(from: from, maxCount: 10_000)
            for event in batch.events {
                outcome.removeAll()
                do {
                    try core.replay(event, into: &outcome)
                } catch {
                    throw CLIFailure(code: .malformed, message: "the daemon's history does not replay: \(error)")
                }
                for frame in outcome.frames { collector.take(frame) }
                collector.take(event)
            }
            guard batch.nextPosition > from, batch.nextPosition <= batch.headPosition else { break }
            from = batch.nextPosition
        }
        return try collector.transition(transitionId, stack: core.stacks[stackId], source: control.endpoint)
    }

    /// Gathers the transitions of one stack's newest incarnation from a replay, in log order.
    private struct Collector {
        let stackId: String
        var byTransition: [UInt64: RecordedTransition] = [:]
        var newest: UInt64?
        /// Whether any event of the stack was seen: a deleted stack's transitions can still be drawn.
        var seen = false

        mutating func take(_ event: Event) {
            guard event.stackId == stackId else { return }
            seen = true
            if case .stackCreated = event.body {
                // A stack created again under the same id starts its transitions afresh: the earlier one's are gone.
                (byTransition, newest) = ([:], nil)
            }
            guard let id = event.transitionId else { return }
            if case .began = event.body { newest = id }
            byTransition[id, default: RecordedTransition(stackId: stackId, transitionId: id)].record(event)
        }

        mutating func take(_ frame: Frame) {
            guard frame.stackId == stackId else { return }
            byTransition[frame.transitionId]?.frames.append(frame)
        }

        func transition(_ transitionId: UInt64?, stack: StackModel?, source: String) throws -> RecordedTransition {
            guard seen || stack != nil else {
                throw CLIFailure(code: .unknownStack, message: "stack '\(stackId)' does not exist in \(source)")
            }
            guard let id = transitionId ?? newest, var transition = byTransition[id], transition.began != nil else {
                let which = transitionId.map { "transition \($0)" } ?? "transition yet"
                throw CLIFailure(code: .invalidArgument, message: "stack '\(stackId)' has no \(which) in \(source)")
            }
            if let stack {
                transition.profile = stack.profile
                transition.width = stack.width
            }
            return transition
        }
    }

    private mutating func record(_ event: Event) {
        events.append(event)
        switch event.body {
        case .began: began = event
        case .progressed: progressed.append(event)
        case .finished, .cancelled: decision = event
        case .completed: completed = event
        default: break
        }
    }

    /// The time axis of the plot: the producer's clock while pans drive the transition (`ProducerTimeline`).
    var timeline: ProducerTimeline { ProducerTimeline(events: events) }

    /// The plot of this transition, its time axis starting at `began`.
    func plot() -> TransitionPlot {
        let timeline = timeline
        var markers: [TransitionPlot.Marker] = []
        var heading = "in progress"
        if let decision {
            let (outcome, reason, settleUs): (String, Reason, Int64) =
                switch decision.body {
                case .finished(let finished): ("finish", finished.reason, finished.settleUs)
                case .cancelled(let cancelled): ("cancel", cancelled.reason, cancelled.settleUs)
                default: ("", .reasonUnspecified, 0)
                }
            heading = "\(outcome) (\(reason))"
            markers.append(
                TransitionPlot.Marker(
                    timeUs: timeline.time(of: decision),
                    label: "decision: \(outcome), \(reason), settle \(TextFormat.milliseconds(settleUs)) ms",
                    kind: .release))
        }
        if let done = frames.last(where: { $0.phase == .done }) {
            let doneUs = timeline.time(of: done)
            markers.append(
                TransitionPlot.Marker(
                    timeUs: doneUs,
                    label: "DONE at \(TextFormat.milliseconds(doneUs - (began.map(timeline.time) ?? doneUs))) ms",
                    kind: .done))
        }
        let samples = progressed.compactMap { event -> TransitionPlot.Sample? in
            guard case .progressed(let value) = event.body else { return nil }
            return TransitionPlot.Sample(timeUs: timeline.time(of: event), value: value.progress)
        }
        let placedFrames = frames.map { frame in
            var placed = frame
            placed.timeUs = timeline.time(of: frame)
            return placed
        }
        let beganBody: TransitionBegan? = if case .began(let value)? = began?.body { value } else { nil }
        // Android's back arrow decides, not a threshold on its progress; a command has no finger to decide.
        let predictiveBack = profile?.predictiveBack != nil
        let interactive = beganBody?.interactive ?? false
        return TransitionPlot(
            heading: heading, frames: placedFrames, decisionProgress: samples,
            threshold: predictiveBack || !interactive ? nil : profile.map { $0.finishThreshold(width: width) },
            markers: markers, originUs: began.map(timeline.time),
            fromLabel: "from: \(beganBody?.fromScreen ?? "?")", toLabel: "to: \(beganBody?.toScreen ?? "?")",
            origin: interactive ? "touch-down" : "the command", containerWidth: width > 0 ? width : nil,
            decisionLabel: predictiveBack ? "gesture progress (BackEvent)" : "gesture progress (the finger)")
    }

    /// `stack demo, transition 3: POP Detail → Home, interactive`.
    var title: String {
        guard case .began(let value)? = began?.body else { return "stack \(stackId), transition \(transitionId)" }
        return "stack \(stackId), transition \(transitionId): \(value.operation) \(value.fromScreen) \u{2192} "
            + "\(value.toScreen)\(value.interactive ? ", interactive" : "")"
    }
}

extension Event {
    /// The transition a transition event belongs to, or nil for other events.
    var transitionId: UInt64? {
        switch body {
        case .began(let value): value.transitionId
        case .progressed(let value): value.transitionId
        case .finished(let value): value.transitionId
        case .cancelled(let value): value.transitionId
        case .completed(let value): value.transitionId
        case .interrupted(let value): value.transitionId
        default: nil
        }
    }
}
