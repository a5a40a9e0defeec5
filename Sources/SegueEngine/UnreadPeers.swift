/// Control clients that are not reading their replies: one whose queue was full when a reply was due.
///
/// Serving such a client costs the daemon (a history read reads up to 64 KiB of the log for its reply) and its
/// queue holds what it has not read, so its requests are refused unserved, with a short RESOURCE_EXHAUSTED reply,
/// until one of those replies fits in its queue again: then it is reading, and is served as before. Remembers a bounded number of
/// clients (the oldest is forgotten first, and served once more before it is caught again).
struct UnreadPeers {
    /// The routing ids, in the order they were caught.
    private var order: [[UInt8]] = []
    private var members: Set<[UInt8]> = []
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    var count: Int { members.count }

    func contains(_ routingId: [UInt8]) -> Bool {
        members.contains(routingId)
    }

    /// Notes that a reply to `routingId` did not fit in its queue.
    mutating func insert(_ routingId: [UInt8]) {
        guard members.insert(routingId).inserted else { return }
        order.append(routingId)
        if order.count > capacity {
            members.remove(order.removeFirst())
        }
    }

    /// Notes that a reply to `routingId` fitted again.
    mutating func remove(_ routingId: [UInt8]) {
        guard members.remove(routingId) != nil else { return }
        order.removeAll { $0 == routingId }
    }
}
