import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

/// `segue replay DIR`: the log read offline, as a user runs it, with its exit statuses.
@Suite struct CLIReplayTests {
    /// A stopped daemon's directory holding one stack, an animated push, an immediate one and a resize (8 events).
    static func makeDirectory() throws -> ScratchDirectory {
        let data = try ScratchDirectory(prefix: "segue-replay")
        let daemon = try DaemonProcess.start(dataDirectory: data.url)
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        _ = try control.command(
            Command(
                stackId: "demo",
                op: .create(
                    CreateStack(
                        screens: ["Home"], config: StackConfig(size: Size(width: 400, height: 800), profile: "classic"))
                )))
        let feed = EventFeed(
            subscriber: try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["ev/demo/"]),
            control: control, stackId: "demo", idleCheckMs: 100)
        _ = try control.command(Command(stackId: "demo", op: .push(Push(screen: "Detail"))))
        // The animated push completes on the daemon's clock: wait for its completed event.
        var completed = false
        let deadline = Date().addingTimeInterval(10)
        while !completed && Date() < deadline {
            if case .event(let event)? = try feed.next(timeoutMs: 100), case .completed = event.body {
                completed = true
            }
        }
        #expect(completed)
        _ = try control.command(Command(stackId: "demo", op: .push(Push(screen: "More", immediate: true))))
        _ = try control.command(Command(stackId: "demo", op: .resize(Resize(size: Size(width: 500, height: 800)))))
        #expect(daemon.stop() == 0)
        return data
    }

    @Test func printsEventsFramesStacksAndASummary() throws {
        let data = try Self.makeDirectory()
        let plain = try runSegue(["replay", data.path])
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.lines.count == 9)
        #expect(plain.lines.first == "#1 demo v1 created screens=Home profile=classic 400x800")
        #expect(plain.lines.last == "summary events=8 stacks=1 first=1 head=8 snapshots=1 torn_bytes=0 ok=true")

        let frames = try runSegue(["replay", data.path, "--frames", "--stacks", "--verify"])
        #expect(frames.status == 0, "\(frames)")
        #expect(frames.lines.filter { $0.contains(" DONE ") }.count == 2)
        #expect(frames.lines.filter { $0.contains(" SETTLING ") }.count > 5)
        #expect(frames.lines.contains("  screens Home > Detail > More"))

        let json = try runSegue(["replay", data.path, "--json", "--quiet", "--stacks"])
        #expect(json.lines.count == 2)
        #expect(json.lines.first?.hasPrefix("{\"stack\":{\"stackId\":\"demo\",\"version\":8,") == true)
        #expect(json.lines.last?.hasPrefix("{\"summary\":{\"events\":8,") == true)
    }

    @Test func verifyNamesTheFirstBadPositionAndExitsOne() throws {
        let data = try Self.makeDirectory()
        let segment = data.url.appendingPathComponent("log/00000000000000000001.seg")
        var bytes = try [UInt8](Data(contentsOf: segment))
        // The first record's payload: a flipped byte with valid records after it is corruption, not a torn write.
        bytes[10] ^= 0x01
        try Data(bytes).write(to: segment)
        let verify = try runSegue(["replay", data.path, "--verify", "--quiet"])
        #expect(verify.status == 1, "\(verify)")
        #expect(verify.stderr.contains("position 1: segment \(segment.path) is damaged at byte 0 "), "\(verify.stderr)")
        #expect(verify.stderr.contains("corruption, not a torn write"))
        #expect(verify.lines.last?.hasSuffix("ok=false") == true)
        // Without --verify the problems are reported but the listing succeeds.
        #expect(try runSegue(["replay", data.path, "--quiet"]).status == 0)
    }

    @Test func usageAndMissingDirectory() throws {
        #expect(try runSegue(["replay"]).status == 2)
        #expect(try runSegue(["replay", "a", "b"]).status == 2)
        let missing = try runSegue(["replay", "/nonexistent/segue-data"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot read the log of /nonexistent/segue-data"))
    }
}
