import SegueSystem

/// The engine's time source, in microseconds since the Unix epoch.
public protocol EngineClock {
    /// The current engine time; never less than a previous answer.
    mutating func nowUs() -> Int64
}

/// Wall-clock time anchored once, then advanced by the monotonic clock, so that stepping the system clock
/// never moves engine time backwards; anchored no earlier than the newest logged event, across restarts too.
public struct MonotonicEpochClock: EngineClock {
    private let anchorUs: Int64
    private let monotonicAnchorUs: Int64

    /// - Parameter notBeforeUs: the newest time already in the log.
    public init(notBeforeUs: Int64 = 0) {
        anchorUs = max(WallClock.nowUs(), notBeforeUs)
        monotonicAnchorUs = MonotonicTime.nowUs()
    }

    public mutating func nowUs() -> Int64 {
        anchorUs + (MonotonicTime.nowUs() - monotonicAnchorUs)
    }
}

/// A clock that moves only when told to: the embedded engine's, for exact, reproducible frame sequences.
public struct ManualClock: EngineClock {
    public var timeUs: Int64

    public init(startUs: Int64 = 1_700_000_000_000_000) {
        timeUs = startUs
    }

    public mutating func nowUs() -> Int64 { timeUs }
}
