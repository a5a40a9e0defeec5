import WebSockets

/// What the WebSocket thread and the worker tell the bridge (`GatewayBridge.post(_:)`).
enum BridgeNotice: Sendable {
    case opened(ConnectionID)
    case message(ConnectionID, [UInt8])
    case closed(ConnectionID)
    /// The worker's answer to a page's large message, history or comparison.
    case computed(ConnectionID, GatewayWorker.Answer)
}
