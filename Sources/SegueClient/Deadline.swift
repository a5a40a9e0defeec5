/// A point in monotonic time that a bounded wait must not pass.
public struct Deadline: Sendable {
    public let instant: ContinuousClock.Instant

    /// The deadline `milliseconds` from now.
    public init(inMilliseconds milliseconds: Int) {
        instant = ContinuousClock.now.advanced(by: .milliseconds(milliseconds))
    }

    /// The deadline at `instant`.
    public init(_ instant: ContinuousClock.Instant) {
        self.instant = instant
    }

    /// Whole milliseconds left, rounded up so that a wait never ends just short of the deadline; 0 once passed.
    public var remainingMs: Int {
        remainingMs(at: .now)
    }

    /// Whole milliseconds left at `now`, rounded up; 0 once passed.
    public func remainingMs(at now: ContinuousClock.Instant) -> Int {
        let (seconds, attoseconds) = now.duration(to: instant).components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(min(milliseconds, Int64(Int32.max)))
    }
}
