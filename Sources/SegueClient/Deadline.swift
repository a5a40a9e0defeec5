/// A point in monotonic time that a bounded wait must not pass.
struct Deadline {
    let instant: ContinuousClock.Instant

    /// The deadline `milliseconds` from now.
    init(inMilliseconds milliseconds: Int) {
        instant = ContinuousClock.now.advanced(by: .milliseconds(milliseconds))
    }

    /// Whole milliseconds left, rounded up so that a wait never ends just short of the deadline; 0 once passed.
    var remainingMs: Int {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: instant).components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(min(milliseconds, Int64(Int32.max)))
    }
}
