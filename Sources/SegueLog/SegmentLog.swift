import Glibc

/// A durable, append-only log of byte payloads, split into segment files.
///
/// Records are framed as `RecordFormat` describes and stored in `DIR/<first position, 20 digits>.seg`. Positions are
/// implied by order: the first record ever appended is 1, and each segment's name says where it starts. The log
/// does not interpret payloads. `DIR/MANIFEST` records the oldest and the newest segment (`LogManifest`), so that a
/// segment deleted by anything but retention is found missing.
///
/// Crash safety rests on one invariant: only the last segment can be torn. `append` writes to the last segment
/// only, and before a new segment is created the previous one is made durable; so on open a damaged tail of the
/// last segment with nothing valid after it is the residue of a crash and is cut off, while damage anywhere else
/// (`LogDamage`) refuses to open unless the loss is accepted.
///
/// Owned by one thread: the class is deliberately not `Sendable`.
public final class SegmentLog {
    /// The directory holding the segment files.
    public let directory: String
    /// The size past which `append` starts a new segment.
    public let segmentBytes: Int
    /// The largest payload `append` accepts.
    public let maxRecordBytes: Int
    /// What opening the log repaired and the damage it accepted; for a log opened with `init(readingDirectory:)`,
    /// what it would repair, and the damage it would refuse.
    public let recovery: RecoveryReport
    /// Whether the log was opened with `init(readingDirectory:)`: appends, syncs and deletions are refused.
    public let isReadOnly: Bool
    /// Why the latest attempt to start a new segment failed, while appends go on in the current one past its
    /// size; nil once a new segment was started.
    public private(set) var rollFailure: LogError?
    /// The position of the last record appended, 0 when nothing ever was.
    public private(set) var headPosition: UInt64
    /// The oldest position still kept: 1 until retention deletes segments, then the first kept one's start.
    /// Equals `headPosition + 1` when every record has been deleted (or none appended).
    public private(set) var firstPosition: UInt64

    /// The log's manifest file (`LogManifest`).
    public var manifestPath: String {
        directory + "/" + LogManifest.fileName
    }

    /// The total size of all segment files in bytes.
    public var byteSize: UInt64 {
        table.reduce(0) { $0 + UInt64($1.size) }
    }

    /// The segments, oldest first; the last is the one being appended to.
    public var segments: [SegmentInfo] {
        table.map {
            SegmentInfo(
                path: $0.path, firstPosition: $0.firstPosition, recordCount: $0.recordCount,
                byteSize: UInt64($0.size))
        }
    }

    /// The segments, oldest first. Never empty while open: the last one is always present, even if empty.
    private var table: [Segment]
    /// The last segment, opened for reading and writing.
    private var writeDescriptor: Int32
    /// The log's directory, kept open by a writer so that making a new segment's name durable needs no descriptor
    /// of its own (-1 when read-only).
    private var directoryDescriptor: Int32 = -1
    /// After a failed roll, the size the last segment must reach before the next attempt: a roll syncs the segment
    /// first, and trying again at every append would sync at every append.
    private var rollRetrySize = 0
    /// Read-only descriptors of older segments, most recently used first.
    private var readDescriptors: [(firstPosition: UInt64, fd: Int32)] = []
    /// Whether records have been written to the last segment since its last fdatasync.
    private var needsSync = false
    /// Whether a sync made by `prepareSync()` has not been reported done (`finishSync`) yet: until then, whatever
    /// must be on disk now (`sync()`, a roll) cannot count on it and syncs itself.
    private var syncInFlight = false
    /// Every fdatasync of the segments goes through it, the helpers' too.
    let syncGate = SyncGate()
    /// Set when an append or sync failed in a way that leaves the files' state unknown; refuses further writes.
    private var failure: LogError?
    private var isClosed = false
    /// Reused by `append(_ payloads:)` so framing allocates nothing once it has grown.
    private var scratch = LogBatch()
    /// How many reads or scans are in progress (a `forEach` body may read); descriptors are not closed meanwhile.
    private var activeWalks = 0

    /// How many older segments keep a descriptor open between reads.
    private static let cachedReadDescriptors = 4
    /// Chunk sizes for reads: a request batch is small, a replay is long.
    private static let readChunkBytes = 64 << 10
    static let scanChunkBytes = 1 << 20

    /// Opens the log in `directory` (creating it, mode 0700, if needed), checking every record.
    ///
    /// Every segment is read and every record's checksum verified; an in-memory sparse index is built as it goes.
    /// A torn tail of the last segment (bytes that are not a whole, valid record, with no valid record at any
    /// offset after them) is cut off at the last good record (ftruncate + fsync) and described in `recovery`.
    /// Anything else wrong is damage no crash explains, and refuses to open: a bad record with a valid one after it,
    /// a bad record in an older segment, a gap or overlap between segments, or a `.seg` file whose name is not a
    /// position.
    ///
    /// - Parameters:
    ///   - segmentBytes: the size past which `append` starts a new segment.
    ///   - maxRecordBytes: the largest payload `append` accepts (at most `RecordFormat.hardLimitBytes`).
    ///   - acceptLoss: open a damaged log anyway, giving up what the damage holds, each loss described in
    ///     `recovery.damage`. Nothing is deleted: the log is cut at the first damage, and the bytes cut (copied to
    ///     `DIR/damaged/<segment>.cut-<byte>`) and the segments after them (moved to `DIR/damaged/<segment>.moved`)
    ///     are kept for a look.
    ///   - durablePosition: a position the log held durably, by evidence from outside it (the newest snapshot's):
    ///     a log that does not reach it, even once a torn tail is cut, has lost events, which is damage too.
    /// - Throws: `LogError` `.corrupt` for damage, unless `acceptLoss`; `.io` when a file cannot be read or written.
    public init(
        directory: String, segmentBytes: Int = 64 << 20, maxRecordBytes: Int = 16 << 20,
        acceptLoss: Bool = false, durablePosition: DurablePosition? = nil
    ) throws(LogError) {
        guard segmentBytes > 0 else {
            throw LogError(.invalidArgument, "segment size must be positive, not \(segmentBytes)")
        }
        guard maxRecordBytes > 0 && maxRecordBytes <= RecordFormat.hardLimitBytes else {
            throw LogError(
                .invalidArgument,
                "maximum record size must be 1...\(RecordFormat.hardLimitBytes) bytes, "
                    + "not \(maxRecordBytes)")
        }
        let directory = FileSystem.trimTrailingSlashes(directory)
        self.directory = directory
        self.segmentBytes = segmentBytes
        self.maxRecordBytes = maxRecordBytes
        isReadOnly = false
        try FileSystem.makeDirectory(directory, mode: 0o700)
        let opened = try Self.openSegments(
            in: directory, maxRecordBytes: maxRecordBytes, readOnly: false,
            acceptLoss: acceptLoss, durable: durablePosition)
        self.table = opened.table
        self.writeDescriptor = opened.lastDescriptor
        self.recovery = opened.report
        self.firstPosition = opened.table[0].firstPosition
        self.headPosition = opened.table[opened.table.count - 1].endPosition - 1
        do {
            directoryDescriptor = try FileSystem.open(directory, flags: O_RDONLY | O_DIRECTORY, what: "log directory")
        } catch {
            FileSystem.close(writeDescriptor)
            throw error
        }
    }

    /// Opens the log in `directory` for reading only, whether or not a daemon is appending to it: it creates,
    /// truncates and deletes nothing, and takes no lock.
    ///
    /// Every record is checked as `init(directory:)` checks it. A torn or damaged tail of the last segment is left
    /// in place and described in `recovery` (what a writer opening the log would cut), and when a valid record
    /// follows it, so is the damage (`recovery.damage`, which a writer would refuse); reads end before it. A record
    /// a running daemon is writing at that moment looks torn. Appends, syncs and `deleteSegments` throw.
    ///
    /// - Throws: `LogError` when the directory cannot be listed or a segment opened, and for the damage
    ///   `init(directory:)` refuses elsewhere (a bad record in an older segment, a gap between segments, an odd
    ///   `.seg` name).
    public init(readingDirectory directory: String, maxRecordBytes: Int = 16 << 20) throws(LogError) {
        guard maxRecordBytes > 0 && maxRecordBytes <= RecordFormat.hardLimitBytes else {
            throw LogError(
                .invalidArgument,
                "maximum record size must be 1...\(RecordFormat.hardLimitBytes) bytes, "
                    + "not \(maxRecordBytes)")
        }
        let directory = FileSystem.trimTrailingSlashes(directory)
        self.directory = directory
        segmentBytes = Int.max
        self.maxRecordBytes = maxRecordBytes
        isReadOnly = true
        let opened = try Self.openSegments(
            in: directory, maxRecordBytes: maxRecordBytes, readOnly: true,
            acceptLoss: false, durable: nil)
        self.table = opened.table
        self.writeDescriptor = opened.lastDescriptor
        self.recovery = opened.report
        self.firstPosition = opened.table[0].firstPosition
        self.headPosition = opened.table[opened.table.count - 1].endPosition - 1
    }

    deinit {
        close()
    }

    /// Releases every file descriptor. Does not sync: call `sync()` first for durability. Idempotent; any later
    /// use throws a `.closed` error.
    public func close() {
        guard !isClosed else { return }
        precondition(activeWalks == 0, "SegmentLog.close() called from inside forEach")
        isClosed = true
        if writeDescriptor >= 0 { FileSystem.close(writeDescriptor) }
        writeDescriptor = -1
        if directoryDescriptor >= 0 { FileSystem.close(directoryDescriptor) }
        directoryDescriptor = -1
        for entry in readDescriptors { FileSystem.close(entry.fd) }
        readDescriptors.removeAll()
    }

    // MARK: Appending

    /// Appends `payloads` as records at positions `headPosition + 1 ...`, in one write.
    ///
    /// See `append(_ batch:)` for the rules; this frames the payloads into a reused buffer first.
    @discardableResult
    public func append(_ payloads: [[UInt8]]) throws(LogError) -> ClosedRange<UInt64> {
        scratch.removeAll()
        for payload in payloads { scratch.append(payload) }
        return try append(scratch)
    }

    /// Appends the records of `batch` at positions `headPosition + 1 ...`, in one `pwrite`.
    ///
    /// If the last segment is not empty and the batch would take it past `segmentBytes`, a new segment is started
    /// first (the old one is fdatasynced, the new file created and its directory fsynced). A batch therefore never
    /// spans segments, and a segment exceeds `segmentBytes` only when one batch alone is bigger, or when the new
    /// segment could not be created (`rollFailure` says why; the batch then goes into the current one).
    ///
    /// The records are not durable until `sync()`, but reads see them at once.
    ///
    /// All or nothing: when the write fails or is short (for example ENOSPC) the segment is truncated back to where
    /// the batch began and the error is thrown; the log is then unchanged and a later append may succeed. Only if
    /// that truncation also fails does the log become `.unusable`.
    ///
    /// - Returns: the positions the records got.
    /// - Throws: `.invalidArgument` for an empty batch or an empty payload (zero lengths are how recovery recognizes
    ///   zero-filled garbage), `.recordTooLarge` above `maxRecordBytes`, `.io` when writing fails, `.unusable` after
    ///   an earlier unrecoverable failure, `.closed`.
    @discardableResult
    public func append(_ batch: LogBatch) throws(LogError) -> ClosedRange<UInt64> {
        try append(batch, fromRecord: 0)
    }

    /// Appends the records of `batch` from index `first` on, as `append(_ batch:)` does; the records before
    /// `first` are left out (an owner that appends one growing batch in steps passes how many it already wrote).
    @discardableResult
    public func append(_ batch: LogBatch, fromRecord first: Int) throws(LogError) -> ClosedRange<UInt64> {
        try checkWritable()
        guard !batch.isEmpty else {
            throw LogError(.invalidArgument, "append of an empty batch to the log in \(directory)")
        }
        guard first >= 0 && first < batch.count else {
            throw LogError(.invalidArgument, "append from record \(first) of a batch of \(batch.count) records")
        }
        let firstByte = batch.start(of: first)
        let byteCount = batch.byteCount - firstByte
        for i in first..<batch.count {
            let length = batch.payloadLength(i)
            if length == 0 {
                throw LogError(
                    .invalidArgument,
                    "record \(i) of the batch has an empty payload; the log stores only "
                        + "non-empty records")
            }
            if length > maxRecordBytes {
                throw LogError(
                    .recordTooLarge,
                    "record \(i) of the batch has \(length) bytes, more than the log's "
                        + "limit of \(maxRecordBytes)")
            }
        }
        let size = table[table.count - 1].size
        if size > 0 && size + byteCount > segmentBytes && size >= rollRetrySize {
            do {
                try roll()
                rollFailure = nil
                rollRetrySize = 0
            } catch {
                // Only a failed sync leaves the log unknown; without a new file (no descriptor to spare, say) the
                // batch goes into the current segment, which grows past its size until a later roll succeeds.
                if error.kind == .unusable { throw error }
                rollFailure = error
                rollRetrySize = size + max(segmentBytes / 8, 64 << 10)
            }
        }
        let last = table.count - 1
        let path = table[last].path
        let offset = table[last].size
        let failed = batch.bytes.withUnsafeBytes {
            FileSystem.write(writeDescriptor, UnsafeRawBufferPointer(rebasing: $0[firstByte...]), at: offset)
        }
        if let code = failed {
            do {
                try FileSystem.truncate(writeDescriptor, to: offset, path: path)
            } catch {
                let unusable = LogError(
                    .unusable,
                    "appending to \(path) failed (\(String(cString: strerror(code)))) "
                        + "and the partial write could not be removed; restart so recovery cuts it", path: path,
                    errno: error.errno)
                failure = unusable
                throw unusable
            }
            throw LogError.system(
                "cannot append \(batch.count - first) records to \(path) (nothing was appended)",
                path: path, code: code)
        }
        for i in first..<batch.count {
            table[last].didAppend(at: offset + batch.start(of: i) - firstByte, length: batch.payloadLength(i))
        }
        needsSync = true
        let appendedFrom = headPosition + 1
        headPosition += UInt64(batch.count - first)
        return appendedFrom...headPosition
    }

    /// Makes every appended record durable: one fdatasync of the last segment, if anything was written since the
    /// previous sync. Older segments were made durable when the log moved past them.
    ///
    /// A failed fdatasync makes the log `.unusable`: after one, Linux may have dropped the dirty pages, so the
    /// process can no longer tell what is on the disk. Restarting lets recovery find out.
    public func sync() throws(LogError) {
        try checkWritable()
        guard needsSync || syncInFlight else { return }
        try syncLastSegment()
    }

    /// Prepares the fdatasync `sync()` would do, for another thread to run (`PendingSync.perform()`), so that the
    /// owner's thread does not wait for the disk. The owner reports the result with `finishSync`; only then are the
    /// records up to `PendingSync.position` known to be durable. One at a time.
    /// - Returns: nil when nothing was appended since the last sync.
    public func prepareSync() throws(LogError) -> PendingSync? {
        try checkWritable()
        precondition(!syncInFlight, "SegmentLog.prepareSync: the previous sync was not finished")
        guard needsSync else { return nil }
        let sync = try syncOfLastSegment()
        needsSync = false
        syncInFlight = true
        return sync
    }

    /// An fdatasync of everything appended so far, for another thread, that the log does not count as its own: for
    /// ordering another write after the records (a snapshot must not reach the disk before the events it covers).
    /// The log's own syncs go on as if it did not exist. A failure must be reported with `syncFailed`.
    public func detachedSync() throws(LogError) -> PendingSync {
        try checkWritable()
        return try syncOfLastSegment()
    }

    /// A sync of the last segment with a descriptor of its own, so that it stays valid whatever the log does
    /// meanwhile (roll, close). Older segments were synced when the log moved past them.
    private func syncOfLastSegment() throws(LogError) -> PendingSync {
        let descriptor = fcntl(writeDescriptor, F_DUPFD_CLOEXEC, Int32(0))
        let path = table[table.count - 1].path
        guard descriptor >= 0 else {
            throw LogError.system("cannot duplicate the descriptor of \(path) to sync it", path: path, code: errno)
        }
        return PendingSync(descriptor: descriptor, path: path, position: headPosition, gate: syncGate)
    }

    /// Makes the log `.unusable` after a `detachedSync()` failed, as a failed `sync()` does.
    /// - Returns: the `.unusable` error to throw.
    public func syncFailed(_ failure: LogError) -> LogError {
        markUnusable(after: failure, path: failure.path ?? directory)
    }

    /// Takes the result of the sync `prepareSync()` made: nil when it succeeded.
    /// - Throws: `.unusable` when it failed, as a failed `sync()` does.
    public func finishSync(_ failure: LogError?) throws(LogError) {
        syncInFlight = false
        if let failure { throw markUnusable(after: failure, path: failure.path ?? directory) }
    }

    private func syncLastSegment() throws(LogError) {
        let path = table[table.count - 1].path
        do {
            try syncGate.dataSync(writeDescriptor, path: path)
        } catch {
            throw markUnusable(after: error, path: path)
        }
        needsSync = false
    }

    private func markUnusable(after error: LogError, path: String) -> LogError {
        let unusable = LogError(
            .unusable,
            "fdatasync of \(path) failed, so it is unknown which appended records "
                + "reached the disk; restart so recovery rereads the log", path: path, errno: error.errno)
        failure = unusable
        return unusable
    }

    /// Starts a new, empty last segment at `headPosition + 1`.
    private func roll() throws(LogError) {
        // The old segment must be complete on disk before the new one can exist on disk, or a crash could leave a
        // torn record in a segment that is no longer the last.
        if needsSync || syncInFlight { try syncLastSegment() }
        let first = headPosition + 1
        let path = directory + "/" + Segment.fileName(for: first)
        let fd = try FileSystem.open(path, flags: O_RDWR | O_CREAT | O_EXCL, what: "new segment")
        do {
            try FileSystem.fullSync(directoryDescriptor, path: directory)
        } catch {
            // Whether the new file's name reached the disk is unknown: appending to either segment now could put
            // synced records where a crash loses them. An empty newest segment is what opening expects after this.
            FileSystem.close(fd)
            throw markUnusable(after: error, path: directory)
        }
        // The old descriptor is still good for reading, and recent records are the likeliest to be read.
        readDescriptors.insert((table[table.count - 1].firstPosition, writeDescriptor), at: 0)
        trimReadDescriptors()
        writeDescriptor = fd
        table.append(Segment(path: path, firstPosition: first))
        // Named as the newest only once durable. A manifest that cannot be written now is written at the next roll:
        // a segment newer than the manifest names is what a crash between the two steps leaves, and opening takes it.
        try? LogManifest(oldestPosition: firstPosition, newestSegment: first).write(in: directory)
    }

    private func checkWritable() throws(LogError) {
        if isClosed { throw LogError(.closed, "the log in \(directory) is closed", path: directory) }
        if isReadOnly {
            throw LogError(.invalidArgument, "the log in \(directory) was opened for reading only", path: directory)
        }
        if let failure { throw failure }
    }

    // MARK: Reading

    /// Reads up to `maxCount` records from `position` (inclusive) in order.
    ///
    /// The cost is proportional to the batch: a binary search finds the segment and its sparse index the offset
    /// within at most 63 records. Records appended but not yet synced are included. Position 0 means 1.
    ///
    /// - Parameters:
    ///   - maxBytes: stop before the payloads would exceed this many bytes, but always return at least one record
    ///     so that a reader can make progress past a large one.
    /// - Returns: the records, empty when `position` is past the head.
    /// - Throws: `.positionRemoved` when `position` is below `firstPosition`; `.corrupt` when a record that was valid
    ///   at open no longer is.
    public func read(from position: UInt64, maxCount: Int, maxBytes: Int = 4 << 20) throws(LogError) -> [LogRecord] {
        let start = try checkReadable(from: position)
        guard start <= headPosition && maxCount > 0 else { return [] }
        var records: [LogRecord] = []
        records.reserveCapacity(Int(min(UInt64(maxCount), headPosition - start + 1, 4096)))
        var bytes = 0
        try walk(from: start, chunkBytes: Self.readChunkBytes) { position, payload in
            if !records.isEmpty && bytes + payload.count > maxBytes { return false }
            records.append(LogRecord(position: position, payload: Array(payload)))
            bytes += payload.count
            return records.count < maxCount
        }
        return records
    }

    /// Calls `body` with each record from `position` (inclusive) to the head as it was when the call began, without
    /// loading them all: for replay and recovery.
    ///
    /// The payload pointer is valid only during its call. `body` may read from or append to the log; it must not
    /// delete segments or close it. Position 0 means 1.
    ///
    /// - Throws: what `body` throws (which ends the scan), or a `LogError` as `read` does.
    public func forEach(from position: UInt64, _ body: (UInt64, UnsafeRawBufferPointer) throws -> Void) throws {
        let start = try checkReadable(from: position)
        guard start <= headPosition else { return }
        var bodyError: (any Error)?
        try walk(from: start, chunkBytes: Self.scanChunkBytes) { position, payload in
            do {
                try body(position, payload)
                return true
            } catch {
                bodyError = error
                return false
            }
        }
        if let bodyError { throw bodyError }
    }

    /// Validates a read's start and returns it, with 0 meaning 1.
    private func checkReadable(from position: UInt64) throws(LogError) -> UInt64 {
        if isClosed { throw LogError(.closed, "the log in \(directory) is closed", path: directory) }
        let start = max(position, 1)
        if start < firstPosition {
            throw .removed(position: start, oldestKept: firstPosition, directory: directory)
        }
        return start
    }

    /// Visits records from `start` (which must be within `firstPosition ... headPosition`) up to the current head,
    /// verifying each checksum, until `visit` returns false.
    private func walk(
        from start: UInt64, chunkBytes: Int, _ visit: (UInt64, UnsafeRawBufferPointer) -> Bool
    ) throws(LogError) {
        activeWalks += 1
        defer {
            activeWalks -= 1
            trimReadDescriptors()
        }
        try SegmentWalk(table: table, maxRecordBytes: maxRecordBytes).visit(
            from: start, through: headPosition, reader: SegmentReader(chunkBytes: chunkBytes),
            descriptor: readDescriptor(forSegmentAt:), visit)
    }

    /// What a reader on another thread needs to read the log as it is now (`LogViewReader`).
    public var view: LogView {
        LogView(
            directory: directory, walk: SegmentWalk(table: table, maxRecordBytes: maxRecordBytes),
            firstPosition: firstPosition, headPosition: headPosition)
    }

    /// A descriptor for reading the segment at `index`, opening and caching one for older segments.
    private func readDescriptor(forSegmentAt index: Int) throws(LogError) -> Int32 {
        if index == table.count - 1 { return writeDescriptor }
        let first = table[index].firstPosition
        if let hit = readDescriptors.firstIndex(where: { $0.firstPosition == first }) {
            let entry = readDescriptors.remove(at: hit)
            readDescriptors.insert(entry, at: 0)
            return entry.fd
        }
        let fd = try FileSystem.open(table[index].path, flags: O_RDONLY, what: "segment")
        readDescriptors.insert((first, fd), at: 0)
        return fd
    }

    /// Closes the least recently used descriptors beyond the cache's size, unless a walk might be using them.
    private func trimReadDescriptors() {
        guard activeWalks == 0 else { return }
        while readDescriptors.count > Self.cachedReadDescriptors {
            FileSystem.close(readDescriptors.removeLast().fd)
        }
    }

    // MARK: Retention

    /// Deletes whole segments whose every record is below `position`, oldest first, never the last segment, and
    /// moves `firstPosition` to the oldest segment kept. Reads below it then throw `.positionRemoved`.
    ///
    /// The manifest is updated to the new oldest position first, and each deletion is made durable (directory
    /// fsync) before the next, so a crash can only leave a prefix of the old segments, never a gap, and never fewer
    /// segments than the manifest names.
    ///
    /// - Returns: how many segments were deleted.
    @discardableResult
    public func deleteSegments(before position: UInt64) throws(LogError) -> Int {
        if isClosed { throw LogError(.closed, "the log in \(directory) is closed", path: directory) }
        if isReadOnly {
            throw LogError(.invalidArgument, "the log in \(directory) was opened for reading only", path: directory)
        }
        guard activeWalks == 0 else {
            throw LogError(.invalidArgument, "deleteSegments called while forEach is reading the log in \(directory)")
        }
        var doomed = 0
        while doomed < table.count - 1 && table[doomed].endPosition <= position { doomed += 1 }
        guard doomed > 0 else { return 0 }
        // What is kept is on record before anything goes.
        let kept = LogManifest(
            oldestPosition: table[doomed].firstPosition,
            newestSegment: table[table.count - 1].firstPosition)
        try kept.write(in: directory)
        var deleted = 0
        while deleted < doomed {
            let segment = table[0]
            if let cached = readDescriptors.firstIndex(where: { $0.firstPosition == segment.firstPosition }) {
                FileSystem.close(readDescriptors.remove(at: cached).fd)
            }
            _ = try FileSystem.unlink(segment.path)
            table.removeFirst()
            firstPosition = table[0].firstPosition
            deleted += 1
            try FileSystem.syncDirectory(directory)
        }
        return deleted
    }
}

/// One thread owns a log; making that explicit turns accidental sharing into a compile-time error.
@available(*, unavailable)
extension SegmentLog: Sendable {}
