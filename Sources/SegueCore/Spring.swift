#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A damped spring carrying the remaining fraction from 1 to 0, snapped to its target at a set time.
///
/// The remaining fraction x obeys x'' + 2 z w x' + w^2 x = 0. `initialVelocity` is in remaining distances per
/// second toward the target (the finger's speed divided by the distance left). Two ways to choose w: from a
/// duration T, w = ln(1000) / (z T), so that by T the envelope has decayed to 1/1000 of the distance; or from a
/// response (the undamped period, as Apple's springs take it), w = 2 pi / response, running until it is at rest.
public struct Spring: Sendable, Hashable {
    public let dampingRatio: Double
    /// w, in radians per second.
    public let angularFrequency: Double
    public let initialVelocity: Double
    /// When the spring snaps to the target.
    public let durationSeconds: Double

    /// A spring whose envelope decays to 1/1000 by `durationSeconds`, when it snaps.
    /// - Parameters:
    ///   - dampingRatio: z; 1 is critical damping, below 1 overshoots.
    ///   - durationSeconds: T, when the spring snaps to the target.
    ///   - initialVelocity: relative velocity toward the target at the start.
    public init(dampingRatio: Double, durationSeconds: Double, initialVelocity: Double) {
        self.dampingRatio = max(dampingRatio, 0.01)
        self.durationSeconds = max(durationSeconds, 1e-6)
        self.initialVelocity = initialVelocity
        angularFrequency = 6.907755278982137 / (self.dampingRatio * self.durationSeconds)  // ln(1000)
    }

    /// A spring of period `response` seconds, snapped at `durationSeconds` (see `settlingSeconds`).
    public init(response: Double, dampingRatio: Double, initialVelocity: Double, durationSeconds: Double) {
        self.dampingRatio = max(dampingRatio, 0.01)
        self.durationSeconds = max(durationSeconds, 1e-6)
        self.initialVelocity = initialVelocity
        angularFrequency = 2 * Double.pi / max(response, 1e-3)
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

    /// The time after which the remaining distance stays within `tolerance` (a fraction of the distance): a bound
    /// of the envelope, so that snapping there moves the screen by less than the tolerance.
    public func settlingSeconds(tolerance: Double) -> Double {
        guard tolerance > 0 else { return 60 }
        var high = 1.0 / angularFrequency
        while envelope(at: high) > tolerance && high < 60 { high *= 2 }
        var low = 0.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if envelope(at: middle) > tolerance { low = middle } else { high = middle }
        }
        return high
    }

    /// A bound of |x(t)| that only decreases once the spring has turned toward its target.
    private func envelope(at t: Double) -> Double {
        let (z, w, x0, dx0) = (dampingRatio, angularFrequency, 1.0, -initialVelocity)
        if abs(z - 1) < 1e-9 {
            return (abs(x0) + abs(dx0 + w * x0) * t) * exp(-w * t)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (dx0 + z * w * x0) / wd
            return exp(-z * w * t) * (x0 * x0 + b * b).squareRoot()
        }
        let (c1, r1, c2, r2) = overdampedTerms()
        return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
    }

    private func remaining(at t: Double) -> Double {
        let (z, w, x0, dx0) = (dampingRatio, angularFrequency, 1.0, -initialVelocity)
        // x(0) = 1, x'(0) = -v0 (moving toward the target shrinks what remains).
        if abs(z - 1) < 1e-9 {
            return (x0 + (dx0 + w * x0) * t) * exp(-w * t)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (dx0 + z * w * x0) / wd
            return exp(-z * w * t) * (x0 * cos(wd * t) + b * sin(wd * t))
        }
        let (c1, r1, c2, r2) = overdampedTerms()
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// x = c1 e^(r1 t) + c2 e^(r2 t) for z > 1.
    private func overdampedTerms() -> (Double, Double, Double, Double) {
        let (z, w) = (dampingRatio, angularFrequency)
        let root = (z * z - 1).squareRoot()
        let r1 = -w * (z - root)
        let r2 = -w * (z + root)
        let c2 = (-initialVelocity - r1) / (r2 - r1)
        return (1 - c2, r1, c2, r2)
    }
}
