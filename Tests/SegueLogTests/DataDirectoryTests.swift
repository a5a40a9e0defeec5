import Foundation
import Glibc
import Testing

@testable import SegueLog

struct DataDirectoryTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o7777
    }

    @Test func createsPrivateDirectoriesAndTheLock() throws {
        let temporary = TemporaryDirectory()
        let path = temporary.child("data/nested")
        let directory = try DataDirectory(path: path + "/")
        defer { directory.close() }
        #expect(directory.path == path)
        #expect(directory.logPath == path + "/log")
        #expect(directory.snapshotsPath == path + "/snapshots")
        #expect(Self.mode(path) == 0o700)
        #expect(Self.mode(directory.logPath) == 0o700)
        #expect(Self.mode(directory.snapshotsPath) == 0o700)
        #expect(Files.list(path) == ["LOCK", "log", "snapshots"])
        #expect(String(decoding: Files.bytes(path + "/LOCK"), as: UTF8.self) == "\(getpid())\n")
    }

    @Test func secondOpenerFailsUntilTheFirstCloses() throws {
        let temporary = TemporaryDirectory()
        let path = temporary.child("data")
        let first = try DataDirectory(path: path)
        // flock locks belong to open file descriptions, so a second open in the same process conflicts too.
        #expect {
            try DataDirectory(path: path)
        } throws: {
            guard let error = $0 as? LogError else { return false }
            return error.kind == .locked
                && error.description == "data directory \(path) is in use by another segued (lock \(path)/LOCK held)"
        }
        first.close()
        let second = try DataDirectory(path: path)
        #expect(second.isOpen)
        second.close()
        #expect(!second.isOpen)
    }

    @Test func anotherProcessCannotTakeTheLock() throws {
        // util-linux flock(1) stands in for a second daemon.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/flock") else { return }
        let temporary = TemporaryDirectory()
        let directory = try DataDirectory(path: temporary.path)
        func otherProcessGetsLock() throws -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            process.arguments = ["--nonblock", "--conflict-exit-code", "42", directory.lockPath, "true"]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        #expect(try !otherProcessGetsLock())
        directory.close()
        #expect(try otherProcessGetsLock())
    }

    @Test func logLivesInTheDataDirectory() throws {
        let temporary = TemporaryDirectory()
        let directory = try DataDirectory(path: temporary.child("data"))
        let log = try SegmentLog(directory: directory.logPath)
        try log.append([[1, 2, 3]])
        try log.sync()
        #expect(Files.list(directory.logPath) == ["00000000000000000001.seg", "MANIFEST"])
        log.close()
        directory.close()
    }
}
