import Glibc

extension SegmentLog {
    /// The folder, inside the log's directory, where accepting a loss puts what it takes out of the log.
    static let damagedFolder = "damaged"

    /// The offset of the first whole, valid record that starts after `offset` in a segment of `size` bytes, found
    /// by trying every byte offset to the end; nil when there is none.
    ///
    /// A torn write leaves nothing valid after the damage. A valid record after it means that bytes which were
    /// whole records once have changed, whichever field was hit: a damaged length cannot hide the records after
    /// it, since they are looked for at every offset rather than where that length points. It stays cheap: a zero
    /// length, or one that does not fit in the file, is rejected from the 8 header bytes before any checksum is
    /// computed, and the file is read in large chunks. Called only when a tail is damaged.
    static func firstValidRecord(after offset: Int, fd: Int32, path: String, size: Int) throws(LogError) -> Int? {
        let reader = SegmentReader(chunkBytes: scanChunkBytes)
        reader.target(fd: fd, path: path, limit: size)
        // A record needs its header and at least one payload byte.
        var candidate = offset + 1
        while candidate + RecordFormat.headerBytes < size {
            if case .record = try reader.next(at: candidate, maxRecordBytes: RecordFormat.hardLimitBytes,
                                              verify: true)
            {
                return candidate
            }
            candidate += 1
        }
        return nil
    }

    /// Copies bytes `offset...` of the segment open as `fd` to a new file in the damaged folder, durably, before
    /// they are cut: `<segment name>.cut-<offset>`.
    /// - Returns: the new file's path.
    static func keepTail(of path: String, fd: Int32, from offset: Int, size: Int, directory: String)
        throws(LogError) -> String
    {
        let name = String(path.split(separator: "/").last ?? "")
        let target = try unusedName(name + ".cut-\(offset)", directory: directory)
        let out = try FileSystem.open(target, flags: O_WRONLY | O_CREAT | O_EXCL, what: "copy of damaged bytes")
        defer { FileSystem.close(out) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: min(size - offset, scanChunkBytes),
                                                           alignment: 16)
        defer { chunk.deallocate() }
        var at = offset
        while at < size {
            let count = try FileSystem.read(fd, into: UnsafeMutableRawBufferPointer(
                rebasing: chunk[..<min(chunk.count, size - at)]), at: at, path: path)
            guard count > 0 else {
                throw LogError(.corrupt, "segment \(path) became shorter while its damaged bytes were copied",
                               path: path)
            }
            if let code = FileSystem.write(out, UnsafeRawBufferPointer(rebasing: chunk[..<count]), at: at - offset) {
                throw LogError.system("cannot write \(target)", path: target, code: code)
            }
            at += count
        }
        try FileSystem.fullSync(out, path: target)
        try FileSystem.syncDirectory(directory + "/" + damagedFolder)
        return target
    }

    /// Moves a file of the log's directory to the damaged folder, with `suffix` added to its name so that it is
    /// never taken for a segment, and makes the move durable.
    /// - Returns: the new path.
    static func moveAside(_ path: String, suffix: String, directory: String) throws(LogError) -> String {
        let name = String(path.split(separator: "/").last ?? "")
        let target = try unusedName(name + suffix, directory: directory)
        try FileSystem.rename(path, to: target)
        try FileSystem.syncDirectory(directory + "/" + damagedFolder)
        try FileSystem.syncDirectory(directory)
        return target
    }

    /// A path in the damaged folder (created if needed) for `name`, with `.2`, `.3`, ... added when earlier damage
    /// already took it: nothing kept there is ever replaced.
    private static func unusedName(_ name: String, directory: String) throws(LogError) -> String {
        let folder = directory + "/" + damagedFolder
        try FileSystem.makeDirectory(folder, mode: 0o700)
        var target = folder + "/" + name
        var copy = 1
        while FileSystem.exists(target) {
            copy += 1
            target = folder + "/" + name + ".\(copy)"
        }
        return target
    }
}
