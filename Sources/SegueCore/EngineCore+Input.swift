import SegueWire

extension EngineCore {
    /// Decides one ingest input (fire and forget): a refused command becomes a rejection carrying its request id.
    public mutating func apply(_ input: Input, now: Int64, into outcome: inout Outcome) {
        switch input.body {
        case .pan(let pan):
            apply(pan, now: now, into: &outcome)
        case .command(let command):
            if case .refused(let error) = apply(command, requestId: "", now: now, into: &outcome) {
                outcome.rejections.append(
                    rejection(
                        stackId: command.stackId, requestId: command.requestId, error,
                        now: now))
            }
        case .probe:
            // Nothing to decide: the engine publishes probes in input order, outside the core (Ledger).
            break
        case .none:
            outcome.rejections.append(
                rejection(
                    stackId: "",
                    Validation.invalid("input has no body; set pan or command"), now: now))
        }
    }

    /// A stack's state as the control socket reports it, its transition's progress taken at `now`.
    public func state(of stackId: String, now: Int64) -> StackState? {
        guard let stack = stacks[stackId] else { return nil }
        var state = StackState(
            stackId: stack.id, version: stack.version, screens: stack.screens,
            presented: stack.presented, tabs: stack.tabs, selectedTab: stack.selectedTab,
            config: stack.config, presentedPages: stack.presentedPages, queued: stack.queued,
            lastPosition: stack.lastPosition)
        if let transition = stack.transition {
            let phase: FramePhase
            var goingBack = false
            switch transition.phase {
            case .tracking: phase = .tracking
            case .settling(let settling):
                phase = .settling
                goingBack = settling.targetFraction == 0
            case .animating: phase = .settling
            }
            state.transition = TransitionState(
                transitionId: transition.id, operation: transition.operation, fromScreen: transition.fromScreen,
                toScreen: transition.toScreen, interactive: transition.interactive, phase: phase,
                progress: stack.screenFraction(of: transition, at: max(now, clockUs)), goingBack: goingBack)
        }
        return state
    }
}
