import Glibc

/// An fdatasync of a log segment, prepared by `SegmentLog.prepareSync()` to run on another thread.
///
/// It holds a descriptor of its own for the segment, so it can run while the log goes on appending, rolls to a
/// new segment or closes. Run it once; the log learns the result from `SegmentLog.finishSync`.
public struct PendingSync: Sendable {
    let descriptor: Int32
    let path: String
    /// The log position the sync covers: every record up to it is durable once it succeeded.
    public let position: UInt64

    /// Runs the fdatasync and releases the descriptor.
    /// - Returns: nil on success, else why it failed.
    public func perform() -> LogError? {
        defer { Glibc.close(descriptor) }
        do {
            try FileSystem.dataSync(descriptor, path: path)
            return nil
        } catch {
            return error
        }
    }
}
