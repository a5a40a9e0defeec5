/// Records framed and ready for one `SegmentLog.append`, in a buffer that can be reused from batch to batch.
///
/// The engine can keep one batch, `removeAll()` it each turn and encode events straight into it with
/// `appendRecord(_:)`, so a turn costs no allocation once the buffer has grown to the usual batch size.
public struct LogBatch: Sendable {
    /// The framed records, back to back, exactly as they will be written.
    public private(set) var bytes: [UInt8] = []
    /// Where each record's header starts in `bytes`.
    private(set) var starts: [Int] = []

    /// An empty batch.
    public init() {}

    /// A batch holding `payloads`, in order.
    public init(_ payloads: [[UInt8]]) {
        reserveCapacity(bytes: payloads.reduce(0) { $0 + $1.count + RecordFormat.headerBytes }, records: payloads.count)
        for payload in payloads { append(payload) }
    }

    /// The number of records.
    public var count: Int { starts.count }
    /// Whether the batch has no records.
    public var isEmpty: Bool { starts.isEmpty }
    /// The framed size, headers included: what the append will add to the log.
    public var byteCount: Int { bytes.count }

    /// The framed size of the records from index `first` on.
    public func byteCount(from first: Int) -> Int { bytes.count - start(of: first) }

    /// The payload of record `index`, without its header.
    public func payload(at index: Int) -> ArraySlice<UInt8> {
        let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
        return bytes[(starts[index] + RecordFormat.headerBytes)..<end]
    }

    /// Empties the batch, keeping its memory for the next one.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
    }

    /// Reserves room so that filling the batch does not reallocate.
    public mutating func reserveCapacity(bytes byteCount: Int, records: Int) {
        bytes.reserveCapacity(byteCount)
        starts.reserveCapacity(records)
    }

    /// Adds a record holding a copy of `payload`.
    public mutating func append(_ payload: UnsafeRawBufferPointer) {
        appendRecord { $0.append(contentsOf: payload) }
    }

    /// Adds a record holding `payload`.
    public mutating func append(_ payload: [UInt8]) {
        appendRecord { $0.append(contentsOf: payload) }
    }

    /// Adds a record whose payload `encode` appends to the buffer it is given, so an encoder can write in place.
    ///
    /// `encode` must only append: the bytes already in the buffer are other records. If it throws, the batch is left
    /// as it was before the call.
    public mutating func appendRecord<E: Error>(_ encode: (inout [UInt8]) throws(E) -> Void) throws(E) {
        let start = bytes.count
        // A placeholder header, filled in once the payload's length and checksum are known.
        bytes.append(contentsOf: repeatElement(0, count: RecordFormat.headerBytes))
        do {
            try encode(&bytes)
        } catch {
            bytes.removeSubrange(start...)
            throw error
        }
        precondition(bytes.count >= start + RecordFormat.headerBytes, "LogBatch.appendRecord: encode removed bytes")
        let length = bytes.count - start - RecordFormat.headerBytes
        // Anything this large is refused by SegmentLog.append anyway; the check only keeps the header honest.
        precondition(length <= Int(UInt32.max), "LogBatch.appendRecord: payload longer than 4 GiB")
        bytes.withUnsafeMutableBytes { buffer in
            let header = buffer.baseAddress! + start
            let payload = UnsafeRawBufferPointer(rebasing: buffer[(start + RecordFormat.headerBytes)...])
            RecordFormat.storeHeader(length: UInt32(length), crc: CRC32C.checksum(payload), at: header)
        }
        starts.append(start)
    }

    /// Drops the records from index `first` on, keeping the ones before it and the memory.
    public mutating func removeRecords(from first: Int) {
        guard first < starts.count else { return }
        bytes.removeSubrange(starts[first]...)
        starts.removeSubrange(first...)
    }

    /// Calls `body` with the payload of record `i` (its bytes without the header), without copying it.
    public func withPayload<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let start = starts[i] + RecordFormat.headerBytes
        let length = payloadLength(i)
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<(start + length)])) }
    }

    /// Where record `i`'s header starts in `bytes`.
    func start(of i: Int) -> Int { i < starts.count ? starts[i] : bytes.count }

    /// The payload length of record `i`.
    func payloadLength(_ i: Int) -> Int {
        start(of: i + 1) - starts[i] - RecordFormat.headerBytes
    }
}
