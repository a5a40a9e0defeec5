/// What waits to be written to one page, in order: messages kept whole, and frames conflated, the newest per
/// stack replacing an older one that has not been written yet (in the older one's place in the order).
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
