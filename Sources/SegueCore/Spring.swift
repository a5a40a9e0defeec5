#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring that carries the remaining fraction from 1 to 0 in a fixed duration.
///
/// The remaining fraction x obeys x'' + 2 z w x' + w^2 x = 0 with w = ln(1000) / (z T): by T the envelope has
/// decayed to 1/1000 of the distance, and the animation snaps to its target there. `initialVelocity` is in
/// remaining distances per second toward the target (the finger's speed divided by the distance left).
public struct Spring: Sendable, Hashable {
    public let dampingRatio: Double
    public let durationSeconds: Double
    public let initialVelocity: Double

    /// - Parameters:
    ///   - dampingRatio: z; 1 is critical damping, below 1 overshoots.
    ///   - durationSeconds: T, when the spring snaps to the target.
    ///   - initialVelocity: relative velocity toward the target at the start.
    public init(dampingRatio: Double, durationSeconds: Double, initialVelocity: Double) {
        self.dampingRatio = max(dampingRatio, 0.01)
        self.durationSeconds = max(durationSeconds, 1e-6)
        self.initialVelocity = initialVelocity
    }

    /// Completion (1 - x) at time `t` seconds after the start; exactly 1 from T on.
    ///
    /// An underdamped spring (z < 1) overshoots by design: that bounce is what it is for. A critically damped or
    /// overdamped one overshoots only when the finger hands it more speed than it can absorb (v0 > w); screens
    /// that sailed past their resting place and came back would look like a glitch, so it stops at the target.
    public func completion(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= durationSeconds { return 1 }
        let left = remaining(at: t)
        // Without oscillation the remaining distance changes sign at most once: past zero means arrived.
        if dampingRatio >= 1 && left <= 0 { return 1 }
        return 1 - left
    }

    private func remaining(at t: Double) -> Double {
        let z = dampingRatio
        let w = 6.907755278982137 / (z * durationSeconds)  // ln(1000)
        // x(0) = 1, x'(0) = -v0 (moving toward the target shrinks what remains).
        let x0 = 1.0
        let dx0 = -initialVelocity
        if abs(z - 1) < 1e-9 {
            return (x0 + (dx0 + w * x0) * t) * exp(-w * t)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (dx0 + z * w * x0) / wd
            return exp(-z * w * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        }
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root)
        let r2 = -w * (z + root)
        let c2 = (dx0 - r1 * x0) / (r2 - r1)
        let c1 = x0 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }
}
