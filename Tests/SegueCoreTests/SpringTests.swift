import Testing

@testable import SegueCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("springs") struct SpringTests {
    @Test func criticallyDampedReachesThe1000thAtItsDuration() {
        let spring = Spring(dampingRatio: 1, durationSeconds: 0.5, initialVelocity: 0)
        #expect(spring.completion(at: 0) == 0)
        #expect(spring.completion(at: 0.5) == 1)
        // (1 + w t) e^(-w t) with w = ln(1000) / 0.5, just before the snap.
        let w = 6.907755278982137 / 0.5
        let t = 0.499
        #expect(abs(spring.completion(at: t) - (1 - (1 + w * t) * exp(-w * t))) < 1e-12)
    }

    @Test(arguments: [0.0, 5.0, 13.0, 20.0, 60.0])
    func criticallyDampedNeverPassesTheTarget(initialVelocity: Double) {
        let spring = Spring(dampingRatio: 1, durationSeconds: 0.5, initialVelocity: initialVelocity)
        var previous = 0.0
        for step in 1...500 {
            let value = spring.completion(at: Double(step) / 1000)
            #expect(value <= 1)
            #expect(value >= previous - 1e-12)
            previous = value
        }
    }

    @Test func underdampedBounces() {
        // The modal profile's present: 800 ms, damping 0.8, initial velocity 5.
        let spring = Spring(dampingRatio: 0.8, durationSeconds: 0.8, initialVelocity: 5)
        let peak = (1...799).map { spring.completion(at: Double($0) / 1000) }.max() ?? 0
        #expect(peak > 1)
        #expect(spring.completion(at: 0.8) == 1)
    }
}
