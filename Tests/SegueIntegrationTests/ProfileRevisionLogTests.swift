import Foundation
import SegueSystem
import Testing

/// A data directory written before profiles had revisions (Fixtures/revision0: six stacks, one per profile of that
/// time, with swipes, pushes, presents and dismisses; and the output `segue replay --frames --json` gave for it
/// then, written again with the default values JSON now prints, and otherwise the same). Its stacks are revision 0,
/// and keep the semantics they were created with.
@Suite struct ProfileRevisionLogTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let directory = fixtures.appendingPathComponent("revision0")

    @Test("an old log replays to the same events and frames, byte for byte")
    func oldLogReplaysUnchanged() throws {
        let replay = try runSegue(["replay", Self.directory.path, "--frames", "--json"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let expected = try ChildProcess(
            URL(fileURLWithPath: "/bin/gzip"),
            ["-dc", Self.fixtures.appendingPathComponent("revision0-replay.jsonl.gz").path]
        )
        .finish(timeoutMs: 20000)
        #expect(expected.status == 0 && expected.stdout.count > 900_000)
        #expect(replay.stdout == expected.stdout)
        let verified = try runSegue(["replay", Self.directory.path, "--verify", "--quiet"])
        #expect(verified.status == 0, "\(verified)")
    }

    @Test("segued recovers it, and a swipe on its classic stack settles as revision 0's classic did")
    func oldStacksKeepTheirSemantics() throws {
        let scratch = try ScratchDirectory(prefix: "segue-revision0")
        let data = scratch.url.appendingPathComponent("data")
        try FileManager.default.copyItem(at: Self.directory, to: data)
        let daemon = try DaemonProcess.start(dataDirectory: data)
        defer { daemon.kill() }
        #expect(try runSegue(["push", "classic", "Detail", "--immediate"], daemon: daemon).status == 0)
        let swiped = try runSegue(["swipe", "classic", "--to", "0.7", "--json"], daemon: daemon)
        #expect(swiped.status == 0, "\(swiped)")
        let state = try jsonObject(try runSegue(["state", "classic", "--json"], daemon: daemon).lines.first ?? "")
        let config = state["config"] as? [String: Any]
        #expect(config?["profile"] as? String == "classic" && config?["profileRevision"] as? Int == 0, "\(state)")
        #expect(daemon.stop() == 0)

        let replay = try runSegue(["replay", data.path, "--json"])
        let finished = try replay.lines.compactMap { line -> [String: Any]? in
            let event = try jsonObject(line)["event"] as? [String: Any]
            guard event?["stackId"] as? String == "classic" else { return nil }
            return event?["finished"] as? [String: Any]
        }.last
        // Released at 0.7: revision 0's classic settles the remaining 0.3 x 300 ms; today's (0.25 s) would take 75.
        #expect(finished?["settleUs"] as? Int == 90_000, "\(String(describing: finished))")
    }
}
