import SegueCore
import SegueLog
import SegueWire

extension Ledger {
    /// Answers `GetStack` with the stack's state now, as of the inputs decided so far.
    func answer(_ get: GetStack, now: Int64, into reply: inout Reply) {
        if let state = core.state(of: get.stackId, now: now) {
            reply.body = .stack(state)
        } else if let invalid = Validation.checkStackId(get.stackId) {
            // Quoted escaped: the id is the client's text, echoed to a terminal.
            reply.error = invalid
        } else {
            reply.error = ErrorDetail(code: .unknownStack, message: "stack '\(get.stackId)' does not exist")
        }
    }

    /// One page of the stack ids in byte order, after `list.after`.
    func listStacks(_ list: ListStacks) -> StackList {
        let generation = core.stacks.membershipGeneration
        if sortedStackIds?.generation != generation {
            // Sorted once per change of the set of stacks, not per request: 100,000 ids take milliseconds to sort.
            sortedStackIds = (generation, core.stacks.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
        let ids = sortedStackIds?.ids ?? []
        var low = 0
        var high = ids.count
        if !list.after.isEmpty {
            while low < high {
                let middle = (low + high) / 2
                if list.after.utf8.lexicographicallyPrecedes(ids[middle].utf8) {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
        }
        let wanted = ReadPage.count(asked: list.maxCount)
        var end = low
        var bytes = 0
        while end < ids.count && end - low < wanted && bytes < ReadPage.maxBytes {
            bytes += ids[end].utf8.count + 2
            end += 1
        }
        return StackList(stackIds: Array(ids[low..<end]), more: end < ids.count)
    }
}
