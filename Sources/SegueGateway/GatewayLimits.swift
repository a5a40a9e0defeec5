/// What one page may cost the gateway (docs/security.md, "segue web").
enum GatewayLimits {
    /// A larger message closes its connection (1009). Pans and commands are a few hundred bytes; a comparison of
    /// a long gesture is the largest legitimate message.
    static let maxMessageBytes = 1 << 20
    /// Open WebSocket connections; more upgrades are refused.
    static let maxConnections = 256
    /// Messages a page may send per second, sustained, and in one burst: a pointer at 240 Hz with commands
    /// beside it fits many times over. Beyond, the connection closes (1008).
    static let messagesPerSecond = 1000.0
    static let messageBurst = 2000.0
    /// Bytes of events, replies and errors queued for a page that does not read; beyond, it is closed (1008).
    /// Frames do not count: they are conflated to the newest per stack.
    static let maxQueuedBytes = 16 << 20
    /// How long a control request may wait for the daemon before the page gets UNAVAILABLE.
    static let requestTimeoutMs = 5000
    /// Stacks one page may watch at a time.
    static let maxWatches = 64
    /// A stack's history holds at most this many events (the newest), with their frames.
    static let maxHistoryEvents = 20_000
}
