/// A libwebsockets context or connection that could not be made.
public struct WebSocketError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
