/// A token bucket over one connection's incoming messages: `GatewayLimits.messagesPerSecond` sustained, up to
/// `GatewayLimits.messageBurst` at once.
struct MessageRate {
    private var tokens = GatewayLimits.messageBurst
    private var lastNs: UInt64

    init(nowNs: UInt64) {
        lastNs = nowNs
    }

    /// Counts one message; false when the connection is over its rate.
    mutating func admit(nowNs: UInt64) -> Bool {
        let elapsed = Double(nowNs &- lastNs) / 1e9
        lastNs = nowNs
        tokens = min(GatewayLimits.messageBurst, tokens + elapsed * GatewayLimits.messagesPerSecond)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
