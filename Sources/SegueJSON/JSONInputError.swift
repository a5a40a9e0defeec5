/// Why a JSON input does not read as the message it should be: the path of the offending member (such as
/// `input.pan.phase`) and what would be accepted.
public struct JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `input.pan.phase: "PAN_SIDEWAYS" is not a PanPhase (PAN_BEGAN, …)`, or the message alone at the top.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
