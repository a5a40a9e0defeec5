import SegueWire

extension EngineCore {
    /// Decides one command at `now`: appends its events to `outcome` (with their first frames), or refuses it
    /// without changing anything.
    /// - Parameters:
    ///   - requestId: the enclosing request's id, used when the command carries none.
    public mutating func apply(
        _ command: Command, requestId enclosingId: String, now: Int64,
        into outcome: inout Outcome
    ) -> CommandOutcome {
        let requestId = command.requestId.isEmpty ? enclosingId : command.requestId
        let stackId = command.stackId
        let eventsBefore: Int
        do throws(CommandRefusal) {
            try CommandRefusal.check(Validation.checkStackId(stackId) ?? Validation.checkRequestId(requestId))
            guard let op = command.op else {
                throw .invalid(
                    "command has no operation; set one of create, push, pop, pop_to_root, present, dismiss, select_tab, resize, set_screen_options, delete"
                )
            }
            // This stack's timers first, so that a settle that ended before `now` is no longer in progress.
            advanceStack(stackId, to: now, into: &outcome)
            eventsBefore = outcome.events.count
            let context = CommandContext(
                stackId: stackId, requestId: requestId, expectedVersion: command.expectedVersion,
                now: now)
            // A create is answered from the engine's state (the stack exists, ...) before its contents are checked.
            if case .create = op { try checkRoomForStack(context) }
            let navigation = try NavigationCommand(op, limits: limits)
            if try !queueBehindRunningTransition(op, navigation, context, into: &outcome) {
                try perform(navigation, context, into: &outcome)
            }
        } catch {
            return .refused(error.error)
        }
        let appended = outcome.events[eventsBefore...]
        guard let first = appended.first, let last = appended.last else {
            return .applied(CommandResult(version: stacks[stackId]?.version ?? 0))
        }
        var queuedBehind: UInt64?
        // Queued, the command's last event is its `queued` (after the end of a drag it waits for).
        if case .queued(let queued) = last.body { queuedBehind = queued.behindTransitionId }
        return .applied(
            CommandResult(
                firstPosition: first.position, lastPosition: last.position,
                version: last.version, queuedBehind: queuedBehind))
    }

    /// What every command step needs besides its own message.
    struct CommandContext {
        var stackId: String
        var requestId: String
        var expectedVersion: UInt64?
        var now: Int64
        /// The position of the `queued` event of a queued command now run: its began names it, and the limits it
        /// was checked against on arrival are not checked again (a restart with lower ones takes back no command).
        var queuedPosition: UInt64 = 0
        /// The held back swipe whose back key this command is (its began names it); 0 for a command.
        var backKeyOf: UInt64 = 0
    }

    /// The stack a command addresses, checked for existence and the expected version.
    func existingStack(_ context: CommandContext) throws(CommandRefusal) -> StackModel {
        guard let stack = stacks[context.stackId] else {
            throw CommandRefusal(.unknownStack, "stack '\(context.stackId)' does not exist; create it first")
        }
        if let expected = context.expectedVersion, expected != stack.version {
            throw CommandRefusal(
                .versionConflict,
                "stack '\(context.stackId)' is at version \(stack.version), not the expected \(expected)")
        }
        return stack
    }

    /// A stack that can start a new transition now.
    func idleStack(_ context: CommandContext) throws(CommandRefusal) -> StackModel {
        let stack = try existingStack(context)
        if let transition = stack.transition {
            // A transition settling to 0 is being undone (a reversed push, a cancelled swipe): its operation alone
            // would read as though it were still going ahead.
            var turnedBack = false
            if case .settling(let settling) = transition.phase { turnedBack = settling.targetFraction == 0 }
            throw CommandRefusal(
                .transitionInProgress,
                "stack '\(context.stackId)' is running transition \(transition.id) (\(transition.operation)\(turnedBack ? ", turning back" : "")); wait for its completed event"
            )
        }
        return stack
    }

    /// Whether the engine can take the stack a create names: one that does not exist yet (so the expected version,
    /// if given, is 0), with room for one more.
    private func checkRoomForStack(_ context: CommandContext) throws(CommandRefusal) {
        if stacks[context.stackId] != nil {
            throw CommandRefusal(.stackExists, "stack '\(context.stackId)' already exists")
        }
        if let shard, !shard.owns(context.stackId) {
            let owner = ShardAssignment.shard(of: context.stackId, count: shard.count)
            throw CommandRefusal(
                .wrongShard,
                "stack '\(context.stackId)' belongs to shard \(owner) of \(shard.count); this engine holds shard "
                    + "\(shard.index) (docs/operations.md, \"Shards\")")
        }
        if let expected = context.expectedVersion, expected != 0 {
            throw CommandRefusal(
                .versionConflict,
                "stack '\(context.stackId)' does not exist (version 0), not the expected \(expected)")
        }
        if stacks.count >= limits.maxStacks {
            throw CommandRefusal(
                .resourceExhausted, "the engine holds \(stacks.count) stacks, its limit; delete some first")
        }
    }

    /// The step of each command: the checks against the stack's state, then the events.
    mutating func perform(
        _ command: NavigationCommand, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) {
        switch command {
        case .create(let stack):
            append(
                .stackCreated(stack.created), stackId: context.stackId, requestId: context.requestId,
                now: context.now, into: &outcome)
        case .push(let setup, let immediate):
            try pushScreen(setup, immediate: immediate, context, into: &outcome)
        case .pop(let immediate):
            if try reverseRunningTransition(by: .pop, immediate: immediate, context, into: &outcome) { return }
            if try takeOverSwipe(by: .pop, immediate: immediate, context, into: &outcome) { return }
            try popScreens(immediate: immediate, toRoot: false, context, into: &outcome)
        case .popToRoot(let immediate):
            try popScreens(immediate: immediate, toRoot: true, context, into: &outcome)
        case .present(let setup, let immediate):
            try presentScreen(setup, immediate: immediate, context, into: &outcome)
        case .dismiss(let immediate):
            if try reverseRunningTransition(by: .dismiss, immediate: immediate, context, into: &outcome) { return }
            try dismissScreen(immediate: immediate, context, into: &outcome)
        case .selectTab(let index, let immediate):
            try selectTab(index, immediate: immediate, context, into: &outcome)
        case .resize(let size):
            _ = try existingStack(context)
            append(
                .resized(StackResized(size: size)), stackId: context.stackId, requestId: context.requestId,
                now: context.now, into: &outcome)
        case .setScreenOptions(let setup):
            _ = try existingStack(context)
            append(
                .screenOptionsSet(setup.optionsSet), stackId: context.stackId, requestId: context.requestId,
                now: context.now, into: &outcome)
        case .delete:
            _ = try idleStack(context)
            append(
                .deleted(StackDeleted()), stackId: context.stackId, requestId: context.requestId, now: context.now,
                into: &outcome)
        }
    }

    /// A push needs a navigation stack with nothing presented and room for one more screen, or one with a profile
    /// that pushes pages over a presentation and room for one more presented screen.
    private mutating func pushScreen(
        _ setup: ScreenSetup, immediate: Bool, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) {
        let stack = try idleStack(context)
        if stack.isTabStack {
            throw .invalid(
                "stack '\(context.stackId)' is a tab stack; push needs a navigation stack (present works on both)")
        }
        if !stack.presented.isEmpty && stack.profile.pushesOverPresented {
            try checkRoomToPresent(stack, context)
            setOptionsUnlessDefault(setup, context, into: &outcome)
            runTransition(.push, from: stack.topScreen, to: setup.screen, immediate: immediate, context, into: &outcome)
            return
        }
        if !stack.presented.isEmpty {
            throw .invalid(
                "stack '\(context.stackId)' has '\(stack.presented.last ?? "")' presented; dismiss it before push")
        }
        if stack.screens.count >= limits.maxScreensPerStack && context.queuedPosition == 0 {
            throw CommandRefusal(
                .resourceExhausted, "stack '\(context.stackId)' holds \(stack.screens.count) screens, the limit")
        }
        setOptionsUnlessDefault(setup, context, into: &outcome)
        runTransition(.push, from: stack.topScreen, to: setup.screen, immediate: immediate, context, into: &outcome)
    }

    private mutating func popScreens(
        immediate: Bool, toRoot: Bool, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) {
        let stack = try idleStack(context)
        let name = toRoot ? "pop_to_root" : "pop"
        if stack.isTabStack {
            throw CommandRefusal(
                .nothingToPop, "stack '\(context.stackId)' is a tab stack; there is nothing to \(name)")
        }
        if stack.topIsPresentedPage && !toRoot {
            runTransition(
                .pop, from: stack.topScreen, to: stack.screenBelowPresented, immediate: immediate, context,
                into: &outcome)
            return
        }
        if !stack.presented.isEmpty {
            let clear = stack.topIsPresentedPage ? "pop it and dismiss what it was pushed over" : "dismiss it"
            throw .invalid(
                "stack '\(context.stackId)' has '\(stack.presented.last ?? "")' presented; \(clear) before \(name)")
        }
        guard stack.screens.count >= 2 else {
            throw CommandRefusal(
                .nothingToPop,
                "stack '\(context.stackId)' is at its root '\(stack.topScreen)'; there is nothing to \(name)")
        }
        let to = toRoot ? stack.screens[0] : stack.screens[stack.screens.count - 2]
        runTransition(
            toRoot ? .popToRoot : .pop, from: stack.topScreen, to: to, immediate: immediate, context,
            into: &outcome)
    }

    /// A present works on any stack with room for one more presented screen.
    private mutating func presentScreen(
        _ setup: ScreenSetup, immediate: Bool, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) {
        let stack = try idleStack(context)
        try checkRoomToPresent(stack, context)
        setOptionsUnlessDefault(setup, context, into: &outcome)
        runTransition(
            .present, from: stack.topScreen, to: setup.screen, immediate: immediate, context, into: &outcome)
    }

    /// A presented layer holds at most `maxPresentedDepth` screens, the pages pushed over it included.
    private func checkRoomToPresent(_ stack: StackModel, _ context: CommandContext) throws(CommandRefusal) {
        if stack.presented.count >= limits.maxPresentedDepth && context.queuedPosition == 0 {
            throw CommandRefusal(
                .resourceExhausted,
                "stack '\(context.stackId)' has \(stack.presented.count) screens presented, the limit")
        }
    }

    private mutating func dismissScreen(immediate: Bool, _ context: CommandContext, into outcome: inout Outcome)
        throws(CommandRefusal)
    {
        let stack = try idleStack(context)
        guard let top = stack.presented.last else {
            throw CommandRefusal(.nothingPresented, "stack '\(context.stackId)' has nothing presented to dismiss")
        }
        if stack.topIsPresentedPage {
            throw .invalid(
                "'\(top)' was pushed over '\(stack.screenBelowPresented)' on stack '\(context.stackId)'; pop it before dismiss"
            )
        }
        runTransition(
            .dismiss, from: top, to: stack.screenBelowPresented, immediate: immediate, context, into: &outcome)
    }

    private mutating func selectTab(
        _ index: UInt32, immediate: Bool, _ context: CommandContext, into outcome: inout Outcome
    ) throws(CommandRefusal) {
        let stack = try idleStack(context)
        guard stack.isTabStack else {
            throw .invalid(
                "stack '\(context.stackId)' is a navigation stack; selecting a tab needs a tab stack, one created with tabs"
            )
        }
        guard index < stack.tabs.count else {
            throw CommandRefusal(
                .unknownTab,
                "tab \(index) does not exist; stack '\(context.stackId)' has tabs 0-\(stack.tabs.count - 1)")
        }
        if !stack.presented.isEmpty {
            throw .invalid(
                "stack '\(context.stackId)' has '\(stack.presented.last ?? "")' presented; dismiss it before select_tab"
            )
        }
        // Selecting the selected tab is already true: success without an event.
        if index == stack.selectedTab { return }
        runTransition(
            .selectTab, from: stack.topScreen, to: stack.tabs[Int(index)], immediate: immediate, context,
            into: &outcome)
    }

    /// Sets the options a push or present carries, unless they are the default ones every screen starts with.
    private mutating func setOptionsUnlessDefault(
        _ setup: ScreenSetup, _ context: CommandContext, into outcome: inout Outcome
    ) {
        guard setup.options != ScreenOptions() else { return }
        append(
            .screenOptionsSet(setup.optionsSet), stackId: context.stackId, requestId: context.requestId,
            now: context.now, into: &outcome)
    }

    /// Appends `began` and `finished` (PROGRAMMATIC); an immediate transition also `completed` and its DONE
    /// frame, an animated one settles on the clock.
    private mutating func runTransition(
        _ operation: Operation, from: String, to: String, immediate: Bool,
        _ context: CommandContext, into outcome: inout Outcome
    ) {
        guard let stack = stacks[context.stackId] else { return }
        let transitionId = stack.lastTransitionId + 1
        let began = TransitionBegan(
            transitionId: transitionId, operation: operation, fromScreen: from, toScreen: to,
            interactive: false, gestureId: context.backKeyOf,
            queuedPosition: context.queuedPosition == 0 ? nil : context.queuedPosition)
        append(.began(began), stackId: context.stackId, requestId: context.requestId, now: context.now, into: &outcome)
        var settleUs: Int64 = 0
        if !immediate, let transition = stacks[context.stackId]?.transition {
            settleUs = stack.profile.settleDurationUs(
                for: transition, from: 0, target: 1, width: stack.width, startUs: clockUs, fps: stack.fps)
        }
        let finished = TransitionFinished(
            transitionId: transitionId, progress: 0, velocity: 0, reason: .programmatic,
            settleUs: settleUs)
        append(
            .finished(finished), stackId: context.stackId, requestId: context.requestId, now: context.now,
            into: &outcome)
        if immediate {
            guard let slot = stacks.slot(of: context.stackId) else { return }
            complete(slot: slot, finished: true, doneAt: clockUs, now: context.now, into: &outcome)
        } else {
            advanceStack(context.stackId, to: context.now, into: &outcome)
        }
    }
}

extension StackModel {
    /// The screen a dismiss reveals: the presented one below the top, else the stack's top screen.
    var screenBelowPresented: String {
        if presented.count >= 2 { return presented[presented.count - 2] }
        if isTabStack { return tabs[Int(selectedTab)] }
        return screens.last ?? ""
    }
}
