import Foundation
import Glibc

/// A directory made with mkdtemp for one test and removed, with everything in it, when the test is done.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array("/tmp/segue-log-test.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed: \(String(cString: strerror(errno)))")
        path = String(cString: made!)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the directory.
    func child(_ name: String) -> String {
        path + "/" + name
    }
}

/// File helpers for tests, which may use Foundation freely.
enum Files {
    static func bytes(_ path: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    }

    static func write(_ bytes: [UInt8], to path: String) {
        precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "cannot write \(path)")
    }

    static func append(_ bytes: [UInt8], to path: String) {
        write(Files.bytes(path) + bytes, to: path)
    }

    static func truncate(_ path: String, to size: Int) {
        precondition(Glibc.truncate(path, off_t(size)) == 0, "cannot truncate \(path)")
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        precondition(stat(path, &info) == 0, "cannot stat \(path)")
        return Int(info.st_size)
    }

    static func list(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    static func flipByte(_ path: String, at offset: Int) {
        var contents = bytes(path)
        contents[offset] ^= 0x40
        write(contents, to: path)
    }
}

/// Deterministic payloads: record `position` has 1 + position % 37 bytes derived from the position, so a wrong
/// record, a wrong length or a shifted read all show up as a mismatch.
func payload(_ position: UInt64) -> [UInt8] {
    let count = 1 + Int(position % 37)
    return (0..<count).map { UInt8(truncatingIfNeeded: position &* 31 &+ UInt64($0) &* 7) }
}
