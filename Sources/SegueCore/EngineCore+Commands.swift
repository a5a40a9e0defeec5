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
        if let error = Validation.checkStackId(stackId) ?? Validation.checkRequestId(requestId) {
            return .refused(error)
        }
        guard let op = command.op else {
            return .refused(
                Validation.invalid(
                    "command has no operation; set one of create, push, pop, pop_to_root, present, dismiss, select_tab, resize, set_screen_options, delete"
                ))
        }
        // This stack's timers first, so that a settle that ended before `now` is no longer in progress.
        advanceStack(stackId, to: now, into: &outcome)
        let eventsBefore = outcome.events.count
        let context = CommandContext(
            stackId: stackId, requestId: requestId, expectedVersion: command.expectedVersion,
            now: now)
        let error: ErrorDetail?
        switch op {
        case .create(let create): error = createStack(create, context, into: &outcome)
        case .push(let push): error = pushScreen(push, context, into: &outcome)
        case .pop(let pop): error = popScreens(immediate: pop.immediate, toRoot: false, context, into: &outcome)
        case .popToRoot(let pop): error = popScreens(immediate: pop.immediate, toRoot: true, context, into: &outcome)
        case .present(let present): error = presentScreen(present, context, into: &outcome)
        case .dismiss(let dismiss): error = dismissScreen(dismiss, context, into: &outcome)
        case .selectTab(let select): error = selectTabIndex(select, context, into: &outcome)
        case .resize(let resize): error = resizeStack(resize, context, into: &outcome)
        case .setScreenOptions(let set): error = setScreenOptions(set, context, into: &outcome)
        case .delete: error = deleteStack(context, into: &outcome)
        }
        if let error { return .refused(error) }
        let appended = outcome.events[eventsBefore...]
        guard let first = appended.first, let last = appended.last else {
            return .applied(CommandResult(version: stacks[stackId]?.version ?? 0))
        }
        return .applied(
            CommandResult(
                firstPosition: first.position, lastPosition: last.position,
                version: last.version))
    }

    /// What every command step needs besides its own message.
    struct CommandContext {
        var stackId: String
        var requestId: String
        var expectedVersion: UInt64?
        var now: Int64
    }

    /// The stack a command addresses, checked for existence and the expected version.
    func existingStack(_ context: CommandContext) -> Result<StackModel, CommandRefusal> {
        guard let stack = stacks[context.stackId] else {
            return .failure(CommandRefusal(.unknownStack, "stack '\(context.stackId)' does not exist; create it first"))
        }
        if let expected = context.expectedVersion, expected != stack.version {
            return .failure(
                CommandRefusal(
                    .versionConflict,
                    "stack '\(context.stackId)' is at version \(stack.version), not the expected \(expected)"))
        }
        return .success(stack)
    }

    /// A stack that can start a new transition now.
    func idleStack(_ context: CommandContext) -> Result<StackModel, CommandRefusal> {
        existingStack(context).flatMap { stack in
            if let transition = stack.transition {
                return .failure(
                    CommandRefusal(
                        .transitionInProgress,
                        "stack '\(context.stackId)' is running transition \(transition.id) (\(transition.operation)); wait for its completed event"
                    ))
            }
            return .success(stack)
        }
    }

    private mutating func createStack(_ create: CreateStack, _ context: CommandContext, into outcome: inout Outcome)
        -> ErrorDetail?
    {
        if stacks[context.stackId] != nil {
            return ErrorDetail(code: .stackExists, message: "stack '\(context.stackId)' already exists")
        }
        if let expected = context.expectedVersion, expected != 0 {
            return ErrorDetail(
                code: .versionConflict,
                message: "stack '\(context.stackId)' does not exist (version 0), not the expected \(expected)")
        }
        if stacks.count >= limits.maxStacks {
            return ErrorDetail(
                code: .resourceExhausted,
                message: "the engine holds \(stacks.count) stacks, its limit; delete some first")
        }
        if create.screens.isEmpty == create.tabs.isEmpty {
            return Validation.invalid(
                "give either screens (a navigation stack, root first) or tabs (a tab stack), not both or neither")
        }
        for (index, screen) in create.screens.enumerated() {
            if let error = Validation.checkScreenId(screen, field: "screens[\(index)]") { return error }
        }
        for (index, tab) in create.tabs.enumerated() {
            if let error = Validation.checkScreenId(tab, field: "tabs[\(index)]") { return error }
        }
        if max(create.screens.count, create.tabs.count) > limits.maxScreensPerStack {
            return ErrorDetail(
                code: .resourceExhausted, message: "a stack holds at most \(limits.maxScreensPerStack) screens")
        }
        if Set(create.tabs).count != create.tabs.count { return Validation.invalid("tab names must be unique") }
        if !create.tabs.isEmpty && create.selectedTab >= create.tabs.count {
            return ErrorDetail(
                code: .unknownTab,
                message:
                    "selected_tab \(create.selectedTab) is out of range; the stack has \(create.tabs.count) tabs (0-\(create.tabs.count - 1))"
            )
        }
        if create.tabs.isEmpty && create.selectedTab != 0 {
            return Validation.invalid("selected_tab is only for tab stacks")
        }
        if let error = Validation.checkConfig(create.config) { return error }
        // Store the effective values so that readers of the log need not know the defaults.
        var config = (create.config ?? StackConfig()).withDefaultsFilled
        // The log keeps which semantics the stack runs, so that a newer engine replays it unchanged.
        if config.profileRevision == 0 { config.profileRevision = ProfileCatalog.newestRevision }
        let created = StackCreated(
            screens: create.screens, tabs: create.tabs, selectedTab: create.selectedTab,
            config: config)
        append(
            .stackCreated(created), stackId: context.stackId, requestId: context.requestId, now: context.now,
            into: &outcome)
        return nil
    }

    private mutating func pushScreen(_ push: Push, _ context: CommandContext, into outcome: inout Outcome)
        -> ErrorDetail?
    {
        if let error = Validation.checkScreenId(push.screen) ?? Validation.checkOptions(push.options) { return error }
        let stack: StackModel
        switch idleStack(context) {
        case .failure(let refusal): return refusal.error
        case .success(let found): stack = found
        }
        if stack.isTabStack {
            return Validation.invalid(
                "stack '\(context.stackId)' is a tab stack; push needs a navigation stack (present works on both)")
        }
        if !stack.presented.isEmpty {
            return Validation.invalid(
                "stack '\(context.stackId)' has '\(stack.presented.last ?? "")' presented; dismiss it before push")
        }
        if stack.screens.count >= limits.maxScreensPerStack {
            return ErrorDetail(
                code: .resourceExhausted,
                message: "stack '\(context.stackId)' holds \(stack.screens.count) screens, the limit")
        }
        setOptionsIfGiven(push.options, screen: push.screen, context, into: &outcome)
        runTransition(.push, from: stack.topScreen, to: push.screen, immediate: push.immediate, context, into: &outcome)
        return nil
    }

    private mutating func popScreens(
        immediate: Bool, toRoot: Bool, _ context: CommandContext, into outcome: inout Outcome
    )
        -> ErrorDetail?
    {
        let stack: StackModel
        switch idleStack(context) {
        case .failure(let refusal): return refusal.error
        case .success(let found): stack = found
        }
        let name = toRoot ? "pop_to_root" : "pop"
        if stack.isTabStack {
            return ErrorDetail(
                code: .nothingToPop, message: "stack '\(context.stackId)' is a tab stack; there is nothing to \(name)")
        }
        if !stack.presented.isEmpty {
            return Validation.invalid(
                "stack '\(context.stackId)' has '\(stack.presented.last ?? "")' presented; dismiss it before \(name)")
        }
        guard stack.screens.count >= 2 else {
            return ErrorDetail(
                code: .nothingToPop,
                message: "stack '\(context.stackId)' is at its root '\(stack.topScreen)'; there is nothing to \(name)")
        }
        let to = toRoot ? stack.screens[0] : stack.screens[stack.screens.count - 2]
        runTransition(
            toRoot ? .popToRoot : .pop, from: stack.topScreen, to: to, immediate: immediate, context,
            into: &outcome)
        return nil
    }

    private mutating func presentScreen(_ present: Present, _ context: CommandContext, into outcome: inout Outcome)
        -> ErrorDetail?
    {
        if let error = Validation.checkScreenId(present.screen) ?? Validation.checkOptions(present.options) {
            return error
        }
        let stack: StackModel
        switch idleStack(context) {
        case .failure(let refusal): return refusal.error
        case .success(let found): stack = found
        }
        if stack.presented.count >= limits.maxPresentedDepth {
            return ErrorDetail(
                code: .resourceExhausted,
                message: "stack '\(context.stackId)' has \(stack.presented.count) screens presented, the limit")
        }
        setOptionsIfGiven(present.options, screen: present.screen, context, into: &outcome)
        runTransition(
            .present, from: stack.topScreen, to: present.screen, immediate: present.immediate, context,
            into: &outcome)
        return nil
    }

    private mutating func dismissScreen(_ dismiss: Dismiss, _ context: CommandContext, into outcome: inout Outcome)
        -> ErrorDetail?
    {
        let stack: StackModel
        switch idleStack(context) {
        case .failure(let refusal): return refusal.error
        case .success(let found): stack = found
        }
        guard let top = stack.presented.last else {
            return ErrorDetail(
                code: .nothingPresented, message: "stack '\(context.stackId)' has nothing presented to dismiss")
        }
        runTransition(
            .dismiss, from: top, to: stack.screenBelowPresented, immediate: dismiss.immediate, context,
            into: &outcome)
        return nil
    }

    private mutating func selectTabIndex(_ select: SelectTab, _ context: CommandContext, into outcome: inout Outcome)
        -> ErrorDetail?
    {
        let stack: StackModel
        switch idleStack(context) {
        case .failure(let refusal): return refusal.error
        case .success(let found): stack = found
        }
        guard stack.isTabStack else {
            return Validation.invalid("stack '\(context.stackId)' is a navigation stack; select_tab needs a tab stack")
        }
        guard select.index < stack.tabs.count else {
            return ErrorDetail(
                code: .unknownTab,
                message:
                    "tab \(select.index) does not exist; stack '\(context.stackId)' has tabs 0-\(stack.tabs.count - 1)")
        }
        if !stack.presented.isEmpty {
            return Validation.invalid(
                "stack '\(context.stackId)' has '\(stack.presented.last ?? "")' presented; dismiss it before select_tab"
            )
        }
        // Selecting the selected tab is already true: success without an event.
        if select.index == stack.selectedTab { return nil }
        runTransition(
            .selectTab, from: stack.topScreen, to: stack.tabs[Int(select.index)], immediate: select.immediate,
            context, into: &outcome)
        return nil
    }

    private mutating func resizeStack(_ resize: Resize, _ context: CommandContext, into outcome: inout Outcome)
        -> ErrorDetail?
    {
        if let error = Validation.checkSize(resize.size) { return error }
        if case .failure(let refusal) = existingStack(context) { return refusal.error }
        append(
            .resized(StackResized(size: resize.size)), stackId: context.stackId, requestId: context.requestId,
            now: context.now, into: &outcome)
        return nil
    }

    private mutating func setScreenOptions(
        _ set: SetScreenOptions, _ context: CommandContext,
        into outcome: inout Outcome
    ) -> ErrorDetail? {
        if let error = Validation.checkScreenId(set.screen) ?? Validation.checkOptions(set.options) { return error }
        if case .failure(let refusal) = existingStack(context) { return refusal.error }
        append(
            .screenOptionsSet(ScreenOptionsSet(screen: set.screen, options: set.options ?? ScreenOptions())),
            stackId: context.stackId, requestId: context.requestId, now: context.now, into: &outcome)
        return nil
    }

    private mutating func deleteStack(_ context: CommandContext, into outcome: inout Outcome) -> ErrorDetail? {
        if case .failure(let refusal) = idleStack(context) { return refusal.error }
        append(
            .deleted(StackDeleted()), stackId: context.stackId, requestId: context.requestId, now: context.now,
            into: &outcome)
        return nil
    }

    private mutating func setOptionsIfGiven(
        _ options: ScreenOptions?, screen: String, _ context: CommandContext,
        into outcome: inout Outcome
    ) {
        guard let options, options != ScreenOptions() else { return }
        append(
            .screenOptionsSet(ScreenOptionsSet(screen: screen, options: options)), stackId: context.stackId,
            requestId: context.requestId, now: context.now, into: &outcome)
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
            interactive: false)
        append(.began(began), stackId: context.stackId, requestId: context.requestId, now: context.now, into: &outcome)
        var settleUs: Int64 = 0
        if !immediate, let transition = stacks[context.stackId]?.transition {
            settleUs = stack.profile.settleDurationUs(for: transition, from: 0, target: 1, width: stack.width)
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

/// A refused command's code and message, as a value that `Result` can carry.
struct CommandRefusal: Error {
    let error: ErrorDetail

    init(_ code: ErrorCode, _ message: String) {
        error = ErrorDetail(code: code, message: message)
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
