/// The stacks with something to do at a time (a settle frame, a completion, a gesture timeout), earliest first.
///
/// A binary min-heap of (deadline, stack) with lazy deletion: `scheduled` holds each slot's live entry, and heap
/// entries that no longer match it are dropped when they reach the top. A stack's entry may be earlier than its
/// true deadline: a tracking gesture's timeout moves later with every sample, and rather than moving the entry
/// each time (a sift and its bookkeeping per sample) the entry stays, fires early, and the caller reschedules.
/// Ties go to the smaller stack id, not the slot, so runs are reproducible whatever slots the stacks got.
struct DeadlineQueue: Sendable {
    private struct Entry: Sendable {
        var deadline: Int64
        var slot: Int
        var stackId: String

        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : stackId < other.stackId
        }
    }

    private var heap: [Entry] = []
    /// The live entry of each slot (`StackTable` slots), nil when the slot has none.
    private var scheduled: [(deadline: Int64, stackId: String)?] = []

    /// The earliest live entry's time (at or before the true earliest deadline), or nil when none is waiting.
    var earliest: Int64? { heap.first?.deadline }

    /// Makes sure the stack in `slot` is looked at no later than `deadline`; an entry already due earlier stays.
    mutating func schedule(_ slot: Int, stackId: String, at deadline: Int64) {
        if slot >= scheduled.count {
            scheduled.append(contentsOf: repeatElement(nil, count: slot + 1 - scheduled.count))
        }
        if let current = scheduled[slot], current.stackId == stackId, current.deadline <= deadline { return }
        scheduled[slot] = (deadline, stackId)
        push(Entry(deadline: deadline, slot: slot, stackId: stackId))
        dropStaleTop()
    }

    /// Forgets the entry of the stack in `slot`.
    mutating func remove(_ slot: Int) {
        guard slot < scheduled.count, scheduled[slot] != nil else { return }
        scheduled[slot] = nil
        dropStaleTop()
    }

    /// The stack in slot `from` moved to slot `to` (`StackTable.remove(at:)`): its entry follows it.
    mutating func move(from: Int, to: Int) {
        remove(to)
        guard from < scheduled.count, let entry = scheduled[from] else { return }
        scheduled[from] = nil
        schedule(to, stackId: entry.stackId, at: entry.deadline)
    }

    /// The slot of the next stack due at or before `now`, taken off the queue; nil when none is.
    mutating func popDue(through now: Int64) -> Int? {
        guard let top = heap.first, top.deadline <= now else { return nil }
        popTop()
        scheduled[top.slot] = nil
        dropStaleTop()
        return top.slot
    }

    private func isLive(_ entry: Entry) -> Bool {
        guard let live = scheduled[entry.slot] else { return false }
        return live.deadline == entry.deadline && live.stackId == entry.stackId
    }

    /// Keeps the top live, so that `earliest` never reports a forgotten entry.
    private mutating func dropStaleTop() {
        while let top = heap.first, !isLive(top) {
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
