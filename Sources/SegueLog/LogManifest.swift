import Glibc

/// The log directory's durable record of which segments it keeps, so that opening can tell segments retention
/// deleted from segments that went missing: `DIR/MANIFEST`, four lines of text.
///
/// ```
/// segue-log-manifest 1
/// oldest 52311
/// newest 104622
/// crc32c 5d1f0e3a
/// ```
///
/// `oldest` is the first position of the oldest segment kept. Retention writes it before it deletes segments, so a
/// crash in between leaves older segments than it says, never newer ones. `newest` is the first position of the
/// newest segment. A roll writes it after the new segment was created and its directory fsynced, so a crash in
/// between leaves a newer segment than it says, never an older one. The last line is the CRC-32C of the lines
/// before it, in hexadecimal. Each write goes to `MANIFEST.tmp`, is fsynced, renamed into place, and the directory
/// fsynced, so a crash leaves the old file or the new one.
struct LogManifest: Hashable {
    /// The first position of the oldest segment kept.
    var oldestPosition: UInt64
    /// The first position of the newest segment.
    var newestSegment: UInt64

    static let fileName = "MANIFEST"
    static let temporaryName = "MANIFEST.tmp"
    private static let firstLine = "segue-log-manifest 1"

    /// What reading a directory's manifest found.
    enum Reading: Hashable {
        case missing
        /// The file is there but is not a manifest; why.
        case damaged(String)
        case valid(LogManifest)
    }

    /// The file's text.
    var text: String {
        let body = "\(Self.firstLine)\noldest \(oldestPosition)\nnewest \(newestSegment)\n"
        return body + "crc32c " + Self.hex(CRC32C.checksum(Array(body.utf8))) + "\n"
    }

    /// The manifest `text` holds (`.valid`), or why it holds none (`.damaged`).
    static func decode(_ text: String) -> Reading {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 5, lines[4].isEmpty, lines[0] == firstLine else {
            return .damaged("it is not the 4 lines of a version 1 manifest")
        }
        let body = lines[0...2].joined(separator: "\n") + "\n"
        guard lines[3] == "crc32c " + hex(CRC32C.checksum(Array(body.utf8))) else {
            return .damaged("its checksum does not match its contents")
        }
        guard lines[1].hasPrefix("oldest "), lines[2].hasPrefix("newest "),
            let oldest = UInt64(lines[1].dropFirst(7)), let newest = UInt64(lines[2].dropFirst(7)),
            oldest >= 1, newest >= oldest
        else {
            return .damaged("its positions are not 1 <= oldest <= newest")
        }
        return .valid(LogManifest(oldestPosition: oldest, newestSegment: newest))
    }

    /// Reads the manifest of the log in `directory`.
    /// - Throws: `LogError` when the file exists but cannot be read.
    static func read(in directory: String) throws(LogError) -> Reading {
        let path = directory + "/" + fileName
        let fd: Int32
        do {
            fd = try FileSystem.open(path, flags: O_RDONLY, what: "log manifest")
        } catch  where error.errno == ENOENT {
            return .missing
        }
        defer { FileSystem.close(fd) }
        // Larger than any manifest: a bigger file is damaged, and is not read whole.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 8)
        defer { buffer.deallocate() }
        let count = try FileSystem.read(fd, into: buffer, at: 0, path: path)
        return decode(String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<count]), as: UTF8.self))
    }

    /// Replaces the manifest of the log in `directory` with this one, durably.
    /// - Throws: `LogError` `.io` when a step fails; the old manifest then stays.
    func write(in directory: String) throws(LogError) {
        let path = directory + "/" + Self.fileName
        let temporary = directory + "/" + Self.temporaryName
        let bytes = Array(text.utf8)
        do throws(LogError) {
            let fd = try FileSystem.open(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC, what: "log manifest")
            defer { FileSystem.close(fd) }
            if let code = bytes.withUnsafeBytes({ FileSystem.write(fd, $0, at: 0) }) {
                throw LogError.system("cannot write \(temporary)", path: temporary, code: code)
            }
            try FileSystem.fullSync(fd, path: temporary)
            try FileSystem.rename(temporary, to: path)
        } catch {
            _ = try? FileSystem.unlink(temporary)
            throw error
        }
        try FileSystem.syncDirectory(directory)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
