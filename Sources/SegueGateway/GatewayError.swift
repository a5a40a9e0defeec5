/// Why the gateway could not start or go on.
public struct GatewayError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
