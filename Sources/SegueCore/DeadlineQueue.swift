/// The stacks with something to do at a time (a settle frame, a completion, a gesture timeout), earliest first.
///
/// A binary min-heap of (deadline, stack id) with lazy deletion: `scheduled` holds the time of each stack's live
/// entry, and entries that no longer match it are dropped when they reach the top. A stack's entry may be earlier
/// than its true deadline: a tracking gesture's timeout moves later with every sample, and rather than moving the
/// entry each time (a sift and its bookkeeping per sample) the entry stays, fires early, and the caller
/// reschedules. Ties go to the smaller stack id, so runs are reproducible.
struct DeadlineQueue: Sendable {
    private struct Entry: Sendable {
        var deadline: Int64
        var stackId: String

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : stackId < other.stackId
        }
    }

    private var heap: [Entry] = []
    private var scheduled: [String: Int64] = [:]

    /// The earliest live entry's time (at or before the true earliest deadline), or nil when none is waiting.
    var earliest: Int64? { heap.first?.deadline }

    /// Makes sure the stack is looked at no later than `deadline`; an entry already due earlier stays.
    mutating func schedule(_ stackId: String, at deadline: Int64) {
        if let current = scheduled[stackId], current <= deadline { return }
        scheduled[stackId] = deadline
        push(Entry(deadline: deadline, stackId: stackId))
        dropStaleTop()
    }

    /// Forgets the stack's entry.
    mutating func remove(_ stackId: String) {
        guard scheduled.removeValue(forKey: stackId) != nil else { return }
        dropStaleTop()
    }

    /// The next stack due at or before `now`, taken off the queue; nil when none is.
    mutating func popDue(through now: Int64) -> String? {
        guard let top = heap.first, top.deadline <= now else { return nil }
        popTop()
        scheduled[top.stackId] = nil
        dropStaleTop()
        return top.stackId
    }

    /// Keeps the top live, so that `earliest` never reports a forgotten entry.
    private mutating func dropStaleTop() {
        while let top = heap.first, scheduled[top.stackId] != top.deadline {
            popTop()
        }
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var first = parent
            if left < heap.count && heap[left].precedes(heap[first]) { first = left }
            if right < heap.count && heap[right].precedes(heap[first]) { first = right }
            if first == parent { return }
            heap.swapAt(parent, first)
            parent = first
        }
    }
}
