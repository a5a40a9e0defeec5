/// What opening a `SegmentLog` had to repair: the tail it cut off the last segment (a torn write, or damage it was
/// told to accept), if any, and the damage it accepted.
public struct RecoveryReport: Sendable, Hashable, CustomStringConvertible {
    /// Why the tail was cut.
    public enum Reason: String, Sendable, Hashable {
        /// Fewer than 8 bytes where a header should be: a write stopped inside it.
        case shortHeader = "short header"
        /// The header promises more payload than the file holds: a write stopped inside the payload.
        case shortPayload = "short payload"
        /// The payload does not match its checksum.
        case checksumMismatch = "crc mismatch"
        /// The length is larger than any record could be, so the header itself is garbage.
        case absurdLength = "absurd length"
        /// A length of zero, which append never writes: typically zeros a crash left past the real end.
        case zeroLength = "zero length"
    }

    /// How many bytes were removed; 0 when the log was intact.
    public var truncatedBytes: UInt64
    /// The position the first removed record would have had (the new head + 1), or nil when nothing was removed.
    public var truncatedAtPosition: UInt64?
    /// The byte offset in the segment where the cut was made, or nil when nothing was removed.
    public var truncatedAtOffset: UInt64?
    /// The segment that was cut, or nil when nothing was removed.
    public var segmentPath: String?
    /// Why it was cut, or nil when nothing was removed.
    public var reason: Reason?
    /// Damage no crash explains: what was given up when the log was opened accepting the loss, or, for a log opened
    /// with `init(readingDirectory:)`, what a writer would refuse to open. Empty for a log that is intact or was
    /// only torn.
    public var damage: [LogDamage]
    /// Whether the log had no manifest (a log written before there were manifests) and opening wrote one from the
    /// segments it found. Always false for a read-only log.
    public var manifestCreated = false

    /// A report of an intact log.
    public static let clean = RecoveryReport(
        truncatedBytes: 0, truncatedAtPosition: nil, truncatedAtOffset: nil, segmentPath: nil, reason: nil)

    /// A report; normally made by `SegmentLog`.
    public init(
        truncatedBytes: UInt64, truncatedAtPosition: UInt64?, truncatedAtOffset: UInt64?, segmentPath: String?,
        reason: Reason?, damage: [LogDamage] = []
    ) {
        self.truncatedBytes = truncatedBytes
        self.truncatedAtPosition = truncatedAtPosition
        self.truncatedAtOffset = truncatedAtOffset
        self.segmentPath = segmentPath
        self.reason = reason
        self.damage = damage
    }

    /// Whether anything was cut.
    public var didTruncate: Bool { reason != nil }

    /// One line for stderr.
    public var description: String {
        guard let reason, let segmentPath, let truncatedAtPosition, let truncatedAtOffset else {
            return "log intact"
        }
        return "log recovery: cut \(truncatedBytes) bytes (\(reason.rawValue)) from \(segmentPath) at byte "
            + "\(truncatedAtOffset); the log now ends at position \(truncatedAtPosition - 1)"
    }
}
