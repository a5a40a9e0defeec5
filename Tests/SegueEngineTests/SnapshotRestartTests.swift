import Foundation
import SegueCore
import SegueLog
import SegueLogging
import SegueWire
import Synchronization
import Testing

@testable import SegueEngine

/// Restarts from snapshots: the same state as a replay of the whole log, damaged or stale snapshots skipped, and
/// retention deleting segments the snapshots cover.
@Suite struct SnapshotRestartTests {
    /// Collects the ledger's log records, each as `level=L msg=M name=value ...` (unquoted, for matching).
    final class LogLines: Sendable {
        private let lines = Mutex<[String]>([])

        var all: [String] { lines.withLock { $0 } }

        var logger: Logger {
            Logger { record in
                let fields = record.fields.map { " \($0.name)=\($0.value)" }.joined()
                self.lines.withLock { $0.append("level=\(record.level) msg=\(record.message)" + fields) }
            }
        }
    }

    static let startUs: Int64 = 1_700_000_000_000_000

    static func configuration(
        _ directory: String, snapshotEvery: Int = 25, segmentBytes: Int = 64 << 20,
        retainBytes: UInt64 = 0, log: LogLines? = nil
    ) -> EngineConfiguration {
        var configuration = EngineConfiguration()
        configuration.dataDirectory = directory
        configuration.snapshotEvery = snapshotEvery
        configuration.segmentBytes = segmentBytes
        configuration.retainBytes = retainBytes
        if let log { configuration.log = log.logger }
        return configuration
    }

    static func command(_ engine: EmbeddedEngine, _ stack: String, _ op: Command.Op) throws {
        _ = try engine.request(Request(body: .command(Command(stackId: stack, op: op))))
    }

    /// Random commands, gestures and clock steps on four stacks (rejections included, as they come). With
    /// `leaveInFlight`, it ends with a finger down on one stack and an animated push settling on another.
    static func runWorkload(_ engine: EmbeddedEngine, seed: UInt64, steps: Int, leaveInFlight: Bool) throws {
        var rng = SplitMix64(seed: seed)
        let size = Size(width: 400, height: 800)
        try command(engine, "n0", .create(CreateStack(screens: ["Home", "A"], config: StackConfig(size: size))))
        try command(
            engine, "n1",
            .create(
                CreateStack(
                    screens: ["Home"],
                    config: StackConfig(
                        size: size, profile: "classic", rightToLeft: true))))
        try command(
            engine, "t0",
            .create(
                CreateStack(
                    tabs: ["X", "Y", "Z"], selectedTab: 1,
                    config: StackConfig(
                        size: size, profile: "ios"))))
        try command(
            engine, "m0",
            .create(
                CreateStack(
                    screens: ["Root"],
                    config: StackConfig(
                        size: size, profile: "modal", fps: 30))))
        let stacks = ["n0", "n1", "t0", "m0"]
        var fingers: [String: (id: UInt64, x: Double)] = [:]
        var nextGesture: UInt64 = 1
        var screen = 0
        for _ in 0..<steps {
            let stack = stacks.randomElement(using: &rng)!
            let target: PanTarget = stack == "t0" ? .panTargetTabs : .panTargetBack
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<35:
                if var finger = fingers[stack] {
                    try engine.advance(byUs: Int64.random(in: 4_000...20_000, using: &rng))
                    let phase: PanPhase = [.panChanged, .panChanged, .panChanged, .panEnded, .panCancelled]
                        .randomElement(using: &rng)!
                    finger.x += Double.random(in: -30...90, using: &rng)
                    try engine.send(
                        Input(
                            body: .pan(
                                PanEvent(
                                    stackId: stack, gestureId: finger.id, phase: phase,
                                    location: Vec2(x: 5 + finger.x, y: 300),
                                    translation: Vec2(x: finger.x, y: 0), timestampUs: engine.nowUs, target: target))))
                    fingers[stack] = phase == .panChanged ? finger : nil
                } else {
                    let finger = (id: nextGesture, x: 0.0)
                    nextGesture += 1
                    try engine.send(
                        Input(
                            body: .pan(
                                PanEvent(
                                    stackId: stack, gestureId: finger.id, phase: .panBegan,
                                    location: Vec2(x: 5, y: 300),
                                    translation: Vec2(), velocity: Vec2(x: Bool.random(using: &rng) ? 300 : -300, y: 0),
                                    timestampUs: engine.nowUs, target: target))))
                    fingers[stack] = finger
                }
            case 35..<60:
                screen += 1
                let immediate = Int.random(in: 0..<3, using: &rng) == 0
                let op: Command.Op
                switch Int.random(in: 0..<6, using: &rng) {
                case 0, 1: op = .push(Push(screen: "s\(screen)", immediate: immediate))
                case 2: op = .pop(Pop(immediate: immediate))
                case 3: op = .present(Present(screen: "p\(screen)", immediate: immediate))
                case 4: op = .dismiss(Dismiss(immediate: immediate))
                default: op = .selectTab(SelectTab(index: UInt32.random(in: 0..<3, using: &rng), immediate: immediate))
                }
                try command(engine, stack, op)
            case 60..<64:
                try command(
                    engine, stack,
                    .resize(
                        Resize(
                            size: Size(
                                width: Double.random(in: 300...900, using: &rng), height: 800))))
            default:
                try engine.advance(
                    byUs: Int.random(in: 0..<20, using: &rng) == 0
                        ? 1_000_000 : Int64.random(in: 0...120_000, using: &rng))
            }
        }
        guard leaveInFlight else {
            try engine.advance(byUs: 5_000_000)
            return
        }
        // Let everything settle, then leave a finger down on n0 and an animated push settling on n1.
        try engine.advance(byUs: 5_000_000)
        for (stack, finger) in fingers {
            try engine.send(
                Input(
                    body: .pan(
                        PanEvent(
                            stackId: stack, gestureId: finger.id, phase: .panCancelled,
                            timestampUs: engine.nowUs))))
        }
        try engine.advance(byUs: 2_000_000)
        try engine.send(
            Input(
                body: .pan(
                    PanEvent(
                        stackId: "n0", gestureId: 9_999, phase: .panBegan, location: Vec2(x: 5, y: 300),
                        translation: Vec2(),
                        velocity: Vec2(x: 300, y: 0), timestampUs: engine.nowUs))))
        try engine.advance(byUs: 16_000)
        try engine.send(
            Input(
                body: .pan(
                    PanEvent(
                        stackId: "n0", gestureId: 9_999, phase: .panChanged, location: Vec2(x: 125, y: 300),
                        translation: Vec2(x: 120, y: 0), timestampUs: engine.nowUs))))
        try command(engine, "n1", .push(Push(screen: "last")))
        try engine.advance(byUs: 40_000)
    }

    /// Copies a data directory (closed) without its snapshots: opening the copy replays the whole log.
    static func copyWithoutSnapshots(_ directory: String, to copy: String) throws {
        try FileManager.default.copyItem(atPath: directory, toPath: copy)
        for name in try FileManager.default.contentsOfDirectory(atPath: copy + "/snapshots") {
            try FileManager.default.removeItem(atPath: copy + "/snapshots/" + name)
        }
    }

    static func snapshotNames(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/snapshots")) ?? []).sorted()
    }

    /// Opens both directories at the same engine time and checks they hold the same state and ended the same
    /// transitions the same way.
    static func expectSameRestart(_ a: EmbeddedEngine, _ b: EmbeddedEngine) {
        #expect(a.ledger.core.stacks == b.ledger.core.stacks)
        #expect(a.ledger.core.headPosition == b.ledger.core.headPosition)
        #expect(a.ledger.core.clockUs == b.ledger.core.clockUs)
        #expect(a.published == b.published)
    }

    static func restartClock() -> ManualClock { ManualClock(startUs: startUs + 3_600_000_000) }

    @Test func restartFromASnapshotEqualsAFullReplay() throws {
        try withTemporaryDirectory { root in
            let directory = root + "/data"
            let engine = try EmbeddedEngine(
                configuration: Self.configuration(directory),
                clock: ManualClock(startUs: Self.startUs))
            try Self.runWorkload(engine, seed: 11, steps: 300, leaveInFlight: true)
            let head = engine.logHead
            engine.close()
            // Two kept, the newest within snapshotEvery of the head.
            let names = Self.snapshotNames(directory)
            #expect(names.count == 2)
            let newest = try #require(names.last.flatMap(SnapshotStore.position(fromFileName:)))
            #expect(newest <= head && head - newest < 25 + 10)
            try Self.copyWithoutSnapshots(directory, to: root + "/replay")

            let lines = LogLines()
            let fromSnapshot = try EmbeddedEngine(
                configuration: Self.configuration(directory, log: lines),
                clock: Self.restartClock())
            defer { fromSnapshot.close() }
            let fromLog = try EmbeddedEngine(
                configuration: Self.configuration(root + "/replay"),
                clock: Self.restartClock())
            defer { fromLog.close() }
            #expect(fromSnapshot.ledger.recovered.snapshotPosition == newest)
            #expect(fromSnapshot.ledger.recovered.replayedEvents == head - newest)
            #expect(fromLog.ledger.recovered.snapshotPosition == 0)
            #expect(fromLog.ledger.recovered.replayedEvents == head)
            #expect(
                lines.all.first == "level=info msg=recovered snapshot=\(newest) replayed=\(head - newest) head=\(head)")
            Self.expectSameRestart(fromSnapshot, fromLog)
            // Both transitions left in flight were ended at the restart.
            let restarted = fromSnapshot.published.filter {
                if case .event(let event) = $0, case .cancelled(let cancelled) = event.body {
                    cancelled.reason == .engineRestarted
                } else {
                    false
                }
            }
            #expect(restarted.count == 1)
            #expect(fromSnapshot.ledger.core.stacks.values.allSatisfy { $0.transition == nil })
        }
    }

    @Test func aDamagedNewestSnapshotFallsBackToTheOlderOneThenToTheLog() throws {
        try withTemporaryDirectory { root in
            let directory = root + "/data"
            let engine = try EmbeddedEngine(
                configuration: Self.configuration(directory),
                clock: ManualClock(startUs: Self.startUs))
            try Self.runWorkload(engine, seed: 12, steps: 250, leaveInFlight: true)
            engine.close()
            try Self.copyWithoutSnapshots(directory, to: root + "/replay")
            let names = Self.snapshotNames(directory)
            #expect(names.count == 2)
            let older = try #require(SnapshotStore.position(fromFileName: names[0]))
            let newestPath = directory + "/snapshots/" + names[1]
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: newestPath)))
            bytes[bytes.count / 2] ^= 0x20
            try Data(bytes).write(to: URL(fileURLWithPath: newestPath))

            let lines = LogLines()
            let reopened = try EmbeddedEngine(
                configuration: Self.configuration(directory, log: lines),
                clock: Self.restartClock())
            let fromLog = try EmbeddedEngine(
                configuration: Self.configuration(root + "/replay"),
                clock: Self.restartClock())
            defer { fromLog.close() }
            #expect(reopened.ledger.recovered.snapshotPosition == older)
            let warning = try #require(lines.all.first { $0.hasPrefix("level=warn msg=snapshot skipped ") })
            #expect(warning.contains("file=\(newestPath) "))
            #expect(warning.contains("checksum mismatch"))
            #expect(warning.contains("moved_to=\(newestPath).bad"))
            #expect(FileManager.default.fileExists(atPath: newestPath + ".bad"))
            Self.expectSameRestart(reopened, fromLog)
            reopened.close()

            // With every snapshot damaged, the whole log is replayed.
            for name in Self.snapshotNames(directory) where name.hasSuffix(".snap") {
                try Data("not a snapshot".utf8).write(to: URL(fileURLWithPath: directory + "/snapshots/" + name))
            }
            let again = try EmbeddedEngine(
                configuration: Self.configuration(directory, snapshotEvery: 0, log: lines),
                clock: Self.restartClock())
            defer { again.close() }
            #expect(again.ledger.recovered.snapshotPosition == 0)
            #expect(
                again.ledger.recovered.replayedEvents == again.ledger.core.headPosition
                    - UInt64(again.published.filter { if case .event = $0 { true } else { false } }.count))
        }
    }

    /// How the tests below take events away from the end of a log that a snapshot covers.
    enum TailLoss: String, CaseIterable, Sendable {
        /// The last record loses its last 3 bytes: what a torn write leaves.
        case tornLastRecord
        /// The last segment is emptied (truncated to 0 bytes).
        case emptiedLastSegment
        /// The last segment is deleted.
        case deletedLastSegment
    }

    /// A log in several segments with a snapshot at its head, then `loss` done to its end: the snapshot's file and
    /// the position the log's head falls back to.
    static func snapshotPastTheHead(_ directory: String, _ loss: TailLoss) throws
        -> (snapshot: SnapshotStore.File, head: UInt64)
    {
        let engine = try EmbeddedEngine(
            configuration: Self.configuration(
                directory, snapshotEvery: 0,
                segmentBytes: 2048),
            clock: ManualClock(startUs: Self.startUs))
        try Self.runWorkload(engine, seed: 13, steps: 120, leaveInFlight: false)
        let written = try #require(try engine.snapshots.writeNow())
        #expect(written.position == engine.logHead)
        let segments = engine.ledger.log.segments
        engine.close()
        #expect(segments.count >= 2 && segments.last!.recordCount > 0)
        let last = segments.last!.path
        switch loss {
        case .tornLastRecord:
            let size = try #require(try FileManager.default.attributesOfItem(atPath: last)[.size] as? Int)
            try FileHandle(forWritingTo: URL(fileURLWithPath: last)).truncate(atOffset: UInt64(size - 3))
            return (written, written.position - 1)
        case .emptiedLastSegment:
            try FileHandle(forWritingTo: URL(fileURLWithPath: last)).truncate(atOffset: 0)
            return (written, segments.last!.firstPosition - 1)
        case .deletedLastSegment:
            try FileManager.default.removeItem(atPath: last)
            return (written, segments.last!.firstPosition - 1)
        }
    }

    /// The files of a data directory's log, with their sizes.
    static func logFiles(_ directory: String) throws -> [String: Int] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory + "/log")
        return try Dictionary(
            uniqueKeysWithValues: names.map { name in
                (
                    name,
                    try FileManager.default.attributesOfItem(atPath: directory + "/log/" + name)[.size] as? Int ?? -1
                )
            })
    }

    @Test(arguments: TailLoss.allCases)
    func aSnapshotPastTheLogsHeadRefusesToStart(loss: TailLoss) throws {
        try withTemporaryDirectory { root in
            let directory = root + "/data"
            let (snapshot, head) = try Self.snapshotPastTheHead(directory, loss)
            let files = try Self.logFiles(directory)
            let lines = LogLines()
            #expect {
                _ = try EmbeddedEngine(configuration: Self.configuration(directory, snapshotEvery: 0, log: lines))
            } throws: { error in
                let message = "\(error)"
                let named =
                    loss == .deletedLastSegment
                    ? message.contains("from position \(head + 1) on")
                    : message.contains("positions \(head + 1)...\(snapshot.position) ")
                        && message.contains(snapshot.path)
                return named && message.contains("--accept-log-loss")
                    && message.contains("segue replay \(directory) --verify")
            }
            // Nothing was cut, renamed or set aside.
            #expect(try Self.logFiles(directory) == files)
            #expect(Self.snapshotNames(directory) == [SnapshotStore.fileName(for: snapshot.position)])
            #expect(!lines.all.contains { $0.contains("snapshot skipped") })
        }
    }

    @Test(arguments: TailLoss.allCases)
    func aSnapshotPastTheLogsHeadIsSetAsideWhenTheLossIsAccepted(loss: TailLoss) throws {
        try withTemporaryDirectory { root in
            let directory = root + "/data"
            let (snapshot, head) = try Self.snapshotPastTheHead(directory, loss)
            try Self.copyWithoutSnapshots(directory, to: root + "/replay")
            let lines = LogLines()
            var configuration = Self.configuration(directory, snapshotEvery: 0, log: lines)
            configuration.acceptLogLoss = true
            let reopened = try EmbeddedEngine(configuration: configuration, clock: Self.restartClock())
            defer { reopened.close() }
            var replayConfiguration = Self.configuration(root + "/replay", snapshotEvery: 0)
            replayConfiguration.acceptLogLoss = true
            let fromLog = try EmbeddedEngine(configuration: replayConfiguration, clock: Self.restartClock())
            defer { fromLog.close() }

            #expect(reopened.ledger.recovered.snapshotPosition == 0)
            #expect(reopened.ledger.recovered.replayedEvents == head)
            #expect(
                lines.all.contains {
                    $0.hasPrefix("level=warn msg=log loss accepted ")
                        && $0.contains("positions \(head + 1)...\(snapshot.position) are missing")
                }, "\(lines.all)")
            let skipped = try #require(lines.all.first { $0.contains("snapshot skipped") })
            #expect(skipped.contains(snapshot.path) && skipped.contains("the log's tail was lost"))
            #expect(Self.snapshotNames(directory) == [SnapshotStore.fileName(for: snapshot.position) + ".bad"])
            // What a snapshot covered was on disk, so even a torn last record is kept rather than just cut.
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/log/damaged")) ?? []
            #expect(kept.count == (loss == .tornLastRecord ? 1 : 0), "\(kept)")
            Self.expectSameRestart(reopened, fromLog)
        }
    }

    @Test func aSnapshotFromAnotherLogIsRefused() throws {
        try withTemporaryDirectory { root in
            for (name, seed, steps) in [("a", UInt64(21), 100), ("b", 22, 300)] {
                let engine = try EmbeddedEngine(
                    configuration: Self.configuration(root + "/" + name, snapshotEvery: 0),
                    clock: ManualClock(startUs: Self.startUs))
                try Self.runWorkload(engine, seed: seed, steps: steps, leaveInFlight: false)
                if name == "a" { try engine.snapshots.writeNow() }
                engine.close()
            }
            let snapshot = try #require(Self.snapshotNames(root + "/a").first)
            try FileManager.default.copyItem(
                atPath: root + "/a/snapshots/" + snapshot,
                toPath: root + "/b/snapshots/" + snapshot)
            let lines = LogLines()
            let engine = try EmbeddedEngine(
                configuration: Self.configuration(
                    root + "/b", snapshotEvery: 0,
                    log: lines))
            defer { engine.close() }
            #expect(engine.ledger.recovered.snapshotPosition == 0)
            let warning = try #require(lines.all.first { $0.contains("snapshot skipped") })
            #expect(warning.contains("it was not taken from this log"))
        }
    }

    @Test func retentionDeletesCoveredSegmentsAndOlderReadsAnswerPositionRemoved() throws {
        try withTemporaryDirectory { root in
            let directory = root + "/data"
            let lines = LogLines()
            let configuration = Self.configuration(
                directory, snapshotEvery: 20, segmentBytes: 1024, retainBytes: 2048,
                log: lines)
            let engine = try EmbeddedEngine(configuration: configuration, clock: ManualClock(startUs: Self.startUs))
            try Self.runWorkload(engine, seed: 14, steps: 400, leaveInFlight: false)
            let log = engine.ledger.log
            let first = log.firstPosition
            #expect(first > 1)
            #expect(lines.all.contains { $0.hasPrefix("level=info msg=retention deleted segments ") })
            // Only segments both kept snapshots cover went.
            let kept = try SnapshotStore(directory: directory + "/snapshots").list()
            #expect(kept.count == 2)
            #expect(first <= kept[1].position + 1)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory + "/log")
                    .filter { $0.hasSuffix(".seg") }.count == log.segments.count)

            let below = try engine.request(Request(requestId: "old", body: .readEvents(ReadEvents(fromPosition: 1))))
            #expect(below.error?.code == .positionRemoved)
            #expect(below.error?.message.contains("oldest kept position is \(first)") == true)
            let at = try engine.request(Request(body: .readEvents(ReadEvents(fromPosition: first, maxCount: 5))))
            guard case .events(let batch)? = at.body else {
                Issue.record("no batch: \(at)")
                return
            }
            #expect(batch.events.first?.position == first)

            // The trimmed log restarts from its snapshot, to the same state.
            let stacks = engine.ledger.core.stacks
            let head = engine.logHead
            try engine.snapshots.writeNow()
            engine.close()
            let reopened = try EmbeddedEngine(configuration: configuration, clock: Self.restartClock())
            defer { reopened.close() }
            #expect(reopened.ledger.recovered.snapshotPosition == head)
            #expect(reopened.ledger.recovered.replayedEvents == 0)
            #expect(reopened.ledger.core.stacks == stacks)
        }
    }

    @Test func withoutASnapshotATrimmedLogRefusesToStart() throws {
        try withTemporaryDirectory { root in
            let directory = root + "/data"
            let configuration = Self.configuration(directory, snapshotEvery: 20, segmentBytes: 1024, retainBytes: 2048)
            let engine = try EmbeddedEngine(configuration: configuration, clock: ManualClock(startUs: Self.startUs))
            try Self.runWorkload(engine, seed: 15, steps: 200, leaveInFlight: false)
            #expect(engine.ledger.log.firstPosition > 1)
            engine.close()
            for name in Self.snapshotNames(directory) {
                try FileManager.default.removeItem(atPath: directory + "/snapshots/" + name)
            }
            #expect {
                _ = try EmbeddedEngine(configuration: configuration)
            } throws: { error in
                "\(error)".contains("no usable snapshot covers position")
            }
        }
    }

    @Test func snapshotEveryZeroWritesNoneUntilAsked() throws {
        try withTemporaryDirectory { root in
            let directory = root + "/data"
            let engine = try EmbeddedEngine(
                configuration: Self.configuration(directory, snapshotEvery: 0),
                clock: ManualClock(startUs: Self.startUs))
            try Self.runWorkload(engine, seed: 16, steps: 150, leaveInFlight: false)
            #expect(Self.snapshotNames(directory).isEmpty)
            try engine.snapshots.writeNow()
            #expect(Self.snapshotNames(directory) == [SnapshotStore.fileName(for: engine.logHead)])
            engine.close()
        }
    }
}
