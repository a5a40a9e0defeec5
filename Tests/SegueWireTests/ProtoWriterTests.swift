import Testing

@testable import SegueWire

/// The writer owns raw memory it grows: what it writes must not depend on how much it had, how a collection hands
/// over its bytes, or what it wrote before it was emptied. And the messages every pan passes through stay small,
/// since each is copied whole on its way through the engine.
struct ProtoWriterTests {
    private func sample() -> Frame {
        Frame(
            stackId: "main", transitionId: 7, sequence: 3, timeUs: 1_700_000_000_000_000, progress: 0.25,
            phase: .tracking, from: ViewFrame(rect: Rect(x: 97.5, y: 0, width: 390, height: 844), alpha: 1),
            to: ViewFrame(rect: Rect(x: -29.25, y: 0, width: 390, height: 844), alpha: 1), dimming: 0.75,
            shadow: 0.5, position: 42)
    }

    @Test func growingFromTheSmallestRoomWritesTheSameBytes() {
        var small = ProtoWriter(capacity: 1)
        var roomy = ProtoWriter(capacity: 4096)
        for _ in 0..<50 {
            sample().encode(to: &small)
            sample().encode(to: &roomy)
        }
        #expect(small.count == roomy.count && small.count > 50 * 100)
        #expect(small.bytes == roomy.bytes)
    }

    @Test func aCollectionWithoutContiguousBytesIsWrittenLikeAnArray() {
        let lazy = (0..<300).lazy.map { UInt8(truncatingIfNeeded: $0 * 7) }
        var fromLazy = ProtoWriter(capacity: 1)
        fromLazy.writeBytes(lazy, field: 5)
        var fromArray = ProtoWriter()
        fromArray.writeBytes(Array(lazy), field: 5)
        #expect(fromLazy.bytes == fromArray.bytes)
        #expect(fromLazy.bytes.prefix(3) == [0x2A, 0xAC, 0x02])  // field 5, length 300 as a two-byte varint
    }

    @Test func aNestedMessageOf128BytesOrMoreGetsItsLongerLength() throws {
        let long = String(repeating: "x", count: 200)
        let event = Event(position: 1, stackId: "main", requestId: long, body: .deleted(StackDeleted()))
        var writer = ProtoWriter(capacity: 1)
        writer.writeMessage(event, field: 1)
        let bytes = writer.bytes
        #expect(bytes[0] == 0x0A && bytes[1] >= 0x80)  // a two-byte length
        let batch = try EventBatch(decoding: bytes)
        #expect(batch.events == [event])
    }

    @Test func anEmptiedWriterKeepsNothingOfTheMessageBefore() throws {
        var writer = ProtoWriter()
        sample().encode(to: &writer)
        writer.removeAll()
        #expect(writer.count == 0)
        var frame = sample()
        frame.stackId = "other"
        frame.encode(to: &writer)
        #expect(writer.bytes == frame.encoded())
        #expect(try Frame(decoding: writer.bytes) == frame)
    }

    @Test func thePansMessagesStaySmall() {
        // Boxed rare members (`indirect`, scripts/generate_wire.py) keep a pan's input and its events from being as
        // large as a stack's creation: 304 and 283 bytes before.
        #expect(MemoryLayout<Event.Body>.size <= 128)
        #expect(MemoryLayout<Input.Body>.size <= 128)
        #expect(MemoryLayout<Command>.size <= 128)
    }
}
