// Sample values of every message of proto/segue.proto, each field set to a value other than its default.
// Generated from proto/segue.proto by scripts/generate_wire.py. DO NOT EDIT.
// Regenerate with `python3 scripts/generate_wire.py` from the repository root.
// scripts/make_golden.py builds the same values with Google's protobuf runtime into Golden/samples.bin.

import SegueWire

/// Generated sample values: one per message with every field set, plus one per further oneof member.
enum Samples {
    /// Sample `Vec2`.
    static let vec2 = Vec2(x: 1.5, y: -2.5)

    /// Sample `Size`.
    static let size = Size(width: 1.5, height: -2.5)

    /// Sample `Rect`.
    static let rect = Rect(x: 1.5, y: -2.5, width: 3.5, height: -4.5)

    /// Sample `Insets`.
    static let insets = Insets(top: 1.5, left: -2.5, bottom: 3.5, right: -4.5)

    /// Sample `Tuning`.
    static let tuning = Tuning(
        edgeWidth: 1.5,
        progressDistance: -2.5,
        finishThreshold: 3.5,
        flingVelocity: -4.5,
        settleMs: 4294967291,
        dampingRatio: -6.5,
        parallax: 7.5,
        dimming: -8.5,
        gestureTimeoutMs: 4294967287
    )

    /// Sample `StackConfig`.
    static let stackConfig = StackConfig(
        size: Samples.size,
        profile: "profile-0-\u{E9}\u{1F680}",
        rightToLeft: true,
        fps: 516,
        tuning: Samples.tuning,
        profileRevision: 774,
        safeArea: Samples.insets
    )

    /// Sample `ScreenOptions`.
    static let screenOptions = ScreenOptions(backGestureDisabled: true, exclusionRects: [Samples.rect, Rect()])

    /// Sample `PanEvent`.
    static let panEvent = PanEvent(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        gestureId: 600,
        phase: PanPhase.panCancelled,
        location: Samples.vec2,
        translation: Samples.vec2,
        velocity: Samples.vec2,
        timestampUs: 7000000049,
        target: PanTarget.panTargetTabs
    )

    /// Sample `CreateStack`.
    static let createStack = CreateStack(
        screens: ["screens-0-\u{E9}\u{1F680}", "screens-1-\u{E9}\u{1F680}"],
        tabs: ["tabs-0-\u{E9}\u{1F680}", "tabs-1-\u{E9}\u{1F680}"],
        selectedTab: 4294967293,
        config: Samples.stackConfig
    )

    /// Sample `Push`.
    static let push = Push(screen: "screen-0-\u{E9}\u{1F680}", immediate: true, options: Samples.screenOptions)

    /// Sample `Pop`.
    static let pop = Pop(immediate: true)

    /// Sample `PopToRoot`.
    static let popToRoot = PopToRoot(immediate: true)

    /// Sample `Present`.
    static let present = Present(screen: "screen-0-\u{E9}\u{1F680}", immediate: true, options: Samples.screenOptions)

    /// Sample `Dismiss`.
    static let dismiss = Dismiss(immediate: true)

    /// Sample `SelectTab`.
    static let selectTab = SelectTab(index: 4294967295, immediate: true)

    /// Sample `Resize`.
    static let resize = Resize(size: Samples.size)

    /// Sample `SetScreenOptions`.
    static let setScreenOptions = SetScreenOptions(screen: "screen-0-\u{E9}\u{1F680}", options: Samples.screenOptions)

    /// Sample `DeleteStack`.
    static let deleteStack = DeleteStack()

    /// Sample `Command`.
    static let command = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .create(Samples.createStack)
    )

    /// Sample `Command.push`.
    static let commandPush = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .push(Samples.push)
    )

    /// Sample `Command.pop`.
    static let commandPop = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .pop(Samples.pop)
    )

    /// Sample `Command.pop_to_root`.
    static let commandPopToRoot = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .popToRoot(Samples.popToRoot)
    )

    /// Sample `Command.present`.
    static let commandPresent = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .present(Samples.present)
    )

    /// Sample `Command.dismiss`.
    static let commandDismiss = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .dismiss(Samples.dismiss)
    )

    /// Sample `Command.select_tab`.
    static let commandSelectTab = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .selectTab(Samples.selectTab)
    )

    /// Sample `Command.resize`.
    static let commandResize = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .resize(Samples.resize)
    )

    /// Sample `Command.set_screen_options`.
    static let commandSetScreenOptions = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .setScreenOptions(Samples.setScreenOptions)
    )

    /// Sample `Command.delete`.
    static let commandDelete = Command(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        requestId: "request_id-0-\u{E9}\u{1F680}",
        expectedVersion: 18446744073709551613,
        op: .delete(Samples.deleteStack)
    )

    /// Sample `Input`.
    static let input = Input(body: .pan(Samples.panEvent))

    /// Sample `Input.command`.
    static let inputCommand = Input(body: .command(Samples.command))

    /// Sample `Input.probe`.
    static let inputProbe = Input(body: .probe(Samples.publishProbe))

    /// Sample `StackCreated`.
    static let stackCreated = StackCreated(
        screens: ["screens-0-\u{E9}\u{1F680}", "screens-1-\u{E9}\u{1F680}"],
        tabs: ["tabs-0-\u{E9}\u{1F680}", "tabs-1-\u{E9}\u{1F680}"],
        selectedTab: 4294967293,
        config: Samples.stackConfig
    )

    /// Sample `TransitionBegan`.
    static let transitionBegan = TransitionBegan(
        transitionId: 18446744073709551615,
        operation: Operation.selectTab,
        fromScreen: "from_screen-0-\u{E9}\u{1F680}",
        toScreen: "to_screen-0-\u{E9}\u{1F680}",
        interactive: true,
        gestureId: 1800,
        swipeEdge: SwipeEdge.swipeEdgeRight,
        startTranslation: Samples.vec2,
        queuedPosition: 18446744073709551607
    )

    /// Sample `TransitionProgressed`.
    static let transitionProgressed = TransitionProgressed(
        transitionId: 18446744073709551615,
        progress: -2.5,
        translation: Samples.vec2,
        velocity: Samples.vec2
    )

    /// Sample `TransitionFinished`.
    static let transitionFinished = TransitionFinished(
        transitionId: 18446744073709551615,
        progress: -2.5,
        velocity: 3.5,
        reason: Reason.cancelledByCommand,
        settleUs: 5000000035
    )

    /// Sample `TransitionCancelled`.
    static let transitionCancelled = TransitionCancelled(
        transitionId: 18446744073709551615,
        progress: -2.5,
        velocity: 3.5,
        reason: Reason.cancelledByCommand,
        settleUs: 5000000035
    )

    /// Sample `TransitionCompleted`.
    static let transitionCompleted = TransitionCompleted(
        transitionId: 18446744073709551615,
        finished: true,
        screens: ["screens-0-\u{E9}\u{1F680}", "screens-1-\u{E9}\u{1F680}"],
        presented: ["presented-0-\u{E9}\u{1F680}", "presented-1-\u{E9}\u{1F680}"],
        selectedTab: 4294967291,
        presentedPages: [774, 4294967289]
    )

    /// Sample `TransitionInterrupted`.
    static let transitionInterrupted = TransitionInterrupted(
        transitionId: 18446744073709551615,
        progress: -2.5,
        gestureId: 18446744073709551613
    )

    /// Sample `CommandQueued`.
    static let commandQueued = CommandQueued(
        behindTransitionId: 18446744073709551615,
        command: Samples.command,
        gestureId: 18446744073709551613
    )

    /// Sample `CommandDropped`.
    static let commandDropped = CommandDropped(queuedPosition: 18446744073709551615, error: Samples.errorDetail)

    /// Sample `StackResized`.
    static let stackResized = StackResized(size: Samples.size)

    /// Sample `ScreenOptionsSet`.
    static let screenOptionsSet = ScreenOptionsSet(screen: "screen-0-\u{E9}\u{1F680}", options: Samples.screenOptions)

    /// Sample `StackDeleted`.
    static let stackDeleted = StackDeleted()

    /// Sample `Event`.
    static let event = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .stackCreated(Samples.stackCreated)
    )

    /// Sample `Event.began`.
    static let eventBegan = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .began(Samples.transitionBegan)
    )

    /// Sample `Event.progressed`.
    static let eventProgressed = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .progressed(Samples.transitionProgressed)
    )

    /// Sample `Event.finished`.
    static let eventFinished = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .finished(Samples.transitionFinished)
    )

    /// Sample `Event.cancelled`.
    static let eventCancelled = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .cancelled(Samples.transitionCancelled)
    )

    /// Sample `Event.completed`.
    static let eventCompleted = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .completed(Samples.transitionCompleted)
    )

    /// Sample `Event.interrupted`.
    static let eventInterrupted = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .interrupted(Samples.transitionInterrupted)
    )

    /// Sample `Event.resized`.
    static let eventResized = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .resized(Samples.stackResized)
    )

    /// Sample `Event.screen_options_set`.
    static let eventScreenOptionsSet = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .screenOptionsSet(Samples.screenOptionsSet)
    )

    /// Sample `Event.deleted`.
    static let eventDeleted = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .deleted(Samples.stackDeleted)
    )

    /// Sample `Event.queued`.
    static let eventQueued = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .queued(Samples.commandQueued)
    )

    /// Sample `Event.dropped`.
    static let eventDropped = Event(
        position: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 18446744073709551613,
        timeUs: -4000000028,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        producerTimeUs: -6000000042,
        body: .dropped(Samples.commandDropped)
    )

    /// Sample `ViewFrame`.
    static let viewFrame = ViewFrame(
        screen: "screen-0-\u{E9}\u{1F680}",
        rect: Samples.rect,
        alpha: 3.5,
        cornerRadius: -4.5,
        edgeShadow: Samples.edgeShadow
    )

    /// Sample `EdgeShadow`.
    static let edgeShadow = EdgeShadow(width: 1.5, stops: [Samples.gradientStop, GradientStop()])

    /// Sample `GradientStop`.
    static let gradientStop = GradientStop(position: 1.5, alpha: -2.5)

    /// Sample `Frame`.
    static let frame = Frame(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        transitionId: 600,
        sequence: 18446744073709551613,
        timeUs: -4000000028,
        progress: 5.5,
        phase: FramePhase.done,
        from: Samples.viewFrame,
        to: Samples.viewFrame,
        dimming: 9.5,
        shadow: -10.5,
        position: 18446744073709551605
    )

    /// Sample `Error`.
    static let errorDetail = ErrorDetail(code: ErrorCode.wrongShard, message: "message-0-\u{E9}\u{1F680}")

    /// Sample `Rejection`.
    static let rejection = Rejection(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        gestureId: 600,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        error: Samples.errorDetail,
        timeUs: 5000000035
    )

    /// Sample `GetStack`.
    static let getStack = GetStack(stackId: "stack_id-0-\u{E9}\u{1F680}")

    /// Sample `ReadEvents`.
    static let readEvents = ReadEvents(
        fromPosition: 18446744073709551615,
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        maxCount: 4294967293
    )

    /// Sample `ListStacks`.
    static let listStacks = ListStacks(after: "after-0-\u{E9}\u{1F680}", maxCount: 258)

    /// Sample `GetStats`.
    static let getStats = GetStats()

    /// Sample `PublishProbe`.
    static let publishProbe = PublishProbe(token: "token-0-\u{E9}\u{1F680}")

    /// Sample `Request`.
    static let request = Request(requestId: "request_id-0-\u{E9}\u{1F680}", body: .command(Samples.command))

    /// Sample `Request.get_stack`.
    static let requestGetStack = Request(requestId: "request_id-0-\u{E9}\u{1F680}", body: .getStack(Samples.getStack))

    /// Sample `Request.read_events`.
    static let requestReadEvents = Request(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        body: .readEvents(Samples.readEvents)
    )

    /// Sample `Request.list_stacks`.
    static let requestListStacks = Request(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        body: .listStacks(Samples.listStacks)
    )

    /// Sample `Request.get_stats`.
    static let requestGetStats = Request(requestId: "request_id-0-\u{E9}\u{1F680}", body: .getStats(Samples.getStats))

    /// Sample `Request.publish_probe`.
    static let requestPublishProbe = Request(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        body: .publishProbe(Samples.publishProbe)
    )

    /// Sample `CommandResult`.
    static let commandResult = CommandResult(
        firstPosition: 18446744073709551615,
        lastPosition: 600,
        version: 18446744073709551613,
        queuedBehind: 1200
    )

    /// Sample `QueuedCommand`.
    static let queuedCommand = QueuedCommand(
        position: 18446744073709551615,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        command: Samples.command,
        gestureId: 1200
    )

    /// Sample `TransitionState`.
    static let transitionState = TransitionState(
        transitionId: 18446744073709551615,
        operation: Operation.selectTab,
        fromScreen: "from_screen-0-\u{E9}\u{1F680}",
        toScreen: "to_screen-0-\u{E9}\u{1F680}",
        interactive: true,
        phase: FramePhase.done,
        progress: 7.5,
        goingBack: true
    )

    /// Sample `StackState`.
    static let stackState = StackState(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 600,
        screens: ["screens-0-\u{E9}\u{1F680}", "screens-1-\u{E9}\u{1F680}"],
        presented: ["presented-0-\u{E9}\u{1F680}", "presented-1-\u{E9}\u{1F680}"],
        tabs: ["tabs-0-\u{E9}\u{1F680}", "tabs-1-\u{E9}\u{1F680}"],
        selectedTab: 774,
        config: Samples.stackConfig,
        transition: Samples.transitionState,
        presentedPages: [4294967287, 1290],
        queued: [Samples.queuedCommand, QueuedCommand()],
        lastPosition: 18446744073709551605
    )

    /// Sample `EventBatch`.
    static let eventBatch = EventBatch(
        events: [Samples.event, Event()],
        nextPosition: 600,
        headPosition: 18446744073709551613
    )

    /// Sample `StackList`.
    static let stackList = StackList(
        stackIds: ["stack_ids-0-\u{E9}\u{1F680}", "stack_ids-1-\u{E9}\u{1F680}"],
        more: true
    )

    /// Sample `Stats`.
    static let stats = Stats(
        headPosition: 18446744073709551615,
        stacks: 600,
        inputsReceived: 18446744073709551613,
        inputsRejected: 1200,
        eventsAppended: 18446744073709551611,
        framesPublished: 1800,
        logBytes: 18446744073709551609,
        fsyncP99Us: -8.5,
        uptimeUs: 9000000063,
        handshakesRefused: 3000,
        framesSkipped: 18446744073709551605,
        repliesDropped: 3600,
        messagesDropped: 18446744073709551603,
        connectionsRefused: 4200,
        publicationsRefused: 18446744073709551601
    )

    /// Sample `Reply`.
    static let reply = Reply(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        error: Samples.errorDetail,
        body: .command(Samples.commandResult)
    )

    /// Sample `Reply.stack`.
    static let replyStack = Reply(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        error: Samples.errorDetail,
        body: .stack(Samples.stackState)
    )

    /// Sample `Reply.events`.
    static let replyEvents = Reply(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        error: Samples.errorDetail,
        body: .events(Samples.eventBatch)
    )

    /// Sample `Reply.stacks`.
    static let replyStacks = Reply(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        error: Samples.errorDetail,
        body: .stacks(Samples.stackList)
    )

    /// Sample `Reply.stats`.
    static let replyStats = Reply(
        requestId: "request_id-0-\u{E9}\u{1F680}",
        error: Samples.errorDetail,
        body: .stats(Samples.stats)
    )

    /// Sample `Snapshot`.
    static let snapshot = Snapshot(
        position: 18446744073709551615,
        timeUs: -2000000014,
        stacks: [Samples.stackSnapshot, StackSnapshot()],
        streamCursor: Samples.streamCursor
    )

    /// Sample `StreamCursor`.
    static let streamCursor = StreamCursor(sequence: 18446744073709551615, tenure: 600)

    /// Sample `StackSnapshot`.
    static let stackSnapshot = StackSnapshot(
        stackId: "stack_id-0-\u{E9}\u{1F680}",
        version: 600,
        screens: ["screens-0-\u{E9}\u{1F680}", "screens-1-\u{E9}\u{1F680}"],
        presented: ["presented-0-\u{E9}\u{1F680}", "presented-1-\u{E9}\u{1F680}"],
        tabs: ["tabs-0-\u{E9}\u{1F680}", "tabs-1-\u{E9}\u{1F680}"],
        selectedTab: 774,
        config: Samples.stackConfig,
        screenOptions: [Samples.screenOptionsSet, ScreenOptionsSet()],
        lastTransitionId: 18446744073709551607,
        lastPosition: 3000,
        transition: Samples.transitionSnapshot,
        presentedPages: [1548, 4294967283],
        queued: [Samples.queuedCommand, QueuedCommand()]
    )

    /// Sample `TransitionSnapshot`.
    static let transitionSnapshot = TransitionSnapshot(
        transitionId: 18446744073709551615,
        operation: Operation.selectTab,
        fromScreen: "from_screen-0-\u{E9}\u{1F680}",
        toScreen: "to_screen-0-\u{E9}\u{1F680}",
        interactive: true,
        gestureId: 1800,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        gestureSign: -8.5,
        towardHigherIndex: true,
        phase: .animating(Samples.animatingSnapshot),
        frameSequence: 18446744073709551603,
        caught: true,
        swipeEdge: SwipeEdge.swipeEdgeRight,
        verticalTranslation: -16.5,
        startTranslationY: 17.5
    )

    /// Sample `TransitionSnapshot.tracking`.
    static let transitionSnapshotTracking = TransitionSnapshot(
        transitionId: 18446744073709551615,
        operation: Operation.selectTab,
        fromScreen: "from_screen-0-\u{E9}\u{1F680}",
        toScreen: "to_screen-0-\u{E9}\u{1F680}",
        interactive: true,
        gestureId: 1800,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        gestureSign: -8.5,
        towardHigherIndex: true,
        phase: .tracking(Samples.trackingSnapshot),
        frameSequence: 18446744073709551603,
        caught: true,
        swipeEdge: SwipeEdge.swipeEdgeRight,
        verticalTranslation: -16.5,
        startTranslationY: 17.5
    )

    /// Sample `TransitionSnapshot.settling`.
    static let transitionSnapshotSettling = TransitionSnapshot(
        transitionId: 18446744073709551615,
        operation: Operation.selectTab,
        fromScreen: "from_screen-0-\u{E9}\u{1F680}",
        toScreen: "to_screen-0-\u{E9}\u{1F680}",
        interactive: true,
        gestureId: 1800,
        requestId: "request_id-0-\u{E9}\u{1F680}",
        gestureSign: -8.5,
        towardHigherIndex: true,
        phase: .settling(Samples.settlingSnapshot),
        frameSequence: 18446744073709551603,
        caught: true,
        swipeEdge: SwipeEdge.swipeEdgeRight,
        verticalTranslation: -16.5,
        startTranslationY: 17.5
    )

    /// Sample `AnimatingSnapshot`.
    static let animatingSnapshot = AnimatingSnapshot()

    /// Sample `TrackingSnapshot`.
    static let trackingSnapshot = TrackingSnapshot(
        caughtFraction: 1.5,
        fraction: -2.5,
        progress: 3.5,
        translation: -4.5,
        lastSampleUs: 5000000035,
        spring: Samples.progressSpringState
    )

    /// Sample `ProgressSpringState`.
    static let progressSpringState = ProgressSpringState(
        position: 1.5,
        velocity: -2.5,
        finalPosition: 3.5,
        pendingPosition: -4.5,
        running: true,
        endRequested: true,
        lastFrameMs: 7000000049
    )

    /// Sample `SettlingSnapshot`.
    static let settlingSnapshot = SettlingSnapshot(
        startUs: 1000000007,
        durationUs: -2000000014,
        fromFraction: 3.5,
        targetFraction: -4.5,
        curve: .bezier(Samples.bezierCurve)
    )

    /// Sample `SettlingSnapshot.spring`.
    static let settlingSnapshotSpring = SettlingSnapshot(
        startUs: 1000000007,
        durationUs: -2000000014,
        fromFraction: 3.5,
        targetFraction: -4.5,
        curve: .spring(Samples.springCurve)
    )

    /// Sample `SettlingSnapshot.timeline`.
    static let settlingSnapshotTimeline = SettlingSnapshot(
        startUs: 1000000007,
        durationUs: -2000000014,
        fromFraction: 3.5,
        targetFraction: -4.5,
        curve: .timeline(Samples.timelineCurve)
    )

    /// Sample `SettlingSnapshot.resting_spring`.
    static let settlingSnapshotRestingSpring = SettlingSnapshot(
        startUs: 1000000007,
        durationUs: -2000000014,
        fromFraction: 3.5,
        targetFraction: -4.5,
        curve: .restingSpring(Samples.restingSpringCurve)
    )

    /// Sample `SettlingSnapshot.accelerate_decelerate`.
    static let settlingSnapshotAccelerateDecelerate = SettlingSnapshot(
        startUs: 1000000007,
        durationUs: -2000000014,
        fromFraction: 3.5,
        targetFraction: -4.5,
        curve: .accelerateDecelerate(Samples.cosineCurve)
    )

    /// Sample `SettlingSnapshot.progress_spring`.
    static let settlingSnapshotProgressSpring = SettlingSnapshot(
        startUs: 1000000007,
        durationUs: -2000000014,
        fromFraction: 3.5,
        targetFraction: -4.5,
        curve: .progressSpring(Samples.progressSpringCurve)
    )

    /// Sample `CosineCurve`.
    static let cosineCurve = CosineCurve()

    /// Sample `ProgressSpringCurve`.
    static let progressSpringCurve = ProgressSpringCurve(spring: Samples.progressSpringState, fps: 258)

    /// Sample `BezierCurve`.
    static let bezierCurve = BezierCurve(x1: 1.5, y1: -2.5, x2: 3.5, y2: -4.5, solvedAsFlutter: true)

    /// Sample `SpringCurve`.
    static let springCurve = SpringCurve(dampingRatio: 1.5, initialVelocity: -2.5)

    /// Sample `TimelineCurve`.
    static let timelineCurve = TimelineCurve(view: Samples.bezierCurve, completion: Samples.bezierCurve)

    /// Sample `RestingSpringCurve`.
    static let restingSpringCurve = RestingSpringCurve(response: 1.5, dampingRatio: -2.5, initialVelocity: 3.5)

    /// Sample `ShardLease`.
    static let shardLease = ShardLease(
        node: "node-0-\u{E9}\u{1F680}",
        shard: 258,
        shards: 4294967293,
        ingest: "ingest-0-\u{E9}\u{1F680}",
        control: "control-0-\u{E9}\u{1F680}",
        events: "events-0-\u{E9}\u{1F680}",
        presence: "presence-0-\u{E9}\u{1F680}"
    )

    /// Sample `SignedRecord`.
    static let signedRecord = SignedRecord(record: [1, 0, 255, 129], signature: [2, 0, 255, 130])

    /// Sample `ShardBatchPart`.
    static let shardBatchPart = ShardBatchPart(
        tenure: 18446744073709551615,
        events: [Samples.event, Event()],
        continued: true
    )

    /// Sample `ShardMarker`.
    static let shardMarker = ShardMarker(
        lease: Samples.shardLease,
        afterSequence: 600,
        nextPosition: 18446744073709551613
    )

    /// Every sample with its name (`Message` or `Message.member`).
    static let all: [Sample] = [
        Sample("Vec2", vec2),
        Sample("Size", size),
        Sample("Rect", rect),
        Sample("Insets", insets),
        Sample("Tuning", tuning),
        Sample("StackConfig", stackConfig),
        Sample("ScreenOptions", screenOptions),
        Sample("PanEvent", panEvent),
        Sample("CreateStack", createStack),
        Sample("Push", push),
        Sample("Pop", pop),
        Sample("PopToRoot", popToRoot),
        Sample("Present", present),
        Sample("Dismiss", dismiss),
        Sample("SelectTab", selectTab),
        Sample("Resize", resize),
        Sample("SetScreenOptions", setScreenOptions),
        Sample("DeleteStack", deleteStack),
        Sample("Command", command),
        Sample("Command.push", commandPush),
        Sample("Command.pop", commandPop),
        Sample("Command.pop_to_root", commandPopToRoot),
        Sample("Command.present", commandPresent),
        Sample("Command.dismiss", commandDismiss),
        Sample("Command.select_tab", commandSelectTab),
        Sample("Command.resize", commandResize),
        Sample("Command.set_screen_options", commandSetScreenOptions),
        Sample("Command.delete", commandDelete),
        Sample("Input", input),
        Sample("Input.command", inputCommand),
        Sample("Input.probe", inputProbe),
        Sample("StackCreated", stackCreated),
        Sample("TransitionBegan", transitionBegan),
        Sample("TransitionProgressed", transitionProgressed),
        Sample("TransitionFinished", transitionFinished),
        Sample("TransitionCancelled", transitionCancelled),
        Sample("TransitionCompleted", transitionCompleted),
        Sample("TransitionInterrupted", transitionInterrupted),
        Sample("CommandQueued", commandQueued),
        Sample("CommandDropped", commandDropped),
        Sample("StackResized", stackResized),
        Sample("ScreenOptionsSet", screenOptionsSet),
        Sample("StackDeleted", stackDeleted),
        Sample("Event", event),
        Sample("Event.began", eventBegan),
        Sample("Event.progressed", eventProgressed),
        Sample("Event.finished", eventFinished),
        Sample("Event.cancelled", eventCancelled),
        Sample("Event.completed", eventCompleted),
        Sample("Event.interrupted", eventInterrupted),
        Sample("Event.resized", eventResized),
        Sample("Event.screen_options_set", eventScreenOptionsSet),
        Sample("Event.deleted", eventDeleted),
        Sample("Event.queued", eventQueued),
        Sample("Event.dropped", eventDropped),
        Sample("ViewFrame", viewFrame),
        Sample("EdgeShadow", edgeShadow),
        Sample("GradientStop", gradientStop),
        Sample("Frame", frame),
        Sample("Error", errorDetail),
        Sample("Rejection", rejection),
        Sample("GetStack", getStack),
        Sample("ReadEvents", readEvents),
        Sample("ListStacks", listStacks),
        Sample("GetStats", getStats),
        Sample("PublishProbe", publishProbe),
        Sample("Request", request),
        Sample("Request.get_stack", requestGetStack),
        Sample("Request.read_events", requestReadEvents),
        Sample("Request.list_stacks", requestListStacks),
        Sample("Request.get_stats", requestGetStats),
        Sample("Request.publish_probe", requestPublishProbe),
        Sample("CommandResult", commandResult),
        Sample("QueuedCommand", queuedCommand),
        Sample("TransitionState", transitionState),
        Sample("StackState", stackState),
        Sample("EventBatch", eventBatch),
        Sample("StackList", stackList),
        Sample("Stats", stats),
        Sample("Reply", reply),
        Sample("Reply.stack", replyStack),
        Sample("Reply.events", replyEvents),
        Sample("Reply.stacks", replyStacks),
        Sample("Reply.stats", replyStats),
        Sample("Snapshot", snapshot),
        Sample("StreamCursor", streamCursor),
        Sample("StackSnapshot", stackSnapshot),
        Sample("TransitionSnapshot", transitionSnapshot),
        Sample("TransitionSnapshot.tracking", transitionSnapshotTracking),
        Sample("TransitionSnapshot.settling", transitionSnapshotSettling),
        Sample("AnimatingSnapshot", animatingSnapshot),
        Sample("TrackingSnapshot", trackingSnapshot),
        Sample("ProgressSpringState", progressSpringState),
        Sample("SettlingSnapshot", settlingSnapshot),
        Sample("SettlingSnapshot.spring", settlingSnapshotSpring),
        Sample("SettlingSnapshot.timeline", settlingSnapshotTimeline),
        Sample("SettlingSnapshot.resting_spring", settlingSnapshotRestingSpring),
        Sample("SettlingSnapshot.accelerate_decelerate", settlingSnapshotAccelerateDecelerate),
        Sample("SettlingSnapshot.progress_spring", settlingSnapshotProgressSpring),
        Sample("CosineCurve", cosineCurve),
        Sample("ProgressSpringCurve", progressSpringCurve),
        Sample("BezierCurve", bezierCurve),
        Sample("SpringCurve", springCurve),
        Sample("TimelineCurve", timelineCurve),
        Sample("RestingSpringCurve", restingSpringCurve),
        Sample("ShardLease", shardLease),
        Sample("SignedRecord", signedRecord),
        Sample("ShardBatchPart", shardBatchPart),
        Sample("ShardMarker", shardMarker),
    ]
}
