import Testing
import ZMQ

@Suite("Poller")
struct PollerTests {
    @Test("poll times out with nothing ready, then reports a readable socket")
    func readinessAndTimeout() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(context, bind: .pull, connect: .push, tcp: false)
        defer { closeAll(pull, push) }
        var poller = ZMQPoller()
        let index = poller.add(pull)
        #expect(index == 0)
        #expect(poller.count == 1)

        // Nothing is ready, so only the timeout can have ended the poll.
        #expect(try poller.poll(timeoutMs: 50) == 0)
        #expect(!poller.isReadable(index))

        try push.send([bytes("wake")])
        #expect(try poller.poll(timeoutMs: receiveTimeoutMs) == 1)
        #expect(poller.isReadable(index))
        #expect(!poller.isWritable(index))
        #expect(try pull.events.contains(.readable))
        #expect(try pull.receive(dontWait: true) == [bytes("wake")])
        #expect(try poller.poll(timeoutMs: 0) == 0)
    }

    @Test("poll reports writability, and setEvents changes the interest")
    func writable() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(context, bind: .pull, connect: .push, tcp: false)
        defer { closeAll(pull, push) }
        var poller = ZMQPoller()
        let pullIndex = poller.add(pull)
        let pushIndex = poller.add(push, events: [.writable])
        #expect(try poller.poll(timeoutMs: receiveTimeoutMs) == 1)
        #expect(poller.isWritable(pushIndex))
        #expect(!poller.isReadable(pullIndex))
        poller.setEvents([], at: pushIndex)
        #expect(try poller.poll(timeoutMs: 0) == 0)
        #expect(try push.fileDescriptor >= 0)
    }

    @Test("polling a closed socket throws notSocket instead of touching the handle")
    func closedSocket() throws {
        let context = try makeContext()
        let pull = try context.makeSocket(.pull)
        defer { pull.close() }
        var poller = ZMQPoller()
        poller.add(pull)
        pull.close()
        #expect(throws: ZMQError.notSocket) { try poller.poll(timeoutMs: 0) }
    }
}
