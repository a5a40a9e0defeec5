import Foundation
import SegueClient
import SegueSystem
import SegueTestSupport
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// More work than the engine can do, asked for with valid commands within the documented limits: the daemon
/// sheds what it cannot do (and counts it), keeps answering, keeps its memory bounded and stops promptly.
@Suite struct OverloadTests {
    /// Polls the daemon's resident set while `body` runs until it returns true, and returns the largest seen; fails
    /// the test (and stops waiting) once it passes `limitKiB`.
    static func peakResident(
        _ daemon: DaemonProcess, limitKiB: Int, within seconds: Double,
        until body: () throws -> Bool
    ) throws -> Int {
        var peak = 0
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            peak = max(peak, try AbuseTests.residentKiB(daemon.pid))
            if try peak > limitKiB || body() { return peak }
        }
        Issue.record("not done within \(seconds) s (resident \(peak) KiB)")
        return peak
    }

    @Test func moreSettleFramesThanTheEngineCanDrawAreSkippedNotQueued() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        let producer = try Producer(endpoint: daemon.endpoints.ingest, sendTimeoutMs: 10_000)
        // 5000 stacks settling at 240 Hz for a minute: 1.2 million frames a second, more than one core draws.
        let stacks = 5000
        let config = StackConfig(
            size: Size(width: 400, height: 800), profile: "classic", fps: 240,
            tuning: Tuning(settleMs: 60_000))
        for index in 0..<stacks {
            try producer.send(
                command: Command(
                    stackId: "s\(index)",
                    op: .create(
                        CreateStack(
                            screens: ["Home"], config: config))))
        }
        for index in 0..<stacks {
            try producer.send(command: Command(stackId: "s\(index)", op: .push(Push(screen: "Detail"))))
        }
        // A subscriber reading one stack's frames, as a renderer would.
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["fr/s0/"])
        try DaemonTests.awaitLive(subscriber, control: control)
        // However fast this machine draws, a 200 ms stall puts every settle more than 50 ms behind.
        _ = try PeerTests.awaitHead(control, UInt64(3 * stacks))
        kill(daemon.pid, SIGSTOP)
        usleep(200_000)
        kill(daemon.pid, SIGCONT)
        var framesSeen = 0
        let peak = try Self.peakResident(daemon, limitKiB: 1 << 20, within: 60) {
            while case .frame? = try subscriber.next(timeoutMs: 0) { framesSeen += 1 }
            let stats = try control.stats()
            return stats.framesSkipped > 1000
        }
        print("OverloadTests: resident peak \(peak / 1024) MiB, \(framesSeen) frames read")
        #expect(peak < 512 * 1024, "resident \(peak) KiB")
        let stats = try control.stats()
        #expect(stats.framesSkipped > 1000 && stats.framesPublished > 0, "\(stats)")
        #expect(framesSeen > 0)
        // A stop finishes the turn it is in and writes its snapshot; nothing waits for the backlog.
        #expect(daemon.stop(timeoutMs: 10_000) == 0, "\(daemon.stderr.suffix(2000))")
    }
}

/// Descriptors running out: idle connections that never handshake must not take the log's descriptors away.
@Suite struct DescriptorTests {
    /// A process holding `count` TCP connections to each endpoint that send nothing, until it is killed: a child of
    /// its own, so that its descriptors are not the test runner's. Waits for its `connected N` line.
    static func idleConnections(_ count: Int, to endpoints: [String]) throws -> (ChildProcess, Int) {
        let ports = endpoints.compactMap { $0.split(separator: ":").last.map(String.init) }.joined(separator: ",")
        let script = """
            import socket, sys, time
            held = []
            for port in [\(ports)]:
                for _ in range(\(count)):
                    try:
                        held.append(socket.create_connection(("127.0.0.1", port)))
                    except OSError:
                        pass
            print("connected", len(held), flush=True)
            time.sleep(3600)
            """
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/prlimit"),
            ["--nofile=4096:4096", "/usr/bin/python3", "-c", script])
        guard let line = child.readLine(timeoutMs: 30_000), line.hasPrefix("connected "),
            let made = Int(line.dropFirst("connected ".count))
        else { throw HarnessError("the connection holder did not report: \(child.stderr)") }
        return (child, made)
    }

    /// How many descriptors `pid` has open.
    static func openDescriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    @Test func idleConnectionsPastTheMaximumAreClosedAndSnapshotsGoOn() throws {
        // 700 descriptors: 512 kept for the log and ZeroMQ, 62 connections for each socket.
        let daemon = try DaemonProcess.start(
            extraArguments: ["--snapshot-every", "10"],
            launcher: ["/usr/bin/prlimit", "--nofile=700:700"])
        defer { daemon.kill() }
        #expect(daemon.stderr.contains("max_connections=62"), "\(daemon.stderr)")
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        _ = try control.command(
            Command(
                stackId: "s",
                op: .create(
                    CreateStack(
                        screens: ["A"], config: StackConfig(size: Size(width: 1, height: 1))))))

        // 900 idle connections, 300 to each socket: more than the whole descriptor limit.
        let (holder, made) = try Self.idleConnections(
            300,
            to: [
                daemon.endpoints.ingest, daemon.endpoints.control, daemon.endpoints.events,
            ])
        defer { holder.kill() }
        #expect(made == 900)
        // The client connected before them still gets answers, and the log goes on through snapshots.
        var stats = try control.stats()
        for index in 0..<50 {
            _ = try control.command(
                Command(
                    stackId: "s",
                    op: .resize(
                        Resize(
                            size: Size(width: Double(index + 2), height: 1)))))
            stats = try control.stats()
        }
        #expect(daemon.process.isRunning)
        #expect(stats.connectionsRefused >= 900 - 3 * 62, "\(stats)")
        let snapshots = try FileManager.default.contentsOfDirectory(atPath: daemon.dataDirectory.path + "/snapshots")
        #expect(snapshots.contains { $0.hasSuffix(".snap") }, "\(snapshots)")
        #expect(Self.openDescriptors(daemon.pid) < 700 - 256, "\(Self.openDescriptors(daemon.pid)) descriptors open")
        #expect(!daemon.stderr.contains("level=error"), "\(daemon.stderr.suffix(2000))")

        // Once they are gone, new clients get in.
        holder.kill()
        let newcomer = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        #expect(try newcomer.stats().headPosition == stats.headPosition)
        #expect(daemon.stop() == 0, "\(daemon.stderr.suffix(2000))")
    }

    @Test func aConnectionMaximumTheDescriptorLimitCannotHoldIsRefused() throws {
        let data = try ScratchDirectory(prefix: "segued-descriptors")
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/prlimit"),
            [
                "--nofile=700:700", try BuildProducts.executable("segued").path, "--data", data.path,
                "--ingest", "tcp://127.0.0.1:*", "--control", "tcp://127.0.0.1:*", "--events", "tcp://127.0.0.1:*",
                "--max-connections", "1000",
            ])
        let output = try child.finish(timeoutMs: 10_000)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("--max-connections 1000") && output.stderr.contains("at most 62"), "\(output)")
    }
}
