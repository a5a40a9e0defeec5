import SegueWire

/// The outcome of a release: finish or cancel, and why.
public struct ReleaseDecision: Sendable, Hashable {
    public var finish: Bool
    public var reason: Reason

    /// Applies a profile's finish rule.
    /// - Parameters:
    ///   - progress: decision progress p at release.
    ///   - velocity: release velocity toward finishing, in points per second.
    public static func decide(profile: Profile, width: Double, progress p: Double, velocity v: Double)
        -> ReleaseDecision
    {
        let threshold = profile.finishThreshold(width: width)
        let distance = profile.progressDistance(width: width)
        let fling = profile.flingPointsPerSecond(width: width)
        let byPosition = p > threshold
        switch profile.finishRule {
        case .position:
            return ReleaseDecision(finish: byPosition, reason: byPosition ? .passedThreshold : .belowThreshold)
        case .projection(let coefficient):
            return agreeing(finish: p + coefficient * v / distance > threshold, byPosition: byPosition)
        case .thresholdOrFling:
            return agreeing(finish: (byPosition && v > 0) || v > fling, byPosition: byPosition)
        case .flingDecides:
            if abs(v) >= fling {
                return ReleaseDecision(finish: v > 0, reason: v > 0 ? .flungForward : .flungBack)
            }
            return ReleaseDecision(finish: byPosition, reason: byPosition ? .passedThreshold : .belowThreshold)
        }
    }

    /// PASSED_THRESHOLD or BELOW_THRESHOLD when the position alone agrees, else the fling that changed it.
    private static func agreeing(finish: Bool, byPosition: Bool) -> ReleaseDecision {
        switch (finish, byPosition) {
        case (true, true): return ReleaseDecision(finish: true, reason: .passedThreshold)
        case (false, false): return ReleaseDecision(finish: false, reason: .belowThreshold)
        case (true, false): return ReleaseDecision(finish: true, reason: .flungForward)
        case (false, true): return ReleaseDecision(finish: false, reason: .flungBack)
        }
    }
}
