import SegueWire

extension EngineCore {
    /// The state as a `Snapshot` at `headPosition`: every stack as the log folds it, sorted by id.
    ///
    /// What the log does not hold is left out: the frames a settle in progress has drawn (frame counters are kept
    /// as the events imply them) and the gesture bookkeeping of fingers (a restart cancels them). So
    /// `EngineCore(snapshot:)` followed by `restore` of the later events gives exactly the state a replay of the
    /// whole log gives, whether the snapshot came from a replayed core or from the live one.
    public func snapshot() -> Snapshot {
        snapshotSource.snapshot()
    }

    /// What `snapshot()` is made of, taken without copying: the stacks (shared until the core next changes them),
    /// the head and the clock. A snapshot can then be encoded on another thread while the core goes on; keeping a
    /// copy of the whole core instead would make its next change copy the gesture and timer tables as well.
    public var snapshotSource: SnapshotSource {
        SnapshotSource(stacks: stacks.values, position: headPosition, timeUs: clockUs)
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
                throw RestoreError(
                    position: snapshot.position,
                    message: "snapshot lists stack '\(stack.id)' more than once")
            }
            reschedule(stacks.insert(stack))
        }
        headPosition = snapshot.position
        clockUs = snapshot.timeUs
    }
}

/// The parts of an `EngineCore` a `Snapshot` records (see `EngineCore.snapshotSource`).
public struct SnapshotSource: Sendable {
    let stacks: [StackModel]
    let position: UInt64
    let timeUs: Int64

    /// The snapshot: every stack as the log folds it, sorted by id.
    public func snapshot() -> Snapshot {
        Snapshot(position: position, timeUs: timeUs, stacks: stacks.sorted { $0.id < $1.id }.map { $0.snapshot() })
    }
}
