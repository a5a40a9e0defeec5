extension EngineCore {
    /// Runs the clock to `now`, stopping at every deadline on the way, as the live engine's timer would: how a
    /// simulation with manual times (`segue plot`, `segue web`'s comparisons) feeds inputs at their own times.
    public mutating func runClock(to now: Int64, into outcome: inout Outcome) {
        stepClock(to: now, firstDeadline: nextDeadline()) { time in
            advance(to: time, into: &outcome)
            return nextDeadline()
        }
    }

    /// Runs the clock through every deadline until none is left (at most `maxSteps`, against a schedule that
    /// never ends): every settle completes and every silent gesture times out.
    public mutating func runUntilIdle(into outcome: inout Outcome, maxSteps: Int = 1_000_000) {
        var steps = 0
        while let deadline = nextDeadline(), steps < maxSteps {
            advance(to: deadline, into: &outcome)
            steps += 1
        }
    }
}
