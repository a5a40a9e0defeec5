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
        // 10000 stacks settling at 240 Hz for 20 s: 2.4 million frames a second, more than one core draws.
        let stacks = 10_000
        let config = StackConfig(size: Size(width: 400, height: 800), profile: "classic", fps: 240,
                                 tuning: Tuning(settleMs: 20_000))
        for index in 0..<stacks {
            try producer.send(command: Command(stackId: "s\(index)", op: .create(CreateStack(
                screens: ["Home"], config: config))))
        }
        for index in 0..<stacks {
            try producer.send(command: Command(stackId: "s\(index)", op: .push(Push(screen: "Detail"))))
        }
        // A subscriber to every frame, reading them all, as a dashboard would.
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["fr/"])
        try DaemonTests.awaitLive(subscriber, control: control)
        var framesSeen = 0
        let peak = try Self.peakResident(daemon, limitKiB: 1 << 20, within: 60) {
            while case .frame? = try subscriber.next(timeoutMs: 0) { framesSeen += 1 }
            let stats = try control.stats()
            return stats.headPosition >= UInt64(3 * stacks) && stats.framesSkipped > 100_000
        }
        print("OverloadTests: resident peak \(peak / 1024) MiB, \(framesSeen) frames read")
        #expect(peak < 512 * 1024, "resident \(peak) KiB")
        let stats = try control.stats()
        #expect(stats.framesSkipped > 100_000 && stats.framesPublished > 0, "\(stats)")
        #expect(try control.stack("s0").transition?.phase == .settling)
        #expect(framesSeen > 0)
        // A stop finishes the turn it is in and writes its snapshot; nothing waits for the backlog.
        #expect(daemon.stop(timeoutMs: 10_000) == 0, "\(daemon.stderr.suffix(2000))")
    }
}
