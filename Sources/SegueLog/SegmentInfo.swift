/// A description of one segment file, for retention decisions and diagnostics.
public struct SegmentInfo: Sendable, Hashable {
    /// The segment's file.
    public var path: String
    /// The position of its first record (also its file name).
    public var firstPosition: UInt64
    /// How many records it holds.
    public var recordCount: UInt64
    /// Its size in bytes, headers included.
    public var byteSize: UInt64

    /// The position of its last record, or nil when it is empty.
    public var lastPosition: UInt64? {
        recordCount == 0 ? nil : firstPosition + recordCount - 1
    }

    /// A description of a segment.
    public init(path: String, firstPosition: UInt64, recordCount: UInt64, byteSize: UInt64) {
        self.path = path
        self.firstPosition = firstPosition
        self.recordCount = recordCount
        self.byteSize = byteSize
    }
}
