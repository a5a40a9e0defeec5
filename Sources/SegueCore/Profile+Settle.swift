/// How a profile settles a transition: which settle, how long, along which curve.
///
/// The duration is decided once, when the settle starts, and logged (`settle_us`); the curve is derived again from
/// the profile and the logged velocity wherever the events are folded, so that replay draws the same frames.
extension Profile {
    /// The settle a transition uses: after a gesture (its own for a caught transition), else by operation.
    func settle(for transition: TransitionModel) -> Settle {
        if transition.interactive {
            if transition.caught, let caughtSettle { return caughtSettle }
            return gestureSettle
        }
        switch transition.operation {
        case .present: return presentSettle ?? navigationSettle ?? gestureSettle
        case .dismiss: return dismissSettle ?? navigationSettle ?? gestureSettle
        default: return navigationSettle ?? gestureSettle
        }
    }

    /// The settle duration in microseconds from fraction `from` to `target`.
    /// - Parameters:
    ///   - velocity: toward finishing, in progress per second (as `finished` and `cancelled` log it).
    ///   - startUs: when the settle starts (the decision event's time); `fps`: its frame rate.
    func settleDurationUs(
        for transition: TransitionModel, from: Double, target: Double, velocity: Double = 0,
        width: Double, startUs: Int64, fps: UInt32
    ) -> Int64 {
        let remaining = abs(target - from)
        func microseconds(_ ms: Double) -> Int64 { Int64((ms * 1000).rounded()) }
        switch settle(for: transition) {
        case .remaining(let ms, _), .timeline(let ms, _, _):
            return microseconds(remaining * ms)
        case .fixed(let ms, _), .spring(let ms, _, _, _):
            return microseconds(ms)
        case .droppedSwipe(let ms, let cancelCapMs, _):
            let whole = (remaining * ms).rounded(.down)
            return microseconds(target == 0 ? min(whole, cancelCapMs) : whole)
        case .restingSpring(let response, let dampingRatio):
            let points = remaining * width
            guard points > SettleCurve.restDistance else { return 0 }
            let spring = Spring(
                response: response, dampingRatio: dampingRatio,
                initialVelocity: handOff(from: from, target: target, velocity: velocity, width: width),
                durationSeconds: 1)
            let seconds = spring.settlingSeconds(tolerance: SettleCurve.restDistance / points)
            return Int64((seconds * 1_000_000).rounded(.up))
        case .uikitCompletion(let ms, _):
            guard remaining > 0 else { return 0 }
            // completionSpeed = max(remaining, duration |v| / W); the rest takes remaining x duration / speed.
            let pointsPerSecond = abs(velocity * progressDistance(width: width))
            let speed = max(remaining, ms / 1000 * pointsPerSecond / width)
            return microseconds(remaining * ms / speed)
        case .activityTransition(let ms):
            return transition.operation == .selectTab ? 0 : microseconds(ms)
        case .predictiveBack(let postCommitMs):
            if target == 1 { return microseconds(postCommitMs) }
            // The spring back ends at the first frame that finds it at rest.
            guard let spring = transition.releasedSpring(at: startUs) else { return 0 }
            let frames = spring.framesToRest(from: startUs, fps: fps, limit: Int64(fps) * Self.springBackLimitSeconds)
            return EngineCore.settleFrameTime(startUs: startUs, k: frames, fps: fps) - startUs
        }
    }

    /// A spring back still moving after this long is taken as at rest (a critically damped spring of Android's
    /// stiffness is at rest well within a second from any progress).
    static let springBackLimitSeconds: Int64 = 10

    /// The curve of `settle` of `transition` from `from` to `target`, starting at `startUs` at `fps`.
    /// - Parameter velocity: toward finishing, in progress per second.
    func curve(
        of settle: Settle, transition: TransitionModel, from: Double, target: Double, velocity: Double,
        width: Double, startUs: Int64, fps: UInt32
    ) -> SettleCurve {
        switch settle {
        case .remaining(_, let curve), .fixed(_, let curve), .droppedSwipe(_, _, let curve),
            .uikitCompletion(_, let curve):
            return .bezier(curve)
        case .activityTransition:
            // The layout eases each screen itself: the settle's fraction is the transition's time.
            return .bezier(CubicBezier(0, 0, 1, 1))
        case .timeline(_, let curve, let completionCurve):
            return .timeline(view: curve, completion: completionCurve)
        case .spring(_, let dampingRatio, let handOff, let initialVelocity):
            guard handOff else { return .spring(dampingRatio: dampingRatio, initialVelocity: initialVelocity) }
            return .spring(
                dampingRatio: dampingRatio,
                initialVelocity: self.handOff(from: from, target: target, velocity: velocity, width: width))
        case .restingSpring(let response, let dampingRatio):
            return .restingSpring(
                response: response, dampingRatio: dampingRatio,
                initialVelocity: handOff(from: from, target: target, velocity: velocity, width: width))
        case .predictiveBack:
            guard target == 0, let spring = transition.releasedSpring(at: startUs) else { return .accelerateDecelerate }
            return .progressSpring(spring, fps: fps)
        }
    }

    /// The finger's speed as remaining distances per second toward the target (0 within half a point of it).
    private func handOff(from: Double, target: Double, velocity: Double, width: Double) -> Double {
        let remainingPoints = abs(target - from) * width
        guard remainingPoints > 0.5 else { return 0 }
        let towardTarget = (target > from ? 1.0 : -1.0) * velocity * progressDistance(width: width)
        return towardTarget / remainingPoints
    }
}
