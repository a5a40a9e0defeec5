/// What one page may cost the gateway (docs/security.md, "segue web").
enum GatewayLimits {
    /// A larger message closes its connection (1009). Pans and commands are a few hundred bytes; a comparison of
    /// a long gesture and a recording file are the largest legitimate messages.
    static let maxMessageBytes = 1 << 20
    /// The largest recording file a `recording` message carries (786,309 bytes): its Base64, 4 characters for
    /// every 3 bytes, in `maxMessageBytes` beside the message's other members and a `ref` of 128 characters.
    static let maxRecordingBytes = (maxMessageBytes - #"{"recording":{"data":""},"ref":""}"#.utf8.count - 128) / 4 * 3
    /// The largest input or request passed on to the daemon, encoded: segued's default `--max-message-bytes`.
    /// libzmq drops the connection of a peer that sends more, losing what else was in flight on it, so the
    /// gateway refuses such a message itself.
    static let maxForwardedBytes = 65_536
    /// Open WebSocket connections; more upgrades are refused.
    static let maxConnections = 256
    /// Descriptors for connections, upgraded or not (HTTP requests and connections that never send one): at
    /// most this many, and never more than the process's limit leaves beside `reservedDescriptors`. Beyond,
    /// the gateway stops accepting until one closes (an idle connection is closed after 10 s).
    static let maxDescriptors = 4096
    /// What the rest of the gateway holds: two ZeroMQ contexts with their sockets, pipes, the files being served.
    static let reservedDescriptors = 64
    /// Messages a page may send per second, sustained, and in one burst: a pointer at 240 Hz with commands
    /// beside it fits many times over. Beyond, the connection closes (1008).
    static let messagesPerSecond = 1000.0
    static let messageBurst = 2000.0
    /// What a page may have sent that the bridge has not handled yet; beyond either, the gateway stops reading the
    /// page's socket until the bridge has caught up (`PageBacklog`). At most these plus one message per page
    /// (`maxMessageBytes`) wait in the gateway's memory.
    static let maxBacklogMessages = 256
    static let maxBacklogBytes = 1 << 20
    /// Bytes of events, replies and errors queued for a page that does not read; beyond, it is closed (1008).
    /// Frames do not count: they are conflated to the newest per stack.
    static let maxQueuedBytes = 16 << 20
    /// Pages with a control connection of their own to the daemon (made at a page's first request); the others
    /// share the gateway's. Kept well inside what segued takes on its control socket: with its default
    /// `--max-connections` and a descriptor limit of 1024, 170 connections (docs/security.md, "Limits").
    static let maxPageControlConnections = 128
    /// How long a control request may wait for the daemon before the page gets UNAVAILABLE.
    static let requestTimeoutMs = 5000
    /// Stacks one page may watch at a time.
    static let maxWatches = 64
    /// Histories, comparisons, recordings and large messages one page may have waiting on the gateway's worker;
    /// more are refused.
    static let maxComputationsPerPage = 2
    /// Of all pages, waiting for the worker (each may hold a message of up to `maxMessageBytes`); more are refused.
    static let maxWaitingJobs = 16
    /// Larger messages are read on the worker: reading a megabyte of JSON takes tens of milliseconds, too long to
    /// hold up the bridge, which carries every page's frames. They may be answered after smaller ones sent later.
    static let maxBridgeReadBytes = 65_536
    /// A stack's history holds at most this many events (the newest), with their frames.
    static let maxHistoryEvents = 20_000
    /// The largest history, comparison or recording answer, so that it fits a reading page's queue
    /// (`maxQueuedBytes`): a history keeps fewer events, a larger comparison or recording is refused.
    static let maxAnswerBytes = 12 << 20
}
