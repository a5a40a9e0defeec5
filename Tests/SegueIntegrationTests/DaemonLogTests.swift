import Foundation
import Testing

/// segued's operator log on stderr: logfmt lines with `ts=`, `--log-level`, `--stats-interval`.
@Suite("segued log")
struct DaemonLogTests {
    @Test("every line is logfmt with ts= and level=; info by default")
    func format() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(daemon.stop() == 0)
        let lines = daemon.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains(" level=info msg=started data=") }, "\(lines)")
        #expect(lines.last?.hasSuffix(" level=info msg=stopped") == true, "\(lines)")
        let timestamp = #/^ts=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z level=(debug|info|warn|error) msg=/#
        for line in lines {
            #expect(line.firstMatch(of: timestamp) != nil, "\(line)")
        }
    }

    @Test("--log-level warn drops the info lines")
    func warnLevel() throws {
        let daemon = try DaemonProcess.start(extraArguments: ["--log-level", "warn", "--stats-interval", "0.1"])
        defer { daemon.kill() }
        let stats = try runSegue(["stats"], daemon: daemon)
        #expect(stats.status == 0, "\(stats)")
        #expect(daemon.stop() == 0)
        #expect(!daemon.stderr.contains("level=info"), "\(daemon.stderr)")
    }

    @Test("--stats-interval logs the counters periodically")
    func statsInterval() throws {
        let daemon = try DaemonProcess.start(extraArguments: ["--stats-interval", "0.2"])
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        // Wait for the line (it comes within 0.2 s of the create), not for a fixed time.
        let deadline = Date().addingTimeInterval(10)
        while !daemon.stderr.contains("msg=stats head=1 stacks=1") && Date() < deadline {
            _ = daemon.process.waitForExit(timeoutMs: 20)
        }
        let line = daemon.stderr.split(separator: "\n").first { $0.contains("msg=stats head=1 ") }
        #expect(line?.contains(" level=info msg=stats head=1 stacks=1 inputs=") == true, "\(daemon.stderr)")
        #expect(line?.contains(" events=1 frames=0 fsync_p99_us=") == true, "\(daemon.stderr)")
        #expect(daemon.stop() == 0)
    }

    @Test("bad values are usage errors", arguments: [["--log-level", "loud"], ["--stats-interval", "0"]])
    func usage(arguments: [String]) throws {
        let output = try ChildProcess(try BuildProducts.executable("segued"), arguments).finish(timeoutMs: 10000)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.hasPrefix("segued: --"), "\(output)")
    }
}
