/// The bounds of one page a read returns: `ReadEvents`' events and `ListStacks`' stack ids.
enum ReadPage {
    /// Items a page holds when the request gives no count, and at most.
    static let defaultCount = 1000
    static let maxCount = 10_000
    /// A page stops once its items pass this many bytes (it always holds at least one): it bounds the largest reply,
    /// and with it what a client that does not read can make the daemon hold (`replyQueueMessages`).
    static let maxBytes = 64 << 10

    /// The count a request's `max_count` asks for (0: the default), within the bounds.
    static func count(asked: UInt32) -> Int {
        asked == 0 ? defaultCount : min(Int(asked), maxCount)
    }
}
