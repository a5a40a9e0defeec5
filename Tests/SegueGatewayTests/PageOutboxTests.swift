import Testing
import WebSockets

@testable import SegueGateway

/// A page that does not keep up gets the newest frame per stack, in order, and never more than that.
struct PageOutboxTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func framesAreConflatedPerStackInTheirFirstPlace() {
        var outbox = PageOutbox()
        outbox.append(bytes("event 1"))
        outbox.appendFrame(bytes("a frame 1"), stackId: "a")
        outbox.appendFrame(bytes("b frame 1"), stackId: "b")
        outbox.append(bytes("event 2"))
        outbox.appendFrame(bytes("a frame 2"), stackId: "a")
        outbox.appendFrame(bytes("a frame 3"), stackId: "a")
        var written: [String] = []
        while let message = outbox.next() { written.append(String(decoding: message, as: UTF8.self)) }
        #expect(written == ["event 1", "a frame 3", "b frame 1", "event 2"])
        #expect(outbox.conflated == 2 && outbox.framesWritten == 2 && outbox.queuedBytes == 0 && outbox.isEmpty)
        // Once written, a stack's next frame queues again.
        outbox.appendFrame(bytes("a frame 4"), stackId: "a")
        #expect(outbox.next() == bytes("a frame 4"))
    }

    @Test func aPageThatReadsNothingIsClosedInsteadOfQueuingWithoutEnd() {
        let outboxes = PageOutboxes()
        let id = ConnectionID(rawValue: 1)
        outboxes.open(id)
        for _ in 0..<1000 { outboxes.appendFrame([UInt8](repeating: 1, count: 100_000), stackId: "s", to: id) }
        #expect(outboxes.takeWork().closing.isEmpty)  // frames never count against the limit
        let chunk = [UInt8](repeating: 2, count: 1 << 20)
        for _ in 0...(GatewayLimits.maxQueuedBytes >> 20) { outboxes.append(chunk, to: id) }
        let work = outboxes.takeWork()
        #expect(work.closing.map(\.0) == [id])
        #expect(work.closing.first?.1.hasPrefix("too slow") == true)
        #expect(outboxes.counters.framesConflated == 999)
    }

    @Test func aPageThatAskedForBatchesGetsWhatWaitsAsOneMessageInOrder() {
        var outbox = PageOutbox()
        outbox.batching = true
        outbox.append(bytes(#"{"event":1}"#))
        outbox.appendFrame(bytes(#"{"frame":"a1"}"#), stackId: "a")
        outbox.append(bytes(#"{"event":2}"#))
        outbox.appendFrame(bytes(#"{"frame":"a2"}"#), stackId: "a")
        let write = outbox.nextWrite()
        // The newer frame took the older one's place, as without batches.
        #expect(write?.messages == 3)
        #expect(
            write.map { String(decoding: $0.bytes, as: UTF8.self) }
                == #"{"batch":[{"event":1},{"frame":"a2"},{"event":2}]}"#)
        #expect(outbox.nextWrite() == nil && outbox.batchesWritten == 1 && outbox.framesWritten == 1)

        // One message waiting goes as it is.
        outbox.append(bytes(#"{"event":3}"#))
        #expect(outbox.nextWrite().map { String(decoding: $0.bytes, as: UTF8.self) } == #"{"event":3}"#)
        #expect(outbox.batchesWritten == 1)
    }

    @Test func batchesStayWithinTheirSizeAndALargeMessageGoesAlone() {
        var outbox = PageOutbox()
        outbox.batching = true
        let member = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        for _ in 0..<150 { outbox.append(member) }
        let large = [UInt8](repeating: UInt8(ascii: "y"), count: PageOutbox.maxBatchBytes)
        outbox.append(large)
        outbox.append(member)
        var writes: [(bytes: [UInt8], messages: Int)] = []
        while let write = outbox.nextWrite() { writes.append(write) }
        #expect(writes.allSatisfy { $0.bytes.count <= PageOutbox.maxBatchBytes })
        #expect(writes.map(\.messages).reduce(0, +) == 152)
        // Four members of 1000 bytes fit a batch (with their commas and the batch's 12 bytes), so 150 take 38
        // batches; the large one is alone, unwrapped, and the last member after it too.
        #expect(writes.map(\.messages) == [Int](repeating: 4, count: 37) + [2, 1, 1])
        #expect(writes[38].bytes == large && writes[39].bytes == member)
        #expect(outbox.queuedBytes == 0)
    }

    @Test func withoutBatchesEveryMessageGoesAlone() {
        var outbox = PageOutbox()
        outbox.append(bytes("one"))
        outbox.append(bytes("two"))
        #expect(outbox.nextWrite()?.bytes == bytes("one"))
        #expect(outbox.nextWrite()?.bytes == bytes("two"))
        #expect(outbox.batchesWritten == 0)
    }
}
