/// When a player sends each input of a recording (`Recording`): at its recorded offset from the start divided by
/// the speed, moved later by as far as the player has fallen behind.
///
/// An input sent more than `toleranceUs` after it was due (the player was descheduled, a read took long) moves every
/// input after it by as much, so that each keeps its recorded distance from the one before: catching up would bring
/// an input closer to the animation before it than it was (a swipe begun during the previous one's settle
/// interrupts it). A send within the tolerance, a timer's usual overshoot, moves nothing, so that it does not add
/// up over thousands of inputs.
public struct PlaybackSchedule: Sendable {
    /// Lateness that moves nothing: above a wake-up's overshoot, well below an animation's frame.
    public static let toleranceUs: Int64 = 5_000

    /// The time scale: 1 as recorded, 2 twice as fast; more than 0.
    public let speed: Double
    /// How much later than the recorded offsets the inputs are now due.
    public private(set) var behindUs: Int64 = 0

    public init(speed: Double) {
        precondition(speed > 0, "a schedule needs a speed above 0; 0 sends without waiting")
        self.speed = speed
    }

    /// Microseconds after the start at which the input recorded at `offsetUs` is due.
    public func dueUs(offsetUs: UInt64) -> Int64 {
        Int64((Double(offsetUs) / speed).rounded()) + behindUs
    }

    /// Notes that the input due at `dueUs` went out at `sentUs` (both from the start).
    public mutating func sent(dueUs: Int64, atUs sentUs: Int64) {
        let late = sentUs - dueUs
        if late > Self.toleranceUs { behindUs += late }
    }
}
