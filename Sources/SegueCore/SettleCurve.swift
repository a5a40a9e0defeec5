/// How a settle animation moves from where the release left the screens to the target.
public enum SettleCurve: Sendable, Hashable {
    /// A timing curve applied over the settle's duration.
    case bezier(CubicBezier)
    /// A spring that reaches the target at the settle's end.
    case spring(dampingRatio: Double, initialVelocity: Double)
    /// The rest of a percent-driven animation: its time runs from the settle's start fraction to the target along
    /// `completion`, and the screens sit at `view`'s value of that time (`TransitionModel.Settling.fraction(at:)`).
    case timeline(view: CubicBezier, completion: CubicBezier)
    /// A spring of period `response` seconds, at rest (and snapped) at the settle's end.
    case restingSpring(response: Double, dampingRatio: Double, initialVelocity: Double)
    /// Android's default animator curve (`AccelerateDecelerateInterpolator`): cos((t + 1) pi) / 2 + 0.5.
    case accelerateDecelerate
    /// Android's progress spring as it was at the settle's start, stepped at the settle's frames
    /// (`TransitionModel.Settling.fraction(at:)`); it is at rest at the settle's end.
    case progressSpring(BackProgressSpring, fps: UInt32)

    /// A resting spring is at rest once what remains of its travel is within this many points: snapping
    /// there moves the screen by less than any display shows.
    public static let restDistance = 0.1

    /// Completion in 0...1 (a spring may pass 1 on the way) at `elapsed` of `duration` microseconds; for a timeline,
    /// the fraction of the animation's time travelled from `from` to the target.
    public func completion(elapsedUs: Int64, durationUs: Int64) -> Double {
        if durationUs <= 0 || elapsedUs >= durationUs { return 1 }
        if elapsedUs <= 0 { return 0 }
        let seconds = Double(elapsedUs) / 1_000_000
        let durationSeconds = Double(durationUs) / 1_000_000
        switch self {
        case .bezier(let bezier):
            return bezier.value(at: Double(elapsedUs) / Double(durationUs))
        case .timeline(_, let completion):
            return completion.value(at: Double(elapsedUs) / Double(durationUs))
        case .spring(let dampingRatio, let initialVelocity):
            return Spring(
                dampingRatio: dampingRatio, durationSeconds: durationSeconds,
                initialVelocity: initialVelocity
            ).completion(at: seconds)
        case .restingSpring(let response, let dampingRatio, let initialVelocity):
            return Spring(
                response: response, dampingRatio: dampingRatio, initialVelocity: initialVelocity,
                durationSeconds: durationSeconds
            ).completion(at: seconds)
        case .accelerateDecelerate:
            return AndroidInterpolator.accelerateDecelerate.value(at: Double(elapsedUs) / Double(durationUs))
        case .progressSpring:
            // Its frames are stepped, not looked up by time: `Settling.fraction(at:)` steps them.
            return elapsedUs >= durationUs ? 1 : 0
        }
    }
}
