import SegueCore

/// Everything `segued` can be told on its command line, with the defaults of the design.
public struct EngineConfiguration: Sendable {
    public var dataDirectory = "./segue-data"
    public var ingestEndpoint = "tcp://127.0.0.1:7701"
    public var controlEndpoint = "tcp://127.0.0.1:7702"
    public var eventsEndpoint = "tcp://127.0.0.1:7703"
    public var fsync = FsyncPolicy.always
    /// Events between periodic snapshots (`--snapshot-every`); 0 writes one only at a clean shutdown.
    public var snapshotEvery = 100_000
    public var segmentBytes = 64 << 20
    /// `--retain-bytes`: after a snapshot, whole segments covered by the snapshots kept are deleted, oldest first,
    /// while the log is larger than this. 0 keeps every segment.
    public var retainBytes: UInt64 = 0
    /// `--accept-log-loss`: start even though the log is damaged or missing events, giving them up (see
    /// `SegmentLog.init(directory:acceptLoss:)`); each loss is logged as `level=warn msg="log loss accepted"`.
    /// Without it such a log refuses to start.
    public var acceptLogLoss = false
    public var maxMessageBytes = 65_536
    public var limits = Limits()
    /// Inputs taken from each socket per loop turn at most, so that one busy socket cannot starve the other.
    public var maxBatch = 4096
    /// Events the publisher may queue per subscriber before dropping (the subscriber recovers from the log).
    public var publishHighWaterMark = 100_000
    /// CURVE on all three sockets with a ZAP allowlist; nil = plaintext (loopback only, unless insecure).
    public var curve: CurveServerKeys?
    /// Where the engine reports what an operator should know (logfmt lines); silent by default.
    public var log: @Sendable (String) -> Void = { _ in }
    /// `--stats-interval`: every this many milliseconds the engine logs one `msg=stats` line with its counters
    /// (``StatsLogLine``); 0 never does.
    public var statsIntervalMs = 0

    public init() {}
}
