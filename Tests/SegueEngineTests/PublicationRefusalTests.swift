import SegueWire
import Testing

@testable import SegueEngine

/// Publications the transport refuses are counted, and GetStats reports them.
@Suite struct PublicationRefusalTests {
    /// A transport whose events socket refuses every message.
    final class RefusingTransport: EngineTransport {
        let memory = MemoryTransport()

        func receiveIngest(_ body: ([UnsafeRawBufferPointer]) -> Void) -> Bool { memory.receiveIngest(body) }
        func receiveRequest(_ body: ([UnsafeRawBufferPointer]) -> Void) -> Bool { memory.receiveRequest(body) }
        func publish(topic: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) -> Bool { false }
        func reply(envelope: [[UInt8]], payload: [UInt8]) -> Bool { memory.reply(envelope: envelope, payload: payload) }
    }

    @Test func refusedPublicationsAreCountedInStats() throws {
        let transport = RefusingTransport()
        try withTurns(over: transport) { _, turns in
            let create = Request(body: .command(createStackS))
            transport.memory.requestQueue.append([[1], create.encoded()])
            try turns.turn(now: turns.nowUs())
            // One event (StackCreated) refused.
            #expect(turns.stats.publicationsRefused == 1)
            transport.memory.requestQueue.append([[1], Request(body: .getStats(GetStats())).encoded()])
            try turns.turn(now: turns.nowUs())
            let reply = try Reply(decoding: try #require(transport.memory.replies.last).payload)
            guard case .stats(let stats)? = reply.body else {
                Issue.record("no stats: \(reply)")
                return
            }
            #expect(stats.publicationsRefused == 1)
        }
    }
}
