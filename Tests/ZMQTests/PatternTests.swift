import Testing
import ZMQ

@Suite("Socket patterns")
struct PatternTests {
    @Test("ROUTER/DEALER: the router sees the dealer's routing id and can reply through it")
    func routerDealer() throws {
        let context = try makeContext()
        let (router, dealer) = try makePair(
            context, bind: .router, connect: .dealer,
            configureConnected: { try $0.setOption(.routingId, bytes("dealer-1")) }
        )
        defer { closeAll(router, dealer) }
        #expect(try dealer.getOption(.routingId) == bytes("dealer-1"))
        try dealer.send([bytes("ping"), bytes("x")])
        #expect(try router.receive() == [bytes("dealer-1"), bytes("ping"), bytes("x")])
        try router.send([bytes("dealer-1"), bytes("pong")])
        #expect(try dealer.receive() == [bytes("pong")])
    }

    @Test("ROUTER/REQ: requests carry the identity and empty delimiter envelope")
    func routerReq() throws {
        let context = try makeContext()
        let (router, req) = try makePair(context, bind: .router, connect: .req)
        defer { closeAll(router, req) }
        try req.send([bytes("hello")])
        let request = try #require(try router.receive())
        #expect(request.count == 3)
        #expect(request[1] == [])
        #expect(request[2] == bytes("hello"))
        try router.send([request[0], [], bytes("world")])
        #expect(try req.receive() == [bytes("world")])
    }

    @Test("REQ out of turn fails with EFSM")
    func reqStateMachine() throws {
        let context = try makeContext()
        let (rep, req) = try makePair(context, bind: .rep, connect: .req, tcp: false)
        defer { closeAll(rep, req) }
        #expect(try req.send([bytes("one")]))
        #expect(throws: ZMQError.invalidState) { try req.send([bytes("two")]) }
        #expect(try rep.receive() == [bytes("one")])
        #expect(throws: ZMQError.invalidState) { try rep.receive(dontWait: true) }
    }

    @Test("routerMandatory turns an unknown routing id into hostUnreachable")
    func routerMandatory() throws {
        let context = try makeContext()
        let router = try context.makeSocket(.router)
        defer { router.close() }
        try router.setOption(.routerMandatory, true)
        try router.bind("inproc://mandatory")
        #expect(throws: ZMQError.hostUnreachable) { try router.send([bytes("nobody"), bytes("x")]) }
    }

    @Test("PUB/SUB delivers only subscribed prefixes")
    func pubSubPrefixes() throws {
        let context = try makeContext()
        let (publisher, subscriber) = try makePair(
            context, bind: .pub, connect: .sub,
            configureConnected: { sub in
                try sub.subscribe("a.")
                try sub.subscribe(bytes("c"))
                try sub.subscribe("z")
                try sub.unsubscribe("z")
            }
        )
        defer { closeAll(publisher, subscriber) }
        // Subscriptions travel to the publisher asynchronously: republish until the first message comes through.
        var poller = ZMQPoller()
        let index = poller.add(subscriber)
        var first: [[UInt8]]?
        for _ in 0..<200 where first == nil {
            try publisher.send([bytes("a.ready")])
            if try poller.poll(timeoutMs: 20) > 0, poller.isReadable(index) {
                first = try subscriber.receive(dontWait: true)
            }
        }
        #expect(first == [bytes("a.ready")])

        try publisher.send([bytes("b.ignored")])
        try publisher.send([bytes("z.unsubscribed")])
        try publisher.send([bytes("a.1"), bytes("body")])
        try publisher.send([bytes("c2")])
        var received: [[[UInt8]]] = []
        while received.count < 2, let message = try subscriber.receive() {
            if message != [bytes("a.ready")] { received.append(message) }
        }
        #expect(received == [[bytes("a.1"), bytes("body")], [bytes("c2")]])
    }
}
