import Foundation
import SegueWire
import Testing

@testable import SegueCore

/// 400 random sessions the engine before profile revisions ran (Fixtures/revision0-sessions.bin.gz, written by
/// Fixtures/revision0-sessions.generator.swift): every input with its time, and what that engine answered. Today's
/// engine, on the same revision-0 stacks, must answer the same: when it replays their logs, when it restarts from
/// their snapshots, and when it takes the same inputs live.
@Suite struct Revision0SessionTests {
    struct Record {
        var tag: UInt8
        var timeUs: Int64
        var bytes: [UInt8]
    }

    /// The sessions of the corpus, each a list of records.
    static let sessions: [[Record]] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/revision0-sessions.bin.gz").path
        let gunzip = Process()
        gunzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gunzip.arguments = ["-dc", path]
        let pipe = Pipe()
        gunzip.standardOutput = pipe
        guard (try? gunzip.run()) != nil else { return [] }
        let data = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        gunzip.waitUntilExit()
        var sessions: [[Record]] = []
        var current: [Record] = []
        var index = 0
        func integer(_ size: Int) -> UInt64 {
            defer { index += size }
            return (0..<size).reduce(UInt64(0)) { $0 | UInt64(data[index + $1]) << (8 * UInt64($1)) }
        }
        while index + 13 <= data.count {
            let tag = data[index]
            index += 1
            let time = Int64(bitPattern: integer(8))
            let length = Int(integer(4))
            guard index + length <= data.count else { break }
            let bytes = Array(data[index..<index + length])
            index += length
            if tag == 4 {
                sessions.append(current)
                current = []
            } else {
                current.append(Record(tag: tag, timeUs: time, bytes: bytes))
            }
        }
        return sessions
    }()

    static func decoded<T: ProtoMessage>(_ records: [Record], _ tag: UInt8, as type: T.Type) throws -> [T] {
        try records.filter { $0.tag == tag }.map { try T(decoding: $0.bytes) }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.sessions.count == 400)
    }

    @Test("their logs replay to the frames that engine published", arguments: 0..<400)
    func replay(session: Int) throws {
        let records = try #require(Self.sessions.dropFirst(session).first)
        let events = try Self.decoded(records, 2, as: Event.self)
        var core = EngineCore()
        var outcome = Outcome()
        for event in events { try core.replay(event, into: &outcome) }
        #expect(outcome.frames == (try Self.decoded(records, 3, as: Frame.self)))
    }

    @Test(
        "the same inputs on the same revision-0 stack get the same events, frames and rejections",
        arguments: 0..<400)
    func live(session: Int) throws {
        let records = try #require(Self.sessions.dropFirst(session).first)
        let expectedEvents = try Self.decoded(records, 2, as: Event.self)
        let inputs = records.filter { $0.tag == 0 || $0.tag == 1 }
        var h = CoreHarness()
        // The session's stack_created, as that engine logged it (revision 0), in place of its create command.
        let created = try #require(expectedEvents.first)
        try h.core.restore(created)
        h.events.append(created)
        for input in inputs.dropFirst() {
            h.now = input.timeUs
            if input.tag == 0 {
                h.apply(try Command(decoding: input.bytes), enclosingId: "rq")
            } else {
                h.apply(try PanEvent(decoding: input.bytes))
            }
        }
        h.runUntilIdle()
        // Events carry producer_time_us since after the corpus was written; everything else must be the same.
        let withoutProducerTime = h.events.map { event in
            var event = event
            event.producerTimeUs = nil
            return event
        }
        #expect(withoutProducerTime == expectedEvents)
        #expect(h.frames == (try Self.decoded(records, 3, as: Frame.self)))
        #expect(
            h.rejections.map { $0.error?.message ?? "" }
                == (try Self.decoded(records, 5, as: Rejection.self)).map { $0.error?.message ?? "" })
    }

    @Test("a restart from that engine's snapshots ends what was in flight as it did", arguments: 0..<400)
    func restart(session: Int) throws {
        let records = try #require(Self.sessions.dropFirst(session).first)
        for (index, record) in records.enumerated() where record.tag == 6 {
            let after = records[(index + 1)...].prefix { [7, 8, 9].contains($0.tag) }
            var core = try EngineCore(snapshot: try Snapshot(decoding: record.bytes))
            var outcome = Outcome()
            core.endTransitionsInFlight(now: record.timeUs, into: &outcome)
            // As that engine ran it: straight to each deadline, no earlier than the restart.
            var now = record.timeUs
            while let deadline = core.nextDeadline() {
                now = max(now, deadline)
                core.advance(to: now, into: &outcome)
            }
            #expect(outcome.events == (try Self.decoded(Array(after), 7, as: Event.self)))
            #expect(outcome.frames == (try Self.decoded(Array(after), 8, as: Frame.self)))
            #expect(core.snapshot().encoded() == after.last { $0.tag == 9 }?.bytes)
        }
    }
}
