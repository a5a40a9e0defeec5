import Foundation
import SegueClient
import SegueCore
import SegueTestSupport
import SegueWire
import Testing
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// A live daemon fed 100000 random and mutated messages on ingest and control stays up, answers every valid
/// request sent among them, keeps a log that verifies, and does not grow without bound.
@Suite struct AbuseTests {
    static let stacks = ["s0", "s1", "s2", "s3"]

    /// Valid encoded Inputs, the material of the ingest garbage: pans of every phase and commands of every kind.
    static func inputTemplates() -> [[UInt8]] {
        var inputs: [Input] = []
        for (index, stack) in stacks.enumerated() {
            for phase in [PanPhase.panBegan, .panChanged, .panEnded, .panCancelled] {
                inputs.append(
                    Input(
                        body: .pan(
                            PanEvent(
                                stackId: stack, gestureId: UInt64(index + 1), phase: phase,
                                location: Vec2(x: 20, y: 300),
                                translation: Vec2(x: 60, y: 2), velocity: Vec2(x: 500, y: 0),
                                timestampUs: 1000 * Int64(index),
                                target: index == 3 ? .panTargetTabs : .panTargetBack))))
            }
            let ops: [Command.Op] = [
                .push(Push(screen: "P\(index)", immediate: index % 2 == 0)), .pop(Pop(immediate: true)),
                .present(
                    Present(
                        screen: "M\(index)",
                        options: ScreenOptions(
                            exclusionRects: [Rect(width: 9, height: 9)]))),
                .dismiss(Dismiss()), .selectTab(SelectTab(index: 1)),
                .resize(Resize(size: Size(width: 300, height: 600))),
                .setScreenOptions(SetScreenOptions(screen: "Home", options: ScreenOptions(backGestureDisabled: true))),
                .create(CreateStack(screens: ["A", "B"], config: StackConfig(size: Size(width: 10, height: 10)))),
                .popToRoot(PopToRoot()), .delete(DeleteStack()),
            ]
            for op in ops { inputs.append(Input(body: .command(Command(stackId: stack, op: op)))) }
        }
        return inputs.map { $0.encoded() }
    }

    /// Valid encoded Requests, the material of the control garbage.
    static func requestTemplates() -> [[UInt8]] {
        var requests: [Request] = [
            Request(requestId: "g", body: .getStats(GetStats())), Request(body: .listStacks(ListStacks())),
            Request(requestId: "r", body: .readEvents(ReadEvents(fromPosition: 1, maxCount: 50))),
            Request(requestId: "r2", body: .readEvents(ReadEvents(fromPosition: 3, stackId: "s1", maxCount: 5))),
        ]
        for stack in stacks {
            requests.append(Request(requestId: "s-\(stack)", body: .getStack(GetStack(stackId: stack))))
            requests.append(
                Request(
                    requestId: "c-\(stack)",
                    body: .command(
                        Command(
                            stackId: stack, expectedVersion: 2, op: .push(Push(screen: "R", immediate: true))))))
        }
        return requests.map { $0.encoded() }
    }

    /// One piece of garbage: a template flipped, cut, spliced, padded, or random bytes, now and then too big.
    static func garbage(_ templates: [[UInt8]], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = templates.randomElement(using: &random)!
        let roll = Int.random(in: 0..<1000, using: &random)
        if roll == 0 {
            // One in a thousand is past --max-message-bytes: libzmq drops the connection, the peer reconnects.
            return [UInt8](repeating: 0x0A, count: Int.random(in: 70_000...90_000, using: &random))
        }
        switch roll / 10 {
        case 0..<10:
            break
        case 10..<40:
            for _ in 0..<Int.random(in: 1...8, using: &random) where !bytes.isEmpty {
                let bit = UInt8(1) << UInt8.random(in: 0..<8, using: &random)
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= bit
            }
        case 40..<55:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case 55..<70:
            let other = templates.randomElement(using: &random)!
            bytes =
                Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
                + other.suffix(Int.random(in: 0...other.count, using: &random))
        case 70..<80:
            let at = Int.random(in: 0...bytes.count, using: &random)
            bytes.insert(
                contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }, at: at)
        default:
            bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        return bytes
    }

    /// The daemon's resident set in KiB, from /proc/<pid>/status.
    static func residentKiB(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { throw HarnessError("no VmRSS in /proc/\(pid)/status") }
        return kib
    }

    /// Sends a marker command on the ingest socket and waits for its event: ZeroMQ keeps one connection's messages
    /// in order, so everything sent before it has been taken (or lost with a dropped connection) by then. The marker
    /// is sent again every 2 s, in case an oversized message dropped the connection it was queued on.
    static func drained(_ ingest: ZMQSocket, _ markers: Subscriber, marker: String) throws {
        let create = Input(
            body: .command(
                Command(
                    stackId: marker,
                    op: .create(
                        CreateStack(
                            screens: ["M"], config: StackConfig(size: Size(width: 1, height: 1)))))))
        for _ in 0..<30 {
            _ = try ingest.send([create.encoded()])
            let deadline = Date().addingTimeInterval(2)
            while Date() < deadline {
                if case .event(let event)? = try markers.next(timeoutMs: 100), event.stackId == marker { return }
            }
        }
        throw HarnessError("marker \(marker) was not applied within 60 s")
    }

    /// A valid request among the garbage, which must get its own reply: GetStats, or a push or pop of "anchor".
    static func askValid(_ control: ControlClient, _ index: Int) throws {
        if index % 1000 == 0 {
            _ = try control.stats()
            return
        }
        let op: Command.Op =
            index % 2000 == 500 ? .push(Push(screen: "N", immediate: true)) : .pop(Pop(immediate: true))
        do {
            _ = try control.command(Command(stackId: "anchor", op: op))
        } catch {
            // Garbage may have reached "anchor" too: a refusal is an answer, only a timeout is not.
            guard case .errorReply(let detail) = error else { throw error }
            #expect(detail.code != .unavailable, "\(detail)")
        }
    }

    @Test func garbageOnEverySocketLeavesTheDaemonUpAndItsLogIntact() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        for stack in Self.stacks.dropLast() {
            _ = try control.command(
                Command(
                    stackId: stack,
                    op: .create(
                        CreateStack(
                            screens: ["Home", "List", "Detail"],
                            config: StackConfig(size: Size(width: 400, height: 800))))))
        }
        _ = try control.command(
            Command(
                stackId: "s3",
                op: .create(
                    CreateStack(
                        tabs: ["A", "B", "C"], config: StackConfig(size: Size(width: 400, height: 800))))))
        _ = try control.command(
            Command(
                stackId: "anchor",
                op: .create(
                    CreateStack(
                        screens: ["Root"], config: StackConfig(size: Size(width: 400, height: 800))))))

        let markers = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["ev/half/", "ev/end/"])
        try DaemonTests.awaitLive(markers, control: control)

        let context = try ZMQContext()
        defer { context.shutdown() }
        let ingest = try context.makeSocket(.push)
        var dealers: [ZMQSocket] = []
        defer {
            ingest.close()
            for dealer in dealers { dealer.close() }
        }
        // A full queue blocks the sender (pacing it to the daemon) for at most this long.
        try ingest.setOption(.sendTimeout, 10_000)
        try ingest.setOption(.linger, 0)
        // An oversized message costs the connection; come back quickly.
        try ingest.setOption(.reconnectInterval, 10)
        try ingest.connect(daemon.endpoints.ingest)
        for _ in 0..<3 {
            let dealer = try context.makeSocket(.dealer)
            dealers.append(dealer)
            try dealer.setOption(.sendTimeout, 10_000)
            try dealer.setOption(.linger, 0)
            try dealer.setOption(.reconnectInterval, 10)
            try dealer.connect(daemon.endpoints.control)
        }

        let inputs = Self.inputTemplates()
        let requests = Self.requestTemplates()
        var random = SplitMix64(seed: 0x5E6_0E_AB05E)
        let total = 100_000
        var answered = 0
        var halfKiB = 0
        for index in 0..<total {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<60:
                #expect(try ingest.send([Self.garbage(inputs, &random)]), "ingest send timed out")
            case 60..<80:
                // The envelope a REQ adds: an empty delimiter before the payload.
                #expect(try dealers[0].send([[], Self.garbage(requests, &random)]))
            case 80..<95:
                #expect(try dealers[1].send([Self.garbage(requests, &random)]))
            default:
                let parts = (0..<Int.random(in: 2...5, using: &random)).map { _ in Self.garbage(requests, &random) }
                #expect(try dealers[2].send(parts))
            }
            if index % 64 == 0 {
                // The garbage's replies come back to the dealers; take them so that their queues stay short.
                for dealer in dealers { while try dealer.receive(dontWait: true) != nil { answered += 1 } }
            }
            if index % 500 == 0 { try Self.askValid(control, index) }
            if index == total / 2 {
                try Self.drained(ingest, markers, marker: "half")
                halfKiB = try Self.residentKiB(daemon.pid)
            }
        }
        try Self.drained(ingest, markers, marker: "end")
        let endKiB = try Self.residentKiB(daemon.pid)
        print("AbuseTests: rss half \(halfKiB) KiB, end \(endKiB) KiB; \(answered) garbage replies")

        #expect(daemon.process.isRunning)
        let stats = try control.stats()
        #expect(stats.inputsRejected > 10_000, "\(stats)")
        #expect(endKiB < 200 * 1024)
        #expect(endKiB - halfKiB < max(32 * 1024, halfKiB / 4), "grew from \(halfKiB) to \(endKiB) KiB")

        // The log: positions 1...head without gaps, every record an Event, and an offline replay that verifies.
        var position: UInt64 = 1
        while position <= stats.headPosition {
            let batch = try control.readEvents(from: position, maxCount: 5000)
            for event in batch.events {
                #expect(event.position == position)
                position += 1
            }
            if batch.events.isEmpty { break }
        }
        // At least up to the head read above: garbage still queued on a dealer may have appended more since.
        #expect(position > stats.headPosition)
        #expect(daemon.stop() == 0, "stderr: \(daemon.stderr.suffix(2000))")
        let verify = try runSegue(["replay", daemon.dataDirectory.path, "--verify", "--quiet"], timeoutMs: 60_000)
        #expect(verify.status == 0, "\(verify)")
    }
}
