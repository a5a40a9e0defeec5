import Synchronization

/// Runs every fdatasync of one log's files, from whatever thread, one at a time, and keeps the first failure.
///
/// Linux reports a writeback error once per open file, and a duplicated descriptor (`PendingSync`) shares the
/// log's open file: the first fdatasync to see an error uses it up, and the next one on that file returns success
/// although the data never reached the disk. Through the gate that next one fails too: the failure is recorded
/// before any other sync can start.
final class SyncGate: Sendable {
    private let failure = Mutex<LogError?>(nil)

    /// fdatasync of `descriptor`, unless an earlier sync through the gate failed: then that failure.
    func dataSync(_ descriptor: Int32, path: String) throws(LogError) {
        let result = failure.withLock { (failed: inout LogError?) -> LogError? in
            if let failed { return failed }
            do throws(LogError) {
                try FileSystem.dataSync(descriptor, path: path)
                return nil
            } catch {
                failed = error
                return error
            }
        }
        if let result { throw result }
    }
}
