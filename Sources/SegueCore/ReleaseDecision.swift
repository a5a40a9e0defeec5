import SegueWire

/// The outcome of a release: finish or cancel, and why.
public struct ReleaseDecision: Sendable, Hashable {
    public var finish: Bool
    public var reason: Reason
    /// The release velocity toward finishing that the settle continues, in points per second.
    public var velocity: Double

    public init(finish: Bool, reason: Reason, velocity: Double) {
        self.finish = finish
        self.reason = reason
        self.velocity = velocity
    }

    /// Applies a profile's finish rule.
    /// - Parameters:
    ///   - progress: decision progress p at release.
    ///   - velocity: release velocity toward finishing, in points per second.
    ///   - statistics: UIKit's averages of the gesture, for `.uikitPop`; nil when the finger never moved after BEGAN.
    public static func decide(
        profile: Profile, width: Double, progress p: Double, velocity v: Double,
        statistics: UIKitPopStatistics? = nil
    ) -> ReleaseDecision {
        let threshold = profile.finishThreshold(width: width)
        let distance = profile.progressDistance(width: width)
        let fling = profile.flingPointsPerSecond(width: width)
        let byPosition = profile.finishesAtThreshold ? p >= threshold : p > threshold
        func explained(_ finish: Bool, velocity: Double = v) -> ReleaseDecision {
            let atRest = profile.namesReleaseAtRest && velocity == 0
            return ReleaseDecision(
                finish: finish, reason: reason(finish: finish, byPosition: byPosition, atRest: atRest),
                velocity: velocity)
        }
        switch profile.finishRule {
        case .position:
            return ReleaseDecision(
                finish: byPosition, reason: byPosition ? .passedThreshold : .belowThreshold,
                velocity: v)
        case .projection(let coefficient):
            return explained(p + coefficient * v / distance > threshold)
        case .thresholdOrFling:
            return explained((byPosition && v > 0) || v > fling)
        case .flingDecides:
            if abs(v) >= fling {
                return ReleaseDecision(finish: v > 0, reason: v > 0 ? .flungForward : .flungBack, velocity: v)
            }
            return ReleaseDecision(
                finish: byPosition, reason: byPosition ? .passedThreshold : .belowThreshold,
                velocity: v)
        case .uikitPop(let durationMs):
            // _UINavigationInteractiveTransitionBase.m lines 355-381: with three counted samples after a CHANGED,
            // the projection over the transition's duration decides, and the newest sample's velocity carries the
            // settle; otherwise any motion toward back finishes, at the recognizer's velocity.
            guard let statistics, statistics.sampleCount >= 3 else {
                return explained((statistics?.averageVelocity ?? 0) > 0)
            }
            let projected = statistics.projectedProgress(from: p, seconds: durationMs / 1000)
            return explained(projected > threshold, velocity: statistics.previousVelocity * width)
        }
    }

    /// PASSED_THRESHOLD or BELOW_THRESHOLD when the position alone agrees; otherwise what the velocity did:
    /// FLUNG_FORWARD, FLUNG_BACK, or RELEASED_AT_REST for a finger that stopped short of what its rule needed.
    private static func reason(finish: Bool, byPosition: Bool, atRest: Bool) -> Reason {
        switch (finish, byPosition) {
        case (true, true): return .passedThreshold
        case (false, false): return .belowThreshold
        case (true, false): return .flungForward
        case (false, true): return atRest ? .releasedAtRest : .flungBack
        }
    }
}
