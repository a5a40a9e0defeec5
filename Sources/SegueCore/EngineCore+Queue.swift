import SegueWire

/// Commands that wait for the running transition, on a profile whose source queues them (android: WM Shell's
/// Transitions plays a transition that becomes ready during another once that one finishes). The command is
/// checked on arrival against the stack as it will be when its turn comes, logged as `queued`, and run, as its
/// own transition, in the batch that completes the one ahead of it (docs/semantics.md, "A command during a
/// transition, queued").
extension EngineCore {
    /// The most commands one stack holds waiting: a user tapping faster than transitions play is a handful, and
    /// each is checked against the stack after all of those ahead of it.
    public static let maxQueuedCommands = 8

    /// Queues `command` when the stack's profile says that it waits for the transition running now: one settling
    /// toward its end (a command's, a swipe's after its commit), or a back swipe's (flutter: dragged, which the
    /// command ends first, or settling). Appends `queued` with the command's request id.
    /// - Returns: whether it queued the command; false leaves it to its own checks (which refuse it with
    ///   TRANSITION_IN_PROGRESS while anything runs).
    /// - Throws: the refusal the command would get when its turn came, or one for a full queue.
    mutating func queueBehindRunningTransition(
        _ op: Command.Op, _ command: NavigationCommand, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) -> Bool {
        guard let operation = command.operation, let stack = stacks[context.stackId],
            let transition = stack.transition
        else { return false }
        let rules = stack.profile.interruptions
        let waitsForSwipe =
            transition.interactive && rules.rule(swiping: transition.operation, command: operation) == .queue
        switch transition.phase {
        case .settling(let settling)
        where waitsForSwipe
            || (settling.targetFraction == 1 && rules.rule(running: transition.operation, command: operation) == .queue):
            _ = try existingStack(context)
            try enqueue(op, command, behind: transition, of: stack, context, into: &outcome)
        case .tracking where waitsForSwipe:
            _ = try existingStack(context)
            // Checked before the drag ends, so that a refused command leaves the finger dragging.
            try checkTurn(of: command, behind: transition, of: stack, context)
            guard let slot = stacks.slot(of: context.stackId) else { return false }
            cancelGesture(
                slot: slot, reason: .cancelledByCommand, requestId: context.requestId, now: context.now,
                into: &outcome)
            // What the finger sends from now on is dropped, as a refused gesture's is.
            stacks.gestures[slot].refuse(transition.gestureId)
            // A drag still at its start has nothing to spring back: the command runs at once (its expected
            // version, checked above, was the stack's before the drag ended).
            if stacks.models[slot].transition == nil {
                var ended = context
                ended.expectedVersion = nil
                try perform(command, ended, into: &outcome)
            } else {
                try enqueue(op, command, behind: transition, of: stacks.models[slot], context, into: &outcome)
            }
        default:
            return false
        }
        return true
    }

    /// Appends `queued` for `command` behind the stack's running `transition`, with the context's request id and
    /// back swipe.
    /// - Throws: the refusal the command would get when its turn came, or one for a full queue.
    mutating func enqueue(
        _ op: Command.Op, _ command: NavigationCommand, behind transition: TransitionModel, of stack: StackModel,
        _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) {
        try checkTurn(of: command, behind: transition, of: stack, context)
        append(
            .queued(
                CommandQueued(
                    behindTransitionId: transition.id, command: Command(op: op), gestureId: context.backKeyOf)),
            stackId: context.stackId, requestId: context.requestId, now: context.now, into: &outcome)
    }

    /// Throws the refusal `command` would meet once the transitions ahead of it complete, given now, while its
    /// sender waits for a reply; or one for a full queue.
    func checkTurn(
        of command: NavigationCommand, behind transition: TransitionModel, of stack: StackModel,
        _ context: CommandContext
    ) throws(CommandRefusal) {
        if stack.queued.count >= Self.maxQueuedCommands {
            throw CommandRefusal(
                .transitionInProgress,
                "stack '\(context.stackId)' has \(stack.queued.count) commands queued behind transition "
                    + "\(transition.id), the most it holds; wait for its completed event")
        }
        var ahead = projectedCore(of: stack)
        var ignored = Outcome()
        try ahead.perform(
            command, CommandContext(stackId: context.stackId, requestId: "", now: ahead.clockUs), into: &ignored)
    }

    /// A core holding only `stack`, run until its running transition and every queued command have completed.
    func projectedCore(of stack: StackModel) -> EngineCore {
        var core = EngineCore(limits: limits)
        core.headPosition = headPosition
        core.clockUs = clockUs
        let slot = core.stacks.insert(stack)
        var ignored = Outcome()
        while let transition = core.stacks.models[slot].transition {
            // A drag is projected as the command that waits for it ends it: springing back.
            let finishing: Bool
            if case .settling(let settling) = transition.phase {
                finishing = settling.targetFraction == 1
            } else {
                finishing = false
            }
            // Completing one runs the next queued command; stop if one could not run (its queue is dropped).
            core.complete(slot: slot, finished: finishing, doneAt: core.clockUs, now: core.clockUs, into: &ignored)
        }
        return core
    }

    /// Runs the first queued command of the stack in `slot`, now idle: its events carry its request id, its began
    /// the position of its `queued` event. It was checked on arrival against the stack it would find, so it runs
    /// unless the transition ahead of it ended otherwise (the engine restarted inside it and cancelled it); then it
    /// is dropped, logged with the refusal it met, and the next one is tried in its place.
    mutating func runQueuedCommand(slot: Int, now: Int64, into outcome: inout Outcome) {
        while stacks.models[slot].transition == nil, let head = stacks.models[slot].queued.first {
            let context = CommandContext(
                stackId: stacks.models[slot].id, requestId: head.requestId, now: now, queuedPosition: head.position,
                backKeyOf: head.gestureId)
            do throws(CommandRefusal) {
                try perform(try queuedNavigation(head, on: stacks.models[slot]), context, into: &outcome)
                return
            } catch {
                let dropped = CommandDropped(queuedPosition: head.position, error: error.error)
                append(.dropped(dropped), slot: slot, requestId: head.requestId, now: now, into: &outcome)
            }
        }
    }

    /// What the queued `entry` does on `stack` when its turn comes: its command; for a back key, a dismiss when
    /// the top screen is presented as a dialog, else a pop, as a key acts on whatever is on top when it arrives.
    /// - Throws: for anything but a navigation command the profile queues, which restore and snapshots never let
    ///   in (this keeps a create or a delete from ever running inside a completion).
    func queuedNavigation(_ entry: QueuedCommand, on stack: StackModel) throws(CommandRefusal) -> NavigationCommand {
        guard let (command, operation) = entry.navigation(limits: limits),
            stack.profile.interruptions.mayQueue(operation)
        else { throw .invalid("not a queued navigation command") }
        guard entry.gestureId != 0 else { return command }
        return !stack.presented.isEmpty && !stack.topIsPresentedPage
            ? .dismiss(immediate: false) : .pop(immediate: false)
    }

    /// Throws unless `event` keeps the stack's queue as the live engine keeps it: a command queues only behind a
    /// running transition, and a transition begun from the queue runs its first command.
    func checkQueue(_ event: Event, of stack: StackModel) throws(RestoreError) {
        switch event.body {
        case .queued(let queued):
            // A command waits behind a transition settling toward its end, or behind a back swipe's settle where
            // the profile queues it behind swipes; a back key behind any settle (a swipe is held during a swipe's,
            // but the settle running at its release may be a command's), one per settle.
            let isBackKey = queued.gestureId != 0
            let entry = QueuedCommand(
                position: event.position, requestId: event.requestId, command: queued.command,
                gestureId: queued.gestureId)
            let waitsForSwipe = StackModel.waitsForSwipes(entry, profile: stack.profile)
            guard let transition = stack.transition, case .settling(let settling) = transition.phase,
                queued.behindTransitionId == transition.id,
                isBackKey
                    ? !stack.queued.contains(where: { $0.gestureId != 0 })
                    : settling.targetFraction == 1 || (transition.interactive && waitsForSwipe)
            else {
                throw RestoreError(
                    position: event.position,
                    message: isBackKey
                        ? "stack '\(stack.id)' queued a back key behind no settle, or a second one"
                        : "stack '\(stack.id)' queued a command behind no transition settling toward its end")
            }
            if let problem = StackModel.queueProblem([entry], lastPosition: event.position, profile: stack.profile) {
                throw RestoreError(position: event.position, message: "stack '\(stack.id)': \(problem)")
            }
            guard stack.queued.count < Self.maxQueuedCommands else {
                throw RestoreError(
                    position: event.position,
                    message: "stack '\(stack.id)' queued more than \(Self.maxQueuedCommands) commands")
            }
        case .dropped(let dropped):
            try checkDrop(dropped, at: event.position, of: stack)
        case .began(let began) where began.queuedPosition != nil:
            guard began.queuedPosition == stack.queued.first?.position else {
                throw RestoreError(
                    position: event.position,
                    message:
                        "stack '\(stack.id)' began the command queued at \(began.queuedPosition ?? 0), but its first queued command is at \(stack.queued.first?.position ?? 0)"
                )
            }
        default:
            break
        }
    }

    /// Throws unless the engine could have logged `dropped`: its turn drops the first queued command of an idle
    /// stack, with the refusal that command meets on it.
    private func checkDrop(_ dropped: CommandDropped, at position: UInt64, of stack: StackModel) throws(RestoreError) {
        func refused(_ why: String) -> RestoreError {
            RestoreError(
                position: position,
                message: "stack '\(stack.id)' dropped the command queued at \(dropped.queuedPosition): \(why)")
        }
        guard let head = stack.queued.first, head.position == dropped.queuedPosition else {
            throw refused("it is not its first queued command")
        }
        if let running = stack.transition { throw refused("transition \(running.id) is still running") }
        var probe = projectedCore(of: stack)
        var ignored = Outcome()
        let context = CommandContext(
            stackId: stack.id, requestId: "", now: probe.clockUs, queuedPosition: head.position,
            backKeyOf: head.gestureId)
        do throws(CommandRefusal) {
            try probe.perform(try probe.queuedNavigation(head, on: stack), context, into: &ignored)
        } catch {
            guard error.error.code == dropped.error?.code else {
                throw refused("it meets \(error.error.code) there, not \(dropped.error?.code ?? .ok)")
            }
            return
        }
        throw refused("it runs on the stack as it is")
    }
}
