import SegueWire

/// One stack's state: a fold of its events, so the log alone rebuilds it.
public struct StackModel: Sendable, Hashable {
    public var id: String
    public var version: UInt64
    /// Navigation stack, root first (empty for a tab stack).
    public var screens: [String]
    /// Modal screens over the stack, bottom first.
    public var presented: [String]
    /// Indices into `presented` of the screens pushed as pages over a presentation, ascending.
    public var presentedPages: [UInt32] = []
    public var tabs: [String]
    public var selectedTab: UInt32
    /// The config and the profile it resolves to.
    var settings: StackSettings
    public var screenOptions: [String: ScreenOptions]
    public var transition: TransitionModel?
    /// Id of the newest transition; the next one gets this + 1.
    public var lastTransitionId: UInt64
    /// Log position of this stack's newest event.
    public var lastPosition: UInt64 = 0
    /// Commands waiting for the running transition (`queued` events), first to run first.
    public var queued: [QueuedCommand] = []

    /// The stack a StackCreated event describes.
    init(id: String, created: StackCreated) {
        self.id = id
        version = 0
        screens = created.screens
        presented = []
        tabs = created.tabs
        selectedTab = created.selectedTab
        settings = StackSettings(config: created.config ?? StackConfig())
        screenOptions = [:]
        transition = nil
        lastTransitionId = 0
    }

    /// The config as created, with defaults filled in (profile name, fps, tuning).
    public var config: StackConfig { settings.config }
    /// The profile with the stack's tuning applied.
    public var profile: Profile {
        // Borrowed, not copied: the engine reads a field or two of it for every pan event.
        _read { yield settings.profile }
    }
    public var isTabStack: Bool { !tabs.isEmpty }
    /// Whether the top screen is a page pushed over a presentation: a pop, not a dismiss, removes it.
    public var topIsPresentedPage: Bool {
        !presented.isEmpty && presentedPages.last == UInt32(presented.count - 1)
    }
    public var width: Double { settings.config.size?.width ?? 0 }
    public var height: Double { settings.config.size?.height ?? 0 }
    /// Settle frames per second.
    public var fps: UInt32 { settings.config.effectiveFps }

    /// The screen on top: the top presented one, else the selected tab or the top of the navigation stack.
    public var topScreen: String {
        if let top = presented.last { return top }
        if isTabStack { return tabs[Int(selectedTab)] }
        return screens.last ?? ""
    }

    /// Options of a screen (defaults when none were set).
    public func options(of screen: String) -> ScreenOptions {
        screenOptions[screen] ?? ScreenOptions()
    }

    /// Evolves the state by one of this stack's events (already validated by whoever appended it).
    /// - Parameter countingFrames: count the TRACKING frame a `progressed` implies (a restore from the log; the live
    ///   engine counts the frames it draws as it draws them).
    mutating func apply(_ event: Event, countingFrames: Bool = false) {
        version = event.version
        lastPosition = event.position
        switch event.body {
        case .stackCreated, .deleted, .none:
            break
        case .began(let began):
            lastTransitionId = began.transitionId
            // A transition begins from the queue only when the one ahead of it completed: it runs the first
            // command. Any other began finds the queue empty (a log older than dropped events let it hold one).
            if began.queuedPosition != nil && !queued.isEmpty { queued.removeFirst() } else { queued.removeAll() }
            let towardHigherIndex = began.operation == .selectTab && tabIndex(of: began.toScreen) > Int(selectedTab)
            // Swiping toward the leading edge (against "back") brings the next tab.
            let gestureSign: Double = began.operation == .selectTab && towardHigherIndex ? -1 : 1
            transition = TransitionModel(
                id: began.transitionId, operation: began.operation, fromScreen: began.fromScreen,
                toScreen: began.toScreen, interactive: began.interactive, gestureId: began.gestureId,
                requestId: event.requestId, gestureSign: gestureSign,
                towardHigherIndex: towardHigherIndex,
                phase: began.interactive
                    ? .tracking(
                        .init(
                            caughtFraction: 0, fraction: 0, progress: 0, translation: 0,
                            lastSampleUs: event.timeUs))
                    : .animating,
                frameSequence: 0
            )
            transition?.swipeEdge = began.swipeEdge
            transition?.startTranslationY = began.startTranslation?.y ?? 0
            if began.interactive, profile.predictiveBack != nil, case .tracking(var tracking)? = transition?.phase {
                // onBackStarted resets the spring, and a frame follows the gesture's first sample.
                var spring = BackProgressSpring()
                spring.reset()
                spring.frame(atMs: BackProgressSpring.milliseconds(event.producerTimeUs ?? event.timeUs))
                tracking.spring = spring
                transition?.phase = .tracking(tracking)
            }
        case .progressed(let progressed):
            // Changed where it lives: a copy of the transition out and back cost two for every pan.
            guard let edgeSign = transition?.edgeSign else { return }
            let towardBack = towardBack(progressed.translation, edgeSign: edgeSign)
            let width = self.width
            transition?.track(
                progressed, towardBack: towardBack, width: width,
                timeUs: event.timeUs, producerTimeUs: event.producerTimeUs ?? event.timeUs,
                countingFrame: countingFrames)
        case .finished(let finished) where finished.reason == .takenOverByCommand:
            // A command took the swipe over: it decided how the transition ends (its `completed` carries the
            // command's id), and the rest runs along the command's curve. A spring back it turned counts its
            // frames due so far, drawn or not, as at a reversal.
            skipSettleFrames(through: event.timeUs)
            transition?.requestId = event.requestId
            startSettle(
                at: event.timeUs, finishing: true, velocity: 0, durationUs: finished.settleUs,
                settle: .fixed(ms: 0, curve: profile.takeOver.curve))
        case .finished(let finished):
            startSettle(at: event.timeUs, finishing: true, velocity: finished.velocity, durationUs: finished.settleUs)
        case .cancelled(let cancelled):
            // A command that reverses a settle: its frames due so far are the sequence's, drawn or not (as at a
            // catch).
            skipSettleFrames(through: event.timeUs)
            // From a reversal on, the transition ends as the reversing command decided: its `completed` carries
            // that command's request id, so every event of a command's result carries the command's id.
            if cancelled.reason == .reversedByCommand || cancelled.reason == .cancelledByCommand {
                transition?.requestId = event.requestId
            }
            startSettle(
                at: event.timeUs, finishing: false, velocity: cancelled.velocity,
                durationUs: cancelled.settleUs)
        case .interrupted(let interrupted):
            // The settle frames due before the catch belong to the transition's sequence whether they were drawn
            // (the live engine) or not (a restore from the log): count the ones not drawn.
            skipSettleFrames(through: event.timeUs)
            guard var current = transition else { return }
            current.gestureId = interrupted.gestureId
            current.interactive = true
            current.caught = true
            // The finger now drives whatever was settling: a swipe toward back undoes an arriving screen (push,
            // present, a tab from the right) and advances a leaving one.
            if current.operation == .selectTab {
                current.gestureSign = current.towardHigherIndex ? -1 : 1
            } else {
                current.gestureSign = current.isBackward ? 1 : -1
            }
            // Until the finger moves, a release decides from where the screen was caught, not from 0.
            let caughtProgress = Self.clampUnit(interrupted.progress * width / profile.progressDistance(width: width))
            current.phase = .tracking(
                .init(
                    caughtFraction: interrupted.progress, fraction: interrupted.progress, progress: caughtProgress,
                    translation: 0, lastSampleUs: event.timeUs))
            transition = current
        case .completed(let completed):
            screens = completed.screens
            presented = completed.presented
            presentedPages = completed.presentedPages
            selectedTab = completed.selectedTab
            transition = nil
        case .resized(let resized):
            var resizedConfig = config
            resizedConfig.size = resized.size
            settings = StackSettings(config: resizedConfig)
        case .screenOptionsSet(let set):
            screenOptions[set.screen] = set.options ?? ScreenOptions()
        case .queued(let queued):
            self.queued.append(
                QueuedCommand(
                    position: event.position, requestId: event.requestId, command: queued.command,
                    gestureId: queued.gestureId))
        case .dropped:
            if !queued.isEmpty { queued.removeFirst() }
        }
    }

    /// Points from the leading edge where a back swipe may begin (0 = anywhere): the profile's, widened to the safe
    /// area's leading inset where the profile says so.
    var edgeWidth: Double {
        // An edge of 0 is "anywhere", which no inset narrows.
        guard profile.edgeCoversSafeArea, profile.edgeWidth > 0, let insets = config.safeArea else {
            return profile.edgeWidth
        }
        return max(profile.edgeWidth, config.rightToLeft ? insets.right : insets.left)
    }

    /// Whether the profile's handler would return before using a sample at `translation` (a negative percent).
    func ignoresSample(at translation: Vec2?) -> Bool {
        profile.awayFromBack == .ignored && towardBack(translation) < 0
    }

    /// A pan sample of the transition's gesture in the units of UIKit's statistics.
    func uikitSample(timestampUs: Int64, translation: Vec2?, velocity: Vec2?) -> UIKitPopStatistics.Sample {
        let sign = transition?.gestureSign ?? 1
        return UIKitPopStatistics.Sample(
            time: Double(timestampUs) / 1_000_000,
            displacement: max(sign * towardBack(translation), 0) / width,
            velocity: sign * towardBack(velocity) / width)
    }

    /// Translation toward "back" in points: x for left-to-right, -x for right-to-left.
    func towardBack(_ translation: Vec2?) -> Double {
        let x = translation?.x ?? 0
        return settings.config.rightToLeft ? -x : x
    }

    /// Translation toward "back" of `transition`'s gesture: away from the edge it began at where the profile takes
    /// either one (`TransitionModel.edgeSign`), else as the stack's direction says.
    func towardBack(_ translation: Vec2?, of transition: TransitionModel) -> Double {
        towardBack(translation, edgeSign: transition.edgeSign)
    }

    func towardBack(_ translation: Vec2?, edgeSign: Double) -> Double {
        edgeSign == 0 ? towardBack(translation) : edgeSign * (translation?.x ?? 0)
    }

    func tabIndex(of tab: String) -> Int {
        tabs.firstIndex(of: tab) ?? 0
    }

    static func clampUnit(_ value: Double) -> Double {
        min(max(value, 0), 1)
    }

    /// - Parameter settle: the settle's kind, when not the profile's for the transition (its curve only: the
    ///   duration is the logged one).
    private mutating func startSettle(
        at timeUs: Int64, finishing: Bool, velocity: Double, durationUs: Int64, settle: Profile.Settle? = nil
    ) {
        guard var current = transition else { return }
        let from = current.fraction(at: timeUs)
        let target: Double = finishing ? 1 : 0
        let settle = settle ?? profile.settle(for: current)
        current.phase = .settling(
            .init(
                startUs: timeUs, durationUs: durationUs, fromFraction: from, targetFraction: target,
                curve: profile.curve(
                    of: settle, transition: current, from: from, target: target, velocity: velocity, width: width,
                    startUs: timeUs, fps: fps),
                framesPublished: 0))
        transition = current
    }
}
