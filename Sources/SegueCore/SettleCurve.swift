/// How a settle animation moves from where the release left the screens to the target.
public enum SettleCurve: Sendable, Hashable {
    /// A timing curve applied over the settle's duration.
    case bezier(CubicBezier)
    /// A spring that reaches the target at the settle's end.
    case spring(dampingRatio: Double, initialVelocity: Double)

    /// Completion in 0...1 (a spring may pass 1 on the way) at `elapsed` of `duration` microseconds.
    public func completion(elapsedUs: Int64, durationUs: Int64) -> Double {
        if durationUs <= 0 || elapsedUs >= durationUs { return 1 }
        if elapsedUs <= 0 { return 0 }
        switch self {
        case .bezier(let bezier):
            return bezier.value(at: Double(elapsedUs) / Double(durationUs))
        case .spring(let dampingRatio, let initialVelocity):
            let spring = Spring(
                dampingRatio: dampingRatio,
                durationSeconds: Double(durationUs) / 1_000_000,
                initialVelocity: initialVelocity
            )
            return spring.completion(at: Double(elapsedUs) / 1_000_000)
        }
    }
}
