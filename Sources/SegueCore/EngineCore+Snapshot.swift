import SegueWire

extension EngineCore {
    /// The state as a `Snapshot` at `headPosition`: every stack as the log folds it, sorted by id.
    ///
    /// What the log does not hold is left out: frame counters (frames are not logged) and the gesture bookkeeping
    /// of fingers (a restart cancels them). So `EngineCore(snapshot:)` followed by `restore` of the later events
    /// gives exactly the state a replay of the whole log gives, whether the snapshot came from a replayed core or
    /// from the live one.
    public func snapshot() -> Snapshot {
        Snapshot(position: headPosition, timeUs: clockUs,
                 stacks: stacks.values.sorted { $0.id < $1.id }.map { $0.snapshot() })
    }

    /// A core holding the state a snapshot describes, ready to `restore` the event after its position.
    ///
    /// Transitions in flight are restored too, so `endTransitionsInFlight` ends them as it would after a replay.
    /// - Throws: `RestoreError` at the snapshot's position when it cannot be the fold of a log: a stack listed
    ///   twice or with an invalid id, a position past the snapshot's, a stack with both or neither of screens and
    ///   tabs, a transition without a phase, and the like. The caller then falls back to an older snapshot or to
    ///   the whole log.
    public init(snapshot: Snapshot, limits: Limits = Limits()) throws(RestoreError) {
        self.init(limits: limits)
        for stackSnapshot in snapshot.stacks {
            let stack = try StackModel(snapshot: stackSnapshot, at: snapshot.position)
            guard stacks.slot(of: stack.id) == nil else {
                throw RestoreError(position: snapshot.position,
                                   message: "snapshot lists stack '\(stack.id)' more than once")
            }
            reschedule(stacks.insert(stack))
        }
        headPosition = snapshot.position
        clockUs = snapshot.timeUs
    }
}
