/// Counters the engine keeps for `GetStats` and the stats log line, written by its turn alone (`TurnRunner.stats`).
public struct EngineStats: Sendable {
    public var inputsReceived: UInt64 = 0
    public var inputsRejected: UInt64 = 0
    public var eventsAppended: UInt64 = 0
    public var framesPublished: UInt64 = 0
    /// CURVE handshakes the ZAP allowlist refused.
    public var handshakesRefused: UInt64 = 0
    /// Settle frames not drawn because they were too late when the engine got to them (`FramePacing`).
    public var framesSkipped: UInt64 = 0
    /// Control replies dropped because their client's queue was full.
    public var repliesDropped: UInt64 = 0
    /// Messages dropped unread for having more frames or bytes than a socket takes.
    public var messagesDropped: UInt64 = 0
    /// Connections closed at once because their socket already had its maximum.
    public var connectionsRefused: UInt64 = 0
    /// Publications the transport refused outright (a subscriber's full queue is not a refusal: PUB drops that
    /// subscriber's copy silently, and it catches up from the log).
    public var publicationsRefused: UInt64 = 0
    /// Durations of the latest syncs, in microseconds (a ring, for the p99).
    private var fsyncSamples: [Double] = []
    private var nextSample = 0
    private static let sampleCapacity = 1024

    public init() {}

    /// Records how long one fdatasync took.
    public mutating func recordSync(microseconds: Double) {
        if fsyncSamples.count < Self.sampleCapacity {
            fsyncSamples.append(microseconds)
        } else {
            fsyncSamples[nextSample] = microseconds
            nextSample = (nextSample + 1) % Self.sampleCapacity
        }
    }

    /// The 99th percentile of the recorded sync durations (0 before the first).
    public var fsyncP99Us: Double {
        guard !fsyncSamples.isEmpty else { return 0 }
        let sorted = fsyncSamples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
    }
}
