import Glibc
import Synchronization

/// An fdatasync of a log segment, prepared by `SegmentLog.prepareSync()` or `detachedSync()` to run on another
/// thread.
///
/// It holds a descriptor of its own for the segment, so it can run while the log goes on appending, rolls to a
/// new segment or closes; the descriptor is released once it has run, or when it is dropped unrun. It syncs
/// through the log's `SyncGate`, so a failure any sync of the log saw fails it too.
public final class PendingSync: Sendable {
    /// -1 once run.
    private let descriptor: Atomic<Int32>
    let path: String
    /// The log position the sync covers: every record up to it is durable once it succeeded.
    public let position: UInt64
    private let gate: SyncGate

    init(descriptor: Int32, path: String, position: UInt64, gate: SyncGate) {
        self.descriptor = Atomic(descriptor)
        self.path = path
        self.position = position
        self.gate = gate
    }

    /// Runs the fdatasync and releases the descriptor; runs once.
    /// - Returns: nil on success, else why it failed (also when it had run already).
    public func perform() -> LogError? {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        guard fd >= 0 else { return LogError(.invalidArgument, "the sync of \(path) has run already", path: path) }
        defer { Glibc.close(fd) }
        do {
            try gate.dataSync(fd, path: path)
            return nil
        } catch {
            return error
        }
    }

    deinit {
        let fd = descriptor.load(ordering: .relaxed)
        if fd >= 0 { Glibc.close(fd) }
    }
}
