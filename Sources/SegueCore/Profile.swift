import SegueWire

/// The rules and constants that reproduce one reference behaviour of the back swipe and its settle.
///
/// A profile is chosen per stack by name and revision (`ProfileCatalog`); `Tuning` overrides some constants (see
/// `tuned(_:)`). Every value of the named profiles is cited in `ProfileCatalog` and docs/semantics.md.
public struct Profile: Sendable, Hashable {
    /// What a BEGAN must show, besides the edge and exclusion checks, for the swipe to start.
    public enum BeganRule: Sendable, Hashable {
        /// Anything starts it.
        case any
        /// The direction (velocity, else translation) points back, and more horizontally than vertically.
        case pointsBack
        /// The horizontal velocity (else translation) is not zero.
        case movesHorizontally
    }

    /// What a sample whose translation points away from back (a negative percent) does.
    public enum AwayFromBack: Sendable, Hashable {
        /// It counts as no travel: progress is clamped at 0.
        case clamped
        /// The handler returns before using it: a BEGAN does not start, a CHANGED moves nothing, a release decides
        /// nothing.
        case ignored
    }

    /// Which sample a release is decided from.
    public enum DecisionSample: Sendable, Hashable {
        /// The ENDED (or CANCELLED) sample itself.
        case release
        /// The progress of the last CHANGED, as it left the screens.
        case lastChanged
    }

    /// How a release decides between finishing and cancelling.
    public enum FinishRule: Sendable, Hashable {
        /// Finish when the decision progress passes the threshold; velocity is ignored.
        case position
        /// Finish when the progress projected by the deceleration coefficient passes the threshold:
        /// p + coefficient * v / D > threshold.
        case projection(coefficient: Double)
        /// Finish when (p > threshold and v > 0) or v > the fling velocity.
        case thresholdOrFling
        /// A release at least as fast as the fling velocity (either way) is decided by its direction;
        /// a slower one by position.
        case flingDecides
        /// UIKit's interactive pop (`UIKitPopStatistics`): the progress projected over the transition's duration by
        /// the averaged velocity and acceleration passes the threshold; with fewer than three samples, any motion
        /// toward back finishes.
        case uikitPop(durationMs: Double)
    }

    /// The finish threshold, fixed or derived from the container width.
    public enum Threshold: Sendable, Hashable {
        case fraction(Double)
        /// min(points / W, cap): a fixed distance in points, capped for narrow containers.
        case points(Double, cap: Double)
    }

    /// A velocity, in points per second or in container widths per second.
    public enum Velocity: Sendable, Hashable {
        case points(Double)
        case widths(Double)
    }

    /// Where the screens sit while a finger tracks.
    public enum Tracking: Sendable, Hashable {
        /// Under the finger: the visual fraction is the finger's.
        case finger
        /// Percent-driven (UIKit's `UIPercentDrivenInteractiveTransition`): the finger's fraction is a time in the
        /// animation, and the screens sit where its curve puts them then.
        case timeline(CubicBezier)
    }

    /// How long a settle takes and along which curve.
    public indirect enum Settle: Sendable, Hashable {
        /// duration = remaining fraction x `ms`, along the curve.
        case remaining(ms: Double, curve: CubicBezier)
        /// A fixed duration whatever the distance.
        case fixed(ms: Double, curve: CubicBezier)
        /// A spring of fixed duration; `handOff` starts it at the finger's velocity, otherwise at `initialVelocity`.
        case spring(ms: Double, dampingRatio: Double, handOff: Bool, initialVelocity: Double)
        /// The rest of a percent-driven animation of `ms` along `curve` (`UIPercentDrivenInteractiveTransition`):
        /// its time runs on from the finger's fraction to the end, or back to 0, in remaining x `ms` (completion
        /// speed 1) along `completionCurve`.
        case timeline(ms: Double, curve: CubicBezier, completionCurve: CubicBezier)
        /// floor(remaining fraction x `ms`) milliseconds, at most `cancelCapMs` when cancelling, along the curve.
        case droppedSwipe(ms: Double, cancelCapMs: Double, curve: CubicBezier)
        /// A spring of response `response` seconds that takes over the finger's velocity and lasts until the screen
        /// comes to rest (within `SettleCurve.restDistance`).
        case restingSpring(response: Double, dampingRatio: Double)
        /// UIKit's completion of an interactive pop: the rest of an `ms` animation at a completion speed of
        /// max(remaining fraction, ms |v| / W), that is min(ms, remaining points / |v|), along the curve.
        case uikitCompletion(ms: Double, curve: CubicBezier)
        /// Android's predictive back: a commit plays `postCommitMs` along the animator's default curve, a cancel
        /// lets the progress spring (`BackProgressSpring`) return to 0 from where the finger left it.
        case predictiveBack(postCommitMs: Double)
        /// Android's activity transitions: `ms` along the transition's own curves (`ActivityTransitionLayout`), a tab
        /// switch at once.
        case activityTransition(ms: Double)
    }

    /// Where the screens of a transition enter and leave, and what the lower one does.
    public struct Layout: Sendable, Hashable {
        /// The side the upper screen leaves by (pop, dismiss) and arrives from (push, present).
        public enum Side: Sendable, Hashable {
            case trailing
            case leading
            case bottom
        }

        public var side: Side
        /// Fraction of the container the lower screen is shifted, against the upper one's motion, at progress 0.
        public var parallax: Double
        /// Scrim alpha over the lower screen at progress 0.
        public var dimming: Double
        /// The curve the scrim follows over the lower screen's visibility; linear when nil.
        public var dimmingCurve: CubicBezier?
        /// Edge shadow alpha of the upper screen at progress 0.
        public var shadow: Double
        /// Curves over the transition's time for the upper and the lower screen when a command drives it (a finger
        /// moves both linearly); nil: the settle's curve moves both.
        public var commandEasing: CommandEasing?
        /// A gradient outside the upper screen's leading edge (`ViewFrame.edge_shadow`); nil: none.
        public var edgeShadow: EdgeShadowStyle?

        public init(
            side: Side = .trailing, parallax: Double = 0, dimming: Double = 0,
            dimmingCurve: CubicBezier? = nil, shadow: Double = 0, commandEasing: CommandEasing? = nil,
            edgeShadow: EdgeShadowStyle? = nil
        ) {
            self.side = side
            self.parallax = parallax
            self.dimming = dimming
            self.dimmingCurve = dimmingCurve
            self.shadow = shadow
            self.commandEasing = commandEasing
            self.edgeShadow = edgeShadow
        }
    }

    /// The curves of the two screens of a commanded transition.
    public struct CommandEasing: Sendable, Hashable {
        public var upper: Easing
        public var lower: Easing

        public init(upper: Easing, lower: Easing) {
            self.upper = upper
            self.lower = lower
        }
    }

    /// The name the stack was created with (an alias keeps its own name).
    public var name: String
    /// Points from the leading edge where a back swipe may begin; 0 = anywhere.
    public var edgeWidth: Double
    /// Whether the edge widens to the safe area's leading inset when that is larger.
    public var edgeCoversSafeArea: Bool = false
    public var beganRule: BeganRule
    public var awayFromBack: AwayFromBack = .clamped
    /// Whether a back swipe may dismiss a presented screen (false: presentations are fullscreen dialogs).
    public var swipesDismiss: Bool = true
    /// Whether a push over a presented screen is a page of the presented layer (Flutter's one list of routes),
    /// rather than refused until it is dismissed.
    public var pushesOverPresented: Bool = false
    /// Points of travel for progress 1; nil = the container width.
    public var progressDistance: Double?
    public var threshold: Threshold
    /// Whether progress exactly at the threshold finishes.
    public var finishesAtThreshold: Bool = false
    /// Whether a cancel past the threshold at zero velocity is RELEASED_AT_REST rather than FLUNG_BACK.
    public var namesReleaseAtRest: Bool = true
    public var finishRule: FinishRule
    public var flingVelocity: Velocity
    public var decisionSample: DecisionSample = .release
    /// Whether an ENDED that moved since the last CHANGED moves the screens before the decision.
    public var releaseMovesScreens: Bool = true
    public var tracking: Tracking = .finger
    /// Settle after a gesture's release.
    public var gestureSettle: Settle
    /// Settles of animated commands: push, pop and tabs; present; dismiss. The gesture settle where absent.
    public var navigationSettle: Settle?
    public var presentSettle: Settle?
    public var dismissSettle: Settle?
    /// Push, pop, tabs, and presentations where `presentationLayout` is absent.
    public var layout: Layout
    public var presentationLayout: Layout?
    /// Whether a BEGAN may catch a settling transition.
    public var catchesSettle: Bool
    /// Settle after the release of a caught transition; the gesture settle when absent.
    public var caughtSettle: Settle? = nil
    /// Whether PAN_CANCELLED is decided like a release (at zero velocity, on the profile's decision sample) instead of
    /// cancelling.
    public var decidesCancelledGesture: Bool
    public var gestureTimeoutMs: UInt32 = 1000
    /// Android's predictive back, for the profile that reproduces it; nil for the rest.
    public var predictiveBack: PredictiveBack? = nil
    /// Android's activity transitions, which its commands play; nil for the rest.
    public var activityTransitions: ActivityTransitions? = nil
    /// What a command does while a command's transition animates: refused unless the profile says otherwise.
    public var interruptions = Interruptions()

    /// This profile with a stack's `Tuning` applied; absent fields keep the profile's values.
    public func tuned(_ tuning: Tuning?) -> Profile {
        guard let tuning else { return self }
        var profile = self
        if let value = tuning.edgeWidth { profile.edgeWidth = value }
        if let value = tuning.progressDistance { profile.progressDistance = value > 0 ? value : nil }
        if let value = tuning.finishThreshold { profile.threshold = .fraction(value) }
        if let value = tuning.flingVelocity { profile.flingVelocity = .widths(value) }
        if let value = tuning.settleMs {
            let ms = Double(value)
            profile.gestureSettle = profile.gestureSettle.withDuration(ms)
            profile.navigationSettle = profile.navigationSettle?.withDuration(ms)
            profile.caughtSettle = profile.caughtSettle?.withDuration(ms)
            // UIKit projects the release over the same duration its completion plays.
            if case .uikitPop = profile.finishRule { profile.finishRule = .uikitPop(durationMs: ms) }
        }
        if let value = tuning.dampingRatio {
            profile.gestureSettle = profile.gestureSettle.withDamping(value)
            profile.caughtSettle = profile.caughtSettle?.withDamping(value)
        }
        if let value = tuning.parallax { profile.layout.parallax = value }
        if let value = tuning.dimming { profile.layout.dimming = value }
        if let value = tuning.gestureTimeoutMs { profile.gestureTimeoutMs = value }
        if var back = profile.predictiveBack {
            // Android's progress reads its own linear distance.
            if let value = tuning.progressDistance, value > 0 { back.progress.linearDistance = value }
            profile.predictiveBack = back
        }
        return profile
    }

    /// D in points for a container of width `width`.
    public func progressDistance(width: Double) -> Double {
        progressDistance ?? width
    }

    /// The finish threshold for a container of width `width`.
    public func finishThreshold(width: Double) -> Double {
        switch threshold {
        case .fraction(let value): return value
        case .points(let points, let cap): return min(points / width, cap)
        }
    }

    /// The fling velocity in points per second for a container of width `width`.
    public func flingPointsPerSecond(width: Double) -> Double {
        switch flingVelocity {
        case .points(let value): return value
        case .widths(let value): return value * width
        }
    }

    /// Where the screens sit at the finger's fraction `finger` while tracking.
    public func trackedFraction(_ finger: Double) -> Double {
        switch tracking {
        case .finger: return finger
        case .timeline(let curve): return curve.value(at: finger)
        }
    }

    /// The layout of an operation: presentations use their own where the profile has one.
    public func layout(for operation: Operation) -> Layout {
        if operation == .present || operation == .dismiss, let presentationLayout { return presentationLayout }
        return layout
    }
}

extension Profile.Settle {
    func withDuration(_ ms: Double) -> Self {
        switch self {
        case .remaining(_, let curve): return .remaining(ms: ms, curve: curve)
        case .fixed(_, let curve): return .fixed(ms: ms, curve: curve)
        case .spring(_, let z, let handOff, let v0):
            return .spring(ms: ms, dampingRatio: z, handOff: handOff, initialVelocity: v0)
        case .timeline(_, let curve, let completion):
            return .timeline(ms: ms, curve: curve, completionCurve: completion)
        case .droppedSwipe(_, let cap, let curve): return .droppedSwipe(ms: ms, cancelCapMs: cap, curve: curve)
        // A response is the spring's period, not its length: the nearest reading of "settle_ms" is the response.
        case .restingSpring(_, let z): return .restingSpring(response: ms / 1000, dampingRatio: z)
        case .uikitCompletion(_, let curve): return .uikitCompletion(ms: ms, curve: curve)
        // The spring back has no duration of its own: settle_ms sets the commit's.
        case .predictiveBack: return .predictiveBack(postCommitMs: ms)
        case .activityTransition: return .activityTransition(ms: ms)
        }
    }

    func withDamping(_ dampingRatio: Double) -> Self {
        switch self {
        case .spring(let ms, _, let handOff, let v0):
            return .spring(ms: ms, dampingRatio: dampingRatio, handOff: handOff, initialVelocity: v0)
        case .restingSpring(let response, _):
            return .restingSpring(response: response, dampingRatio: dampingRatio)
        default: return self
        }
    }
}
