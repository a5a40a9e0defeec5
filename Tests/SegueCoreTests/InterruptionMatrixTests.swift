import SegueWire
import Testing

@testable import SegueCore

/// Every profile against every command while each kind of transition runs (docs/semantics.md, "Interruptions"):
/// a command the profile's rule reverses turns the transition back without a jump, one it lets take a swipe over
/// finishes it from where the screens are, one it queues plays once the running transition (or the swipe, whose
/// drag it ends) completed; every
/// other one is refused with TRANSITION_IN_PROGRESS and changes
/// nothing, so the run goes on exactly as a run without it.
@Suite("interruptions, every profile")
struct InterruptionMatrixTests {
    /// What runs when the command arrives.
    enum Running: String, CaseIterable, CustomStringConvertible {
        case push, pop, present, dismiss, drag
        /// A back swipe cancelled at 100 pt, springing back.
        case springBack

        var description: String { rawValue }
        /// Whether a back swipe runs (a finger's drag, or a release's spring back) rather than a command.
        var isSwipe: Bool { self == .drag || self == .springBack }
        /// The command transition's operation, nil for a swipe.
        var operation: Operation? {
            switch self {
            case .push: .push
            case .pop: .pop
            case .present: .present
            case .dismiss: .dismiss
            case .drag, .springBack: nil
            }
        }
    }

    /// The commands sent into it.
    static let commands: [(name: String, operation: Operation, op: Command.Op)] = [
        ("push", .push, .push(Push(screen: "More"))),
        ("pop", .pop, .pop(Pop())),
        ("pop to root", .popToRoot, .popToRoot(PopToRoot())),
        ("present", .present, .present(Present(screen: "Sheet2"))),
        ("dismiss", .dismiss, .dismiss(Dismiss())),
    ]

    /// A stack of `profile` with its transition `running`, `fraction` of the way through its settle (a drag holds
    /// at 100 pt).
    static func started(_ profile: String, _ running: Running, fraction: Double) -> CoreHarness {
        var h = CoreHarness()
        let screens = running == .pop || running.isSwipe ? ["Home", "Detail"] : ["Home"]
        h.create(screens: screens, width: 400, height: 800, profile: profile, revision: CoreHarness.newest)
        if running == .dismiss { h.present("Sheet", immediate: true) }
        switch running {
        case .push: h.push("Detail")
        case .pop: h.pop()
        case .present: h.present("Sheet")
        case .dismiss: h.dismiss()
        case .drag:
            let gesture = h.began()
            h.changed(gesture, x: 100)
        case .springBack:
            // Cancelled, which every profile decides as a cancel at a quarter of the width.
            h.swipe(to: 100, end: .panCancelled)
        }
        let decision = h.events.last { $0.finished != nil || $0.cancelled != nil }
        if running != .drag, let settleUs = decision?.settleUs {
            h.advance(us: Int64(Double(settleUs) * fraction))
        }
        return h
    }

    @Test(
        "a command during a running transition is reversed or takes the drag over where the profile says so, else refused and without effect",
        arguments: ProfileCatalog.names, Running.allCases)
    func everyCommand(profile: String, running: Running) throws {
        let rules = try #require(ProfileCatalog.named(profile)).interruptions
        for fraction in running == .drag ? [0.0] : [0.2, 0.5, 0.8] {
            var untouched = Self.started(profile, running, fraction: fraction)
            #expect(untouched.stack()?.transition != nil, "\(profile) \(running) is not running")
            untouched.runUntilIdle()
            for command in Self.commands {
                var h = Self.started(profile, running, fraction: fraction)
                let before = h.frames
                let mark = h.mark()
                let outcome = h.command(command.op, requestId: "interrupting")
                let context = "\(profile), \(command.name) at \(fraction) of a \(running)"
                if running.isSwipe, rules.rule(swiping: .pop, command: command.operation) == .takeOver {
                    #expect(outcome.error == nil, "\(context): \(String(describing: outcome.error))")
                    h.runUntilIdle()
                    let events = h.events(since: mark)
                    #expect(events.first?.finished?.reason == .takenOverByCommand, "\(context)")
                    #expect(events.last?.completed?.finished == true, "\(context)")
                    // No jump: the first frame after it goes on from where the swipe left the screens (a spring
                    // back had them coming back toward 0 until the turn).
                    let last = try #require(before.last)
                    let first = try #require(h.frames(since: mark).first)
                    let backward = running == .springBack ? last.progress - before[before.count - 2].progress : 0
                    #expect(
                        first.progress >= last.progress + backward && first.progress - last.progress < 0.05,
                        "\(context)")
                } else if running.isSwipe, rules.rule(swiping: .pop, command: command.operation) == .queue {
                    #expect(outcome.error == nil, "\(context): \(String(describing: outcome.error))")
                    let events = h.events(since: mark)
                    // A drag ends first (the page springs back); a settle plays on. Then the command begins.
                    if running == .drag {
                        #expect(events.first?.cancelled?.reason == .cancelledByCommand, "\(context)")
                        #expect(events.first?.requestId == "interrupting", "\(context)")
                    }
                    let queued = try #require(events.last, "\(context)")
                    #expect(queued.body.map { if case .queued = $0 { true } else { false } } == true, "\(context)")
                    h.runUntilIdle()
                    let began = try #require(h.events(since: mark).compactMap(\.began).first, "\(context)")
                    #expect(began.queuedPosition == queued.position && began.operation == command.operation)
                    #expect(h.completed.first?.finished == false && h.completed.last?.finished == true, "\(context)")
                    // No jump: the drag's page goes back from where the finger left it, along its settle.
                    let last = try #require(before.last)
                    let first = try #require(h.frames(since: mark).first)
                    #expect(first.progress <= last.progress && first.progress >= 0, "\(context)")
                    if running == .drag { #expect(events.first?.cancelled?.progress == h.progressed.last?.progress) }
                } else if let operation = running.operation,
                    rules.rule(running: operation, command: command.operation) == .reverse
                {
                    #expect(outcome.error == nil, "\(context): \(String(describing: outcome.error))")
                    h.runUntilIdle()
                    let events = h.events(since: mark)
                    #expect(events.first?.cancelled?.reason == .reversedByCommand, "\(context)")
                    #expect(events.last?.completed?.finished == false, "\(context)")
                    // No jump: the first frame back is within a frame's step of the last one before the turn.
                    let last = try #require(before.last)
                    let first = try #require(h.frames(since: mark).first)
                    let step = abs(last.progress - before[before.count - 2].progress)
                    #expect(abs(first.progress - last.progress) <= step + 1e-9, "\(context)")
                } else if let operation = running.operation,
                    rules.rule(running: operation, command: command.operation) == .queue
                {
                    h.runUntilIdle()
                    var after = untouched
                    let refusal = after.command(command.op).error
                    if let error = outcome.error {
                        // Refused now as it would be once the running transition completed.
                        #expect(error.code == refusal?.code && error.code != .transitionInProgress, "\(context)")
                        #expect(h.events == untouched.events, "\(context): the refused command changed the run")
                        continue
                    }
                    #expect(refusal == nil, "\(context)")
                    let queued = try #require(h.events(since: mark).first, "\(context)")
                    #expect(queued.body.map { if case .queued = $0 { true } else { false } } == true, "\(context)")
                    // The running transition plays on as without it, and the command begins where it completes.
                    let others = h.events.filter { $0.position != queued.position }
                    let ahead = untouched.events.count
                    #expect(others.prefix(ahead).map(\.body) == untouched.events.map(\.body), "\(context)")
                    #expect(others[ahead].began?.queuedPosition == queued.position, "\(context)")
                    #expect(others[ahead].timeUs == untouched.events.last?.timeUs, "\(context)")
                    let positionless = { (frame: Frame) in
                        var frame = frame
                        frame.position = 0
                        return frame
                    }
                    #expect(
                        h.frames.prefix(untouched.frames.count).map(positionless) == untouched.frames.map(positionless),
                        "\(context)")
                } else {
                    #expect(outcome.error?.code == .transitionInProgress, "\(context)")
                    if running == .drag { continue }
                    h.runUntilIdle()
                    #expect(h.events == untouched.events, "\(context): the refused command changed the run")
                    #expect(h.frames == untouched.frames, "\(context): the refused command changed the frames")
                }
            }
        }
    }
}
