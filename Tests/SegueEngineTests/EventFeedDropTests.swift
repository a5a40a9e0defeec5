import Dispatch
import Foundation
import SegueClient
import SegueEngine
import SegueWire
import Synchronization
import Testing

/// `EventFeed` against an in-process engine whose publisher keeps only a few messages per subscriber, so that a
/// burst is mostly dropped on the way, its end included: the feed must still deliver exactly the log.
@Suite struct EventFeedDropTests {
    /// An `Engine` running its loop on a thread of its own until stopped.
    final class RunningEngine: Sendable {
        /// The stop flag and the done signal, shared with the engine's thread.
        final class Control: Sendable {
            let stop = Atomic<Bool>(false)
            let finished = DispatchSemaphore(value: 0)
        }

        let endpoints: Engine.Endpoints
        private let box = Control()

        init(_ configuration: EngineConfiguration) throws {
            let ready = DispatchSemaphore(value: 0)
            let outcome = Mutex<Result<Engine.Endpoints, EngineError>?>(nil)
            let box = self.box
            Thread.detachNewThread {
                // The engine's sockets belong to this thread, from creation to close.
                let engine: Engine
                do throws(EngineError) {
                    engine = try Engine(configuration: configuration)
                } catch {
                    outcome.withLock { $0 = .failure(error) }
                    ready.signal()
                    box.finished.signal()
                    return
                }
                outcome.withLock { $0 = .success(engine.endpoints) }
                ready.signal()
                try? engine.run(until: { box.stop.load(ordering: .relaxed) })
                engine.close()
                box.finished.signal()
            }
            ready.wait()
            endpoints = try outcome.withLock { try $0!.get() }
        }

        /// Stops the loop and waits (at most 10 s) for the thread to finish.
        func stop() {
            box.stop.store(true, ordering: .relaxed)
            _ = box.finished.wait(timeout: .now() + 10)
        }
    }

    @Test func aBurstDroppedByThePublisherEndsAsExactlyTheLog() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory
            configuration.ingestEndpoint = "tcp://127.0.0.1:*"
            configuration.controlEndpoint = "tcp://127.0.0.1:*"
            configuration.eventsEndpoint = "tcp://127.0.0.1:*"
            configuration.publishHighWaterMark = 8
            let engine = try RunningEngine(configuration)
            defer { engine.stop() }

            let control = try ControlClient(endpoint: engine.endpoints.control, timeoutMs: 10_000)
            _ = try control.command(
                Command(
                    stackId: "s",
                    op: .create(
                        CreateStack(
                            screens: ["Root"], config: StackConfig(size: Size(width: 390, height: 844))))))
            let subscriber = try Subscriber(
                endpoint: engine.endpoints.events, prefixes: [Topic.event.prefix, Topic.frame.prefix],
                receiveHighWaterMark: 1)
            // Subscribed once the first publication arrives; from then on, drops are the publisher's.
            let probe = try Producer(endpoint: engine.endpoints.ingest)
            var live = false
            var probes: UInt64 = 0
            for _ in 0..<200 where !live {
                probes += 1
                try probe.send(
                    command: Command(
                        stackId: "s",
                        op: .resize(
                            Resize(
                                size: Size(
                                    width: 390,
                                    height: 844)))))
                live = try subscriber.next(timeoutMs: 25) != nil
            }
            #expect(live)
            let feed = EventFeed(subscriber: subscriber, control: control, idleCheckMs: 100)
            let commands = 2000
            try EventFeedTestSupport.burst(probe, stack: "s", commands: commands)
            // Every input applies: the create, each probe's resize, three events per push or pop.
            let head = 1 + probes + 3 * UInt64(commands)
            var delivered: [Event] = []
            let deadline = Date().addingTimeInterval(15)
            while delivered.count < Int(head) && Date() < deadline {
                if case .event(let event)? = try feed.next(timeoutMs: 100) { delivered.append(event) }
            }
            let log = try EventFeedTestSupport.log(control)
            #expect(log.count == Int(head))
            let inOrder = delivered.map(\.position) == Array(1...head)
            #expect(inOrder, "delivered \(delivered.count) of \(head) events, or not in order 1...\(head)")
            let sameBytes = delivered.map { $0.encoded() } == log.map { $0.encoded() }
            #expect(sameBytes, "the delivered events are not the log's")
            // The publisher did drop: most of the burst came from the log.
            #expect(feed.eventsReadFromLog > UInt64(commands))
        }
    }
}

/// Helpers shared by the feed tests of this target.
enum EventFeedTestSupport {
    /// Alternating immediate pushes and pops on `stack` (3 events each), sent without waiting.
    static func burst(_ producer: Producer, stack: String, commands: Int) throws {
        for index in 0..<commands {
            let op: Command.Op =
                index % 2 == 0
                ? .push(Push(screen: "S\(index)", immediate: true))
                : .pop(Pop(immediate: true))
            try producer.send(command: Command(stackId: stack, requestId: "burst-\(index)", op: op))
        }
    }

    /// Every event of the log, read in batches.
    static func log(_ control: ControlClient) throws -> [Event] {
        var events: [Event] = []
        var position: UInt64 = 1
        while true {
            let batch = try control.readEvents(from: position, maxCount: 1000)
            events += batch.events
            if batch.nextPosition > batch.headPosition || batch.nextPosition <= position { return events }
            position = batch.nextPosition
        }
    }
}
