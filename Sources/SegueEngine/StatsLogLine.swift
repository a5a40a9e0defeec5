import SegueLogging

/// The periodic `stats` record of the operator log, which segued writes as
/// `level=info msg=stats head=1234 stacks=3 inputs=5678 rejected=2 events=1234 frames=9012 fsync_p99_us=412.5
/// frames_skipped=0 replies_dropped=0 messages_dropped=0 connections_refused=0 publications_refused=0`.
///
/// The counters are totals since start, as `GetStats` reports them, so a reader takes differences between lines
/// for rates. The last five are nonzero only when the engine protected itself or could not publish: it fell behind
/// drawing frames, a client did not read its replies, a message was too big, a socket had too many connections, or
/// the events socket refused a message.
public struct StatsLogLine: Sendable {
    /// The newest log position.
    public var headPosition: UInt64
    /// How many stacks exist.
    public var stacks: Int
    /// The engine's counters.
    public var stats: EngineStats

    /// A line from the engine's state.
    public init(headPosition: UInt64, stacks: Int, stats: EngineStats) {
        self.headPosition = headPosition
        self.stacks = stacks
        self.stats = stats
    }

    /// Logs the record at info.
    public func log(to logger: Logger) {
        // One decimal is enough for a p99 in microseconds; rounding keeps the line free of float noise.
        let p99 = (stats.fsyncP99Us * 10).rounded() / 10
        logger.info(
            "stats",
            [
                "head": headPosition, "stacks": stacks, "inputs": stats.inputsReceived,
                "rejected": stats.inputsRejected,
                "events": stats.eventsAppended, "frames": stats.framesPublished, "fsync_p99_us": p99,
                "frames_skipped": stats.framesSkipped, "replies_dropped": stats.repliesDropped,
                "messages_dropped": stats.messagesDropped, "connections_refused": stats.connectionsRefused,
                "publications_refused": stats.publicationsRefused,
            ])
    }
}
