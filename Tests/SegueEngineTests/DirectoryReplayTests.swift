import Foundation
import SegueCore
import SegueLog
import SegueWire
import Testing

@testable import SegueEngine

/// `DirectoryReplay`: a data directory read offline gives back the engine's events, frames and state, and every
/// inconsistency is named by its position.
@Suite struct DirectoryReplayTests {
    static let size = Size(width: 400, height: 800)

    static func configuration(_ directory: String) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        configuration.dataDirectory = directory
        return configuration
    }

    @discardableResult
    static func command(_ engine: EmbeddedEngine, _ stack: String, _ op: Command.Op, id: String = "") throws
        -> Reply
    {
        try engine.request(Request(requestId: id, body: .command(Command(stackId: stack, op: op))))
    }

    static func pan(_ stack: String, _ phase: PanPhase, gesture: UInt64, tx: Double, timeUs: Int64) -> Input {
        Input(
            body: .pan(
                PanEvent(
                    stackId: stack, gestureId: gesture, phase: phase, location: Vec2(x: 10 + tx, y: 300),
                    translation: Vec2(x: tx, y: 0), velocity: Vec2(x: 400, y: 0), timestampUs: timeUs)))
    }

    /// Two stacks moving at once: animated commands and a swipe caught mid-settle, on the embedded clock.
    static func session(_ engine: EmbeddedEngine) throws {
        try Self.command(
            engine, "nav",
            .create(
                CreateStack(
                    screens: ["Home", "A", "B"],
                    config: StackConfig(
                        size: size, profile: "fluid"))))
        try Self.command(
            engine, "tabs",
            .create(
                CreateStack(
                    tabs: ["X", "Y", "Z"],
                    config: StackConfig(
                        size: size, profile: "classic", fps: 30))))
        try Self.command(engine, "tabs", .selectTab(SelectTab(index: 2)), id: "tab")
        try engine.advance(byUs: 45_000)
        try Self.command(engine, "nav", .pop(Pop()), id: "pop")
        try engine.advance(byUs: 120_000)
        // A finger catches the settling pop and drags it back.
        var producerUs: Int64 = 1_000_000
        try engine.send(pan("nav", .panBegan, gesture: 1, tx: 0, timeUs: producerUs))
        for step in 1...5 {
            try engine.advance(byUs: 16_000)
            producerUs += 16_000
            try engine.send(pan("nav", .panChanged, gesture: 1, tx: -Double(step) * 20, timeUs: producerUs))
        }
        try engine.advance(byUs: 16_000)
        try engine.send(pan("nav", .panEnded, gesture: 1, tx: -100, timeUs: producerUs + 16_000))
        try Self.command(engine, "tabs", .selectTab(SelectTab(index: 0, immediate: true)), id: "now")
        try engine.advance(byUs: 2_000_000)
        try Self.command(engine, "nav", .push(Push(screen: "C")), id: "push")
        try engine.advance(byUs: 1_000_000)
    }

    static func frames(_ published: [EmbeddedEngine.Publication]) -> [Frame] {
        published.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }
    }

    static func events(_ published: [EmbeddedEngine.Publication]) -> [Event] {
        published.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    @Test func replayGivesTheEngineEventsFramesAndState() throws {
        try withTemporaryDirectory { directory in
            let engine = try EmbeddedEngine(configuration: Self.configuration(directory))
            try Self.session(engine)
            let published = engine.published
            let state = engine.ledger.core.snapshot()
            engine.close()

            let replay = try DirectoryReplay(dataDirectory: directory)
            var events: [Event] = []
            var frames: [Frame] = []
            replay.run(frames: true) { item in
                switch item {
                case .event(let event): events.append(event)
                case .frame(let frame): frames.append(frame)
                }
            }
            #expect(replay.problems.isEmpty, "\(replay.problems)")
            #expect(events == Self.events(published))
            #expect(replay.core.snapshot() == state)
            // Byte for byte per stack; the live clock may interleave stacks differently.
            let live = Self.frames(published)
            for stack in ["nav", "tabs"] {
                let a = live.filter { $0.stackId == stack }.map { $0.encoded() }
                let b = frames.filter { $0.stackId == stack }.map { $0.encoded() }
                #expect(a == b, "stack \(stack): \(a.count) live frames, \(b.count) replayed")
            }
            #expect(live.count > 40)
        }
    }

    @Test func snapshotsAreComparedAndAWrongOneIsNamed() throws {
        try withTemporaryDirectory { directory in
            let engine = try EmbeddedEngine(configuration: Self.configuration(directory))
            try Self.session(engine)
            let written = try #require(try engine.snapshots.writeNow())
            try Self.command(engine, "nav", .push(Push(screen: "D", immediate: true)))
            engine.close()
            let good = try DirectoryReplay(dataDirectory: directory)
            good.run()
            #expect(good.problems.isEmpty, "\(good.problems)")
            #expect(good.snapshotsCompared == 1)

            // A snapshot that says 'tabs' is at another version than its events make it.
            var snapshot = try Snapshot(decoding: SnapshotStore.payload(of: written))
            let index = try #require(snapshot.stacks.firstIndex { $0.stackId == "tabs" })
            snapshot.stacks[index].version += 1
            let store = try SnapshotStore(directory: directory + "/snapshots")
            try store.write(position: written.position, payload: snapshot.encoded())
            let bad = try DirectoryReplay(dataDirectory: directory)
            bad.run()
            let problem = try #require(bad.problems.first)
            #expect(problem.position == written.position)
            #expect(problem.message.contains("stack 'tabs' differs"))
        }
    }

    /// A log written record by record, so that it can hold what the engine never writes.
    static func writeLog(_ directory: String, _ events: [Event]) throws {
        let log = try SegmentLog(directory: directory + "/log")
        defer { log.close() }
        for event in events { try log.append([event.encoded()]) }
        try log.sync()
    }

    static func created(_ position: UInt64, stack: String, timeUs: Int64) -> Event {
        Event(
            position: position, stackId: stack, version: 1, timeUs: timeUs,
            body: .stackCreated(
                StackCreated(
                    screens: ["Home"], config: StackConfig(size: size, profile: "fluid", fps: 60))))
    }

    static func resized(_ position: UInt64, stack: String, version: UInt64, timeUs: Int64) -> Event {
        Event(
            position: position, stackId: stack, version: version, timeUs: timeUs,
            body: .resized(StackResized(size: Size(width: 300, height: 600))))
    }

    @Test(arguments: [
        (
            "position", [created(1, stack: "a", timeUs: 10), resized(3, stack: "a", version: 2, timeUs: 10)],
            UInt64(2), "the event says position 3"
        ),
        (
            "version", [created(1, stack: "a", timeUs: 10), resized(2, stack: "a", version: 3, timeUs: 10)],
            UInt64(2), "expected version 2, got 3"
        ),
        (
            "time", [created(1, stack: "a", timeUs: 10), resized(2, stack: "a", version: 2, timeUs: 9)],
            UInt64(2), "time_us 9 goes back from 10"
        ),
        (
            "stack", [created(1, stack: "a", timeUs: 10), resized(2, stack: "b", version: 2, timeUs: 10)],
            UInt64(2), "stack 'b' does not exist"
        ),
    ])
    func inconsistenciesAreNamedByPosition(kind: String, events: [Event], position: UInt64, message: String) throws {
        try withTemporaryDirectory { directory in
            try Self.writeLog(directory, events)
            let replay = try DirectoryReplay(dataDirectory: directory)
            replay.run()
            let problem = try #require(replay.problems.first, "\(kind): no problem found")
            #expect(problem.position == position)
            #expect(problem.message.contains(message), "\(kind): \(problem)")
            #expect(replay.eventCount == events.count)
        }
    }

    /// An engine on `directory` whose log holds a stack pushed and popped 60 times, in 4 KiB segments.
    static func engineWithSeveralSegments(_ directory: String) throws -> EmbeddedEngine {
        var configuration = Self.configuration(directory)
        configuration.segmentBytes = 4096
        let engine = try EmbeddedEngine(configuration: configuration)
        try Self.command(engine, "s", .create(CreateStack(screens: ["Home"], config: StackConfig(size: Self.size))))
        for round in 0..<60 {
            try Self.command(engine, "s", .push(Push(screen: "P\(round)", immediate: true)))
            try Self.command(engine, "s", .pop(Pop(immediate: true)))
        }
        return engine
    }

    @Test func aLogWhoseBeginningWasRemovedNeedsASnapshot() throws {
        try withTemporaryDirectory { directory in
            let engine = try Self.engineWithSeveralSegments(directory)
            let snapshot = try #require(try engine.snapshots.writeNow())
            try Self.command(engine, "s", .push(Push(screen: "Last", immediate: true)))
            let state = engine.ledger.core.snapshot()
            engine.close()
            let log = try SegmentLog(directory: directory + "/log")
            #expect(try log.deleteSegments(before: snapshot.position + 1) > 0)
            let first = log.firstPosition
            log.close()
            #expect(first > 1)

            let replay = try DirectoryReplay(dataDirectory: directory)
            replay.run()
            #expect(replay.problems.isEmpty, "\(replay.problems)")
            #expect(replay.startSnapshot == snapshot.position)
            #expect(replay.core.snapshot() == state)
            #expect(replay.eventCount == Int(replay.headPosition - first + 1))

            try FileManager.default.removeItem(atPath: snapshot.path)
            let without = try DirectoryReplay(dataDirectory: directory)
            without.run()
            #expect(without.problems.first?.position == first)
            #expect(without.problems.first?.message.contains("no snapshot") == true)
        }
    }

    @Test func segmentsMissingFromTheLogAreNamed() throws {
        try withTemporaryDirectory { directory in
            let engine = try Self.engineWithSeveralSegments(directory)
            try engine.snapshots.writeNow()
            engine.close()
            let segments = try FileManager.default.contentsOfDirectory(atPath: directory + "/log")
                .filter { $0.hasSuffix(".seg") }.sorted()
            #expect(segments.count >= 4)
            // Deleted by hand, not by retention: the first and the last.
            try FileManager.default.removeItem(atPath: directory + "/log/" + segments[0])
            try FileManager.default.removeItem(atPath: directory + "/log/" + segments.last!)
            let second = try #require(UInt64(segments[1].prefix(20)))
            let last = try #require(UInt64(segments.last!.prefix(20)))

            let replay = try DirectoryReplay(dataDirectory: directory)
            replay.run()
            #expect(
                replay.problems.contains {
                    $0.position == 1 && $0.message.contains("positions 1...\(second - 1) ")
                }, "\(replay.problems)")
            #expect(
                replay.problems.contains {
                    $0.position == last && $0.message.contains(segments.last!)
                }, "\(replay.problems)")
        }
    }

    @Test func replayingBesideARunningEngineChangesNothing() throws {
        try withTemporaryDirectory { directory in
            let engine = try EmbeddedEngine(configuration: Self.configuration(directory))
            defer { engine.close() }
            try Self.command(engine, "s", .create(CreateStack(screens: ["Home"], config: StackConfig(size: Self.size))))
            try Self.command(engine, "s", .push(Push(screen: "A", immediate: true)))
            let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            // The engine holds the lock; the replay neither needs nor takes it.
            let replay = try DirectoryReplay(dataDirectory: directory)
            replay.run()
            replay.close()
            #expect(replay.problems.isEmpty && replay.headPosition == 4)
            try Self.command(engine, "s", .pop(Pop(immediate: true)))
            #expect(engine.logHead == 7)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == before)
        }
    }
}
