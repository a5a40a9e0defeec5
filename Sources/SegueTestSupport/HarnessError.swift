/// Why a server for a test or the benchmark could not be started: what failed, in words for the report.
public struct HarnessError: Error, CustomStringConvertible, Sendable {
    public let description: String
    /// Whether the wait was given up on request (Ctrl-C in the benchmark), not failed.
    public let isCancellation: Bool

    public init(_ description: String, isCancellation: Bool = false) {
        self.description = description
        self.isCancellation = isCancellation
    }

    /// The wait was given up on request.
    public static let cancelled = HarnessError("cancelled", isCancellation: true)
}
