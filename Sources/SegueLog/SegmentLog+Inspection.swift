import Glibc

extension SegmentLog {
    /// For a log whose last segment ends in bytes that are not a valid record (`recovery`), the offset in that
    /// segment of a whole, valid record right after the damaged one, or nil when there is none.
    ///
    /// A torn write leaves nothing valid after the damage; a valid record after it means the damaged record was
    /// complete once and has since changed (corruption), and that recovery would throw good records away with it.
    /// The damaged record is skipped by the length in its header, so damage to that length goes unseen.
    /// - Throws: `LogError` when the segment cannot be read.
    public func validRecordAfterDamagedTail() throws(LogError) -> UInt64? {
        guard recovery.didTruncate, let path = recovery.segmentPath, let start = recovery.truncatedAtOffset else {
            return nil
        }
        let fd = try FileSystem.open(path, flags: O_RDONLY, what: "segment")
        defer { FileSystem.close(fd) }
        return try Self.validRecord(afterDamageAt: Int(start), fd: fd, path: path).map(UInt64.init)
    }

    /// The offset of a whole, valid record right after the (damaged) record at `offset`, skipping it by the length
    /// in its header; nil when there is none.
    static func validRecord(afterDamageAt offset: Int, fd: Int32, path: String) throws(LogError) -> Int? {
        let size = try FileSystem.size(fd, path: path)
        guard size - offset >= RecordFormat.headerBytes else { return nil }
        let header = UnsafeMutableRawBufferPointer.allocate(byteCount: RecordFormat.headerBytes, alignment: 8)
        defer { header.deallocate() }
        guard try FileSystem.read(fd, into: header, at: offset, path: path) == RecordFormat.headerBytes else {
            return nil
        }
        let length = RecordFormat.loadHeader(at: UnsafeRawPointer(header.baseAddress!)).length
        let next = offset + RecordFormat.headerBytes + length
        guard length > 0, length <= RecordFormat.hardLimitBytes, next < size else { return nil }
        let reader = SegmentReader(chunkBytes: 64 << 10)
        reader.target(fd: fd, path: path, limit: size)
        if case .record = try reader.next(at: next, maxRecordBytes: RecordFormat.hardLimitBytes, verify: true) {
            return next
        }
        return nil
    }
}
