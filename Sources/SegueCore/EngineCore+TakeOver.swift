import SegueWire

extension EngineCore {
    /// Finishes the stack's back swipe as `command`, when its profile says that `command` takes the swipe over:
    /// while the finger drags it (the finger's later samples are dropped) or while it springs back after a release
    /// short of finishing. Appends `finished` (TAKEN_OVER_BY_COMMAND, with the command's request id) at the gesture
    /// progress where the finger is, or the visual fraction where the spring back turns; the settle runs from the
    /// screens' fraction f to the end in (1 - f) of the command's duration, the screens staying where the swipe's
    /// layout puts them (no jump).
    /// - Returns: whether it took the swipe over; false leaves the command to its own checks (which refuse it with
    ///   TRANSITION_IN_PROGRESS while a swipe runs).
    mutating func takeOverSwipe(
        by command: Operation, immediate: Bool, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) -> Bool {
        let stack = try existingStack(context)
        guard let transition = stack.transition, transition.interactive,
            stack.profile.interruptions.rule(swiping: transition.operation, command: command) == .takeOver,
            let slot = stacks.slot(of: context.stackId)
        else { return false }
        try checkNothingWaits(behind: transition, of: stack)
        // The event's time, at which the fold starts the settle on.
        let turnUs = max(clockUs, context.now)
        let fraction: Double
        let progress: Double
        switch transition.phase {
        case .tracking(let tracking):
            // The finger no longer drives the transition: what it sends from now on is dropped, as a refused
            // gesture's is.
            stacks.gestures[slot].tracker = nil
            stacks.gestures[slot].refuse(transition.gestureId)
            fraction = tracking.fraction
            progress = tracking.progress
        case .settling(let settling) where settling.targetFraction == 0:
            fraction = settling.fraction(at: turnUs)
            progress = fraction
        default:
            return false
        }
        let settleUs = immediate ? 0 : Int64(((1 - fraction) * stack.profile.takeOver.ms * 1000).rounded())
        let finished = TransitionFinished(
            transitionId: transition.id, progress: progress, velocity: 0, reason: .takenOverByCommand,
            settleUs: settleUs)
        append(
            .finished(finished), stackId: context.stackId, requestId: context.requestId, now: context.now,
            into: &outcome)
        advanceStack(context.stackId, to: turnUs, into: &outcome)
        return true
    }
}
