import SegueSystem
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A server read to its ready line, here a shell script standing in for segued.
struct ServerProcessTests {
    private static let ready =
        "segued ready ingest=tcp://127.0.0.1:7001 control=tcp://127.0.0.1:7002 events=tcp://127.0.0.1:7003"

    @Test func linesBeforeTheReadyLineAreSkippedAndLaterOnesRead() throws {
        let scratch = try ScratchDirectory(prefix: "segue-server")
        let server = try ServerProcess(
            "/bin/sh", ["-c", "echo logged >&2; echo starting; echo '\(Self.ready)'; echo later; exec sleep 30"],
            stderrPath: scratch.path + "/stderr", readyTimeoutMs: 10_000)
        #expect(server.readyLine == Self.ready)
        #expect(server.endpoints?.control == "tcp://127.0.0.1:7002")
        #expect(server.nextLine(timeoutMs: 10_000) == "later")
        #expect(server.isRunning)
        #expect(server.stop(timeoutMs: 10_000) == 128 + SIGTERM)
        #expect(server.stderr == "logged\n")
    }

    @Test func aServerThatExitsFirstIsAnErrorWithItsStderrKept() throws {
        let scratch = try ScratchDirectory(prefix: "segue-server")
        let path = scratch.path + "/stderr"
        #expect {
            try ServerProcess(
                "/bin/sh", ["-c", "echo cannot bind >&2; exit 3"], stderrPath: path, readyTimeoutMs: 10_000)
        } throws: { error in
            "\(error)".contains("exited before it was ready")
        }
        #expect(WholeFile.text(path) == "cannot bind\n")
    }

    @Test func aSilentServerIsKilledAtTheDeadline() throws {
        let scratch = try ScratchDirectory(prefix: "segue-server")
        let pidFile = scratch.path + "/pid"
        #expect {
            try ServerProcess(
                "/bin/sh", ["-c", "echo $$ > \(pidFile); exec sleep 30"], stderrPath: scratch.path + "/stderr",
                readyTimeoutMs: 200)
        } throws: { error in
            "\(error)".contains("printed no ready line within 200 ms")
        }
        let pid = try #require(WholeFile.text(pidFile).flatMap { pid_t($0.split(separator: "\n").first ?? "") })
        #expect(kill(pid, 0) != 0)
    }

    @Test func aCancelledWaitSaysSo() throws {
        let scratch = try ScratchDirectory(prefix: "segue-server")
        #expect {
            try ServerProcess(
                "/bin/sleep", ["30"], stderrPath: scratch.path + "/stderr", readyTimeoutMs: 60_000, cancelled: { true })
        } throws: { error in
            (error as? HarnessError)?.isCancellation == true
        }
    }
}
