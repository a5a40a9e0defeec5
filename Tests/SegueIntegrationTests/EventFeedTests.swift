import Foundation
import SegueClient
import SegueWire
import Testing

/// `EventFeed` against the real daemon when the subscriber drops most of a burst: it must still deliver exactly
/// the log, in order, once.
@Suite struct EventFeedTests {
    /// Alternating immediate pushes and pops (3 events each) sent to the ingest socket without waiting.
    static func burst(_ producer: Producer, stacks: [String], commands: Int) throws {
        for index in 0..<commands {
            let stack = stacks[index % stacks.count]
            let round = index / stacks.count
            let op: Command.Op =
                round % 2 == 0
                ? .push(Push(screen: "S\(round)", immediate: true))
                : .pop(Pop(immediate: true))
            try producer.send(command: Command(stackId: stack, requestId: "burst-\(index)", op: op))
        }
    }

    /// Every event of the log (or of one stack), read in batches.
    static func log(_ control: ControlClient, stack: String? = nil) throws -> [Event] {
        var events: [Event] = []
        var position: UInt64 = 1
        while true {
            let batch = try control.readEvents(from: position, stack: stack, maxCount: 1000)
            events += batch.events
            if batch.nextPosition > batch.headPosition || batch.nextPosition <= position { return events }
            position = batch.nextPosition
        }
    }

    /// Takes events from `feed` until it has delivered `count` of them (frames and rejections are ignored).
    static func drain(_ feed: EventFeed, count: Int, within seconds: Double) throws -> [Event] {
        var events: [Event] = []
        let deadline = Date().addingTimeInterval(seconds)
        while events.count < count && Date() < deadline {
            guard let publication = try feed.next(timeoutMs: 100) else { continue }
            if case .event(let event) = publication { events.append(event) }
        }
        return events
    }

    @Test func tinyHighWaterMarkStillGivesExactlyTheLog() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let control = try ControlClient(endpoint: daemon.endpoints.control, timeoutMs: 10_000)
        let stacks = ["a", "b"]
        for stack in stacks {
            _ = try control.command(
                Command(
                    stackId: stack,
                    op: .create(
                        CreateStack(
                            screens: ["Root"], config: StackConfig(size: Size(width: 390, height: 844))))))
        }
        // Subscribed before the burst, with room for one message: nearly everything live is dropped.
        let all = try Subscriber(
            endpoint: daemon.endpoints.events, prefixes: [Topic.event.prefix, Topic.frame.prefix],
            receiveHighWaterMark: 1)
        let one = try Subscriber(
            endpoint: daemon.endpoints.events, prefixes: [Topic.event.prefix("a")], receiveHighWaterMark: 1)
        let allFeed = EventFeed(subscriber: all, control: control, idleCheckMs: 200)
        let oneFeed = EventFeed(
            subscriber: one,
            control: try ControlClient(
                endpoint: daemon.endpoints.control,
                timeoutMs: 10_000),
            stackId: "a", idleCheckMs: 200)
        let producer = try Producer(endpoint: daemon.endpoints.ingest)
        let commands = 3000
        try Self.burst(producer, stacks: stacks, commands: commands)
        let head = 2 + 3 * commands

        let delivered = try Self.drain(allFeed, count: head, within: 15)
        #expect(delivered.count == head, "the feed delivered \(delivered.count) of \(head) events")
        let inOrder = delivered.map(\.position) == Array(1...UInt64(delivered.count))
        #expect(inOrder, "positions are not 1...\(delivered.count)")
        let log = try Self.log(control)
        #expect(log.count == head)
        let sameBytes = delivered.map { $0.encoded() } == log.map { $0.encoded() }
        #expect(sameBytes, "the delivered events are not the log's")

        let logOfA = try Self.log(control, stack: "a")
        let deliveredOfA = try Self.drain(oneFeed, count: logOfA.count, within: 15)
        let sameOfA = deliveredOfA.map { $0.encoded() } == logOfA.map { $0.encoded() }
        #expect(sameOfA, "stack a: delivered \(deliveredOfA.count) events, the log has \(logOfA.count)")
        let versions = deliveredOfA.map(\.version) == Array(1...UInt64(deliveredOfA.count))
        #expect(versions, "stack a: versions are not 1...\(deliveredOfA.count)")
        // Nothing more comes: no duplicates after the end.
        #expect(try Self.drain(allFeed, count: 1, within: 0.5).isEmpty)
        #expect(try Self.drain(oneFeed, count: 1, within: 0.5).isEmpty)
    }
}
