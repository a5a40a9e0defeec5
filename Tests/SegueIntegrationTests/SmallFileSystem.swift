import Foundation
import SegueSystem
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A 2 MiB tmpfs mounted on a scratch directory, unmounted (then removed) on deinit.
final class SmallFileSystem {
    let mountPoint: ScratchDirectory

    /// Why mounting failed (not permitted in this environment, say).
    struct MountRefused: Error {
        let reason: String
    }

    /// Mounts it.
    /// - Throws: `MountRefused` when mount(2) fails.
    init() throws {
        mountPoint = try ScratchDirectory(prefix: "segue-diskfull")
        guard mount("tmpfs", mountPoint.path, "tmpfs", 0, "size=2m,mode=0700") == 0 else {
            throw MountRefused(reason: String(cString: strerror(errno)))
        }
    }

    deinit {
        umount2(mountPoint.path, Int32(MNT_DETACH))
    }

    func path(_ name: String) -> String { mountPoint.url.appendingPathComponent(name).path }

    /// Mounts one, or cancels the calling test, with the reason, where mounting is not permitted (it needs root with
    /// CAP_SYS_ADMIN).
    static func mountOrCancel() throws -> SmallFileSystem {
        do {
            return try SmallFileSystem()
        } catch let refused as MountRefused {
            try Test.cancel(Comment(rawValue: "cannot mount a 2 MiB tmpfs for the disk-full test: \(refused.reason)"))
        }
    }

    /// Writes `name` until the file system is full. Returns the bytes written.
    @discardableResult
    func fill(_ name: String) throws -> Int {
        let fd = open(path(name), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw HarnessError("cannot create \(path(name)): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let chunk = [UInt8](repeating: 0xA5, count: 4096)
        var written = 0
        while true {
            let n = chunk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            written += n
        }
        return written
    }
}
