import Foundation
import SegueClient
import SegueCore
import SegueJSON
import SegueSystem
import SegueWire
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `segued` killed with SIGKILL at random moments under load, and started on logs whose last record a
/// crash tore: no acknowledged event is lost, positions never have a gap, and the daemon's state is what an
/// offline replay of its directory gives.
@Suite(.serialized) struct CrashTests {
    /// A command the daemon answered: its request id and the positions of its events.
    struct Acknowledged {
        var requestId: String
        var first: UInt64
        var last: UInt64
    }

    /// Set by the killer thread once SIGKILL is sent.
    final class KillSwitch: Sendable {
        let fired = Atomic<Bool>(false)
    }

    static let stacks = ["c0", "c1", "c2"]
    static let modes = ["always", "interval:5", "never"]

    /// Every event of the log, read in batches.
    static func log(_ control: ControlClient) throws -> [Event] {
        try EventFeedTests.log(control)
    }

    /// What must hold after every restart: positions 1...head, every acknowledged command's events in place with
    /// its request id, `segue replay --verify` passing, and each stack as the daemon reports it equal to the
    /// stack the offline replay of the directory rebuilds.
    static func check(_ daemon: DaemonProcess, acknowledged: [Acknowledged], round: Int) throws {
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        // A restart runs what was queued (a flutter push behind a swipe): the log is whole once it has played.
        let deadline = Date().addingTimeInterval(20)
        while try control.listStacks().contains(where: { try control.stack($0).transition != nil }) {
            guard Date() < deadline else {
                Issue.record("round \(round): the stacks are still moving after 20 s")
                break
            }
        }
        let events = try log(control)
        let head = try control.stats().headPosition
        #expect(events.map(\.position) == Array(1..<(head + 1)), "round \(round): positions are not 1...\(head)")
        for ack in acknowledged {
            guard ack.last <= UInt64(events.count) else {
                Issue.record("round \(round): \(ack.requestId) acknowledged at \(ack.first)...\(ack.last) > \(head)")
                continue
            }
            for position in ack.first...ack.last where events[Int(position) - 1].requestId != ack.requestId {
                let found = events[Int(position) - 1].requestId
                Issue.record("round \(round): position \(position) has '\(found)', acknowledged as \(ack.requestId)")
            }
        }
        let replay = try runSegue(["replay", daemon.dataDirectory.path, "--verify", "--stacks", "--json", "--quiet"])
        #expect(replay.status == 0, "round \(round): \(replay)")
        let replayed = Set(replay.lines.filter { $0.hasPrefix("{\"stack\":") })
        var live: Set<String> = []
        for id in try control.listStacks() {
            var object = JSONObject()
            object.add("stack", try control.stack(id).jsonObject)
            live.insert(object.description)
        }
        #expect(replayed == live, "round \(round): the daemon's stacks differ from the replayed ones")
        #expect(replay.lines.last?.contains("\"head\":\(head),") == true, "round \(round): \(replay.lines.last ?? "")")
    }

    @Test func killNineUnderLoadLosesNoAcknowledgedEvent() throws {
        var rng = SplitMix64(seed: 0x5E6E_C4A5)
        let data = try ScratchDirectory(prefix: "segue-crash")
        var acknowledged: [Acknowledged] = []
        var counter = 0
        var gestureId: UInt64 = 0
        var producerUs: Int64 = 1_000_000
        var repairs = 0
        var unanswered = 0
        for round in 0..<24 {
            let mode = Self.modes[Int.random(in: 0..<Self.modes.count, using: &rng)]
            let daemon = try DaemonProcess.start(dataDirectory: data.url, extraArguments: ["--fsync", mode])
            defer { daemon.kill() }
            if daemon.stderr.contains("log tail repaired") { repairs += 1 }
            try Self.check(daemon, acknowledged: acknowledged, round: round)
            let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
            if round == 0 {
                for (index, stack) in Self.stacks.enumerated() {
                    let config = StackConfig(
                        size: Size(width: 400, height: 800),
                        profile: ["classic", "fluid", "flutter"][index])
                    let result = try control.command(
                        Command(
                            stackId: stack, requestId: "create-\(stack)",
                            op: .create(
                                CreateStack(screens: ["Home", "A"], config: config))))
                    acknowledged.append(
                        Acknowledged(
                            requestId: "create-\(stack)", first: result.firstPosition,
                            last: result.lastPosition))
                }
            }
            // Short replies: once the daemon is dead, a request gives up quickly.
            control.timeoutMs = 300
            let producer = try Producer(endpoint: daemon.endpoints.ingest, sendTimeoutMs: 100, lingerMs: 0)

            let killSwitch = KillSwitch()
            let pid = daemon.pid
            let delayUs = UInt32.random(in: 20_000...250_000, using: &rng)
            // The kill lands wherever the load is: mid-command, mid-append, mid-fsync.
            Thread.detachNewThread {
                usleep(delayUs)
                kill(pid, SIGKILL)
                killSwitch.fired.store(true, ordering: .sequentiallyConsistent)
            }
            while !killSwitch.fired.load(ordering: .sequentiallyConsistent) {
                let stack = Self.stacks.randomElement(using: &rng)!
                if Int.random(in: 0..<10, using: &rng) < 6 {
                    counter += 1
                    let id = "r\(round)-\(counter)"
                    let immediate = Int.random(in: 0..<3, using: &rng) != 0
                    let op: Command.Op =
                        Bool.random(using: &rng)
                        ? .push(Push(screen: "P\(counter)", immediate: immediate)) : .pop(Pop(immediate: immediate))
                    do {
                        let result = try control.command(Command(stackId: stack, requestId: id, op: op))
                        if result.lastPosition > 0 {
                            acknowledged.append(
                                Acknowledged(
                                    requestId: id, first: result.firstPosition,
                                    last: result.lastPosition))
                        }
                    } catch .timeout {
                        // Unanswered, most likely because the kill landed while it was in flight: nothing promised.
                        unanswered += 1
                    } catch {
                        // Refused (a transition in progress, nothing to pop): nothing appended.
                    }
                } else {
                    // A swipe back streamed without waiting.
                    gestureId += 1
                    let phases: [PanPhase] = [.panBegan, .panChanged, .panChanged, .panChanged, .panEnded]
                    for (step, phase) in phases.enumerated() {
                        let tx = Double(step) * 70
                        producerUs += 8_000
                        try? producer.send(
                            pan: PanEvent(
                                stackId: stack, gestureId: gestureId, phase: phase, location: Vec2(x: 5 + tx, y: 300),
                                translation: Vec2(x: tx, y: 0), velocity: Vec2(x: 600, y: 0), timestampUs: producerUs))
                    }
                }
            }
            #expect(daemon.process.waitForExit(timeoutMs: 5000), "round \(round): segued did not die")
        }
        // A last start checks the last crash; a clean stop leaves a directory that verifies as well.
        let daemon = try DaemonProcess.start(dataDirectory: data.url)
        defer { daemon.kill() }
        try Self.check(daemon, acknowledged: acknowledged, round: 24)
        #expect(daemon.stop() == 0)
        let verify = try runSegue(["replay", data.path, "--verify", "--quiet"])
        #expect(verify.status == 0, "\(verify)")
        // The load did acknowledge work in most rounds (the proof is only as good as what it promised).
        #expect(acknowledged.count > 48, "only \(acknowledged.count) commands acknowledged")
        print(
            "crash test: \(acknowledged.count) acknowledged commands, \(unanswered) unanswered, \(repairs) "
                + "torn tails repaired")
    }

    /// Where each record of a segment file starts, and the file's end.
    static func recordStarts(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            offsets.append(offset)
            let length =
                Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
                | Int(bytes[offset + 3]) << 24
            offset += 8 + length
        }
        return offsets + [bytes.count]
    }

    @Test(arguments: ["header", "payload", "checksum"])
    func tornLastRecordIsCutReportedAndTheLogGoesOn(damage: String) throws {
        let original = try ScratchDirectory(prefix: "segue-torn")
        do {
            let daemon = try DaemonProcess.start(dataDirectory: original.url)
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
            }
            _ = try control.command(
                Command(
                    stackId: "s", requestId: "resize",
                    op: .resize(
                        Resize(
                            size: Size(width: 300, height: 800)))))
            #expect(daemon.stop() == 0)
        }
        let segment = "log/00000000000000000001.seg"
        var bytes = try [UInt8](Data(contentsOf: original.url.appendingPathComponent(segment)))
        let starts = Self.recordStarts(bytes)
        let records = starts.count - 1
        #expect(records == 11)
        let last = starts[records - 1]
        switch damage {
        case "header": bytes.removeSubrange((last + 5)...)
        case "payload": bytes.removeLast(3)
        default: bytes[bytes.count - 2] ^= 0x10
        }
        // Only the log is copied: the torn copy is a crash's residue, not the cleanly stopped directory.
        let copy = try ScratchDirectory(prefix: "segue-torn-copy")
        try FileManager.default.createDirectory(
            at: copy.url.appendingPathComponent("log"),
            withIntermediateDirectories: true)
        try Data(bytes).write(to: copy.url.appendingPathComponent(segment))

        let offline = try runSegue(["replay", copy.path, "--verify", "--quiet"])
        #expect(offline.status == 0, "\(offline)")
        #expect(offline.stderr.contains("not a whole record"))
        #expect(offline.lines.last?.contains("head=\(records - 1) ") == true, "\(offline)")

        let daemon = try DaemonProcess.start(dataDirectory: copy.url)
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 5000)
        let result = try control.command(
            Command(
                stackId: "s", requestId: "after",
                op: .resize(
                    Resize(
                        size: Size(width: 320, height: 800)))))
        #expect(result.firstPosition == UInt64(records))
        let events = try Self.log(control)
        #expect(events.map(\.position) == Array(1...UInt64(records)))
        #expect(events.prefix(records - 1).allSatisfy { $0.requestId != "resize" })
        #expect(events.last?.requestId == "after")
        let stderr = daemon.stderr
        #expect(stderr.contains("log tail repaired"), "\(stderr)")
        #expect(stderr.contains("cut \(bytes.count - last) bytes"), "\(stderr)")
        #expect(stderr.contains("ends at position \(records - 1)"), "\(stderr)")
    }
}
