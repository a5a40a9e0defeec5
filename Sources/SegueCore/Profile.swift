import SegueWire

/// The constants that reproduce one reference behaviour of the back swipe and its settle.
///
/// A profile is chosen per stack by name; `Tuning` overrides any constant (see `resolved(for:)`).
public struct Profile: Sendable, Hashable {
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

    /// How long a settle takes and along which curve.
    public enum Settle: Sendable, Hashable {
        /// duration = remaining fraction x `ms`, along the curve.
        case remaining(ms: Double, curve: CubicBezier)
        /// A fixed duration whatever the distance.
        case fixed(ms: Double, curve: CubicBezier)
        /// A spring of fixed duration; `handOff` starts it at the finger's velocity, otherwise at `initialVelocity`.
        case spring(ms: Double, dampingRatio: Double, handOff: Bool, initialVelocity: Double)
    }

    public var name: String
    /// Points from the leading edge where a back swipe may begin; 0 = anywhere.
    public var edgeWidth: Double
    /// Whether a BEGAN must point back (and more horizontally than vertically).
    public var checksDirection: Bool
    /// Points of travel for progress 1; nil = the container width.
    public var progressDistance: Double?
    public var threshold: Threshold
    public var finishRule: FinishRule
    public var flingVelocity: Velocity
    /// Settle after a gesture's release.
    public var gestureSettle: Settle
    /// Settles of animated commands, by operation; the gesture settle where absent.
    public var presentSettle: Settle?
    public var dismissSettle: Settle?
    public var parallax: Double
    public var dimming: Double
    /// Edge shadow alpha of the upper screen at progress 0.
    public var shadow: Double
    /// Whether a BEGAN may catch a settling transition.
    public var catchesSettle: Bool
    /// Whether PAN_CANCELLED is decided as a release at zero velocity instead of cancelling.
    public var decidesCancelledGesture: Bool
    public var gestureTimeoutMs: UInt32

    /// The names accepted in `StackConfig.profile`.
    public static let knownNames = ["fluid", "classic", "fullscreen", "modal", "ios", "flutter"]

    /// The profile with that name ("" is the default, fluid); nil when unknown.
    public static func named(_ name: String) -> Profile? {
        switch name {
        case "", "fluid": return .fluid
        case "classic": return .classic
        case "fullscreen": return .fullscreen
        case "modal": return .modal
        case "ios": return .ios
        case "flutter": return .flutter
        default: return nil
        }
    }

    // 0.499 = 0.998 / (1 - 0.998) / 1000: the distance a scroll view decelerating at UIKit's normal rate
    // (0.998 per ms) travels per pt/s of release velocity, in seconds.
    static let uikitProjection = 0.499

    /// This project's default: UIKit's projection rule, a critically damped spring that takes over the finger's
    /// velocity, and catching, so that a flick always goes where the finger was heading.
    public static let fluid = Profile(
        name: "fluid", edgeWidth: 0, checksDirection: true, progressDistance: nil, threshold: .fraction(0.5),
        finishRule: .projection(coefficient: uikitProjection), flingVelocity: .widths(1),
        gestureSettle: .spring(ms: 500, dampingRatio: 1, handOff: true, initialVelocity: 0),
        presentSettle: nil, dismissSettle: nil, parallax: 0.3, dimming: 0.1, shadow: 0.15,
        catchesSettle: true, decidesCancelledGesture: false, gestureTimeoutMs: 1000
    )

    /// Seeds 000-002: progress = translation / width, finish past half, settle over the remaining distance.
    public static let classic = Profile(
        name: "classic", edgeWidth: 0, checksDirection: false, progressDistance: nil, threshold: .fraction(0.5),
        finishRule: .position, flingVelocity: .widths(1),
        gestureSettle: .remaining(ms: 300, curve: .easeInOut),
        presentSettle: nil, dismissSettle: nil, parallax: 0, dimming: 0, shadow: 0,
        catchesSettle: false, decidesCancelledGesture: false, gestureTimeoutMs: 1000
    )

    /// Seed 003, a full-screen pop gesture: 200 pt of travel is full progress, and a light flick finishes.
    public static let fullscreen = Profile(
        name: "fullscreen", edgeWidth: 0, checksDirection: true, progressDistance: 200, threshold: .fraction(0.1),
        finishRule: .thresholdOrFling, flingVelocity: .points(100),
        gestureSettle: .spring(ms: 400, dampingRatio: 1, handOff: false, initialVelocity: 0),
        presentSettle: nil, dismissSettle: nil, parallax: 0.25, dimming: 0, shadow: 0,
        catchesSettle: false, decidesCancelledGesture: false, gestureTimeoutMs: 1000
    )

    /// Seed 004, modal presentation: a bouncy present and an eased dismiss.
    public static let modal = Profile(
        name: "modal", edgeWidth: 0, checksDirection: false, progressDistance: nil, threshold: .fraction(0.5),
        finishRule: .position, flingVelocity: .widths(1),
        gestureSettle: .fixed(ms: 200, curve: .easeInOut),
        presentSettle: .spring(ms: 800, dampingRatio: 0.8, handOff: false, initialVelocity: 5),
        dismissSettle: .fixed(ms: 400, curve: .easeInOut),
        parallax: 0, dimming: 0, shadow: 0,
        catchesSettle: false, decidesCancelledGesture: false, gestureTimeoutMs: 1000
    )

    /// UIKit's interactive pop: a 20 pt edge, and a finish threshold of 187.5 pt (half of a 375 pt screen).
    public static let ios = Profile(
        name: "ios", edgeWidth: 20, checksDirection: true, progressDistance: nil,
        threshold: .points(187.5, cap: 0.5),
        finishRule: .projection(coefficient: uikitProjection), flingVelocity: .widths(1),
        gestureSettle: .spring(ms: 500, dampingRatio: 1, handOff: true, initialVelocity: 0),
        presentSettle: nil, dismissSettle: nil, parallax: 0.3, dimming: 0.1, shadow: 0,
        catchesSettle: true, decidesCancelledGesture: false, gestureTimeoutMs: 1000
    )

    /// Flutter's Cupertino back gesture (cupertino/route.dart): a fling of 1 width/s decides by direction,
    /// 350 ms along Curves.fastLinearToSlowEaseIn, the lower screen a third of the way behind, scrim 0x18 (0.094).
    public static let flutter = Profile(
        name: "flutter", edgeWidth: 20, checksDirection: false, progressDistance: nil, threshold: .fraction(0.5),
        finishRule: .flingDecides, flingVelocity: .widths(1),
        gestureSettle: .fixed(ms: 350, curve: CubicBezier(0.18, 1, 0.04, 1)),
        presentSettle: nil, dismissSettle: nil, parallax: 1.0 / 3.0, dimming: 0.094, shadow: 0,
        catchesSettle: false, decidesCancelledGesture: true, gestureTimeoutMs: 1000
    )

    /// This profile with a stack's `Tuning` applied; absent fields keep the profile's values.
    public func tuned(_ tuning: Tuning?) -> Profile {
        guard let tuning else { return self }
        var profile = self
        if let value = tuning.edgeWidth { profile.edgeWidth = value }
        if let value = tuning.progressDistance { profile.progressDistance = value > 0 ? value : nil }
        if let value = tuning.finishThreshold { profile.threshold = .fraction(value) }
        if let value = tuning.flingVelocity { profile.flingVelocity = .widths(value) }
        if let value = tuning.settleMs { profile.gestureSettle = profile.gestureSettle.withDuration(Double(value)) }
        if let value = tuning.dampingRatio { profile.gestureSettle = profile.gestureSettle.withDamping(value) }
        if let value = tuning.parallax { profile.parallax = value }
        if let value = tuning.dimming { profile.dimming = value }
        if let value = tuning.gestureTimeoutMs { profile.gestureTimeoutMs = value }
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
}

extension Profile.Settle {
    func withDuration(_ ms: Double) -> Self {
        switch self {
        case .remaining(_, let curve): return .remaining(ms: ms, curve: curve)
        case .fixed(_, let curve): return .fixed(ms: ms, curve: curve)
        case .spring(_, let z, let handOff, let v0): return .spring(ms: ms, dampingRatio: z, handOff: handOff, initialVelocity: v0)
        }
    }

    func withDamping(_ dampingRatio: Double) -> Self {
        switch self {
        case .spring(let ms, _, let handOff, let v0):
            return .spring(ms: ms, dampingRatio: dampingRatio, handOff: handOff, initialVelocity: v0)
        default: return self
        }
    }
}
