import SegueClient
import SegueCore
import SegueDisplay
import SegueWire

/// A back swipe simulated on a fresh `EngineCore` with manual times, for `segue plot`: no daemon, no clock, so
/// the same scenario always gives the same frames.
///
/// The stack is a navigation stack [Home, Detail] of `width` points at `fps`. The finger is a ``SwipeTrace``
/// (the one `segue swipe` sends): it touches down 8 pt from the leading edge, moves to `fraction` of the width
/// in `durationMs` at `rateHz`, and ends with `PAN_ENDED` at `velocity` (or `PAN_CANCELLED`); `edge` is the edge
/// it starts at (8 pt in), `drift` moves it vertically on the way, and `returnFraction` brings it back toward the edge before it lets go. Engine time and
/// producer time are the same clock here; the engine clock is then run through every deadline until the
/// transition has completed.
struct PlotScenario: Sendable {
    /// Standard releases for `segue plot --profiles`; both decide the same way in every built-in profile. The
    /// finish lets go at the finger's average speed (`standardFinish(width:durationMs:)`), not slowing down: UIKit
    /// reads a finger braking at the release as a change of mind.
    static func standardFinish(width: Double, durationMs: Int) -> PlotScenario {
        PlotScenario(
            profileName: "fluid", fraction: 0.6,
            velocity: averageSpeed(fraction: 0.6, width: width, durationMs: durationMs))
    }

    /// The finger's average speed over its travel, in pt/s: the release velocity of a swipe that lets go without
    /// braking, which every built-in profile finishes past its threshold (a release slower than the ease-out path
    /// arrived at is a finger braking: UIKit's projection of it falls short and cancels).
    static func averageSpeed(fraction: Double, width: Double, durationMs: Int) -> Double {
        (fraction * width * 1000 / Double(max(durationMs, 1))).rounded()
    }
    static let standardCancel = PlotScenario(profileName: "fluid", fraction: 0.3, velocity: 0)
    /// Android's back arrow goes back from 16 pt on, whatever the speed: its standard cancel is a finger that turns
    /// back to the edge. Both its standard releases rise a tenth of the height as a thumb's arc does, which moves
    /// its screens up.
    static let predictiveBackDrift = -0.1
    static let predictiveBackReturn = 0.05

    /// What moves the screens: a back swipe, or an animated present or dismiss of a screen "Sheet".
    enum Kind: Sendable {
        case swipe
        case present
        case dismiss
    }

    var profileName: String
    var kind = Kind.swipe
    var width: Double = 390
    var height: Double = 844
    var fraction: Double
    var velocity: Double
    var cancel = false
    var durationMs = 250
    var rateHz = 120.0
    var fps: UInt32 = 60
    /// The edge the finger starts at; unspecified: the leading edge.
    var edge = SwipeEdge.swipeEdgeUnspecified
    /// How far the finger moves down (negative: up) while it travels out, in heights, along a slanted line.
    var drift: Double = 0
    /// Where the finger comes back to, in widths, over another `durationMs` before it lets go; nil: it lets go
    /// where it went.
    var returnFraction: Double?

    /// Engine time of the touch-down: an arbitrary instant, shown as 0 ms.
    static let originUs: Int64 = 1_000_000

    /// What the simulation produced.
    struct Run {
        let scenario: PlotScenario
        /// The profile as the stack resolved it.
        let profile: Profile
        /// Every frame of the transition, in publication order.
        let frames: [Frame]
        /// Decision progress of each `progressed` event.
        let progress: [TransitionPlot.Sample]
        /// The `finished` or `cancelled` event that decided the release.
        let decision: Event
        let completedFinished: Bool
    }

    /// Runs the swipe to completion.
    /// - Throws: `CLIFailure` with the engine's code and message when it refuses the stack or the gesture.
    func run() throws(CLIFailure) -> Run {
        guard let profile = ProfileCatalog.named(profileName) else {
            throw CLIFailure(code: .invalidArgument, message: "profile '\(profileName)' is unknown")
        }
        var core = EngineCore()
        var collected = Outcome()
        let stackId = "plot"
        let config = StackConfig(size: Size(width: width, height: height), profile: profileName, fps: fps)
        let create = Command(stackId: stackId, op: .create(CreateStack(screens: ["Home", "Detail"], config: config)))
        if case .refused(let error) = core.apply(create, requestId: "plot", now: Self.originUs, into: &collected) {
            throw CLIFailure(code: error.code, message: error.message)
        }
        if kind != .swipe {
            return try runCommand(core: &core, collected: &collected, stackId: stackId, profile: profile)
        }
        let trace = SwipeTrace(
            stackId: stackId, gestureId: 1, width: width, height: height, fraction: fraction,
            releaseVelocity: velocity, durationMs: durationMs, rateHz: rateHz, cancel: cancel, edge: edge,
            drift: drift, startTimestampUs: Self.originUs)
        for pan in pans(of: trace) {
            core.runClock(to: pan.timestampUs, into: &collected)
            core.apply(pan, now: pan.timestampUs, into: &collected)
            if let rejection = collected.rejections.first {
                let error = rejection.error ?? ErrorDetail(code: .gestureRejected, message: "rejected")
                throw CLIFailure(code: error.code, message: "the simulated swipe was refused: \(error.message)")
            }
        }
        core.runUntilIdle(into: &collected)
        var progress: [TransitionPlot.Sample] = []
        var decision: Event?
        var completedFinished: Bool?
        for event in collected.events {
            switch event.body {
            case .progressed(let progressed):
                progress.append(TransitionPlot.Sample(timeUs: event.timeUs, value: progressed.progress))
            case .finished, .cancelled:
                decision = event
            case .completed(let completed):
                completedFinished = completed.finished
            default:
                break
            }
        }
        guard let decision, let completedFinished else {
            throw CLIFailure(code: .unavailable, message: "the simulated swipe did not complete a transition")
        }
        return Run(
            scenario: self, profile: profile, frames: collected.frames, progress: progress,
            decision: decision, completedFinished: completedFinished)
    }

    /// The trace's pans, brought back to `returnFraction` when it is set.
    private func pans(of trace: SwipeTrace) -> [PanEvent] {
        var pans = trace.events
        guard let returnFraction, let release = pans.popLast() else { return pans }
        // Back toward the edge at a steady speed, one sample per period, then the release while still moving.
        let samples = trace.sampleCount
        let seconds = Double(durationMs) / 1000
        let speed = (fraction - returnFraction) * width / max(seconds, 1e-6)
        for index in 1...samples {
            let u = Double(index) / Double(samples)
            var pan = release
            pan.phase = .panChanged
            pan.translation?.x = trace.directionX * (fraction + (returnFraction - fraction) * u) * width
            pan.location?.x = trace.start.x + (pan.translation?.x ?? 0)
            pan.velocity = Vec2(x: -trace.directionX * speed, y: 0)
            pan.timestampUs = release.timestampUs + Int64((u * seconds * 1_000_000).rounded())
            pans.append(pan)
        }
        var ended = pans[pans.count - 1]
        ended.phase = release.phase
        ended.velocity = release.phase == .panEnded ? Vec2(x: -trace.directionX * speed, y: 0) : nil
        pans.append(ended)
        return pans
    }

    /// An animated present of "Sheet" over Detail, or its dismiss, run to completion.
    private func runCommand(core: inout EngineCore, collected: inout Outcome, stackId: String, profile: Profile)
        throws(CLIFailure) -> Run
    {
        func send(_ op: Command.Op) throws(CLIFailure) {
            if case .refused(let error) = core.apply(
                Command(stackId: stackId, op: op), requestId: "plot",
                now: Self.originUs, into: &collected)
            {
                throw CLIFailure(code: error.code, message: error.message)
            }
        }
        if kind == .dismiss { try send(.present(Present(screen: "Sheet", immediate: true))) }
        let start = collected.events.count
        try send(kind == .present ? .present(Present(screen: "Sheet")) : .dismiss(Dismiss()))
        core.runUntilIdle(into: &collected)
        var decision: Event?
        var transitionId: UInt64 = 0
        var completedFinished: Bool?
        for event in collected.events[start...] {
            switch event.body {
            case .finished(let finished): (decision, transitionId) = (event, finished.transitionId)
            case .completed(let completed): completedFinished = completed.finished
            default: break
            }
        }
        guard let decision, let completedFinished else {
            throw CLIFailure(code: .unavailable, message: "the simulated \(kind) did not complete a transition")
        }
        return Run(
            scenario: self, profile: profile, frames: collected.frames.filter { $0.transitionId == transitionId },
            progress: [], decision: decision, completedFinished: completedFinished)
    }
}

extension PlotScenario.Run {
    /// The release's reason.
    var reason: Reason {
        switch decision.body {
        case .finished(let finished): return finished.reason
        case .cancelled(let cancelled): return cancelled.reason
        default: return .reasonUnspecified
        }
    }

    /// settle_us of the decision.
    var settleUs: Int64 {
        switch decision.body {
        case .finished(let finished): return finished.settleUs
        case .cancelled(let cancelled): return cancelled.settleUs
        default: return 0
        }
    }

    /// `finished (PASSED_THRESHOLD)` or `cancelled (BELOW_THRESHOLD)`.
    var outcomeText: String {
        "\(completedFinished ? "finished" : "cancelled") (\(reason))"
    }

    /// How the finger let go: `released at 0.6 W, 300 pt/s`, `PAN_CANCELLED at 0.6 W`, or `to 0.3 W, back to
    /// 0.05 W, -390 pt/s`.
    var releaseText: String {
        if let back = scenario.returnFraction {
            let path = "to \(TextFormat.short(scenario.fraction)) W, back to \(TextFormat.short(back)) W"
            if scenario.cancel { return "\(path), PAN_CANCELLED" }
            let speed = (scenario.fraction - back) * scenario.width * 1000 / Double(max(scenario.durationMs, 1))
            return "\(path), \(TextFormat.short(-speed.rounded())) pt/s"
        }
        let at = "at \(TextFormat.short(scenario.fraction)) W"
        if scenario.cancel { return "PAN_CANCELLED \(at)" }
        return "released \(at), \(TextFormat.short(scenario.velocity)) pt/s"
    }

    /// The chart of this run, headed by `heading`.
    func plot(heading: String) -> TransitionPlot {
        let doneTime = frames.last?.timeUs ?? decision.timeUs
        let doneLabel = "DONE at \(TextFormat.milliseconds(doneTime - PlotScenario.originUs)) ms"
        if scenario.kind != .swipe {
            // A presentation that slides vertically is charted by y.
            let vertical = frames.contains { ($0.to?.rect?.y ?? 0) != 0 || ($0.from?.rect?.y ?? 0) != 0 }
            let present = scenario.kind == .present
            return TransitionPlot(
                heading: heading, frames: frames,
                markers: [
                    TransitionPlot.Marker(
                        timeUs: decision.timeUs,
                        label: "\(present ? "present" : "dismiss") "
                            + "Sheet, settle \(TextFormat.milliseconds(settleUs)) ms", kind: .release),
                    TransitionPlot.Marker(timeUs: doneTime, label: doneLabel, kind: .done),
                ],
                originUs: PlotScenario.originUs,
                fromLabel: present ? "present: lower Detail (from)" : "dismiss: upper Sheet (from)",
                toLabel: present ? "present: upper Sheet (to)" : "dismiss: lower Detail (to)",
                axis: vertical ? .y : .x,
                origin: "the command")
        }
        let decided = completedFinished ? "finish" : "cancel"
        let settle = "settle \(TextFormat.milliseconds(settleUs)) ms"
        let releaseLabel = "\(scenario.cancel ? "PAN_CANCELLED" : "release"): \(decided), \(reason), \(settle)"
        // Android's back arrow decides, not a threshold on its progress; its screens scale and move vertically.
        let predictiveBack = profile.predictiveBack != nil
        return TransitionPlot(
            heading: heading, frames: frames, decisionProgress: progress,
            threshold: predictiveBack ? nil : profile.finishThreshold(width: scenario.width),
            markers: [
                TransitionPlot.Marker(timeUs: decision.timeUs, label: releaseLabel, kind: .release),
                TransitionPlot.Marker(timeUs: doneTime, label: doneLabel, kind: .done),
            ],
            originUs: PlotScenario.originUs,
            fromLabel: predictiveBack ? "upper: Detail (from)" : "upper x: Detail (from)",
            toLabel: predictiveBack ? "lower: Home (to)" : "lower x: Home (to)", containerWidth: scenario.width,
            decisionLabel: predictiveBack ? "gesture progress (BackEvent)" : "gesture progress (the finger)")
    }
}
