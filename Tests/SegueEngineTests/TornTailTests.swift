import Foundation
import SegueCore
import SegueWire
import Testing

@testable import SegueEngine

/// A crash mid-append leaves the last segment cut anywhere: the engine keeps exactly the whole records before the
/// cut, says what it cut, and goes on at the next position. In-process, so every byte offset can be tried.
@Suite struct TornTailTests {
    static let segmentName = "00000000000000000001.seg"

    /// Where each record of a segment file starts, and the file's end.
    static func recordBoundaries(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            offsets.append(offset)
            let length =
                Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
                | Int(bytes[offset + 3]) << 24
            offset += 8 + length
        }
        #expect(offset == bytes.count, "the segment does not end on a record boundary")
        return offsets + [bytes.count]
    }

    static func allEvents(_ engine: EmbeddedEngine) throws -> [Event] {
        let reply = try engine.request(Request(body: .readEvents(ReadEvents(fromPosition: 1, maxCount: 10_000))))
        guard case .events(let batch) = reply.body else {
            Issue.record("no events in \(reply)")
            return []
        }
        return batch.events
    }

    @Test func everyCutOfTheLastBatchKeepsTheRecordsBeforeIt() throws {
        try withTemporaryDirectory { directory in
            var configuration = EngineConfiguration()
            configuration.dataDirectory = directory + "/original"
            let original: [Event]
            do {
                let engine = try EmbeddedEngine(configuration: configuration)
                defer { engine.close() }
                _ = try engine.request(
                    Request(
                        requestId: "create",
                        body: .command(
                            Command(
                                stackId: "s",
                                op: .create(
                                    CreateStack(
                                        screens: ["Home"], config: StackConfig(size: Size(width: 400, height: 800)))))))
                )
                _ = try engine.request(
                    Request(
                        requestId: "resize",
                        body: .command(
                            Command(
                                stackId: "s",
                                op: .resize(
                                    Resize(size: Size(width: 500, height: 800)))))))
                // The last batch: began, finished and completed of one immediate push, in one write.
                _ = try engine.request(
                    Request(
                        requestId: "push",
                        body: .command(
                            Command(
                                stackId: "s",
                                op: .push(
                                    Push(screen: "Top", immediate: true))))))
                original = try Self.allEvents(engine)
            }
            #expect(original.count == 5)
            let segment = try [UInt8](
                Data(
                    contentsOf: URL(
                        fileURLWithPath: configuration.dataDirectory + "/log/"
                            + Self.segmentName)))
            let boundaries = Self.recordBoundaries(segment)
            #expect(boundaries.count == 6)
            let batchStart = boundaries[2]

            for cut in batchStart..<segment.count {
                let copy = directory + "/cut\(cut)"
                try FileManager.default.createDirectory(atPath: copy + "/log", withIntermediateDirectories: true)
                try Data(segment[..<cut]).write(to: URL(fileURLWithPath: copy + "/log/" + Self.segmentName))
                let kept = boundaries.lastIndex { $0 <= cut }!
                let torn = cut - boundaries[kept]

                var cutConfiguration = EngineConfiguration()
                cutConfiguration.dataDirectory = copy
                let engine = try EmbeddedEngine(configuration: cutConfiguration)
                defer { engine.close() }
                if torn == 0 {
                    #expect(engine.recoveryReport == nil, "cut \(cut) is on a boundary")
                } else {
                    let report = engine.recoveryReport ?? ""
                    #expect(
                        report.contains("cut \(torn) bytes") && report.contains("ends at position \(kept)"),
                        "cut \(cut): \(report)")
                }
                // A push cut after its began is completed now; then the log goes on from there.
                let reply = try engine.request(
                    Request(
                        requestId: "after",
                        body: .command(
                            Command(
                                stackId: "s", op: .resize(Resize(size: Size(width: 600, height: 800)))))))
                guard case .command(let result) = reply.body else {
                    Issue.record("cut \(cut): \(reply)")
                    continue
                }
                let events = try Self.allEvents(engine)
                #expect(events.map(\.position) == Array(1...UInt64(events.count)), "cut \(cut)")
                #expect(Array(events.prefix(kept)) == Array(original.prefix(kept)), "cut \(cut)")
                #expect(result.lastPosition == UInt64(events.count) && events.last?.requestId == "after")
                // Nothing of the push is half there: either all of it, or it is finished on restart.
                let stack = engine.ledger.core.stacks["s"]
                #expect(stack?.transition == nil && stack?.version == events.last?.version, "cut \(cut)")
                try? FileManager.default.removeItem(atPath: copy)
            }
        }
    }
}
