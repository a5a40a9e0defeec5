import NATS
import SegueWire
import Testing

@testable import SegueCluster
@testable import SegueClusterClient

/// The rules every reader of a shard's stream applies (``ShardStreamReader``), message by message, without NATS.
@Suite struct ShardStreamReaderTests {
    let key = ClusterSigningKey.generate()
    let events = ClusterLayout.eventsSubject(shard: 0)
    let leader = ClusterLayout.leaderSubject(shard: 0)

    func marker(at sequence: UInt64, shard: UInt32 = 0) -> StreamMessage {
        let record = ShardMarker(lease: ShardLease(node: "n", shard: shard, shards: 1), afterSequence: sequence - 1)
        return StreamMessage(
            sequence: sequence, subject: leader,
            payload: SignedRecord(signing: record.encoded(), place: leader, with: key).encoded())
    }

    func part(at sequence: UInt64, tenure: UInt64, positions: ClosedRange<UInt64>, continued: Bool = false)
        -> StreamMessage
    {
        let record = ShardBatchPart(
            tenure: tenure, events: positions.map { Event(position: $0, stackId: "s", version: $0) },
            continued: continued)
        return StreamMessage(
            sequence: sequence, subject: events,
            payload: SignedRecord(signing: record.encoded(), place: events, with: key).encoded())
    }

    func reader() -> ShardStreamReader {
        ShardStreamReader(shard: 0, key: key.publicKey, tenure: 0, nextPosition: 1)
    }

    func isRefused(_ reading: ShardStreamReader.Reading) -> Bool {
        if case .refused = reading { true } else { false }
    }

    func isGap(_ reading: ShardStreamReader.Reading) -> Bool {
        if case .gap = reading { true } else { false }
    }

    func positions(_ reading: ShardStreamReader.Reading) -> [UInt64]? {
        if case .batch(let batch) = reading { batch.map(\.position) } else { nil }
    }

    @Test func aHoldersMarkerAndBatchesAreTaken() {
        var reader = reader()
        if case .marker = reader.read(marker(at: 1)) {} else { Issue.record("the marker was not taken") }
        #expect(positions(reader.read(part(at: 2, tenure: 1, positions: 1...3))) == [1, 2, 3])
        #expect(positions(reader.read(part(at: 3, tenure: 1, positions: 4...4))) == [4])
        #expect(reader.nextPosition == 5)
    }

    @Test func aSplitBatchIsDeliveredWholeOrDroppedByAMarker() {
        var reader = reader()
        _ = reader.read(marker(at: 1))
        if case .part = reader.read(part(at: 2, tenure: 1, positions: 1...2, continued: true)) {
        } else {
            Issue.record("the first part was not held")
        }
        #expect(positions(reader.read(part(at: 3, tenure: 1, positions: 3...4))) == [1, 2, 3, 4])
        // A holder fenced off halfway: its parts go, and the successor's batch starts where the last whole one ended.
        _ = reader.read(part(at: 4, tenure: 1, positions: 5...6, continued: true))
        if case .marker = reader.read(marker(at: 5)) {} else { Issue.record("the second marker was not taken") }
        #expect(reader.takeDroppedEvents() == 2)
        #expect(positions(reader.read(part(at: 6, tenure: 5, positions: 5...5))) == [5])
    }

    @Test func whatNoHolderWroteIsRefusedAndSkipped() {
        var reader = reader()
        // A batch before any marker, garbage, a marker signed by another key, and an unsigned batch.
        #expect(isRefused(reader.read(part(at: 1, tenure: 1, positions: 1...1))))
        #expect(isRefused(reader.read(StreamMessage(sequence: 2, subject: events, payload: [0xFF, 1, 2]))))
        let other = ClusterSigningKey.generate()
        let foreign = ShardMarker(lease: ShardLease(node: "x", shard: 0, shards: 1), afterSequence: 2).encoded()
        #expect(
            isRefused(
                reader.read(
                    StreamMessage(
                        sequence: 3, subject: leader,
                        payload: SignedRecord(signing: foreign, place: leader, with: other).encoded()))))
        let unsigned = ShardBatchPart(tenure: 1, events: [Event(position: 1)]).encoded()
        #expect(isRefused(reader.read(StreamMessage(sequence: 4, subject: events, payload: unsigned))))
        // A valid marker; then a copy of it, a marker of another shard, a batch of an older tenure, a gap (said
        // apart: the holder wrote it, but what came before it was not read), a batch signed for the markers'
        // subject, and a subject Segue does not write.
        _ = reader.read(marker(at: 5))
        var copy = marker(at: 5)
        copy = StreamMessage(sequence: 9, subject: copy.subject, payload: copy.payload)
        #expect(isRefused(reader.read(copy)))
        #expect(isRefused(reader.read(marker(at: 10, shard: 1))))
        #expect(isRefused(reader.read(part(at: 11, tenure: 1, positions: 1...1))))
        #expect(isGap(reader.read(part(at: 12, tenure: 5, positions: 2...2))))
        let misplaced = part(at: 13, tenure: 5, positions: 1...1)
        #expect(isRefused(reader.read(StreamMessage(sequence: 13, subject: leader, payload: misplaced.payload))))
        #expect(isRefused(reader.read(StreamMessage(sequence: 14, subject: "segue.shard.0.other", payload: []))))
        // None of it moved the reader: the holder's batch is taken where the log continues.
        #expect(reader.tenure == 5)
        #expect(positions(reader.read(part(at: 15, tenure: 5, positions: 1...2))) == [1, 2])
    }

    @Test func aReaderStartingAtAMarkerKnowsWhereTheLogContinues() {
        var reader = ShardStreamReader(shard: 0, key: key.publicKey, tenure: nil, nextPosition: nil)
        let record = ShardMarker(
            lease: ShardLease(node: "n", shard: 0, shards: 1), afterSequence: 19, nextPosition: 7)
        let marker = StreamMessage(
            sequence: 20, subject: leader,
            payload: SignedRecord(signing: record.encoded(), place: leader, with: key).encoded())
        if case .marker = reader.read(marker) {} else { Issue.record("the marker was not taken") }
        // A copy of an earlier batch does not continue the log there; the holder's next batch does.
        #expect(isRefused(reader.read(part(at: 21, tenure: 20, positions: 1...2))))
        #expect(positions(reader.read(part(at: 22, tenure: 20, positions: 7...8))) == [7, 8])
    }

    @Test func aReaderStartingMidStreamTakesTheTenureOfTheFirstBatch() {
        var reader = ShardStreamReader(shard: 0, key: key.publicKey, tenure: nil, nextPosition: nil)
        #expect(positions(reader.read(part(at: 40, tenure: 7, positions: 30...31))) == [30, 31])
        #expect(isRefused(reader.read(part(at: 41, tenure: 6, positions: 32...32))))
        #expect(positions(reader.read(part(at: 42, tenure: 7, positions: 32...32))) == [32])
    }

    @Test func keysAndTheirFilesRoundTrip() throws {
        let again = try #require(ClusterSigningKey(seed: key.seed))
        #expect(again.publicKey == key.publicKey)
        let signature = key.sign([1, 2, 3])
        #expect(key.publicKey.verifies(signature, of: [1, 2, 3]))
        #expect(!key.publicKey.verifies(signature, of: [1, 2, 4]))
        #expect(try ClusterKeyFiles.publicKey(key.publicKey.description) == key.publicKey)
        #expect(
            ClusterKeyFiles.secretText(key).hasPrefix(ClusterKeyFiles.seedText(key) + "\n# segue cluster signing key"))
    }

    @Test func aBatchIsSplitToFitTheMessageBudget() {
        let sizes = [10, 10, 10, 40, 5]
        let parts = JetStreamReplica.split(sizes.map { [UInt8](repeating: 0, count: $0)[...] }, budget: 40)
        #expect(parts == [0..<2, 2..<3, 3..<4, 4..<5])
        #expect(JetStreamReplica.split([[1][...]], budget: 40) == [0..<1])
    }
}
