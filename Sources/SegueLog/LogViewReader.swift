import Glibc

/// Reads `LogView`s on a thread other than the log's owner, with descriptors of its own: the log's writer takes no
/// lock and waits for nothing of it. Owned by one thread.
public final class LogViewReader {
    private let reader = SegmentReader(chunkBytes: 64 << 10)
    /// Open descriptors by segment path, most recently used first.
    private var descriptors: [(path: String, fd: Int32)] = []
    private static let cachedDescriptors = 4

    public init() {}

    deinit {
        for entry in descriptors { FileSystem.close(entry.fd) }
    }

    /// Visits the view's records from `position` (0 means 1) through its head, verifying each checksum, until
    /// `visit` returns false. The payload pointer is valid only during its call.
    /// - Throws: `.positionRemoved` when `position` is below the view's first position, or its segment has been
    ///   deleted since the view was taken; `.corrupt` when a record the view holds no longer is valid; `.io`.
    public func visit(
        _ view: LogView, from position: UInt64, _ visit: (UInt64, UnsafeRawBufferPointer) -> Bool
    ) throws(LogError) {
        let start = max(position, 1)
        if start < view.firstPosition {
            throw .removed(position: start, oldestKept: view.firstPosition, directory: view.directory)
        }
        guard start <= view.headPosition else { return }
        try view.walk.visit(
            from: start, through: view.headPosition, reader: reader,
            descriptor: { index throws(LogError) in try descriptor(for: view.walk.table[index].path) }, visit)
    }

    private func descriptor(for path: String) throws(LogError) -> Int32 {
        if let hit = descriptors.firstIndex(where: { $0.path == path }) {
            let entry = descriptors.remove(at: hit)
            descriptors.insert(entry, at: 0)
            return entry.fd
        }
        let fd: Int32
        do {
            fd = try FileSystem.open(path, flags: O_RDONLY, what: "segment")
        } catch {
            guard error.errno == ENOENT else { throw error }
            throw LogError(
                .positionRemoved, "segment \(path) has been removed by retention since the read began", path: path)
        }
        descriptors.insert((path, fd), at: 0)
        // A walk reads one segment at a time, the newest descriptor's: the older ones may go at once, so that a
        // walk over the whole log holds a few descriptors, not one per segment.
        trimDescriptors()
        return fd
    }

    /// Closes every descriptor kept: call when idle, since an open descriptor of a segment that retention deleted
    /// keeps the segment's space in use.
    public func closeDescriptors() {
        for entry in descriptors { FileSystem.close(entry.fd) }
        descriptors.removeAll()
    }

    private func trimDescriptors() {
        while descriptors.count > Self.cachedDescriptors {
            FileSystem.close(descriptors.removeLast().fd)
        }
    }
}
