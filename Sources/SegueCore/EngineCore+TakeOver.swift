import SegueWire

extension EngineCore {
    /// Ends the finger's drag of the stack's transition and finishes it as `command`, when its profile says that
    /// `command` takes such a drag over: appends `finished` (TAKEN_OVER_BY_COMMAND, with the command's request id)
    /// at the gesture progress where the finger is, and the settle runs from the screens' fraction f to the end in
    /// (1 - f) of the command's duration, the screens staying where the finger's layout puts them (no jump).
    /// - Returns: whether it took the drag over; false leaves the command to its own checks (which refuse it with
    ///   TRANSITION_IN_PROGRESS while a finger drags).
    mutating func takeOverDrag(
        by command: Operation, immediate: Bool, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) -> Bool {
        let stack = try existingStack(context)
        guard let transition = stack.transition, case .tracking(let tracking) = transition.phase,
            stack.profile.interruptions.rule(dragging: transition.operation, command: command) == .takeOver,
            let slot = stacks.slot(of: context.stackId)
        else { return false }
        // The finger no longer drives the transition: what it sends from now on is dropped, as a refused
        // gesture's is.
        stacks.gestures[slot].tracker = nil
        stacks.gestures[slot].refuse(transition.gestureId)
        let remaining = 1 - tracking.fraction
        let settleUs = immediate ? 0 : Int64((remaining * stack.profile.takeOver.ms * 1000).rounded())
        let finished = TransitionFinished(
            transitionId: transition.id, progress: tracking.progress, velocity: 0, reason: .takenOverByCommand,
            settleUs: settleUs)
        append(
            .finished(finished), stackId: context.stackId, requestId: context.requestId, now: context.now,
            into: &outcome)
        advanceStack(context.stackId, to: max(clockUs, context.now), into: &outcome)
        return true
    }
}
