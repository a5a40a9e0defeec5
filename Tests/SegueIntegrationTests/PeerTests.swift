import Foundation
import SegueClient
import SegueTestSupport
import SegueWire
import Synchronization
import Testing
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// Peers that misbehave by being slow or by dying do not hold the daemon up: a subscriber that never reads, a
/// producer that vanishes mid-gesture, a REQ client that asks and leaves, a producer that floods one stack.
@Suite struct PeerTests {
    static func create(_ control: ControlClient, _ stack: String, tuning: Tuning? = nil) throws {
        try DaemonTests.createClassic(control, stack: stack, tuning: tuning)
    }

    /// Waits (bounded) until the daemon's head reaches `position`.
    static func awaitHead(_ control: ControlClient, _ position: UInt64, within seconds: Double = 60) throws -> Stats {
        let deadline = Date().addingTimeInterval(seconds)
        var stats = try control.stats()
        while stats.headPosition < position && Date() < deadline {
            // Each request is a round trip through the daemon's loop, which is what paces this wait.
            stats = try control.stats()
        }
        return stats
    }

    /// A subscriber to `prefix` with a receive queue of one message and a 4 KiB socket buffer, made live by
    /// `publish` (called until one message arrives); it reads nothing after that.
    static func stalledSubscriber(
        _ context: ZMQContext, _ daemon: DaemonProcess, prefix: String,
        publish: () throws -> Void
    ) throws -> ZMQSocket {
        let stalled = try context.makeSocket(.sub)
        var live = false
        // The caller closes a live subscriber; one that never got going is closed here, whatever went wrong.
        defer { if !live { stalled.close(linger: 0) } }
        try stalled.setOption(.receiveHighWaterMark, 1)
        try stalled.setOption(.receiveBufferSize, 4096)
        try stalled.setOption(.receiveTimeout, 25)
        try stalled.subscribe(prefix)
        try stalled.connect(daemon.endpoints.events)
        for _ in 0..<200 {
            try publish()
            if try stalled.receive() != nil {
                live = true
                return stalled
            }
        }
        throw HarnessError("the subscriber to '\(prefix)' never received anything")
    }

    @Test func aSubscriberThatNeverReadsDoesNotHoldIngestBack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        try Self.create(control, "burst")
        let producer = try Producer(endpoint: daemon.endpoints.ingest, sendTimeoutMs: 10_000)

        // A subscriber to everything, which reads only to know it is live.
        let context = try ZMQContext()
        defer { context.shutdown() }
        let stalled = try Self.stalledSubscriber(context, daemon, prefix: "") {
            try producer.send(pan: PanEvent(stackId: "burst", gestureId: 999, phase: .panChanged))
        }
        defer { stalled.close(linger: 0) }

        // Every resize appends an event (and publishes it): 20000 of them, none read by the subscriber.
        let burst = 20_000
        let before = try control.stats().headPosition
        for index in 0..<burst {
            try producer.send(
                command: Command(
                    stackId: "burst",
                    op: .resize(
                        Resize(
                            size: Size(width: 300 + Double(index % 100), height: 800)))))
        }
        let stats = try Self.awaitHead(control, before + UInt64(burst))
        #expect(stats.headPosition == before + UInt64(burst), "\(stats)")
        #expect(try control.stack("burst").version == UInt64(burst) + 1)
        #expect(daemon.stop() == 0)
    }

    @Test func aProducerThatDiesMidGestureEndsInAGestureTimeout() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        try Self.create(control, "orphan", tuning: Tuning(gestureTimeoutMs: 200))
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["ev/orphan/", "er/orphan/"])
        do {
            // Its own context: closing it is this producer's death, with BEGAN and CHANGED sent and nothing after.
            let context = try ZMQContext()
            let dying = try Producer(endpoint: daemon.endpoints.ingest, context: context)
            try DaemonTests.awaitLive(subscriber, control: control)
            for (phase, tx, timeUs) in [(PanPhase.panBegan, 5.0, Int64(0)), (.panChanged, 80.0, 16_000)] {
                try dying.send(
                    pan: PanEvent(
                        stackId: "orphan", gestureId: 7, phase: phase,
                        location: Vec2(x: 10 + tx, y: 300), translation: Vec2(x: tx, y: 0),
                        velocity: Vec2(x: 300, y: 0), timestampUs: timeUs))
            }
            dying.close()
            context.shutdown()
        }
        var cancelled: TransitionCancelled?
        var completed: TransitionCompleted?
        let deadline = Date().addingTimeInterval(10)
        while completed == nil && Date() < deadline {
            guard case .event(let event)? = try subscriber.next(timeoutMs: 100) else { continue }
            switch event.body {
            case .cancelled(let body): cancelled = body
            case .completed(let body): completed = body
            default: break
            }
        }
        #expect(cancelled?.reason == .gestureTimeout, "\(String(describing: cancelled))")
        #expect(completed?.finished == false)
        #expect(try control.stack("orphan").screens == ["Home", "Detail"])
        #expect(daemon.stop() == 0)
    }

    @Test func aRequesterThatVanishesDoesNotBlockTheControlSocket() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let context = try ZMQContext()
        defer { context.shutdown() }
        let read = Request(requestId: "gone", body: .readEvents(ReadEvents(fromPosition: 1)))
        // One asks and closes at once; others ask and never read their replies.
        let leaver = try context.makeSocket(.req)
        try leaver.connect(daemon.endpoints.control)
        try leaver.send([read.encoded()])
        leaver.close(linger: 1000)
        var silent: [ZMQSocket] = []
        defer { for socket in silent { socket.close() } }
        for _ in 0..<20 {
            let socket = try context.makeSocket(.req)
            silent.append(socket)
            try socket.setOption(.linger, 0)
            try socket.connect(daemon.endpoints.control)
            try socket.send([read.encoded()])
        }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        try Self.create(control, "after")
        #expect(try control.stats().stacks == 1)
        #expect(daemon.stop() == 0)
    }

    /// Tells the flooding thread to stop.
    final class FloodSwitch: Sendable {
        let stop = Atomic<Bool>(false)
        let sent = Atomic<Int>(0)
    }

    @Test func aFloodOnOneStackDoesNotStarveAnother() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 30_000)
        try Self.create(control, "busy")
        try Self.create(control, "quiet")
        let subscriber = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["ev/quiet/", "er/quiet/"])
        try DaemonTests.awaitLive(subscriber, control: control)

        let flood = FloodSwitch()
        let finished = DispatchSemaphore(value: 0)
        let endpoint = daemon.endpoints.ingest
        let thread = Thread {
            defer { finished.signal() }
            guard let producer = try? Producer(endpoint: endpoint, sendTimeoutMs: 100, lingerMs: 0) else { return }
            var index = 0
            while !flood.stop.load(ordering: .relaxed) {
                // Pans of a gesture that never began (each a rejection) and resizes (each a logged event).
                let sent: Bool
                if index % 4 == 0 {
                    sent =
                        (try? producer.send(
                            command: Command(
                                stackId: "busy",
                                op: .resize(
                                    Resize(
                                        size: Size(width: 300 + Double(index % 50), height: 800)))))) != nil
                } else {
                    sent =
                        (try? producer.send(
                            pan: PanEvent(
                                stackId: "busy", gestureId: 3, phase: .panChanged,
                                translation: Vec2(x: Double(index), y: 0)))) != nil
                }
                if sent { flood.sent.add(1, ordering: .relaxed) }
                index += 1
            }
        }
        thread.start()
        defer {
            flood.stop.store(true, ordering: .relaxed)
            finished.wait()
        }
        // Let the flood get going: wait until the busy stack has taken some of it.
        _ = try Self.awaitHead(control, try control.stats().headPosition + 500, within: 30)

        let started = Date()
        let result = try control.command(Command(stackId: "quiet", op: .push(Push(screen: "Next", immediate: true))))
        let answered = Date()
        var completedPosition: UInt64?
        let deadline = Date().addingTimeInterval(30)
        while completedPosition == nil && Date() < deadline {
            if case .event(let event)? = try subscriber.next(timeoutMs: 100), case .completed = event.body {
                completedPosition = event.position
            }
        }
        let seen = Date()
        print(
            String(
                format: "PeerTests: during a flood (%d inputs sent so far) the quiet stack's push was "
                    + "answered in %.1f ms and its events published in %.1f ms",
                flood.sent.load(ordering: .relaxed), answered.timeIntervalSince(started) * 1000,
                seen.timeIntervalSince(started) * 1000))
        #expect(completedPosition == result.lastPosition)
        #expect(try control.stack("quiet").screens == ["Home", "Detail", "Next"])
        flood.stop.store(true, ordering: .relaxed)
        #expect(daemon.stop() == 0)
    }

    /// A stack of 100 screens (the default limit) whose names are 60 bytes long, made with small commands; every
    /// `completed` event of its transitions lists them all, about 6 KB. `churn` pops and pushes its top screen that
    /// many times: three such events each.
    static func createWideStack(_ producer: Producer, _ stack: String, churn: Int) throws {
        let names = (0..<100).map { String(format: "screen-%05d-", $0) + String(repeating: "w", count: 47) }
        try producer.send(
            command: Command(
                stackId: stack,
                op: .create(
                    CreateStack(
                        screens: names, config: StackConfig(size: Size(width: 400, height: 800))))))
        for _ in 0..<churn {
            try producer.send(command: Command(stackId: stack, op: .pop(Pop(immediate: true))))
            try producer.send(command: Command(stackId: stack, op: .push(Push(screen: names[99], immediate: true))))
        }
    }

    @Test func aClientThatNeverReadsItsRepliesIsShedNotBuffered() throws {
        let daemon = try DaemonProcess.start(extraArguments: ["--fsync", "never", "--reply-queue-bytes", "2097152"])
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        let producer = try Producer(endpoint: daemon.endpoints.ingest, sendTimeoutMs: 10_000)
        // About 18 MB of history: every read from position 1 is answered with a full batch.
        try Self.createWideStack(producer, "wide", churn: 500)
        let head = try Self.awaitHead(control, 1 + 500 * 6).headPosition
        #expect(head == 1 + 500 * 6)
        let baseline = try AbuseTests.residentKiB(daemon.pid)
        let inputsBefore = try control.stats().inputsReceived

        let context = try ZMQContext()
        defer { context.shutdown() }
        let greedy = try context.makeSocket(.dealer)
        defer { greedy.close(linger: 0) }
        // It takes one message into its own queue and a few KiB into its socket: the rest waits in the daemon.
        try greedy.setOption(.receiveHighWaterMark, 1)
        try greedy.setOption(.receiveBufferSize, 4096)
        try greedy.setOption(.sendTimeout, 10_000)
        try greedy.connect(daemon.endpoints.control)
        let reads = 5000
        for index in 0..<reads {
            let read = Request(requestId: "greedy-\(index)", body: .readEvents(ReadEvents(fromPosition: 1)))
            #expect(try greedy.send([[], read.encoded()]))
        }
        // Meanwhile another client is answered, and the daemon holds far less than the replies asked for.
        var stats = try control.stats()
        var polls: UInt64 = 1
        let peak = try OverloadTests.peakResident(daemon, limitKiB: 1 << 20, within: 60) {
            stats = try control.stats()
            polls += 1
            // Every read taken: the inputs counted since, but for these GetStats polls.
            return stats.inputsReceived >= inputsBefore + polls + UInt64(reads)
        }
        print(
            "PeerTests: resident \(baseline / 1024) -> \(peak / 1024) MiB at most while a client asked for "
                + "\(reads) reads; \(stats.repliesDropped) replies dropped, \(stats.inputsRejected) refused")
        #expect(peak - baseline < 64 * 1024, "resident grew from \(baseline) to \(peak) KiB")
        #expect(stats.repliesDropped > 0 && stats.inputsRejected > UInt64(reads / 2), "\(stats)")
        #expect(
            try control.command(
                Command(
                    stackId: "after",
                    op: .create(
                        CreateStack(
                            screens: ["A"], config: StackConfig(size: Size(width: 1, height: 1)))))
            ).version == 1)

        // Once it reads what it has, it is served again: each request is refused unserved or served, until the
        // reads of the flood the history reader still holds (at most 8 for one client) are answered; then it is
        // served. Their late replies are read and passed over.
        try greedy.setOption(.receiveTimeout, 200)
        while try greedy.receive() != nil {}
        try greedy.setOption(.receiveTimeout, 10_000)
        var served = false
        var attempt = 0
        let deadline = ContinuousClock.now.advanced(by: .seconds(30))
        while !served && ContinuousClock.now < deadline {
            attempt += 1
            let read = Request(
                requestId: "again-\(attempt)", body: .readEvents(ReadEvents(fromPosition: 1, maxCount: 1)))
            #expect(try greedy.send([[], read.encoded()]))
            var reply: Reply
            repeat {
                let parts = try #require(try greedy.receive())
                reply = try Reply(decoding: parts[parts.count - 1])
            } while reply.requestId.hasPrefix("greedy-")
            #expect(reply.requestId == read.requestId)
            if case .events(let batch)? = reply.body {
                #expect(batch.events.count == 1)
                served = true
            } else {
                #expect(reply.error?.code == .resourceExhausted, "\(reply)")
            }
        }
        #expect(served)
        #expect(daemon.stop() == 0)
    }

    @Test func stacksAreListedAPageAtATime() throws {
        let daemon = try DaemonProcess.start(extraArguments: ["--fsync", "never"])
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        let producer = try Producer(endpoint: daemon.endpoints.ingest, sendTimeoutMs: 10_000)
        let ids = (0..<2500).map { "stack-\($0)" }
        for id in ids.shuffled() {
            try producer.send(
                command: Command(
                    stackId: id,
                    op: .create(
                        CreateStack(
                            screens: ["A"], config: StackConfig(size: Size(width: 1, height: 1))))))
        }
        _ = try Self.awaitHead(control, UInt64(ids.count))
        let sorted = ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }

        let first = try control.listStacks(after: "")
        #expect(first.stackIds == Array(sorted.prefix(1000)) && first.more)
        let second = try control.listStacks(after: first.stackIds.last!, maxCount: 1400)
        #expect(second.stackIds == Array(sorted[1000..<2400]) && second.more)
        let last = try control.listStacks(after: second.stackIds.last!, maxCount: 1_000_000)
        #expect(last.stackIds == Array(sorted[2400...]) && !last.more)
        // An id that is not there is a place in the order like any other.
        #expect(try control.listStacks(after: "stack-1~", maxCount: 2).stackIds == ["stack-2", "stack-20"])
        #expect(try control.listStacks() == sorted)

        let json = try runSegue(["stacks", "--json"], daemon: daemon)
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"stack-999\"") && json.stdout.contains("\"stack-0\""))
        #expect(daemon.stop() == 0)
    }

    @Test func aMessageOfTooManyPartsIsDroppedUnreadNotEchoed() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        let rejections = try Subscriber(endpoint: daemon.endpoints.events, prefixes: ["er//"])
        try DaemonTests.awaitLive(rejections, control: control)
        let context = try ZMQContext()
        defer { context.shutdown() }
        // 500 parts of 60 KiB, each under --max-message-bytes: 30 MB that libzmq takes in whole.
        let bulk = [[UInt8]](repeating: [UInt8](repeating: 0x41, count: 60 << 10), count: 500)
        let dealer = try context.makeSocket(.dealer)
        defer { dealer.close(linger: 0) }
        try dealer.connect(daemon.endpoints.control)
        let stats = Request(requestId: "after-bulk", body: .getStats(GetStats()))
        #expect(try dealer.send(bulk + [stats.encoded()]))
        #expect(try dealer.send([[], stats.encoded()]))
        try dealer.setOption(.receiveTimeout, 10_000)
        // The first answer on this connection is the stats request's, not an echo of the 30 MB envelope.
        let parts = try #require(try dealer.receive())
        #expect(parts.count == 2 && parts[0].isEmpty, "\(parts.count) parts")
        #expect(try Reply(decoding: parts[parts.count - 1]).requestId == "after-bulk")

        let push = try context.makeSocket(.push)
        defer { push.close(linger: 0) }
        try push.connect(daemon.endpoints.ingest)
        #expect(try push.send(bulk))
        var rejection: Rejection?
        let deadline = Date().addingTimeInterval(10)
        while rejection == nil && Date() < deadline {
            if case .rejection(let body)? = try rejections.next(timeoutMs: 100) { rejection = body }
        }
        #expect(rejection?.error?.code == .malformed)
        #expect(rejection?.error?.message.contains("500 parts") == true, "\(String(describing: rejection))")
        let counters = try control.stats()
        #expect(counters.messagesDropped == 2, "\(counters)")
        #expect(daemon.stop() == 0)
    }

    @Test func aSubscriberThatNeverReadsLargeEventsCostsABoundedQueue() throws {
        let daemon = try DaemonProcess.start(extraArguments: ["--fsync", "never", "--publish-queue-bytes", "8388608"])
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        let producer = try Producer(endpoint: daemon.endpoints.ingest, sendTimeoutMs: 10_000)
        try Self.createWideStack(producer, "wide", churn: 0)

        let context = try ZMQContext()
        defer { context.shutdown() }
        let stalled = try Self.stalledSubscriber(context, daemon, prefix: "ev/") {
            try producer.send(
                command: Command(stackId: "wide", op: .resize(Resize(size: Size(width: 401, height: 800)))))
        }
        defer { stalled.close(linger: 0) }
        let before = try AbuseTests.residentKiB(daemon.pid)

        // 20000 pops and pushes: 20000 completed events of about 6 KB, 120 MB the subscriber never reads.
        let base = try control.stats().headPosition
        try Self.createWideStack(producer, "wide-2", churn: 10_000)
        _ = try Self.awaitHead(control, base + 1 + 10_000 * 6, within: 120)
        let after = try AbuseTests.residentKiB(daemon.pid)
        print(
            "PeerTests: resident \(before / 1024) -> \(after / 1024) MiB after 120 MB published to a stalled "
                + "subscriber")
        #expect(after - before < 48 * 1024, "resident grew from \(before) to \(after) KiB")
        #expect(daemon.stop() == 0)
    }
}
