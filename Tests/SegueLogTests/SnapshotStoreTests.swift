import Glibc
import Testing

@testable import SegueLog

/// Snapshot files: durable writes, newest-first listing, frames that catch every kind of damage, pruning.
struct SnapshotStoreTests {
    static func payload(_ seed: UInt8, count: Int = 300) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: Int(seed) &* 13 &+ $0 &* 7) }
    }

    @Test func writesListsAndReadsBack() throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.child("snapshots")
        let store = try SnapshotStore(directory: directory)
        var info = stat()
        #expect(stat(directory, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(try store.list().isEmpty)

        let first = try store.write(position: 7, payload: Self.payload(1))
        try store.write(position: 1_000_000, payload: Self.payload(2))
        try store.write(position: 42, payload: [])
        #expect(first.path == directory + "/00000000000000000007.snap")
        #expect(
            Files.list(directory) == [
                "00000000000000000007.snap", "00000000000000000042.snap",
                "00000000000001000000.snap",
            ])
        let listed = try store.list()
        #expect(listed.map(\.position) == [1_000_000, 42, 7])
        #expect(try store.read(listed[0]) == Self.payload(2))
        #expect(try store.read(listed[1]) == [])
        #expect(try store.read(listed[2]) == Self.payload(1))
        #expect(Files.size(first.path) == SnapshotFormat.headerBytes + 300)

        // Rewriting a position replaces the file whole.
        try store.write(position: 7, payload: Self.payload(3, count: 10))
        #expect(try store.read(first) == Self.payload(3, count: 10))
        #expect(try store.list().count == 3)
    }

    @Test func ignoresOtherFilesAndRemovesLeftoverTemporaries() throws {
        let temporary = TemporaryDirectory()
        let directory = temporary.child("snapshots")
        _ = try SnapshotStore(directory: directory)
        Files.write([1, 2, 3], to: directory + "/00000000000000000009.snap.tmp")
        Files.write([1], to: directory + "/00000000000000000005.snap.bad")
        Files.write([1], to: directory + "/notes.txt")
        Files.write([1], to: directory + "/12.snap")
        Files.write([1], to: directory + "/0000000000000000000x.snap")
        let store = try SnapshotStore(directory: directory)
        #expect(!Files.list(directory).contains("00000000000000000009.snap.tmp"))
        #expect(try store.list().isEmpty)
        try store.write(position: 3, payload: [9])
        #expect(try store.list().map(\.position) == [3])
        #expect(Files.list(directory).filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    /// Each kind of damage is refused as `.corrupt`, with a reason that names it.
    @Test(arguments: [
        ("truncated", "payload bytes"),
        ("extended", "payload bytes"),
        ("flipped payload", "checksum mismatch"),
        ("flipped checksum", "checksum mismatch"),
        ("bad magic", "magic"),
        ("other version", "format version"),
        ("other position", "position"),
        ("short header", "fewer than the 32-byte header"),
        ("empty", "fewer than the 32-byte header"),
    ])
    func refusesDamagedFiles(damage: String, reason: String) throws {
        let temporary = TemporaryDirectory()
        let store = try SnapshotStore(directory: temporary.path)
        let file = try store.write(position: 12, payload: Self.payload(4))
        switch damage {
        case "truncated": Files.truncate(file.path, to: Files.size(file.path) - 1)
        case "extended": Files.append([0], to: file.path)
        case "flipped payload": Files.flipByte(file.path, at: SnapshotFormat.headerBytes + 100)
        case "flipped checksum": Files.flipByte(file.path, at: 13)
        case "bad magic": Files.flipByte(file.path, at: 0)
        case "other version": Files.flipByte(file.path, at: 8)
        case "other position": Files.flipByte(file.path, at: 16)
        case "short header": Files.truncate(file.path, to: 20)
        default: Files.truncate(file.path, to: 0)
        }
        #expect {
            try store.read(file)
        } throws: { error in
            guard let error = error as? LogError else { return false }
            return error.kind == .corrupt && error.description.contains(file.path)
                && error.description.contains(reason)
        }
    }

    @Test func pruneKeepsTheNewestAndSetAsideHidesAFile() throws {
        let temporary = TemporaryDirectory()
        let store = try SnapshotStore(directory: temporary.path)
        for position in [UInt64(10), 30, 20, 40] { try store.write(position: position, payload: [UInt8(position)]) }
        let deleted = try store.prune(keeping: 2)
        #expect(deleted.map(\.position) == [20, 10])
        #expect(try store.list().map(\.position) == [40, 30])
        #expect(try store.prune(keeping: 2).isEmpty)

        let newest = try #require(try store.list().first)
        let moved = try store.setAside(newest)
        #expect(moved == newest.path + ".bad")
        #expect(try store.list().map(\.position) == [30])
        #expect(Files.list(temporary.path) == ["00000000000000000030.snap", "00000000000000000040.snap.bad"])
    }

    @Test func fileNamesRoundTrip() {
        #expect(SnapshotStore.fileName(for: 1) == "00000000000000000001.snap")
        #expect(SnapshotStore.fileName(for: .max) == "18446744073709551615.snap")
        #expect(SnapshotStore.position(fromFileName: SnapshotStore.fileName(for: 123_456)) == 123_456)
        #expect(SnapshotStore.position(fromFileName: "99999999999999999999.snap") == nil)
        #expect(SnapshotStore.position(fromFileName: "00000000000000000001.seg") == nil)
        #expect(SnapshotStore.position(fromFileName: "00000000000000000001.snap.bad") == nil)
    }
}
