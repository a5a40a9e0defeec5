import Glibc
import Testing

@testable import SegueLog

/// Syncs run by another thread: the interval policy's background sync and the sync before a snapshot.
struct PendingSyncTests {
    @Test func aPreparedSyncCoversTheHeadAndIsOnlyPreparedWhenSomethingIsUnsynced() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        #expect(try log.prepareSync() == nil)
        try log.append([[1], [2], [3]])
        let sync = try #require(try log.prepareSync())
        #expect(sync.position == 3)
        // Appends go on while the sync runs elsewhere.
        try log.append([[4]])
        #expect(sync.perform() == nil)
        try log.finishSync(nil)
        let next = try #require(try log.prepareSync())
        #expect(next.position == 4)
        try log.finishSync(next.perform())
        #expect(try log.prepareSync() == nil, "nothing was appended since")
    }

    /// A sync through the log's gate of a descriptor fdatasync refuses (a pipe's): it fails as a disk error would.
    static func failingSync(of log: SegmentLog) throws -> PendingSync {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[1])
        return PendingSync(descriptor: ends[0], path: "pipe", position: log.headPosition, gate: log.syncGate)
    }

    @Test func aFailedPreparedSyncMakesTheLogUnusable() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([[1]])
        let prepared = try #require(try log.prepareSync())
        let failure = try #require(try Self.failingSync(of: log).perform())
        #expect(failure.errno == EINVAL)
        let thrown = #expect(throws: LogError.self) { try log.finishSync(failure) }
        #expect(thrown?.kind == .unusable)
        #expect((#expect(throws: LogError.self) { try log.append([[2]]) })?.kind == .unusable)
        #expect(prepared.perform() != nil, "a sync after a failed one fails too")
    }

    @Test func aFailureSeenByOneSyncFailsEveryLaterOne() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([[1]])
        let later = try log.detachedSync()
        // Linux reports a writeback error to one fdatasync of an open file; the gate reports it to the rest.
        #expect(try Self.failingSync(of: log).perform() != nil)
        #expect(later.perform()?.errno == EINVAL)
        #expect((#expect(throws: LogError.self) { try log.sync() })?.kind == .unusable)
    }

    @Test func aSyncRunsOnceAndReleasesItsDescriptor() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([[1]])
        let sync = try log.detachedSync()
        #expect(sync.perform() == nil)
        #expect(sync.perform()?.kind == .invalidArgument, "a second run is refused, not a close of a reused number")
    }

    @Test func aDetachedSyncLeavesTheLogsOwnSyncToDo() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([[1], [2]])
        let detached = try log.detachedSync()
        #expect(detached.position == 2)
        #expect(detached.perform() == nil)
        #expect(try log.prepareSync()?.position == 2, "the detached sync is not the log's own")
        #expect(log.syncFailed(LogError(.io, "test")).kind == .unusable)
        #expect((#expect(throws: LogError.self) { try log.append([[3]]) })?.kind == .unusable)
    }

    @Test func aPreparedSyncSurvivesTheLogRollingAndClosing() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path, segmentBytes: 64)
        try log.append([[UInt8](repeating: 1, count: 60)])
        let sync = try #require(try log.prepareSync())
        try log.append([[UInt8](repeating: 2, count: 60)])
        #expect(log.segments.count == 2)
        log.close()
        #expect(sync.perform() == nil, "its own descriptor stays valid")
    }
}
