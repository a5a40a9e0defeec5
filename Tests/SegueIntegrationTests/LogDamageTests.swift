import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `segued` on a data directory whose log was damaged while it was stopped: it refuses to start, exit 1,
/// naming the damage, `segue replay --verify` names the same damage, and `--accept-log-loss` starts it with the
/// damaged bytes kept aside.
@Suite(.serialized) struct LogDamageTests {
    static let segment = "log/00000000000000000001.seg"

    /// A data directory a daemon wrote 19 events to (a stack created, then pushes and pops without animation)
    /// and stopped cleanly, so that its shutdown snapshot covers them all.
    static func stoppedDirectory() throws -> ScratchDirectory {
        let data = try ScratchDirectory(prefix: "segue-damage")
        let daemon = try DaemonProcess.start(dataDirectory: data.url)
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        _ = try control.command(
            Command(
                stackId: "s", requestId: "create",
                op: .create(
                    CreateStack(
                        screens: ["Home"], config: StackConfig(size: Size(width: 400, height: 800))))))
        for index in 0..<3 {
            _ = try control.command(
                Command(
                    stackId: "s", requestId: "push\(index)",
                    op: .push(
                        Push(
                            screen: "P\(index)", immediate: true))))
            _ = try control.command(Command(stackId: "s", requestId: "pop\(index)", op: .pop(Pop(immediate: true))))
        }
        #expect(try control.stats().headPosition == 19)
        control.close()
        #expect(daemon.stop() == 0)
        return data
    }

    /// Runs `segued` on `data` until it exits by itself (it should refuse to start).
    static func startRefused(_ data: ScratchDirectory) throws -> ProcessOutput {
        let wildcard = "tcp://127.0.0.1:*"
        let child = try ChildProcess(
            try BuildProducts.executable("segued"),
            [
                "--data", data.path, "--ingest", wildcard, "--control", wildcard, "--events", wildcard,
            ])
        return try child.finish(timeoutMs: 20000)
    }

    @Test func aZeroedLengthRefusesToStartAndIsAcceptedWithTheFlag() throws {
        let data = try Self.stoppedDirectory()
        let path = data.path + "/" + Self.segment
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let starts = CrashTests.recordStarts(bytes)
        #expect(starts.count == 20)
        // The length of the record at position 2: 17 valid records follow it.
        let offset = starts[1]
        bytes.replaceSubrange(offset..<offset + 4, with: [0, 0, 0, 0])
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        let refused = try Self.startRefused(data)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains("level=error msg=\"cannot start\""), "\(refused)")
        #expect(refused.stderr.contains("\(path) is damaged at byte \(offset) (position 2)"), "\(refused)")
        #expect(refused.stderr.contains("--accept-log-loss"), "\(refused)")
        #expect(refused.stderr.contains("segue replay \(data.path) --verify"), "\(refused)")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "the segment was changed")

        let replay = try runSegue(["replay", data.path, "--verify", "--quiet"])
        #expect(replay.status == 1, "\(replay)")
        #expect(replay.stderr.contains("position 2: "), "\(replay)")
        #expect(replay.stderr.contains("damaged at byte \(offset)"), "\(replay)")
        #expect(replay.lines.last?.contains("ok=false") == true, "\(replay)")

        let daemon = try DaemonProcess.start(dataDirectory: data.url, extraArguments: ["--accept-log-loss"])
        defer { daemon.kill() }
        let stderr = daemon.stderr
        #expect(stderr.contains("level=warn msg=\"log loss accepted\""), "\(stderr)")
        #expect(stderr.contains("position 2"), "\(stderr)")
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        let result = try control.command(
            Command(
                stackId: "s", requestId: "after",
                op: .resize(
                    Resize(
                        size: Size(width: 320, height: 800)))))
        #expect(result.firstPosition == 2)
        #expect(try EventFeedTests.log(control).map(\.requestId) == ["create", "after"])
        control.close()
        #expect(daemon.stop() == 0)
        // The cut bytes are kept, byte for byte, and the directory verifies again.
        let kept = data.path + "/log/damaged/00000000000000000001.seg.cut-\(offset)"
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: kept))) == Array(bytes[offset...]))
        let verified = try runSegue(["replay", data.path, "--verify", "--quiet"])
        #expect(verified.status == 0, "\(verified)")
    }
}
