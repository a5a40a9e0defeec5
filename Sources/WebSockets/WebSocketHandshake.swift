/// What a WebSocket upgrade request, or a plain HTTP request, says about itself, for deciding whether to serve it.
public struct WebSocketHandshake: Sendable {
    /// The `Origin` header; empty when the client sent none (browsers always send one).
    public var origin: String
    /// The `Host` header.
    public var host: String
    /// The `token` query argument of the request's URL; empty when absent.
    public var token: String
}
