#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The spring through which Android's predictive back progress reaches the screens: `BackProgressAnimator` drives a
/// `SpringAnimation` of stiffness 1500 (STIFFNESS_MEDIUM) and damping ratio 1 (DAMPING_RATIO_NO_BOUNCY) toward
/// progress x 100, and hands the animation's value / 100 to the cross-activity animation at every frame.
///
/// This reproduces the dynamic-animation library frame by frame, as docs/semantics.md cites it: values and velocities
/// are stored as 32-bit floats between frames, frame times are whole milliseconds, a target set while the spring runs
/// is pending until the next frame (which spends half its time on the old target and half on the new one), the
/// first frame after a start only records its time, an end requested while running snaps the next frame to the
/// (pending, else current) target, and the spring stops (snapped to its target) once both the
/// distance to the target and the speed are under their thresholds.
public struct BackProgressSpring: Sendable, Hashable {
    /// `BackProgressAnimator.SCALE_FACTOR`: the spring animates progress x 100.
    public static let scaleFactor: Float = 100
    /// sqrt(stiffness) with stiffness 1500 and unit mass (`SpringForce.setStiffness`).
    static let naturalFrequency = 1500.0.squareRoot()
    /// The animation stops within 0.75 of its target (min visible change 1 x THRESHOLD_MULTIPLIER 0.75) ...
    static let valueThreshold: Float = 0.75
    /// ... moving slower than 62.5 times that per second (VELOCITY_THRESHOLD_MULTIPLIER = 1000 / 16).
    static let velocityThreshold: Float = 0.75 * 62.5

    /// Progress x 100.
    public internal(set) var value: Float = 0
    /// Progress x 100 per second.
    public internal(set) var velocity: Float = 0
    public internal(set) var finalPosition: Float = 0
    /// A target set while running, taken up by the next frame.
    public internal(set) var pendingPosition: Float?
    public internal(set) var isRunning = false
    /// `skipToEnd` was called while running: the next frame after the first snaps to the target.
    public internal(set) var isEndRequested = false
    /// The time of the last frame, in whole milliseconds; nil until the first frame after a start.
    public internal(set) var lastFrameMs: Int64?

    public init() {}

    /// The state a snapshot recorded.
    public init(
        value: Float, velocity: Float, finalPosition: Float, pendingPosition: Float?, isRunning: Bool,
        isEndRequested: Bool, lastFrameMs: Int64?
    ) {
        self.value = value
        self.velocity = velocity
        self.finalPosition = finalPosition
        self.pendingPosition = pendingPosition
        self.isRunning = isRunning
        self.isEndRequested = isEndRequested
        self.lastFrameMs = lastFrameMs
    }

    /// The progress the screens are at (the animation's value / 100).
    public var progress: Double { Double(value / Self.scaleFactor) }

    /// `animateToFinalPosition`: pending while running, otherwise the new target and a start.
    public mutating func animate(toProgress progress: Double) {
        let target = Float(progress) * Self.scaleFactor
        if isRunning {
            pendingPosition = target
            return
        }
        finalPosition = target
        isRunning = true
        lastFrameMs = nil
    }

    /// The progress after frames 1...`frames` of a settle that started at `startUs` at `fps` frames per second
    /// (fewer when the spring comes to rest before).
    public func progress(afterFrames frames: Int64, from startUs: Int64, fps: UInt32) -> Double {
        var spring = self
        var k: Int64 = 1
        while k <= frames && spring.isRunning {
            spring.frame(atMs: Self.milliseconds(EngineCore.settleFrameTime(startUs: startUs, k: k, fps: fps)))
            k += 1
        }
        return spring.progress
    }

    /// How many settle frames from `startUs` at `fps` it takes the spring to come to rest: the last one is the
    /// settle's end. At most `limit`, where it is taken as at rest.
    public func framesToRest(from startUs: Int64, fps: UInt32, limit: Int64) -> Int64 {
        var spring = self
        var k: Int64 = 0
        while spring.isRunning && k < limit {
            k += 1
            spring.frame(atMs: Self.milliseconds(EngineCore.settleFrameTime(startUs: startUs, k: k, fps: fps)))
        }
        return k
    }

    /// Whole milliseconds of a time in microseconds, as Android's frame clock counts them (rounded down).
    public static func milliseconds(_ timeUs: Int64) -> Int64 {
        // Division truncates toward zero; a producer's clock may be negative, down to Int64.min.
        timeUs / 1000 - (timeUs % 1000 < 0 ? 1 : 0)
    }

    /// `BackProgressAnimator.reset` at the start of a gesture: toward 0, and to the end at once.
    public mutating func reset() {
        animate(toProgress: 0)
        isEndRequested = isRunning
    }

    /// Moves the spring's frame clock to `timeMs` without a frame: the settle after a release runs on the engine's
    /// clock from the decision event's time, where the gesture ran on the producer's.
    public mutating func rebaseClock(atMs timeMs: Int64) {
        if lastFrameMs != nil { lastFrameMs = timeMs }
    }

    /// Runs one animation frame at `timeMs`; nothing when the spring is at rest.
    public mutating func frame(atMs timeMs: Int64) {
        guard isRunning else { return }
        guard let last = lastFrameMs else {
            lastFrameMs = timeMs
            return
        }
        let deltaMs = timeMs - last
        lastFrameMs = timeMs
        if isEndRequested {
            if let pending = pendingPosition { finalPosition = pending }
            stop()
            return
        }
        if let pending = pendingPosition {
            // Half of the frame toward the old target, half toward the new one (integer halves of the milliseconds).
            step(milliseconds: deltaMs / 2)
            finalPosition = pending
            pendingPosition = nil
            step(milliseconds: deltaMs / 2)
        } else {
            step(milliseconds: deltaMs)
        }
        if abs(velocity) < Self.velocityThreshold && abs(value - finalPosition) < Self.valueThreshold { stop() }
    }

    /// At the target, at rest: `endAnimationInternal`.
    private mutating func stop() {
        value = finalPosition
        velocity = 0
        pendingPosition = nil
        isRunning = false
        isEndRequested = false
        lastFrameMs = nil
    }

    /// `SpringForce.updateValues` for a critically damped spring, in doubles, stored back as floats.
    private mutating func step(milliseconds: Int64) {
        let t = Double(milliseconds) / 1000
        let omega = Self.naturalFrequency
        let displacement = Double(value) - Double(finalPosition)
        let a = displacement
        let b = Double(velocity) + omega * displacement
        let decay = exp(-omega * t)
        let newDisplacement = (a + b * t) * decay
        let newVelocity = (a + b * t) * decay * -omega + b * decay
        value = Float(newDisplacement + Double(finalPosition))
        velocity = Float(newVelocity)
    }
}
