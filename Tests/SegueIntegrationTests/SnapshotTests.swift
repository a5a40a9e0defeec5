import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

/// The built `segued` writes a snapshot when stopped, starts from it, and with retention deletes old segments.
@Suite struct SnapshotTests {
    static func snapshotNames(_ data: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: data.path + "/snapshots")) ?? []).sorted()
    }

    static func createAndPush(_ control: ControlClient, stack: String, pushes: Int) throws {
        _ = try control.command(
            Command(
                stackId: stack,
                op: .create(
                    CreateStack(
                        screens: ["Home"], config: StackConfig(size: Size(width: 400, height: 800))))))
        for index in 0..<pushes {
            _ = try control.command(Command(stackId: stack, op: .push(Push(screen: "S\(index)", immediate: true))))
        }
    }

    @Test func sigtermWritesASnapshotAndTheRestartStartsFromIt() throws {
        let data = try ScratchDirectory(prefix: "segued-snapshot")
        var head: UInt64 = 0
        do {
            let daemon = try DaemonProcess.start(dataDirectory: data.url, extraArguments: ["--snapshot-every", "0"])
            defer { daemon.kill() }
            #expect(daemon.stderr.contains("level=info msg=recovered snapshot=0 replayed=0 head=0"))
            let control = try ControlClient(endpoint: daemon.endpoints.control)
            try Self.createAndPush(control, stack: "demo", pushes: 3)
            head = try control.stats().headPosition
            control.close()
            #expect(Self.snapshotNames(data.url).isEmpty)
            #expect(daemon.stop() == 0)
        }
        #expect(head == 10)
        #expect(Self.snapshotNames(data.url) == ["00000000000000000010.snap"])

        let daemon = try DaemonProcess.start(dataDirectory: data.url)
        defer { daemon.kill() }
        #expect(daemon.stderr.contains("level=info msg=recovered snapshot=10 replayed=0 head=10"))
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let state = try control.stack("demo")
        #expect(state.screens == ["Home", "S0", "S1", "S2"])
        #expect(state.version == 10)
        #expect(try control.readEvents(from: 1).events.map(\.position) == Array(1...10))
        control.close()
        #expect(daemon.stop() == 0)
        // Nothing new: the stop writes no second snapshot.
        #expect(Self.snapshotNames(data.url) == ["00000000000000000010.snap"])
    }

    @Test func retentionDeletesOldSegmentsAndReadsBelowAnswerPositionRemoved() throws {
        let data = try ScratchDirectory(prefix: "segued-retention")
        let daemon = try DaemonProcess.start(
            dataDirectory: data.url,
            extraArguments: [
                "--snapshot-every", "30", "--segment-bytes", "4096", "--retain-bytes", "8192", "--max-screens", "200",
            ])
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        try Self.createAndPush(control, stack: "long", pushes: 120)
        // Snapshots are written off the loop and retention applied when the loop next commits: keep committing
        // (bounded) until the oldest position has moved.
        var oldest: UInt64 = 1
        for index in 0..<200 where oldest == 1 {
            _ = try control.command(
                Command(
                    stackId: "long",
                    op: .setScreenOptions(
                        SetScreenOptions(
                            screen: "S\(index)", options: ScreenOptions(backGestureDisabled: true)))))
            do {
                _ = try control.readEvents(from: 1, maxCount: 1)
            } catch {
                #expect(error.code == .positionRemoved)
                let message = error.message
                let prefix = "the oldest kept position is "
                let range = try #require(message.range(of: prefix))
                oldest = try #require(UInt64(message[range.upperBound...].prefix { $0.isNumber }))
            }
        }
        #expect(oldest > 1)
        // The background writes pruned the older snapshots (about ten were written): the newest two are kept, and a
        // third may be between its write and its pruning.
        let snapshots = Self.snapshotNames(data.url).filter { $0.hasSuffix(".snap") }
        #expect((2...3).contains(snapshots.count), "\(snapshots)")
        let batch = try control.readEvents(from: oldest, maxCount: 3)
        #expect(batch.events.first?.position == oldest)
        let segments = try FileManager.default.contentsOfDirectory(atPath: data.url.path + "/log").sorted()
        #expect(segments.first == String(format: "%020llu.seg", oldest))
        let version = try control.stack("long").version
        control.close()
        #expect(daemon.stop() == 0)

        // The trimmed log restarts from the shutdown snapshot.
        let restarted = try DaemonProcess.start(dataDirectory: data.url)
        defer { restarted.kill() }
        #expect(restarted.stderr.contains("replayed=0"))
        let again = try ControlClient(endpoint: restarted.endpoints.control)
        #expect(try again.stack("long").version == version)
        again.close()
        #expect(restarted.stop() == 0)
    }
}
