import WebSockets

/// Items waiting per page, taken one page at a time in turn: a page with many waiting waits behind each other
/// page's next one, not all of them (the gateway's worker takes its jobs from one; in order of arrival, one
/// busy page would hold a new page's small comparison behind all of its long ones).
struct RoundRobinQueue<Item> {
    private var queues: [ConnectionID: [Item]] = [:]
    /// Pages with something waiting, the next to be served first.
    private var turns: [ConnectionID] = []

    /// Items waiting, over all pages.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Queues an item behind the page's others; a page with nothing waiting takes its turn after every page
    /// that has something.
    mutating func append(_ item: Item, for page: ConnectionID) {
        if queues[page, default: []].isEmpty { turns.append(page) }
        queues[page, default: []].append(item)
        count += 1
    }

    /// The oldest item of the page whose turn it is; that page's next turn comes after every other page's.
    mutating func next() -> Item? {
        guard !turns.isEmpty else { return nil }
        let page = turns.removeFirst()
        let item = queues[page]!.removeFirst()
        count -= 1
        if queues[page]!.isEmpty {
            queues[page] = nil
        } else {
            turns.append(page)
        }
        return item
    }

    /// Forgets a page's items (it closed).
    mutating func removeAll(of page: ConnectionID) {
        guard let removed = queues.removeValue(forKey: page) else { return }
        count -= removed.count
        turns.removeAll { $0 == page }
    }
}
