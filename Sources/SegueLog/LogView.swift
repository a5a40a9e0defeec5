/// The log as it was at one moment, for a reader on another thread (`LogViewReader`): the records from
/// `firstPosition` through `headPosition`. The log only appends past a view and deletes only whole old segments
/// (retention), so the bytes a view names stay as they were; a segment deleted since reads as removed.
public struct LogView: Sendable {
    public let directory: String
    let walk: SegmentWalk
    public let firstPosition: UInt64
    public let headPosition: UInt64

    /// The last position of the view in the segment holding `position`: where a reader that cannot read on in that
    /// segment (a damaged record) may start again after it.
    public func segmentEnd(containing position: UInt64) -> UInt64 {
        let index = walk.segmentIndex(containing: position)
        return min(walk.table[index].endPosition - 1, headPosition)
    }
}
