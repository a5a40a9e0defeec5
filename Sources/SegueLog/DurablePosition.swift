/// A position that evidence from outside the log says it held durably, and that evidence in words: a snapshot, for
/// one, is written only once the events it covers are on disk. A log opened with one that no longer reaches it has
/// lost events.
public struct DurablePosition: Sendable, Hashable {
    /// The position the log must reach.
    public var position: UInt64
    /// What says so, for messages: "snapshot DIR/00000000000000000066.snap covers position 66, ...".
    public var evidence: String

    /// A position and its evidence.
    public init(position: UInt64, evidence: String) {
        self.position = position
        self.evidence = evidence
    }
}
