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
        #expect(try log.prepareSync() == nil, "nothing was appended since")
        // Appends go on while the sync runs elsewhere.
        try log.append([[4]])
        #expect(sync.perform() == nil)
        try log.finishSync(nil)
        #expect(try log.prepareSync()?.position == 4)
    }

    @Test func aFailedPreparedSyncMakesTheLogUnusable() throws {
        let temporary = TemporaryDirectory()
        let log = try SegmentLog(directory: temporary.path)
        try log.append([[1]])
        _ = try log.prepareSync()
        // A descriptor that is not open: fdatasync fails as a disk error would.
        let failure = try #require(PendingSync(descriptor: -1, path: "gone.seg", position: 1).perform())
        #expect(failure.errno == EBADF)
        let thrown = #expect(throws: LogError.self) { try log.finishSync(failure) }
        #expect(thrown?.kind == .unusable)
        #expect((#expect(throws: LogError.self) { try log.append([[2]]) })?.kind == .unusable)
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
