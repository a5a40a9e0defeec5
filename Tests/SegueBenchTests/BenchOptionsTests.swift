import Testing

@testable import segue_bench

/// `--daemon-args` adds to what the bench gives each segued, and replaces a flag the bench gives itself: segued
/// refuses a flag given twice.
struct BenchOptionsTests {
    private func options(_ daemonArgs: String) throws -> BenchOptions {
        try BenchOptions(arguments: ["--segued", "/bin/true", "--segue", "/bin/true", "--daemon-args", daemonArgs])
    }

    @Test func daemonArgumentsReplaceTheRunsOwnFlags() throws {
        let own = ["--data", "/d", "--fsync", "interval:10"]
        let replaced = try options("--fsync never --snapshot-every 0")
        #expect(replaced.daemonArguments(own) == ["--data", "/d", "--fsync", "never", "--snapshot-every", "0"])
        #expect(replaced.fsyncOverride == "never")
        let added = try options("--snapshot-every 0")
        #expect(added.daemonArguments(own) == own + ["--snapshot-every", "0"])
        #expect(added.fsyncOverride == nil)
    }
}
