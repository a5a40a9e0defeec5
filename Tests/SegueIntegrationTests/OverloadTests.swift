import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SegueClient
import SegueWire
import Testing

/// More work than the engine can do, asked for with valid commands within the documented limits: the daemon
/// sheds what it cannot do (and counts it), keeps answering, keeps its memory bounded and stops promptly.
@Suite struct OverloadTests {
    /// Polls the daemon's resident set while `body` runs until it returns true, and returns the largest seen; fails
    /// the test (and stops waiting) once it passes `limitKiB`.
    static func peakResident(_ daemon: DaemonProcess, limitKiB: Int, within seconds: Double,
                             until body: () throws -> Bool) throws -> Int
    {
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
        let config = StackConfig(size: Size(width: 400, height: 800), profile: "classic", fps: 240,
                                 tuning: Tuning(settleMs: 60_000))
        for index in 0..<stacks {
            try producer.send(command: Command(stackId: "s\(index)", op: .create(CreateStack(
                screens: ["Home"], config: config))))
        }
        for index in 0..<stacks {
            try producer.send(command: Command(stackId: "s\(index)", op: .push(Push(screen: "Detail"))))
        }
        // A subscriber reading one stack's frames, as a renderer would.
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["fr/s0/"])
        try DaemonTests.awaitLive(subscriber, control: control)
        var framesSeen = 0
        let peak = try Self.peakResident(daemon, limitKiB: 1 << 20, within: 60) {
            while case .frame? = try subscriber.next(timeoutMs: 0) { framesSeen += 1 }
            let stats = try control.stats()
            return stats.headPosition >= UInt64(3 * stacks) && stats.framesSkipped > 1000
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
    /// A TCP connection to `port` on loopback that sends nothing; -1 when it could not be made.
    static func idleConnection(to endpoint: String) -> Int32 {
        guard let colon = endpoint.lastIndex(of: ":"), let port = UInt16(endpoint[endpoint.index(after: colon)...])
        else { return -1 }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if connected != 0 {
            close(fd)
            return -1
        }
        return fd
    }

    /// How many descriptors `pid` has open.
    static func openDescriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    @Test func idleConnectionsPastTheMaximumAreClosedAndSnapshotsGoOn() throws {
        // 700 descriptors: 512 kept for the log and ZeroMQ, 62 connections for each socket.
        let daemon = try DaemonProcess.start(extraArguments: ["--snapshot-every", "10"],
                                             launcher: ["/usr/bin/prlimit", "--nofile=700:700"])
        defer { daemon.kill() }
        #expect(daemon.stderr.contains("max_connections=62"), "\(daemon.stderr)")
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        _ = try control.command(Command(stackId: "s", op: .create(CreateStack(
            screens: ["A"], config: StackConfig(size: Size(width: 1, height: 1))))))

        // 900 idle connections, 300 to each socket: more than the whole descriptor limit.
        var idle: [Int32] = []
        defer { for fd in idle { close(fd) } }
        for endpoint in [daemon.endpoints.ingest, daemon.endpoints.control, daemon.endpoints.events] {
            for _ in 0..<300 {
                let fd = Self.idleConnection(to: endpoint)
                if fd >= 0 { idle.append(fd) }
            }
        }
        #expect(idle.count == 900)
        // The client connected before them still gets answers, and the log goes on through snapshots.
        var stats = try control.stats()
        for index in 0..<50 {
            _ = try control.command(Command(stackId: "s", op: .resize(Resize(
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
        for fd in idle { close(fd) }
        idle.removeAll()
        let newcomer = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        #expect(try newcomer.stats().headPosition == stats.headPosition)
        #expect(daemon.stop() == 0, "\(daemon.stderr.suffix(2000))")
    }

    @Test func aConnectionMaximumTheDescriptorLimitCannotHoldIsRefused() throws {
        let data = try ScratchDirectory(prefix: "segued-descriptors")
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/prlimit"), [
            "--nofile=700:700", try BuildProducts.executable("segued").path, "--data", data.path,
            "--ingest", "tcp://127.0.0.1:*", "--control", "tcp://127.0.0.1:*", "--events", "tcp://127.0.0.1:*",
            "--max-connections", "1000",
        ])
        let output = try child.finish(timeoutMs: 10_000)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("--max-connections 1000") && output.stderr.contains("at most 62"), "\(output)")
    }
}
