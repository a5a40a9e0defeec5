/// The in-memory state of one segment file: where it starts, how much of it is valid, and a sparse index.
struct Segment {
    /// One index entry per this many records: 64 keeps the index near 1/64 of a word per record (about 1.2 MB for
    /// 10 million records) while a seek reads past at most 63 records.
    static let indexStride: UInt64 = 64

    /// The segment's file.
    let path: String
    /// The position of its first record, which is also its name.
    let firstPosition: UInt64
    /// How many whole, valid records it holds.
    var recordCount: UInt64 = 0
    /// The length of its valid prefix in bytes; everything the log reads or appends stays within or at this.
    var size: Int = 0
    /// `index[k]` is the byte offset of record `k * indexStride` (counted from 0 within the segment).
    var index = SparseIndex()

    /// A segment with no records yet.
    init(path: String, firstPosition: UInt64) {
        self.path = path
        self.firstPosition = firstPosition
    }

    /// The position after its last record: where the next segment must start.
    var endPosition: UInt64 { firstPosition + recordCount }

    /// Notes a record just written at `offset` with `length` payload bytes.
    mutating func didAppend(at offset: Int, length: Int) {
        if recordCount % Segment.indexStride == 0 { index.append(offset) }
        recordCount += 1
        size = offset + RecordFormat.headerBytes + length
    }

    /// Where reading position `position` (inside this segment) starts: the indexed offset at or before it, the
    /// position found there, and how many records to skip to reach `position`.
    func seek(to position: UInt64) -> (offset: Int, position: UInt64, skip: UInt64) {
        let relative = position - firstPosition
        let entry = relative / Segment.indexStride
        let skip = relative % Segment.indexStride
        return (index[Int(entry)], position - skip, skip)
    }

    /// The file name of the segment starting at `position`: 20 digits, enough for any UInt64, so names sort in
    /// position order.
    static func fileName(for position: UInt64) -> String {
        let digits = String(position)
        return String(repeating: "0", count: 20 - digits.count) + digits + ".seg"
    }

    /// The first position encoded in a segment file name, or nil if the name is not a segment's.
    static func position(fromFileName name: String) -> UInt64? {
        guard name.utf8.count == 24, name.hasSuffix(".seg") else { return nil }
        let digits = name.utf8.prefix(20)
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt64(String(name.prefix(20)))
    }

    /// Whether `name` looks like a segment file, whether or not its number fits a position.
    static func looksLikeSegment(_ name: String) -> Bool {
        name.hasSuffix(".seg")
    }
}
