import Foundation
import SegueSystem
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

    @Test("at every level the daemon opens the --data directory it was given and logs that path unchanged")
    func dataDirectoryAtEveryLevel() throws {
        let scratch = try ScratchDirectory(prefix: "segued-log-level")
        for level in ["debug", "info", "warn", "error"] {
            // Long enough that the path is a heap string, and new, so the daemon creates it.
            let data = scratch.url.appendingPathComponent("a-data-directory-named-at-length-\(level)")
            let daemon = try DaemonProcess.start(dataDirectory: data, extraArguments: ["--log-level", level])
            defer { daemon.kill() }
            #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
            #expect(daemon.stop() == 0)
            let lines = daemon.stderr.split(separator: "\n").map(String.init)
            let started = lines.filter { $0.contains(" msg=started ") }
            if level == "debug" || level == "info" {
                #expect(started.count == 1, "\(lines)")
                #expect(started.first?.contains(" level=info msg=started data=\(data.path) head=") == true, "\(lines)")
            } else {
                #expect(started.isEmpty, "\(lines)")
            }
            #expect(!lines.contains { $0.contains("level=error") }, "\(lines)")
            var status = stat()
            #expect(stat(data.path, &status) == 0)
            #expect(status.st_mode & 0o777 == 0o700)
            let files = try FileManager.default.contentsOfDirectory(atPath: data.path)
            #expect(files.contains("log"), "\(files)")
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
