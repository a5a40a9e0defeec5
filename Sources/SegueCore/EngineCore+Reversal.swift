import SegueWire

extension EngineCore {
    /// Turns the stack's running command transition back, when its profile says that `command` reverses it:
    /// appends `cancelled` (REVERSED_BY_COMMAND, with the command's request id) at the visual fraction where it
    /// turns, and the settle back to 0 takes that fraction of the transition's duration.
    ///
    /// The settle's curve is the profile's for the transition, as going out, and the layout keeps the running
    /// operation's: the screens go back the way they came, through the positions they had, with no jump.
    /// - Returns: whether it reversed the transition; false leaves the command to its own checks (which refuse it
    ///   with TRANSITION_IN_PROGRESS while anything runs).
    mutating func reverseRunningTransition(
        by command: Operation, immediate: Bool, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) -> Bool {
        let stack = try existingStack(context)
        guard let transition = stack.transition, !transition.interactive,
            case .settling(let settling) = transition.phase, settling.targetFraction == 1,
            stack.profile.interruptions.rule(running: transition.operation, command: command) == .reverse
        else { return false }
        try checkNothingWaits(behind: transition, of: stack)
        // The event's time, at which the fold starts the settle back.
        let turnUs = max(clockUs, context.now)
        let fraction = settling.fraction(at: turnUs)
        let settleUs = immediate ? 0 : Int64((Double(settling.durationUs) * fraction).rounded())
        let cancelled = TransitionCancelled(
            transitionId: transition.id, progress: fraction, velocity: 0, reason: .reversedByCommand,
            settleUs: settleUs)
        append(
            .cancelled(cancelled), stackId: context.stackId, requestId: context.requestId, now: context.now,
            into: &outcome)
        // A settle of no time back completes in this batch: it ends at the event's time, which a `now` behind the
        // clock does not reach.
        advanceStack(context.stackId, to: turnUs, into: &outcome)
        return true
    }

    /// Throws TRANSITION_IN_PROGRESS when commands wait behind `transition`: each was checked against the stack
    /// that transition leaves as it runs, so nothing may change how it ends.
    func checkNothingWaits(behind transition: TransitionModel, of stack: StackModel) throws(CommandRefusal) {
        guard !stack.queued.isEmpty else { return }
        throw CommandRefusal(
            .transitionInProgress,
            "stack '\(stack.id)' has \(stack.queued.count) command(s) queued behind transition \(transition.id), "
                + "checked against the stack it leaves; wait for its completed event")
    }
}
