/// Buffered, validating reads of records from one segment at a time.
///
/// It reads the file in chunks with `pread`, so it shares descriptors with the appender without moving any file
/// offset, and hands out payloads as pointers into its buffer, so scanning costs one copy from the page cache and
/// no allocation per record.
final class SegmentReader {
    /// What the bytes at an offset turned out to be.
    enum Step {
        /// A whole record whose header and (when asked) checksum are valid. `payload` points into the reader's
        /// buffer and is valid until the next call.
        case record(length: Int, payload: UnsafeRawBufferPointer)
        /// The offset is exactly the end of the readable bytes.
        case end
        /// The bytes at the offset are not a valid record.
        case problem(RecoveryReport.Reason)
    }

    private var buffer: UnsafeMutableRawBufferPointer
    private let chunkBytes: Int
    /// The file offset of `buffer[0]` and how many bytes from there the buffer holds.
    private var bufferOffset = 0
    private var bufferCount = 0
    private var fd: Int32 = -1
    private var path = ""
    private var limit = 0

    /// A reader that fetches at least `chunkBytes` per `pread`.
    init(chunkBytes: Int) {
        self.chunkBytes = chunkBytes
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkBytes, alignment: 16)
    }

    deinit {
        buffer.deallocate()
    }

    /// Points the reader at a segment; `limit` is how many bytes of it may be read.
    func target(fd: Int32, path: String, limit: Int) {
        self.fd = fd
        self.path = path
        self.limit = limit
        bufferOffset = 0
        bufferCount = 0
    }

    /// Decodes the record at `offset`.
    ///
    /// - Parameters:
    ///   - maxRecordBytes: lengths above it are called absurd when the record is otherwise broken; a record above it
    ///     whose checksum holds is still accepted, so lowering the limit never makes recovery drop good data.
    ///   - verify: whether to check the payload's checksum (skipped for records a seek passes over).
    func next(at offset: Int, maxRecordBytes: Int, verify: Bool) throws(LogError) -> Step {
        if offset == limit { return .end }
        if limit - offset < RecordFormat.headerBytes { return .problem(.shortHeader) }
        try fill(offset, count: RecordFormat.headerBytes)
        let header = RecordFormat.loadHeader(at: UnsafeRawPointer(buffer.baseAddress! + (offset - bufferOffset)))
        let length = header.length
        if length == 0 { return .problem(.zeroLength) }
        if length > RecordFormat.hardLimitBytes { return .problem(.absurdLength) }
        let total = RecordFormat.headerBytes + length
        if total > limit - offset {
            return .problem(length > maxRecordBytes ? .absurdLength : .shortPayload)
        }
        try fill(offset, count: total)
        let start = buffer.baseAddress! + (offset - bufferOffset + RecordFormat.headerBytes)
        let payload = UnsafeRawBufferPointer(start: start, count: length)
        if verify && CRC32C.checksum(payload) != header.crc {
            return .problem(length > maxRecordBytes ? .absurdLength : .checksumMismatch)
        }
        return .record(length: length, payload: payload)
    }

    /// The payload length a header at `offset` gives, read without the payload, or nil when there is no whole header
    /// there or its length is zero, above `maxRecordBytes` or past the readable bytes.
    func plausibleLength(at offset: Int, maxRecordBytes: Int) throws(LogError) -> Int? {
        guard limit - offset >= RecordFormat.headerBytes else { return nil }
        try fill(offset, count: RecordFormat.headerBytes)
        let length = RecordFormat.loadHeader(at: UnsafeRawPointer(buffer.baseAddress! + (offset - bufferOffset))).length
        guard length > 0, length <= maxRecordBytes, RecordFormat.headerBytes + length <= limit - offset else {
            return nil
        }
        return length
    }

    /// Makes sure the buffer holds file bytes `offset ..< offset + count` (which lie within `limit`).
    private func fill(_ offset: Int, count: Int) throws(LogError) {
        if offset >= bufferOffset && offset + count <= bufferOffset + bufferCount { return }
        // Read ahead a whole chunk from the record's start, but never past the readable bytes.
        let want = min(max(chunkBytes, count), limit - offset)
        if buffer.count < want {
            buffer.deallocate()
            buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: want, alignment: 16)
        }
        bufferOffset = offset
        bufferCount = 0
        let got = try FileSystem.read(
            fd, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]), at: offset,
            path: path)
        bufferCount = got
        if got < count {
            throw LogError(
                .corrupt,
                "segment \(path) became shorter while being read (wanted \(count) bytes at byte "
                    + "\(offset), got \(got)); something other than this log is changing it", path: path)
        }
    }
}
