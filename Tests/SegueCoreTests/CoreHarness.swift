import SegueWire

@testable import SegueCore

/// An `EngineCore` driven by a manual clock, the way the engine loop drives it: before every input the clock
/// runs to the input's time, and `advance(ms:)` steps through each deadline so that frames and completions land
/// at their scheduled times. Every outcome is collected.
struct CoreHarness {
    /// Engine time at the start: an epoch-like value, so nothing relies on time starting at 0.
    static let startUs: Int64 = 1_700_000_000_000_000

    var core: EngineCore
    /// The engine clock (microseconds).
    var now: Int64 = startUs
    /// The producers' monotonic clock, advanced with the engine clock.
    var producerUs: Int64 = 5_000_000
    var events: [Event] = []
    var frames: [Frame] = []
    var rejections: [Rejection] = []
    /// The outcome of the latest input or clock step.
    var last = Outcome()
    var nextGestureId: UInt64 = 1

    init(limits: Limits = Limits()) {
        core = EngineCore(limits: limits)
    }

    /// Counts of what has been collected so far, to look at what came after.
    struct Mark {
        var events: Int
        var frames: Int
        var rejections: Int
    }

    func mark() -> Mark { Mark(events: events.count, frames: frames.count, rejections: rejections.count) }
    func events(since mark: Mark) -> [Event] { Array(events[mark.events...]) }
    func frames(since mark: Mark) -> [Frame] { Array(frames[mark.frames...]) }
    func rejections(since mark: Mark) -> [Rejection] { Array(rejections[mark.rejections...]) }

    private mutating func collect(_ outcome: Outcome) {
        events += outcome.events
        frames += outcome.frames
        rejections += outcome.rejections
    }

    /// Runs the clock to `now` (deadlines in order), then lets `body` decide one input at `now`.
    private mutating func step<T>(_ body: (inout EngineCore, Int64, inout Outcome) -> T) -> T {
        runClock(to: now)
        var outcome = Outcome()
        let result = body(&core, now, &outcome)
        collect(outcome)
        last = outcome
        return result
    }

    // MARK: clock

    /// Steps through every deadline up to `target`, then to `target` itself.
    mutating func runClock(to target: Int64) {
        var outcome = Outcome()
        core.runClock(to: target, into: &outcome)
        collect(outcome)
    }

    /// Moves both clocks forward and runs the engine clock.
    mutating func advance(us: Int64) {
        let mark = mark()
        now += us
        producerUs += us
        runClock(to: now)
        last = Outcome()
        last.events = events(since: mark)
        last.frames = frames(since: mark)
        last.rejections = rejections(since: mark)
    }

    mutating func advance(ms: Int64) { advance(us: ms * 1000) }

    /// Runs the clock until nothing is moving (no settle, no tracking gesture left to time out).
    mutating func runUntilIdle() {
        var guardCount = 0
        while let deadline = core.nextDeadline(), guardCount < 100_000 {
            let delta = max(deadline - now, 0)
            advance(us: delta)
            guardCount += 1
        }
    }

    /// Restarts the engine from `log` (a log a stopped engine left, torn anywhere): restored, and what it left in
    /// flight ended as segued does on start, at this harness's time.
    mutating func restart(from log: [Event]) throws {
        core = try RestoreTests.restored(log)
        events = log
        step { core, now, outcome in core.endTransitionsInFlight(now: now, into: &outcome) }
    }

    // MARK: commands

    @discardableResult
    mutating func command(
        _ op: Command.Op, stack: String = "main", requestId: String = "",
        expectedVersion: UInt64? = nil, enclosingId: String = ""
    ) -> CommandOutcome {
        let command = Command(stackId: stack, requestId: requestId, expectedVersion: expectedVersion, op: op)
        return step { core, now, outcome in core.apply(command, requestId: enclosingId, now: now, into: &outcome) }
    }

    static func config(
        width: Double = 400, height: Double = 800, profile: String = "classic",
        rightToLeft: Bool = false, fps: UInt32 = 0, tuning: Tuning? = nil
    ) -> StackConfig {
        StackConfig(
            size: Size(width: width, height: height), profile: profile, rightToLeft: rightToLeft, fps: fps,
            tuning: tuning)
    }

    /// Creates a stack. By default one of profile revision 0, as an engine before revisions logged it (its
    /// `stack_created` is folded in as if read from such a log): the suites of the engine's mechanics use revision
    /// 0's `classic` (the finger moves the screen; settle = remaining x 300 ms, ease-in-out), and so check that
    /// those stacks keep working. `revision: newest` (or any other) creates the stack with the CreateStack command, as
    /// does anything the engine would refuse.
    @discardableResult
    mutating func create(
        _ stack: String = "main", screens: [String] = ["Home", "Detail"], tabs: [String] = [],
        selectedTab: UInt32 = 0, width: Double = 400, height: Double = 800,
        profile: String = "classic", revision: UInt32 = 0, rightToLeft: Bool = false,
        fps: UInt32 = 0, tuning: Tuning? = nil, safeArea: Insets? = nil,
        requestId: String = ""
    ) -> CommandOutcome {
        var config = Self.config(
            width: width, height: height, profile: profile, rightToLeft: rightToLeft, fps: fps,
            tuning: tuning)
        config.safeArea = safeArea
        config.profileRevision = revision
        // A stack that exists, or a config the engine refuses, goes through the command to get its refusal.
        guard revision == 0, core.stacks[stack] == nil, (try? Validation.checkedConfig(config)) != nil else {
            return command(
                .create(
                    CreateStack(
                        screens: screens, tabs: tabs, selectedTab: selectedTab,
                        config: config)),
                stack: stack, requestId: requestId)
        }
        runClock(to: now)
        if config.fps == 0 { config.fps = StackConfig.defaultFps }
        let created = Event(
            position: core.headPosition + 1, stackId: stack, version: 1, timeUs: now,
            requestId: requestId,
            body: .stackCreated(
                StackCreated(
                    screens: screens, tabs: tabs, selectedTab: selectedTab,
                    config: config)))
        do {
            try core.restore(created)
        } catch {
            preconditionFailure("a revision-0 stack_created did not fold: \(error)")
        }
        events.append(created)
        return .applied(CommandResult(firstPosition: created.position, lastPosition: created.position, version: 1))
    }

    /// The revision new stacks get.
    static let newest = ProfileCatalog.newestRevision

    @discardableResult
    mutating func push(
        _ screen: String, stack: String = "main", immediate: Bool = false, requestId: String = "",
        options: ScreenOptions? = nil
    ) -> CommandOutcome {
        command(
            .push(Push(screen: screen, immediate: immediate, options: options)), stack: stack,
            requestId: requestId)
    }

    @discardableResult
    mutating func pop(stack: String = "main", immediate: Bool = false, requestId: String = "") -> CommandOutcome {
        command(.pop(Pop(immediate: immediate)), stack: stack, requestId: requestId)
    }

    @discardableResult
    mutating func present(
        _ screen: String, stack: String = "main", immediate: Bool = false,
        requestId: String = ""
    ) -> CommandOutcome {
        command(.present(Present(screen: screen, immediate: immediate)), stack: stack, requestId: requestId)
    }

    @discardableResult
    mutating func dismiss(stack: String = "main", immediate: Bool = false, requestId: String = "") -> CommandOutcome {
        command(.dismiss(Dismiss(immediate: immediate)), stack: stack, requestId: requestId)
    }

    // MARK: gestures

    /// Applies a pan event as it is, at the current engine time.
    mutating func apply(_ pan: PanEvent) {
        step { core, now, outcome in core.apply(pan, now: now, into: &outcome) }
    }

    /// Applies a command as it is, at the current engine time, inside a control request `enclosingId`.
    @discardableResult
    mutating func apply(_ command: Command, enclosingId: String = "") -> CommandOutcome {
        step { core, now, outcome in core.apply(command, requestId: enclosingId, now: now, into: &outcome) }
    }

    /// Sends one pan event at the current engine time.
    mutating func pan(
        _ phase: PanPhase, gesture: UInt64, stack: String = "main", translation: Vec2? = nil,
        location: Vec2? = nil, velocity: Vec2? = nil, timestampUs: Int64? = nil,
        target: PanTarget = .panTargetBack
    ) {
        let event = PanEvent(
            stackId: stack, gestureId: gesture, phase: phase, location: location,
            translation: translation, velocity: velocity, timestampUs: timestampUs ?? producerUs,
            target: target)
        step { core, now, outcome in core.apply(event, now: now, into: &outcome) }
    }

    /// A new gesture id.
    mutating func newGesture() -> UInt64 {
        defer { nextGestureId += 1 }
        return nextGestureId
    }

    /// BEGAN at translation 0 from `start`, heading the way of `velocity` (or of `translation` when nil).
    @discardableResult
    mutating func began(
        stack: String = "main", start: Vec2 = Vec2(x: 10, y: 400), heading: Vec2? = nil,
        target: PanTarget = .panTargetBack
    ) -> UInt64 {
        let gesture = newGesture()
        pan(
            .panBegan, gesture: gesture, stack: stack, translation: Vec2(), location: start,
            velocity: heading ?? Vec2(x: 300, y: 0), target: target)
        return gesture
    }

    /// One CHANGED `stepMs` after the previous input, at translation (x, y).
    mutating func changed(
        _ gesture: UInt64, stack: String = "main", x: Double, y: Double = 0,
        velocity: Vec2? = nil, start: Vec2 = Vec2(x: 10, y: 400), stepMs: Int64 = 16,
        target: PanTarget = .panTargetBack
    ) {
        advance(ms: stepMs)
        pan(
            .panChanged, gesture: gesture, stack: stack, translation: Vec2(x: x, y: y),
            location: Vec2(x: start.x + x, y: start.y + y), velocity: velocity, target: target)
    }

    /// A whole gesture: BEGAN at 0, `steps` CHANGED evenly up to `translation` (x), then ENDED there with
    /// `velocity` (nil: absent, estimated) or CANCELLED. Returns the gesture id.
    @discardableResult
    mutating func swipe(
        stack: String = "main", to translation: Double, velocity: Double? = 0, steps: Int = 4,
        stepMs: Int64 = 16, start: Vec2 = Vec2(x: 10, y: 400), heading: Vec2? = nil,
        end: PanPhase = .panEnded, target: PanTarget = .panTargetBack
    ) -> UInt64 {
        let direction: Double = translation < 0 ? -1 : 1
        let gesture = began(
            stack: stack, start: start, heading: heading ?? Vec2(x: 300 * direction, y: 0),
            target: target)
        let v = velocity.map { Vec2(x: $0, y: 0) }
        for i in 1...max(steps, 1) {
            changed(
                gesture, stack: stack, x: translation * Double(i) / Double(max(steps, 1)), velocity: v,
                start: start, stepMs: stepMs, target: target)
        }
        advance(ms: stepMs)
        pan(
            end, gesture: gesture, stack: stack, translation: Vec2(x: translation, y: 0),
            location: Vec2(x: start.x + translation, y: start.y), velocity: v, target: target)
        return gesture
    }

    // MARK: accessors

    var began: [TransitionBegan] { events.compactMap(\.began) }
    var progressed: [TransitionProgressed] { events.compactMap(\.progressed) }
    var finished: [TransitionFinished] { events.compactMap(\.finished) }
    var cancelled: [TransitionCancelled] { events.compactMap(\.cancelled) }
    var completed: [TransitionCompleted] { events.compactMap(\.completed) }
    var interrupted: [TransitionInterrupted] { events.compactMap(\.interrupted) }

    /// The frames of one transition of a stack, in publication order.
    func frames(transition: UInt64, stack: String = "main") -> [Frame] {
        frames.filter { $0.stackId == stack && $0.transitionId == transition }
    }

    /// The first event of a kind, with its envelope.
    func firstEvent(where predicate: (Event) -> Bool) -> Event? { events.first(where: predicate) }

    func stack(_ id: String = "main") -> StackModel? { core.stacks[id] }
}

extension Event {
    var began: TransitionBegan? {
        if case .began(let value) = body { return value }
        return nil
    }
    var progressed: TransitionProgressed? {
        if case .progressed(let value) = body { return value }
        return nil
    }
    var finished: TransitionFinished? {
        if case .finished(let value) = body { return value }
        return nil
    }
    var cancelled: TransitionCancelled? {
        if case .cancelled(let value) = body { return value }
        return nil
    }
    var completed: TransitionCompleted? {
        if case .completed(let value) = body { return value }
        return nil
    }
    var interrupted: TransitionInterrupted? {
        if case .interrupted(let value) = body { return value }
        return nil
    }
    var dropped: CommandDropped? {
        if case .dropped(let value) = body { return value }
        return nil
    }
    var isStackCreated: Bool {
        if case .stackCreated = body { return true }
        return false
    }

    /// The transition this event belongs to, if any.
    var transitionId: UInt64? {
        switch body {
        case .began(let value): return value.transitionId
        case .progressed(let value): return value.transitionId
        case .finished(let value): return value.transitionId
        case .cancelled(let value): return value.transitionId
        case .completed(let value): return value.transitionId
        case .interrupted(let value): return value.transitionId
        default: return nil
        }
    }

    /// settle_us of a finished or cancelled event.
    var settleUs: Int64? { finished?.settleUs ?? cancelled?.settleUs }
}

extension CommandOutcome {
    var error: ErrorDetail? {
        if case .refused(let error) = self { return error }
        return nil
    }
    var result: CommandResult? {
        if case .applied(let result) = self { return result }
        return nil
    }
}

extension Frame {
    var fromX: Double { from?.rect?.x ?? .nan }
    var toX: Double { to?.rect?.x ?? .nan }
}

extension Frame {
    var fromY: Double { from?.rect?.y ?? .nan }
    var toY: Double { to?.rect?.y ?? .nan }
}

/// CSS ease-in-out solved by plain bisection: an independent reference for `CubicBezier.easeInOut`.
func referenceEaseInOut(_ t: Double) -> Double {
    referenceCubic(t, 0.42, 0, 0.58, 1)
}

/// cubic-bezier(x1, y1, x2, y2) at time `t`, solved by plain bisection: an independent reference for `CubicBezier`.
func referenceCubic(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * c1 + 3 * (1 - s) * s * s * c2 + s * s * s
    }
    if t <= 0 { return 0 }
    if t >= 1 { return 1 }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if bezier(mid, x1, x2) < t { low = mid } else { high = mid }
    }
    return bezier((low + high) / 2, y1, y2)
}

/// Whether two doubles agree to `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}
