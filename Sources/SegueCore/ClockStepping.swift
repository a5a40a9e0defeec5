/// Runs a clock to `target` as a live timer would: `fire` at every deadline on the way, in order, then at `target`,
/// so that frames and completions happen exactly when scheduled. The one loop behind every manual clock: the
/// core's (`EngineCore.runClock`) and the embedded engine's, which runs a whole turn at each stop.
/// - Parameters:
///   - firstDeadline: the earliest deadline now (nil: none).
///   - fire: runs the clock to the time given, and returns the earliest deadline left (nil: none).
public func stepClock<Failure: Error>(
    to target: Int64, firstDeadline: Int64?, _ fire: (Int64) throws(Failure) -> Int64?
) throws(Failure) {
    var next = firstDeadline
    while let deadline = next, deadline <= target {
        next = try fire(deadline)
    }
    _ = try fire(target)
}
