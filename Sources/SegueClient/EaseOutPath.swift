/// The distance a swiping finger has covered over time: a cubic Hermite curve that leaves at twice the mean
/// speed and arrives at the release velocity, which is a plain quadratic ease-out when the release velocity is 0.
///
/// The arrival slope is clamped to [0, 2] (in units of distance per duration) so the curve never overshoots or
/// backs up: with a start slope of 2 that keeps it monotone (Fritsch-Carlson: m0^2 + m1^2 <= 9).
struct EaseOutPath {
    let distance: Double
    let seconds: Double
    /// The arrival slope in distances per duration.
    private let endSlope: Double

    init(distance: Double, seconds: Double, releaseVelocity: Double) {
        self.distance = distance
        self.seconds = seconds
        if distance > 0 && seconds > 0 {
            endSlope = min(max(releaseVelocity * seconds / distance, 0), 2)
        } else {
            endSlope = 0
        }
    }

    /// The distance covered at `u` (0...1) of the duration.
    func position(at u: Double) -> Double {
        let u2 = u * u
        let u3 = u2 * u
        let shape = (u3 - 2 * u2 + u) * 2 + (-2 * u3 + 3 * u2) + (u3 - u2) * endSlope
        return distance * shape
    }

    /// The speed at `u`, in distance per second.
    func velocity(at u: Double) -> Double {
        guard seconds > 0 else { return 0 }
        let u2 = u * u
        let slope = (3 * u2 - 4 * u + 1) * 2 + (-6 * u2 + 6 * u) + (3 * u2 - 2 * u) * endSlope
        return distance * slope / seconds
    }
}
