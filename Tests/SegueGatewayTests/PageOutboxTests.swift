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
}
