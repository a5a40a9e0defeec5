import Testing
import ZMQ

@Suite("Messaging")
struct MessagingTests {
    @Test("PUSH/PULL multipart round trip over TCP")
    func pushPullMultipart() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(context, bind: .pull, connect: .push)
        defer { closeAll(pull, push) }
        let message = [bytes("header"), [0, 1, 2, 255], bytes("payload")]
        #expect(try push.send(message))
        #expect(try pull.receive() == message)
        #expect(!pull.hasMore)
    }

    @Test("Zero-copy receive lends every part in place")
    func zeroCopyReceive() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(context, bind: .pull, connect: .push, tcp: false)
        defer { closeAll(pull, push) }
        try push.send([[1, 2, 3], [], [4]])
        let parts = try pull.receive { parts in parts.map { Array($0) } }
        #expect(parts == [[1, 2, 3], [], [4]])
        #expect(try pull.receive(dontWait: true) { $0.count } == nil)
    }

    @Test("An 8 MiB message arrives intact")
    func largeMessage() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(context, bind: .pull, connect: .push)
        defer { closeAll(pull, push) }
        let large = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        #expect(try push.send([bytes("big"), large]))
        let received = try #require(try pull.receive())
        #expect(received.count == 2)
        #expect(received.last?.count == large.count)
        #expect(received.last == large)
    }

    @Test("Empty parts survive, alone and between others")
    func emptyParts() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(context, bind: .pull, connect: .push, tcp: false)
        defer { closeAll(pull, push) }
        try push.send([[]])
        try push.send([[], bytes("x"), []])
        #expect(try pull.receive() == [[]])
        #expect(try pull.receive() == [[], bytes("x"), []])
    }

    @Test("Part-by-part sends form one message; raw-buffer sends work")
    func partByPartSend() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(context, bind: .pull, connect: .push, tcp: false)
        defer { closeAll(pull, push) }
        #expect(try push.send(bytes("a"), more: true, dontWait: false))
        let tail = bytes("tail")
        #expect(try tail.withUnsafeBytes { buffer throws(ZMQError) in try push.send(buffer, more: false) })
        #expect(try pull.receive() == [bytes("a"), bytes("tail")])
    }

    @Test("Receive on an empty socket with dontWait returns nil")
    func receiveWouldBlock() throws {
        let context = try makeContext()
        let pull = try context.makeSocket(.pull)
        defer { pull.close() }
        try pull.bind("inproc://empty")
        #expect(try pull.receive(dontWait: true) == nil)
    }

    @Test("A receive timeout returns nil instead of throwing")
    func receiveTimeout() throws {
        let context = try makeContext()
        let pull = try context.makeSocket(.pull)
        defer { pull.close() }
        try pull.setOption(.receiveTimeout, 20)
        try pull.bind("inproc://timeout")
        // No peer ever sends: only the timeout can end the receive.
        #expect(try pull.receive() == nil)
    }

    @Test("Send on a PUSH with no peer returns false with dontWait or after the send timeout")
    func sendWouldBlock() throws {
        let context = try makeContext()
        let push = try context.makeSocket(.push)
        defer { push.close() }
        try push.bind("tcp://127.0.0.1:*")
        #expect(try push.send([bytes("nobody")], dontWait: true) == false)
        #expect(try push.send(bytes("nobody"), more: false, dontWait: true) == false)
        try push.setOption(.sendTimeout, 10)
        #expect(try push.send([bytes("nobody")]) == false)
    }

    @Test("Sending a message with no parts is an invalid argument")
    func sendNoParts() throws {
        let context = try makeContext()
        let push = try context.makeSocket(.push)
        defer { push.close() }
        #expect(throws: ZMQError.invalidArgument) { try push.send([]) }
    }

    @Test("maxMessageSize drops an oversize message and the connection recovers")
    func maxMessageSize() throws {
        let context = try makeContext()
        let (pull, push) = try makePair(
            context, bind: .pull, connect: .push,
            configureConnected: { try $0.setOption(.reconnectInterval, 10) },
            configureBound: { try $0.setOption(.maxMessageSize, 1_024) }
        )
        defer { closeAll(pull, push) }
        #expect(try pull.getOption(.maxMessageSize) == 1_024)
        #expect(try push.send([[UInt8](repeating: 7, count: 4_096)]))

        // The receiver drops the connection on the oversize frame; the PUSH reconnects and later probes get through.
        var poller = ZMQPoller()
        let index = poller.add(pull)
        var received: [[UInt8]]?
        for _ in 0..<100 where received == nil {
            try push.send([bytes("probe")])
            if try poller.poll(timeoutMs: 50) > 0, poller.isReadable(index) {
                received = try pull.receive(dontWait: true)
            }
        }
        #expect(received == [bytes("probe")])
        while let extra = try pull.receive(dontWait: true) {
            #expect(extra == [bytes("probe")])
        }
    }
}
