/// What waits to be written to one page, in order: messages kept whole, and frames conflated, the newest per
/// stack replacing an older one that has not been written yet (in the older one's place in the order).
///
/// A page that asked for batches (`{"batching": {"on": true}}`) gets what waits together as one
/// `{"batch": [...]}` message: one WebSocket write, and one system call, where there would be one per message.
struct PageOutbox {
    private enum Entry {
        case message([UInt8])
        case frame(stackId: String)
    }

    private var entries: [Entry] = []
    private var head = 0
    private var frames: [String: [UInt8]] = [:]
    /// Bytes of whole messages waiting (frames not counted).
    private(set) var queuedBytes = 0
    /// Frames replaced by a newer one before they were written.
    private(set) var conflated = 0
    private(set) var framesWritten = 0
    /// Whether what waits is written as batches.
    var batching = false
    /// Batches written, each of two messages or more.
    private(set) var batchesWritten = 0

    /// The most bytes a batch takes: libwebsockets sends at most 4,096 bytes of a message per system call (and
    /// keeps the rest for later passes of its loop), so a batch goes in one. A message as large as this goes
    /// alone.
    static let maxBatchBytes = 4096
    private static let batchHead = Array(#"{"batch":["#.utf8)
    private static let batchTail = Array("]}".utf8)

    var isEmpty: Bool { head == entries.count }

    mutating func append(_ message: [UInt8]) {
        entries.append(.message(message))
        queuedBytes += message.count
    }

    mutating func appendFrame(_ frame: [UInt8], stackId: String) {
        if frames.updateValue(frame, forKey: stackId) != nil {
            conflated += 1
        } else {
            entries.append(.frame(stackId: stackId))
        }
    }

    /// What to write next, if anything: the next message, or with `batching` the messages that wait, in order,
    /// as one batch of at most `maxBatchBytes`.
    /// - Returns: the bytes and how many messages they hold.
    mutating func nextWrite() -> (bytes: [UInt8], messages: Int)? {
        guard let first = next() else { return nil }
        let room = Self.maxBatchBytes - Self.batchHead.count - Self.batchTail.count
        guard batching, !isEmpty, first.count + 1 + nextSize() <= room else { return (first, 1) }
        var batch = Self.batchHead
        batch.reserveCapacity(Self.maxBatchBytes)
        batch.append(contentsOf: first)
        var used = first.count
        var count = 1
        while !isEmpty, used + 1 + nextSize() <= room, let message = next() {
            batch.append(UInt8(ascii: ","))
            batch.append(contentsOf: message)
            used += 1 + message.count
            count += 1
        }
        batch.append(contentsOf: Self.batchTail)
        batchesWritten += 1
        return (batch, count)
    }

    /// The size of the message `next()` would return; only when there is one.
    private func nextSize() -> Int {
        switch entries[head] {
        case .message(let message): return message.count
        case .frame(let stackId): return frames[stackId]?.count ?? 0
        }
    }

    /// The next message to write, if any.
    mutating func next() -> [UInt8]? {
        guard head < entries.count else { return nil }
        let entry = entries[head]
        head += 1
        if head == entries.count || head > 1024 {
            entries.removeFirst(head)
            head = 0
        }
        switch entry {
        case .message(let message):
            queuedBytes -= message.count
            return message
        case .frame(let stackId):
            framesWritten += 1
            return frames.removeValue(forKey: stackId)
        }
    }
}
