import Glibc
import SegueCore
import SegueLog
import SegueWire

/// What the ledger keeps so that a batch whose append fails can be undone: the engine then refuses the batch with
/// UNAVAILABLE instead of exiting, and works again once the disk has room.
///
/// Why a copy, and only sometimes: the core decides a batch by changing its state in place, so undoing it means
/// going back to the state before the batch. `let before = core` is O(1), but the batch's first change then copies
/// the whole stack table (copy-on-write), O(stacks); paid on every batch that would be a tax on the hot path for
/// a failure that almost never happens. An undo journal inside the core would be O(stacks touched), but it would
/// have to be kept right at every place the core changes state, now and in every later change; a missed place
/// would undo a batch halfway, silently. So the copy is kept only while a failure is likely: when the log's file
/// system has less than `lowSpaceBytes` available (statvfs), or the previous append failed. Free space is looked
/// up after every `spaceCheckBytes` appended and at least every `spaceCheckIntervalUs`, so the look-up costs
/// nothing measurable either. An append that fails while no copy is kept (EIO, or space that vanished faster than
/// the margin between two look-ups) still stops the daemon, as every failure did before: nothing unsynced was
/// acknowledged, and recovery at the next start cuts whatever the failed write left.
struct RollbackGuard {
    /// The state before the current batch, while one is kept.
    var saved: EngineCore?
    /// Whether the last look-up found little space.
    var lowSpace = false
    /// When free space was last looked up (nil: never), and the bytes appended since.
    var lastCheckUs: Int64?
    var bytesSinceCheck = 0
    /// Why the previous append failed, while appends keep failing (nil once one succeeds).
    var failing: String?
}

extension Ledger {
    /// Below this much available space the ledger keeps a copy of the state before each batch. A batch's events
    /// take kilobytes, rarely megabytes: 64 MiB leaves room for many batches between two look-ups.
    static let lowSpaceBytes: UInt64 = 64 << 20
    /// Free space is looked up again after this many bytes were appended...
    static let spaceCheckBytes = 1 << 20
    /// ...or this long after the previous look-up (other programs fill disks too).
    static let spaceCheckIntervalUs: Int64 = 1_000_000

    /// Starts a batch at `now` (engine clock): decides whether to keep the state before it, so that its commit can
    /// undo the batch if the append fails.
    func beginRollbackGuard(now: Int64) {
        var guardState = rollback
        guardState.saved = nil
        let checkDue = guardState.lastCheckUs.map { now - $0 >= Self.spaceCheckIntervalUs } ?? true
        if guardState.failing == nil
            && (guardState.lowSpace || guardState.bytesSinceCheck >= Self.spaceCheckBytes || checkDue)
        {
            guardState.lowSpace = availableLogBytes().map { $0 < Self.lowSpaceBytes } ?? false
            guardState.lastCheckUs = now
            guardState.bytesSinceCheck = 0
        }
        if guardState.lowSpace || guardState.failing != nil {
            guardState.saved = core
        }
        rollback = guardState
    }

    /// Bytes available to this process on the log's file system, or nil when statvfs fails.
    func availableLogBytes() -> UInt64? {
        var info = statvfs()
        guard statvfs(directory.logPath, &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    /// Called by `LedgerBatch.commit` after an append of `bytes` succeeded.
    func noteAppended(bytes: Int) {
        rollback.bytesSinceCheck += bytes
        rollback.saved = nil
        if let cause = rollback.failing {
            rollback.failing = nil
            report.info("the log is writable again", ["after": cause])
        }
    }

    /// Undoes the batch whose append just failed with `error`, if a copy of the state before it is kept and the
    /// log is unchanged (SegmentLog truncates a failed append back; `.unusable` means it could not).
    /// - Returns: the refusal each of the batch's inputs gets (every one was received and none applied), or nil
    ///   when the batch was not undone: the caller must then treat the failure as fatal.
    func undoBatch(after error: LogError) -> ErrorDetail? {
        guard let saved = rollback.saved, error.kind != .unusable, error.kind != .closed else { return nil }
        let cause = error.errnoText ?? error.message
        core = saved
        // Its stack ids may have been listed, and the set's generation counter went back with the state.
        sortedStackIds = nil
        if rollback.failing == nil {
            report.warn("cannot append to the log; refusing batches until it can", ["error": "\(error)"])
        }
        rollback.failing = cause
        return ErrorDetail(code: .unavailable, message: "cannot write the log: \(cause); nothing was applied")
    }
}
