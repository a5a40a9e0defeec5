/// One record read back from the log.
public struct LogRecord: Sendable, Hashable {
    /// The record's position: 1 for the first record ever appended, counting every record since.
    public var position: UInt64
    /// The bytes that were appended.
    public var payload: [UInt8]

    /// A record at `position` holding `payload`.
    public init(position: UInt64, payload: [UInt8]) {
        self.position = position
        self.payload = payload
    }
}
