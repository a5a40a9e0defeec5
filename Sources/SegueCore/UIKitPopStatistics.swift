/// The running averages UIKit keeps of an interactive pop, from which it decides the release.
///
/// As iOS 26.1's `_UINavigationInteractiveTransitionBase` keeps them (decompiled UIKitCore in
/// github.com/EthanArbuckle/iPhone18-3_26.1_23B85_Restore, commit 004b2b3b, `_UINavigationInteractiveTransitionBase.m`
/// lines 219-345): displacement and velocity in widths, a sample counted only 10 ms after the previous event (or
/// 1 ms when it moved), velocity and acceleration averaged over the last three counted samples, and a change of
/// acceleration limited to 5 widths/s^2 per sample.
public struct UIKitPopStatistics: Sendable, Hashable {
    private(set) var sampleCount = 0
    private(set) var averageVelocity = 0.0
    private(set) var averageAcceleration = 0.0
    /// Velocity of the newest counted sample, in widths per second.
    private(set) var previousVelocity = 0.0
    private var previousTime = 0.0
    private var previousDisplacement = 0.0
    private var previousAcceleration = 0.0
    /// Time of the newest sample, counted or not.
    private var skipTime = 0.0
    private var velocities = [0.0, 0.0, 0.0]
    private var accelerations = [0.0, 0.0, 0.0]

    /// One pan sample in UIKit's units.
    public struct Sample: Sendable, Hashable {
        /// Producer time in seconds.
        public var time: Double
        /// Translation toward back in widths, at least 0.
        public var displacement: Double
        /// Velocity toward back in widths per second.
        public var velocity: Double

        public init(time: Double, displacement: Double, velocity: Double) {
            self.time = time
            self.displacement = displacement
            self.velocity = velocity
        }
    }

    /// The statistics of a gesture's first sample.
    public init(first sample: Sample) {
        previousTime = sample.time
        skipTime = sample.time
        previousDisplacement = sample.displacement
        previousVelocity = sample.velocity
        averageVelocity = sample.velocity
        velocities[0] = sample.velocity
        sampleCount = 1
    }

    /// Adds a later sample (a CHANGED, or the release).
    public mutating func record(_ sample: Sample) {
        let (time, displacement, velocity) = (sample.time, sample.displacement, sample.velocity)
        let sinceLastEvent = time - skipTime
        skipTime = time
        guard sinceLastEvent >= 0.01 || (sinceLastEvent > 0.001 && displacement != previousDisplacement) else { return }
        let interval = time - previousTime
        let slot = sampleCount % 3
        if sampleCount > 2 {
            averageVelocity = (velocity + averageVelocity * 3 - velocities[slot]) / 3
        } else {
            averageVelocity = (velocity + averageVelocity * Double(sampleCount)) / Double(sampleCount + 1)
        }
        velocities[slot] = velocity
        var acceleration = (velocity - previousVelocity) / interval
        if abs(acceleration - previousAcceleration) > 5 {
            acceleration = previousAcceleration + (acceleration > previousAcceleration ? 5 : -5)
        }
        if sampleCount > 2 {
            averageAcceleration = (acceleration + averageAcceleration * 3 - accelerations[slot]) / 3
        } else {
            averageAcceleration = (acceleration + averageAcceleration * Double(sampleCount)) / Double(sampleCount + 1)
        }
        accelerations[slot] = acceleration
        previousAcceleration = acceleration
        previousVelocity = velocity
        previousDisplacement = displacement
        previousTime = time
        sampleCount += 1
    }

    /// Where the pop would be `seconds` from now at the averaged velocity and acceleration, from progress `p`
    /// (lines 366-367): p + a t^2 / 2 + v t.
    public func projectedProgress(from p: Double, seconds: Double) -> Double {
        p + averageAcceleration * 0.5 * seconds * seconds + averageVelocity * seconds
    }
}
