import Foundation
import SegueClient
import SegueSystem
import Testing

/// Endpoints as users type them: checked for their shape before ZeroMQ sees them, IPv6 hosts reached, `ipc://`
/// paths that name files left alone, and the wrong endpoint for a role named as such.
@Suite("endpoints")
struct EndpointTests {
    @Test("segued refuses a port it would misread, before binding anything", arguments: ["70000", " 5", "+5", ""])
    func daemonPorts(_ port: String) throws {
        let scratch = try ScratchDirectory(prefix: "segued-port")
        let output = try ChildProcess(
            try BuildProducts.executable("segued"),
            ["--data", scratch.url.path, "--ingest", "tcp://127.0.0.1:\(port)"]
        ).finish(timeoutMs: 10_000)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("is not an endpoint to listen on"), "\(output)")
    }

    @Test("an ipc:// path that names a file is refused by segued and by segue record; the file is kept")
    func ipcPathOfAFile() throws {
        let scratch = try ScratchDirectory(prefix: "segue-ipc")
        let precious = scratch.url.appendingPathComponent("session.rec")
        try Data("keep me".utf8).write(to: precious)
        let daemon = try ChildProcess(
            try BuildProducts.executable("segued"),
            ["--data", scratch.url.appendingPathComponent("data").path, "--ingest", "ipc://\(precious.path)"]
        ).finish(timeoutMs: 10_000)
        #expect(daemon.status == 1, "\(daemon)")
        #expect(daemon.stderr.contains("exists and is not a socket"), "\(daemon)")

        let running = try DaemonProcess.start()
        defer { running.kill() }
        let recorder = try runSegue(
            [
                "record", scratch.url.appendingPathComponent("other.rec").path, "--listen", "ipc://\(precious.path)",
                "--listen-control", "none", "--duration-ms", "100",
            ], daemon: running)
        #expect(recorder.status != 0, "\(recorder)")
        #expect(recorder.stderr.contains("exists and is not a socket"), "\(recorder)")
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me")
    }

    @Test("a daemon on IPv6 loopback is reached by every client")
    func ipv6() throws {
        let any = "tcp://[::1]:*"
        let daemon = try DaemonProcess.start(endpoints: SegueEndpoints(ingest: any, control: any, events: any))
        defer { daemon.kill() }
        #expect(daemon.endpoints.control.hasPrefix("tcp://[::1]:"))
        #expect(try runSegue(["create", "six", "--screens", "Home,Detail"], daemon: daemon).status == 0)
        let swipe = try runSegue(["swipe", "six", "--to", "0.8"], daemon: daemon)
        #expect(swipe.status == 0, "\(swipe)")
        #expect(swipe.lines.last == "completed: stack is now Home", "\(swipe)")
    }

    @Test("a request sent to another of the daemon's endpoints is told which it reached")
    func wrongEndpoint() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        for other in [daemon.endpoints.ingest, daemon.endpoints.events] {
            let output = try runSegue(["stacks", "--control", other, "--timeout-ms", "300"])
            #expect(output.status == 1)
            #expect(output.stderr.contains("segued's control endpoint"), "\(output)")
        }
        let both = try runSegue(
            ["stacks", "--timeout-ms", "300"],
            environment: [
                "SEGUE_CONTROL": daemon.endpoints.ingest, "SEGUE_INGEST": daemon.endpoints.ingest,
            ])
        #expect(both.stderr.contains("is given as both --control and --ingest"), "\(both)")
    }
}
