import SegueSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Temporary directories, removed with everything in them unless kept.
struct ScratchDirectoryTests {
    @Test func removalTakesTheWholeTreeAndLeavesALinksTarget() throws {
        let outside = try ScratchDirectory(prefix: "segue-outside")
        try WholeFile.write("kept", to: outside.path + "/target")
        let scratch = try ScratchDirectory(prefix: "segue-scratch")
        #expect(mkdir(scratch.path + "/nested", 0o755) == 0)
        try WholeFile.write("x", to: scratch.path + "/nested/file")
        #expect(symlink(outside.path, scratch.path + "/link") == 0)
        #expect(ScratchDirectory.files(in: scratch.path, suffix: "") == ["link", "nested"])
        scratch.remove()
        #expect(access(scratch.path, F_OK) != 0)
        #expect(WholeFile.text(outside.path + "/target") == "kept")
    }

    @Test func aKeptDirectoryStays() throws {
        let path: String
        do {
            let scratch = try ScratchDirectory(prefix: "segue-kept", keep: true)
            path = scratch.path
            scratch.remove()
        }
        #expect(access(path, F_OK) == 0)
        ScratchDirectory.removeTree(path)
        #expect(access(path, F_OK) != 0)
    }

    @Test func aParentThatTakesNoDirectoryIsRefused() {
        #expect(throws: SystemError.self) { try ScratchDirectory(prefix: "x", in: "/nonexistent/segue") }
    }
}
