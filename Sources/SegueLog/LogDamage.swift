/// Damage found when opening a log that no crash explains, so that recovering from it would give up events the
/// log once held: a damaged record with valid records after it, a damaged completed segment, missing segments.
///
/// `SegmentLog(directory:)` refuses to open a log with damage unless it is told to accept the loss; it then keeps
/// whatever it takes out of the log in `DIR/damaged` (`keptIn`). `SegmentLog(readingDirectory:)` describes it.
public struct LogDamage: Sendable, Hashable, CustomStringConvertible {
    /// The first position lost, when it is known.
    public var position: UInt64?
    /// The damaged file, or the one missing.
    public var path: String
    /// The byte offset of the damage in `path`, for damaged bytes.
    public var offset: UInt64?
    /// What is wrong, naming the files, byte offsets and positions.
    public var message: String
    /// Where the bytes taken out of the log were kept once the loss was accepted (files in `DIR/damaged`); empty
    /// when nothing was taken out, or nothing accepted.
    public var keptIn: [String]

    /// A description of damage; normally made by `SegmentLog`.
    public init(position: UInt64?, path: String, offset: UInt64? = nil, message: String, keptIn: [String] = []) {
        self.position = position
        self.path = path
        self.offset = offset
        self.message = message
        self.keptIn = keptIn
    }

    /// The message, followed by where the bytes were kept.
    public var description: String {
        keptIn.isEmpty ? message : message + "; kept in " + keptIn.joined(separator: ", ")
    }
}
