import Glibc

extension SegmentLog {
    /// The folder, inside the log's directory, where accepting a loss puts what it takes out of the log.
    static let damagedFolder = "damaged"

    /// What scanning a damaged tail for valid records found (`validRecords(after:...)`).
    enum TailScan: Equatable {
        /// Nothing valid after the damage: a torn write.
        case torn
        /// Valid records start at this offset: damage, not a torn write.
        case validRecords(at: Int)
        /// The scan stopped at its budget of checksummed bytes before it could tell; it is taken as damage, since
        /// cutting would lose whatever valid records there are.
        case undecided(at: Int)
    }

    /// The most payload bytes one scan checksums: far more than a real tail needs (nearly every offset is rejected by
    /// headers alone), few enough that a tail made to look like records costs a second, not hours.
    static let scanBudgetBytes = 64 << 20
    /// Headers that must chain (each record's end the next one's start) from a candidate before its checksums are
    /// computed, unless the chain reaches the end of the file first.
    static let chainedHeaders = 3

    /// Looks for valid records after the damage at `offset` in a segment of `size` bytes, at every byte offset to
    /// the end.
    ///
    /// A torn write leaves nothing valid after the damage. Valid records after it mean that bytes which were whole
    /// records once have changed, whichever field was hit: a damaged length cannot hide the records after it,
    /// since they are looked for at every offset rather than where that length points.
    ///
    /// A candidate counts only when it is followed by another valid record or ends exactly at the end of the file:
    /// a torn record's payload (an event's strings and numbers, which clients choose) can hold bytes that look like
    /// one record, and those are followed by the rest of that payload, not by a second record. The cost stays
    /// linear in the tail: a candidate's headers are read first (8 bytes each: a zero length, one over
    /// `maxRecordBytes` or one past the file rejects it) and must chain `chainedHeaders` deep, or to the end of the
    /// file, before any checksum; the checksums are capped by `scanBudgetBytes`.
    static func validRecords(after offset: Int, fd: Int32, path: String, size: Int, maxRecordBytes: Int)
        throws(LogError) -> TailScan
    {
        let reader = SegmentReader(chunkBytes: scanChunkBytes)
        reader.target(fd: fd, path: path, limit: size)
        // Headers are read through a reader of their own with small reads: a chain jumps far ahead and back, and
        // refilling the large buffer at each jump would copy a megabyte per candidate.
        let headers = SegmentReader(chunkBytes: 4096)
        headers.target(fd: fd, path: path, limit: size)
        var checksummed = 0
        /// The ends of the records whose headers chain from `start`, up to `chainedHeaders` of them or the end of
        /// the file; nil when the chain breaks before either.
        func chain(from start: Int) throws(LogError) -> [Int]? {
            var ends: [Int] = []
            var at = start
            while ends.count < chainedHeaders && at < size {
                guard let length = try headers.plausibleLength(at: at, maxRecordBytes: maxRecordBytes) else {
                    return nil
                }
                at += RecordFormat.headerBytes + length
                ends.append(at)
            }
            return ends
        }
        func isValid(_ start: Int, ending end: Int) throws(LogError) -> Bool {
            checksummed += end - start
            return if case .record = try reader.next(at: start, maxRecordBytes: maxRecordBytes, verify: true) {
                true
            } else {
                false
            }
        }
        // A record needs its header and at least one payload byte.
        var candidate = offset + 1
        while candidate + RecordFormat.headerBytes < size {
            defer { candidate += 1 }
            guard let ends = try chain(from: candidate) else { continue }
            if checksummed > scanBudgetBytes { return .undecided(at: candidate) }
            guard try isValid(candidate, ending: ends[0]) else { continue }
            if ends[0] == size { return .validRecords(at: candidate) }
            if try isValid(ends[0], ending: ends[1]) { return .validRecords(at: candidate) }
        }
        return .torn
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
        let chunk = UnsafeMutableRawBufferPointer.allocate(
            byteCount: min(size - offset, scanChunkBytes),
            alignment: 16)
        defer { chunk.deallocate() }
        var at = offset
        while at < size {
            let count = try FileSystem.read(
                fd,
                into: UnsafeMutableRawBufferPointer(
                    rebasing: chunk[..<min(chunk.count, size - at)]), at: at, path: path)
            guard count > 0 else {
                throw LogError(
                    .corrupt, "segment \(path) became shorter while its damaged bytes were copied",
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
