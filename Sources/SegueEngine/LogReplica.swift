import SegueWire

/// A log of record beyond this machine that each batch reaches before the local log: in cluster mode a
/// JetStream stream replicated across servers. A command is answered only once the replica has taken its events,
/// as `--fsync always` answers only after fdatasync; the local log then holds a prefix of the replica's events.
public protocol LogReplica: AnyObject, Sendable {
    /// Appends `events` (consecutive positions, following the last one appended) and returns once the replica
    /// has acknowledged them all. `encoded` holds each event's encoding, as the local log will hold it: the replica
    /// need not encode them again.
    /// - Throws: `ReplicaFailure` when it has not: another daemon took over (`fenced`), or the replica cannot be
    ///   reached. The batch then never reaches the local log, and the engine stops.
    func append(_ events: ArraySlice<Event>, encoded: [ArraySlice<UInt8>]) throws(ReplicaFailure)

    /// Where the replica stands after the last batch it acknowledged, for the snapshots that cover that batch.
    var cursor: StreamCursor { get }
}

/// Why a replica did not take a batch.
public struct ReplicaFailure: Error, Sendable, CustomStringConvertible {
    /// Whether another daemon has written to the replica since this one last did: this one must step down.
    public let fenced: Bool
    public let description: String

    public init(fenced: Bool, _ description: String) {
        self.fenced = fenced
        self.description = description
    }
}
