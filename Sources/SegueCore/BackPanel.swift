import SegueWire

/// The back arrow that decides whether an Android back swipe goes back (SystemUI's `BackPanelController`): a state
/// machine over the finger's moves that turns `triggerBack` on once the finger is far enough from where it touched
/// down and has stayed there long enough, off when it turns back toward the edge or strays vertically, and at the
/// release turns a fling away from the edge into a back.
///
/// Times are the producer's, in whole milliseconds (Android's uptime clock); distances in points (1 dp = 1 pt).
public struct BackPanel: Sendable, Hashable {
    /// The constants of `BackPanelController` and `EdgePanelParams`.
    public struct Parameters: Sendable, Hashable {
        /// `ViewConfiguration` EDGE_SLOP: the drag before the arrow appears.
        public var dragSlop: Double
        /// `navigation_edge_action_drag_threshold`.
        public var staticTriggerThreshold: Double
        /// `navigation_edge_action_reactivation_drag_threshold`.
        public var reactivationThreshold: Double
        /// `navigation_edge_action_deactivation_drag_threshold` (the arrow deactivates after this much travel back).
        public var deactivationThreshold: Double
        /// `ViewConfiguration` TOUCH_SLOP: the floor of the inactive travel; three of it are a fling's least distance.
        public var touchSlop: Double
        /// `ViewConfiguration` MINIMUM_FLING_VELOCITY, points per second.
        public var minimumFlingVelocity: Double
        /// The arrow's speed bounds for the activation delay are in device pixels per millisecond: this density
        /// converts points.
        public var density: Double
    }

    public enum State: Sendable, Hashable {
        case gone
        case entry
        case active
        case inactive
    }

    // BackPanelController's durations, in milliseconds.
    static let minDurationActiveBeforeInactive: Int64 = 300
    static let minDurationInactiveBeforeActive: Int64 = 160
    static let minDurationEntryBeforeActive = 10.0
    static let maxDurationEntryBeforeActive = 100.0
    static let minDurationEntryToActiveConsideredAsFling: Int64 = 100

    let parameters: Parameters
    let edge: SwipeEdge
    /// The touch-down point.
    let startX: Double
    let startY: Double
    public private(set) var state = State.gone
    private var previousState = State.gone
    /// Why the arrow last went inactive: the finger returned toward the edge (else it strayed vertically).
    private var inactiveByReturn = true
    private var previousXTranslation = 0.0
    private var totalTouchDeltaActive = 0.0
    private var totalTouchDeltaInactive = 0.0
    /// Where the current run of moves in one direction began (a fling is measured from it).
    private var touchDeltaStartX = 0.0
    private var entryTimeMs: Int64 = 0
    /// When the condition to activate first held (nil: it does not hold), and the delay it needs then.
    private var pastThresholdTimeMs: Int64?
    private var activationDelayMs = 0.0

    /// ACTION_DOWN at (`startX`, `startY`).
    public init(parameters: Parameters, edge: SwipeEdge, startX: Double, startY: Double) {
        self.parameters = parameters
        self.edge = edge
        self.startX = startX
        self.startY = startY
        touchDeltaStartX = startX
    }

    /// Whether the release would go back (`setTriggerBack` as the states set it).
    public var triggerBack: Bool { state == .active }

    /// Distance from the touch-down point away from the edge (0 toward it).
    private func xTranslation(_ x: Double) -> Double {
        max(0, edge == .swipeEdgeRight ? startX - x : x - startX)
    }

    /// ACTION_MOVE at (`x`, `y`) at `timeMs`, the finger moving at `velocityX` points per second.
    public mutating func move(x: Double, y: Double, timeMs: Int64, velocityX: Double) {
        if state == .gone {
            guard abs(x - startX) > parameters.dragSlop else { return }
            enter(.entry, at: timeMs)
        }
        let xTranslation = xTranslation(x)
        let yTranslation = abs(y - startY)
        let xDelta = xTranslation - previousXTranslation
        previousXTranslation = xTranslation
        if xDelta != 0 {
            // A run continues while the moves keep their direction (the source's range test never matches).
            if xDelta.sign == totalTouchDeltaActive.sign && totalTouchDeltaActive != 0 {
                totalTouchDeltaActive += xDelta
            } else {
                totalTouchDeltaActive = xDelta
                touchDeltaStartX = x
            }
            totalTouchDeltaInactive = max(totalTouchDeltaInactive + xDelta, -parameters.touchSlop)
        }
        let withinY = xTranslation * 2 >= yTranslation
        let pastStatic = xTranslation > parameters.staticTriggerThreshold
        switch state {
        case .entry:
            if pastThresholdToActive(pastStatic, at: timeMs, delayMs: entryActivationDelayMs(velocityX)) {
                enter(.active, at: timeMs)
            }
        case .inactive:
            let reactivates = pastStatic && totalTouchDeltaInactive >= parameters.reactivationThreshold && withinY
            if pastThresholdToActive(
                reactivates, at: timeMs, delayMs: Double(Self.minDurationInactiveBeforeActive))
            {
                enter(.active, at: timeMs)
            }
        case .active:
            let returned = totalTouchDeltaActive <= -parameters.deactivationThreshold
            if (!withinY || returned) && timeMs - entryTimeMs > Self.minDurationActiveBeforeInactive {
                inactiveByReturn = returned
                enter(.inactive, at: timeMs)
            }
        case .gone:
            break
        }
    }

    /// `isPastThresholdToActive`: the condition must still hold on a move more than the delay after it first held.
    private mutating func pastThresholdToActive(_ condition: Bool, at timeMs: Int64, delayMs: Double) -> Bool {
        guard condition else {
            pastThresholdTimeMs = nil
            return false
        }
        guard let since = pastThresholdTimeMs else {
            pastThresholdTimeMs = timeMs
            activationDelayMs = delayMs
            return false
        }
        return Double(timeMs - since) > activationDelayMs
    }

    /// 10 ms for a finger faster than 1 px/ms, 100 ms below 0.5 px/ms, smoothly between.
    private func entryActivationDelayMs(_ velocityX: Double) -> Double {
        let pixelsPerMs = abs(velocityX) * parameters.density / 1000
        let e = min(max((pixelsPerMs - 0.5) / (1 - 0.5), 0), 1)
        let factor = e * e * (3 - 2 * e)
        return Self.minDurationEntryBeforeActive
            + (Self.maxDurationEntryBeforeActive - Self.minDurationEntryBeforeActive) * (1 - factor)
    }

    private mutating func enter(_ next: State, at timeMs: Int64) {
        guard next != state else { return }
        previousState = state
        state = next
        switch next {
        case .entry:
            entryTimeMs = timeMs
        case .inactive:
            totalTouchDeltaInactive = -parameters.deactivationThreshold
        default:
            break
        }
    }

    /// ACTION_UP at `x` at `timeMs`: whether the release goes back, and why.
    public func release(x: Double, timeMs: Int64, velocityX: Double) -> (finish: Bool, reason: Reason) {
        let flingDistance = edge == .swipeEdgeRight ? touchDeltaStartX - x : x - touchDeltaStartX
        let awayFromEdge = edge == .swipeEdgeRight ? -velocityX : velocityX
        let flung = flingDistance > 3 * parameters.touchSlop && awayFromEdge > parameters.minimumFlingVelocity
        switch state {
        case .entry:
            if flung { return (true, .flungForward) }
            if previousXTranslation > parameters.staticTriggerThreshold { return (true, .passedThreshold) }
            return (false, .belowThreshold)
        case .inactive:
            if flung { return (true, .flungForward) }
            return (false, inactiveByReturn ? .returnedToEdge : .movedVertically)
        case .active:
            // An activation within 100 ms of the arrow appearing is taken as a fling.
            if previousState == .entry && timeMs - entryTimeMs < Self.minDurationEntryToActiveConsideredAsFling {
                return (true, .flungForward)
            }
            return (true, .passedThreshold)
        case .gone:
            return (false, .belowThreshold)
        }
    }
}
