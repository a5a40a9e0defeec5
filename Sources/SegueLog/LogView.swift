/// The log as it was at one moment, for a reader on another thread (`LogViewReader`): the records from
/// `firstPosition` through `headPosition`. The log only appends past a view and deletes only whole old segments
/// (retention), so the bytes a view names stay as they were; a segment deleted since reads as removed.
public struct LogView: Sendable {
    let directory: String
    let walk: SegmentWalk
    public let firstPosition: UInt64
    public let headPosition: UInt64
}
