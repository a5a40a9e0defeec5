/// A segment's sparse index: byte offsets, appended in order, kept in chunks of 1024, so that a copy of the segment
/// table (a `LogView` taken for the history reader) shares every full chunk with the log: the log's next append
/// copies at most the last chunk (8 KiB) instead of the whole index (80 KiB and more for a 64 MiB segment), on the
/// engine's thread.
struct SparseIndex: Sendable {
    private static let chunkSize = 1024
    private var chunks: [[Int]] = []

    mutating func append(_ offset: Int) {
        if chunks.last.map({ $0.count == Self.chunkSize }) ?? true {
            var chunk: [Int] = []
            chunk.reserveCapacity(Self.chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(offset)
    }

    subscript(entry: Int) -> Int {
        chunks[entry / Self.chunkSize][entry % Self.chunkSize]
    }
}
