/// A token bucket over one connection's incoming messages: `GatewayLimits.messagesPerSecond` sustained, up to
/// `GatewayLimits.messageBurst` at once.
struct MessageRate {
    private var tokens = GatewayLimits.messageBurst
    private var last: ContinuousClock.Instant

    init(now: ContinuousClock.Instant) {
        last = now
    }

    /// Counts one message; false when the connection is over its rate.
    mutating func admit(now: ContinuousClock.Instant) -> Bool {
        let (seconds, attoseconds) = (now - last).components
        let elapsed = Double(seconds) + Double(attoseconds) / 1e18
        last = now
        tokens = min(GatewayLimits.messageBurst, tokens + elapsed * GatewayLimits.messagesPerSecond)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
