import SegueCore
import SegueLogging
import SegueSystem
import SegueWire

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
    /// `SegmentLog.init(directory:acceptLoss:)`); each loss is logged as a warning, "log loss accepted".
    /// Without it such a log refuses to start.
    public var acceptLogLoss = false
    public var maxMessageBytes = 65_536
    /// `--max-connections`: the most connections each socket holds; past it a new one is shut down at once
    /// (`ConnectionLimiter`). segued lowers the default to what the descriptor limit allows (`DescriptorLimit`).
    public var maxConnections = DescriptorLimit.defaultConnectionsPerSocket
    public var limits = Limits()
    /// How much settle-frame work one turn does when the engine falls behind (`FramePacing`).
    public var framePacing = FramePacing.live
    /// Inputs taken from each socket per loop turn at most, so that one busy socket cannot starve the other.
    public var maxBatch = 4096
    /// The most messages the publisher queues for one subscriber, however small they are.
    public var publishHighWaterMark = 100_000
    /// `--publish-queue-bytes`: the most bytes the publisher queues for one subscriber that is not reading; past
    /// it, that subscriber misses messages (and recovers them from the log).
    public var publishQueueBytes = 256 << 20
    /// `--reply-queue-bytes`: the most bytes of replies queued for one control client that is not reading; past
    /// it, its replies are dropped and its requests refused unserved until it reads (`UnreadPeers`).
    public var replyQueueBytes = 128 << 20
    /// Bytes of replies one turn prepares at most before leaving the remaining requests for the next turn.
    public var maxReplyBytesPerTurn = 16 << 20
    /// Bytes of events one turn decides at most before leaving the remaining inputs for the next turn (a small
    /// command can make an event of many kilobytes: a `completed` lists the whole stack).
    public var maxBatchBytes = 8 << 20
    /// Microseconds one turn spends deciding ingest at most before it reads the control queue: about a frame at
    /// 60 Hz, so that a burst of costly inputs (creates of long stacks) delays a request or a frame deadline by
    /// about a frame, not by the whole burst. Only a clock that moves within a turn ends one early: the embedded
    /// engine's manual clock never does.
    public var maxIngestUsPerTurn: Int64 = 16_000
    /// CURVE on all three sockets with a ZAP allowlist; nil = plaintext (loopback only, unless insecure).
    public var curve: CurveServerKeys?
    /// Cluster mode: the log of record every batch reaches before the data directory's log (nil: the data
    /// directory's log is the log of record).
    public var replica: (any LogReplica)?
    /// Cluster mode: the shard whose stacks this engine holds; creating any other stack is WRONG_SHARD.
    public var shard: ShardAssignment?
    /// Where the engine reports what an operator should know; silent by default.
    public var log = Logger.discarding
    /// `--stats-interval`: every this many milliseconds the engine logs one `msg=stats` line with its counters
    /// (``StatsLogLine``); 0 never does.
    public var statsIntervalMs = 0
    /// Where the loop posts its counters for other threads (segued's `--metrics`); nil posts nothing.
    public var statsBoard: StatsBoard?

    public init() {}

    /// The publisher's high-water mark, in messages as libzmq counts them: as many of the largest message the
    /// limits allow as fit in `publishQueueBytes` (so the bytes a subscriber's queue holds never pass it), at most
    /// `publishHighWaterMark`.
    public var publishQueueMessages: Int {
        Self.messages(fitting: publishQueueBytes, of: limits.largestPublishedMessageBytes, atMost: publishHighWaterMark)
    }

    /// The control socket's high-water mark per client, in messages: as many of the largest reply as fit in
    /// `replyQueueBytes`, at most 1000. The largest reply is a read's batch (`ReadPage.maxBytes`) plus one event
    /// over, or a stack's state, both under two of the largest events.
    public var replyQueueMessages: Int {
        Self.messages(fitting: replyQueueBytes, of: largestReplyBytes, atMost: 1000)
    }

    /// An upper bound on a reply's size (request ids are at most 128 bytes, and long ones are not echoed).
    public var largestReplyBytes: Int { ReadPage.maxBytes + 2 * limits.largestPublishedMessageBytes }

    /// Why the queue limits cannot be kept with these limits, or nil: each queue holds at least 16 messages, so a
    /// byte limit under 16 of the largest message would be passed.
    public var queueLimitProblem: String? {
        let largestEvent = limits.largestPublishedMessageBytes
        if publishQueueBytes < Self.minimumQueueMessages * largestEvent {
            return "--publish-queue-bytes \(publishQueueBytes) holds fewer than \(Self.minimumQueueMessages) of the "
                + "largest event the limits allow (\(largestEvent) bytes): give at least "
                + "\(Self.minimumQueueMessages * largestEvent), or lower --max-screens or --max-presented"
        }
        if replyQueueBytes < Self.minimumQueueMessages * largestReplyBytes {
            return "--reply-queue-bytes \(replyQueueBytes) holds fewer than \(Self.minimumQueueMessages) of the "
                + "largest reply the limits allow (\(largestReplyBytes) bytes): give at least "
                + "\(Self.minimumQueueMessages * largestReplyBytes), or lower --max-screens or --max-presented"
        }
        return nil
    }

    /// The fewest messages any queue holds, whatever its byte limit.
    static let minimumQueueMessages = 16

    /// The ingest socket's queue per producer, in messages: 64 MiB of the largest input allowed, at most 100000
    /// (1024 at the default `maxMessageBytes`). A producer past it waits: its PUSH blocks.
    public var ingestQueueMessages: Int {
        Self.messages(fitting: Self.inboundQueueBytes, of: maxMessageBytes, atMost: 100_000)
    }

    /// The control socket's queue of requests per client, in messages: 16 MiB of the largest request, at most
    /// 1000 (256 at the default `maxMessageBytes`). A client past it waits.
    public var requestQueueMessages: Int {
        Self.messages(fitting: Self.inboundQueueBytes / 4, of: maxMessageBytes, atMost: 1000)
    }

    /// What one connection's unread inputs may take at most (ingest; a quarter of it for control requests).
    static let inboundQueueBytes = 64 << 20

    /// How many messages of `size` bytes fit in `budget`, between `minimumQueueMessages` and `ceiling`.
    static func messages(fitting budget: Int, of size: Int, atMost ceiling: Int) -> Int {
        min(ceiling, max(minimumQueueMessages, budget / max(size, 1)))
    }
}
