/// The periodic `msg=stats` line of the operator log, in the logfmt form `EngineConfiguration.log` takes:
/// `level=info msg=stats head=1234 stacks=3 inputs=5678 rejected=2 events=1234 frames=9012 fsync_p99_us=412.5`.
///
/// The counters are totals since start, as `GetStats` reports them, so a reader takes differences between lines
/// for rates.
public struct StatsLogLine: Sendable, Hashable {
    /// The newest log position.
    public var headPosition: UInt64
    /// How many stacks exist.
    public var stacks: Int
    /// The engine's counters.
    public var inputsReceived: UInt64
    /// Inputs and requests refused.
    public var inputsRejected: UInt64
    /// Events appended since start.
    public var eventsAppended: UInt64
    /// Frames published since start.
    public var framesPublished: UInt64
    /// The 99th percentile of recent fdatasync durations, microseconds.
    public var fsyncP99Us: Double

    /// A line from the engine's state.
    public init(headPosition: UInt64, stacks: Int, stats: EngineStats) {
        self.headPosition = headPosition
        self.stacks = stacks
        inputsReceived = stats.inputsReceived
        inputsRejected = stats.inputsRejected
        eventsAppended = stats.eventsAppended
        framesPublished = stats.framesPublished
        fsyncP99Us = stats.fsyncP99Us
    }

    /// The logfmt text, starting with `level=info`.
    public var text: String {
        // One decimal is enough for a p99 in microseconds; rounding keeps the line free of float noise.
        let p99 = (fsyncP99Us * 10).rounded() / 10
        return "level=info msg=stats head=\(headPosition) stacks=\(stacks) inputs=\(inputsReceived)"
            + " rejected=\(inputsRejected) events=\(eventsAppended) frames=\(framesPublished) fsync_p99_us=\(p99)"
    }
}
