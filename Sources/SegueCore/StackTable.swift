/// Every stack the engine holds: found by id with one hash, then reached by slot with none.
///
/// The engine decides a pan with a dozen reads and writes of its stack; through a `[String: StackModel]` each was
/// a string hash and often a copy of the whole stack. Here the id is hashed once per input, and the rest works on
/// `models[slot]` in place. Slots are dense (`0..<count`): deleting a stack moves the last one into its slot, so a
/// slot is only good until the next deletion.
public struct StackTable: Sendable {
    private var slotOf: [String: Int] = [:]
    /// The stacks, by slot.
    var models: [StackModel] = []
    /// Each stack's finger bookkeeping (not logged: a restart cancels fingers), by the same slot.
    var gestures: [GestureSlot] = []
    /// Changes whenever a stack is added or removed: what is derived from the set of ids (a sorted list, say)
    /// is current while this stays the same.
    public private(set) var membershipGeneration: UInt64 = 0

    public init() {}

    /// The number of stacks.
    public var count: Int { models.count }
    public var isEmpty: Bool { models.isEmpty }
    /// Every stack id, in no particular order.
    public var keys: Dictionary<String, Int>.Keys { slotOf.keys }
    /// Every stack, in no particular order.
    public var values: [StackModel] { models }
    /// The stacks keyed by id.
    public var dictionary: [String: StackModel] { slotOf.mapValues { models[$0] } }

    /// The stack with this id, or nil.
    public subscript(id: String) -> StackModel? {
        slotOf[id].map { models[$0] }
    }

    /// Where the stack with this id is, or nil.
    func slot(of id: String) -> Int? {
        slotOf[id]
    }

    /// Adds a stack whose id is not in the table yet; returns its slot.
    mutating func insert(_ model: StackModel) -> Int {
        precondition(slotOf[model.id] == nil, "StackTable.insert: stack '\(model.id)' is in the table already")
        let slot = models.count
        membershipGeneration &+= 1
        slotOf[model.id] = slot
        models.append(model)
        gestures.append(GestureSlot())
        return slot
    }

    /// Removes the stack in `slot`. The last stack moves into the hole: its old slot is returned, so that
    /// whatever else is kept by slot can follow it (nil when the removed stack was the last).
    mutating func remove(at slot: Int) -> Int? {
        membershipGeneration &+= 1
        slotOf[models[slot].id] = nil
        let last = models.count - 1
        if slot != last {
            models.swapAt(slot, last)
            gestures.swapAt(slot, last)
            slotOf[models[slot].id] = slot
        }
        models.removeLast()
        gestures.removeLast()
        return slot != last ? last : nil
    }
}

extension StackTable: Sequence {
    /// Every stack with its id, in no particular order (as a dictionary iterates).
    public func makeIterator() -> some IteratorProtocol<(key: String, value: StackModel)> {
        models.lazy.map { (key: $0.id, value: $0) }.makeIterator()
    }
}

extension StackTable: Equatable {
    /// Equal when they hold equal stacks under the same ids, whatever their slots.
    public static func == (lhs: StackTable, rhs: StackTable) -> Bool {
        lhs.count == rhs.count && lhs.models.allSatisfy { rhs[$0.id] == $0 }
    }
}
