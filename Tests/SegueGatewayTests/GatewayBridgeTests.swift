import SegueClient
import SegueSystem
import SegueWire
import Synchronization
import Testing
import WebSockets

@testable import SegueGateway

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge's decisions over a transport in memory, turn by turn and at the time of a clock the test moves:
/// what a page is told, what the daemon is sent and on which connection, and when the bridge gives up.
@Suite("gateway bridge")
struct GatewayBridgeTests {
    /// A bridge over a `MemoryBridgeTransport`, with its pages' outboxes.
    final class Harness {
        let transport = MemoryBridgeTransport()
        let outboxes = PageOutboxes()
        let backlog = PageBacklog()
        let wakes = Wakes()
        var now = ContinuousClock.now
        private(set) var bridge: GatewayBridge<MemoryBridgeTransport>!
        static let hello = #"{"hello":{}}"#

        final class Wakes: Sendable {
            let count = Atomic(0)
        }

        init() throws {
            let wakes = self.wakes
            bridge = try GatewayBridge(
                transport: transport,
                endpoints: SegueEndpoints(
                    ingest: "tcp://127.0.0.1:1", control: "tcp://127.0.0.1:2", events: "tcp://127.0.0.1:3"),
                curve: nil, outboxes: outboxes, backlog: backlog, hello: Array(Self.hello.utf8),
                now: { [unowned self] in now },
                wakeWriter: { wakes.count.add(1, ordering: .relaxed) })
        }

        /// Opens page `number`, as the WebSocket thread does, and takes its hello.
        @discardableResult
        func open(_ number: UInt64) -> ConnectionID {
            let id = ConnectionID(rawValue: number)
            outboxes.open(id)
            bridge.post(.opened(id))
            bridge.turn()
            #expect(messages(of: id) == [Self.hello])
            return id
        }

        /// Posts what page `id` sent and turns the bridge once.
        func send(_ json: String, from id: ConnectionID) {
            bridge.post(.message(id, Array(json.utf8)))
            bridge.turn()
        }

        func close(_ id: ConnectionID) {
            outboxes.remove(id)
            bridge.post(.closed(id))
            bridge.turn()
        }

        /// Moves the clock and turns the bridge once.
        func advance(ms: Int) {
            now += .milliseconds(ms)
            bridge.turn()
        }

        /// Everything queued for page `id` since the last call; what it is told of the daemon's health only when
        /// asked for.
        func messages(of id: ConnectionID, health: Bool = false) -> [String] {
            var messages: [String] = []
            while let message = outboxes.next(for: id) { messages.append(String(decoding: message, as: UTF8.self)) }
            return health ? messages : messages.filter { !$0.hasPrefix(#"{"daemon":"#) }
        }

        /// Publishes the probe the bridge asked for last, as the daemon does, and turns the bridge.
        func publishProbe() {
            let token = transport.probeTokens.last!
            transport.publish(.probe(PublishProbe(token: token)), topic: Topic.probe.prefix(token))
            bridge.turn()
        }
    }

    static func event(_ stackId: String, position: UInt64) -> Publication {
        var event = Event()
        event.stackId = stackId
        event.position = position
        return .event(event)
    }

    @Test("a page is greeted with the hello as it opens, and only that page")
    func hello() throws {
        let harness = try Harness()
        let first = harness.open(1)
        harness.open(2)
        #expect(harness.messages(of: first).isEmpty)
        #expect(harness.wakes.count.load(ordering: .relaxed) == 2)
    }

    @Test("a watch subscribes, is answered once its probe comes back, and the stack's events reach the page")
    func watchGoesLive() throws {
        let harness = try Harness()
        let page = harness.open(1)
        harness.send(#"{"watch": {"stackId": "a"}, "ref": "w"}"#, from: page)
        let token = try #require(harness.transport.probeTokens.first)
        #expect(
            harness.transport.subscriptions.sorted() == ["er/a/", "ev/a/", "fr/a/", "pr/\(token)/"].sorted())
        #expect(harness.transport.requests.count == 1)
        #expect(harness.transport.requests[0].page == nil, "probes go on the gateway's own connection")
        #expect(harness.messages(of: page).isEmpty, "not watching until the probe is back")

        harness.publishProbe()
        #expect(
            harness.messages(of: page) == [#"{"watching":{"stackId":"a","frames":true,"all":false},"ref":"w"}"#])
        #expect(!harness.transport.subscriptions.contains("pr/\(token)/"))

        harness.transport.publish(Self.event("a", position: 7), topic: Topic.event.prefix("a"))
        harness.transport.publish(Self.event("b", position: 8), topic: Topic.event.prefix("b"))
        harness.bridge.turn()
        let delivered = harness.messages(of: page)
        #expect(delivered.count == 1)
        #expect(delivered.first?.hasPrefix(#"{"event":"#) == true)
        #expect(delivered.first?.contains(#""position":7,"#) == true, "\(delivered)")
    }

    @Test("unwatch ends the subscriptions nobody else needs, and the page hears no more of the stack")
    func unwatch() throws {
        let harness = try Harness()
        let watcher = harness.open(1)
        let other = harness.open(2)
        for page in [watcher, other] {
            harness.send(#"{"watch": {"stackId": "a", "frames": false}}"#, from: page)
            harness.publishProbe()
            _ = harness.messages(of: page)
        }
        harness.send(#"{"unwatch": {"stackId": "a", "frames": false}, "ref": "u"}"#, from: watcher)
        #expect(
            harness.messages(of: watcher) == [#"{"unwatched":{"stackId":"a","frames":false,"all":false},"ref":"u"}"#])
        #expect(harness.transport.subscriptions.sorted() == ["er/a/", "ev/a/"], "the other page still watches")
        harness.transport.publish(Self.event("a", position: 1), topic: Topic.event.prefix("a"))
        harness.bridge.turn()
        #expect(harness.messages(of: watcher).isEmpty)
        #expect(harness.messages(of: other).count == 1)

        harness.close(other)
        #expect(harness.transport.subscriptions.isEmpty)
    }

    @Test("a probe is asked for again every 50 ms until it arrives")
    func probeRetries() throws {
        let harness = try Harness()
        let page = harness.open(1)
        harness.send(#"{"watch": {"all": true}, "ref": "all"}"#, from: page)
        harness.advance(ms: 49)
        #expect(harness.transport.probeTokens.count == 1)
        harness.advance(ms: 1)
        harness.advance(ms: 50)
        let tokens = harness.transport.probeTokens
        #expect(tokens.count == 3)
        #expect(Set(tokens).count == 1, "the same probe, asked for again")
        harness.publishProbe()
        #expect(
            harness.messages(of: page) == [#"{"watching":{"stackId":"","frames":false,"all":true},"ref":"all"}"#])
        harness.advance(ms: 100)
        #expect(harness.transport.probeTokens.count == 3, "no more once it is live")
    }

    @Test("a daemon that does not answer: the watch and the request fail UNAVAILABLE after the timeout")
    func silentDaemon() throws {
        let harness = try Harness()
        let page = harness.open(1)
        harness.send(#"{"watch": {"stackId": "a"}, "ref": "w"}"#, from: page)
        harness.send(#"{"request": {"getStats": {}}, "ref": "r"}"#, from: page)
        harness.advance(ms: GatewayLimits.requestTimeoutMs - 1)
        #expect(harness.messages(of: page).isEmpty)
        harness.advance(ms: 1)
        harness.advance(ms: 1)
        let errors = harness.messages(of: page)
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.allSatisfy { $0.hasPrefix(#"{"error":{"code":"UNAVAILABLE""#) }, "\(errors)")
        #expect(errors.contains { $0.contains("did not go live") && $0.hasSuffix(#""ref":"w"}"#) }, "\(errors)")
        #expect(errors.contains { $0.contains("did not answer") && $0.hasSuffix(#""ref":"r"}"#) }, "\(errors)")
        #expect(harness.transport.subscriptions.sorted() == ["er/a/", "ev/a/", "fr/a/"], "the probe's topic is gone")

        // The answers that come after all are dropped.
        for request in harness.transport.requests { harness.transport.answer(request, with: .success(Reply())) }
        harness.publishProbe()
        harness.advance(ms: 1000)
        #expect(harness.messages(of: page).isEmpty)
    }

    @Test("each page's control requests go on its own connection, and each reply to the page that asked")
    func repliesToTheirPages() throws {
        let harness = try Harness()
        let first = harness.open(1)
        let second = harness.open(2)
        harness.send(#"{"request": {"getStats": {}}, "ref": "one"}"#, from: first)
        harness.send(#"{"request": {"listStacks": {}}, "ref": "two"}"#, from: second)
        harness.send(#"{"request": {"getStats": {}}, "ref": "three"}"#, from: first)
        let requests = harness.transport.requests
        #expect(requests.map(\.page) == [first, second, first])
        #expect(Set(requests.map(\.tag)).count == 3)
        #expect(harness.transport.controlsOpened == 2)

        for request in requests.reversed() {
            harness.transport.answer(request, with: .success(Reply(requestId: request.request.requestId)))
        }
        harness.bridge.turn()
        let toFirst = harness.messages(of: first)
        #expect(toFirst.count == 2)
        #expect(toFirst.allSatisfy { $0.hasPrefix(#"{"reply":"#) })
        #expect(toFirst.map { $0.hasSuffix(#""ref":"three"}"#) } == [true, false])
        #expect(toFirst.last?.hasSuffix(#""ref":"one"}"#) == true)
        #expect(harness.messages(of: second).map { $0.hasSuffix(#""ref":"two"}"#) } == [true])
    }

    @Test("a reply that does not decode is a MALFORMED error for the page that asked")
    func undecodableReply() throws {
        let harness = try Harness()
        let page = harness.open(1)
        harness.send(#"{"request": {"getStats": {}}, "ref": "r"}"#, from: page)
        harness.transport.answer(harness.transport.requests[0], with: .failure(.undecodableReply("garbage")))
        harness.bridge.turn()
        let messages = harness.messages(of: page)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix(#"{"error":{"code":"MALFORMED""#) == true, "\(messages)")
    }

    @Test("a page's control connection is made at its first request and closed with the page")
    func pageControlConnection() throws {
        let harness = try Harness()
        let page = harness.open(1)
        #expect(harness.transport.pageControls.isEmpty)
        harness.send(#"{"request": {"getStats": {}}, "ref": "r"}"#, from: page)
        #expect(harness.transport.pageControls == [page])
        let request = harness.transport.requests[0]
        harness.close(page)
        #expect(harness.transport.pageControls.isEmpty)
        harness.transport.answer(request, with: .success(Reply()))
        harness.advance(ms: GatewayLimits.requestTimeoutMs + 1)
        #expect(harness.messages(of: page).isEmpty, "nothing for a page that has gone")
    }

    @Test("past the pages with connections of their own, or when one cannot be made, the shared one is used")
    func sharedControlConnection() throws {
        let harness = try Harness()
        let pages = (1...UInt64(GatewayLimits.maxPageControlConnections + 1)).map { harness.open($0) }
        for page in pages { harness.send(#"{"request": {"getStats": {}}}"#, from: page) }
        #expect(harness.transport.pageControls.count == GatewayLimits.maxPageControlConnections)
        #expect(harness.transport.requests.last?.page == nil)

        harness.close(pages[0])
        harness.transport.opensControls = false
        let late = harness.open(1000)
        harness.send(#"{"request": {"getStats": {}}, "ref": "late"}"#, from: late)
        let request = try #require(harness.transport.requests.last)
        #expect(request.page == nil)
        harness.transport.answer(request, with: .success(Reply()))
        harness.bridge.turn()
        #expect(harness.messages(of: late).map { $0.hasSuffix(#""ref":"late"}"#) } == [true])
    }

    @Test("a control connection that refuses the request is UNAVAILABLE at once")
    func refusedRequest() throws {
        let harness = try Harness()
        let page = harness.open(1)
        harness.transport.takesRequests = false
        harness.send(#"{"request": {"getStats": {}}, "ref": "r"}"#, from: page)
        let messages = harness.messages(of: page)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("is not taking requests") == true, "\(messages)")
    }

    @Test("inputs go to ingest; one ingest does not take is UNAVAILABLE")
    func inputs() throws {
        let harness = try Harness()
        let page = harness.open(1)
        let pan = #"{"input": {"pan": {"stackId": "a", "phase": "PAN_BEGAN"}}, "ref": "p"}"#
        harness.send(pan, from: page)
        #expect(harness.transport.inputs.count == 1)
        let input = try Input(decoding: harness.transport.inputs[0])
        guard case .pan(let event) = input.body else {
            Issue.record("not a pan: \(input)")
            return
        }
        #expect(event.stackId == "a")
        #expect(harness.messages(of: page).isEmpty, "inputs are not answered")

        harness.transport.takesInputs = false
        harness.send(pan, from: page)
        let messages = harness.messages(of: page)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("ingest socket is not taking inputs") == true, "\(messages)")
    }

    @Test("a page's histories wait for the worker, two at most; the worker's answer goes to the page")
    func workerJobs() throws {
        let harness = try Harness()
        let page = harness.open(1)
        for ref in ["h1", "h2", "h3"] {
            harness.send(#"{"history": {"stackId": "a"}, "ref": "\#(ref)"}"#, from: page)
        }
        let refused = harness.messages(of: page)
        #expect(refused.count == 1)
        #expect(refused.first?.hasPrefix(#"{"error":{"code":"RESOURCE_EXHAUSTED""#) == true, "\(refused)")
        #expect(refused.first?.hasSuffix(#""ref":"h3"}"#) == true, "\(refused)")

        harness.bridge.post(.computed(page, .json(Array(#"{"history":{},"ref":"h1"}"#.utf8))))
        harness.bridge.turn()
        #expect(harness.messages(of: page) == [#"{"history":{},"ref":"h1"}"#])
        harness.send(#"{"history": {"stackId": "a"}, "ref": "h4"}"#, from: page)
        #expect(harness.messages(of: page).isEmpty, "a place was free again")

        // A page that closes takes its waiting job out; the answer to its running one finds no page.
        harness.close(page)
        harness.bridge.post(.computed(page, .json(Array(#"{"history":{},"ref":"h2"}"#.utf8))))
        harness.bridge.turn()
        let other = harness.open(2)
        harness.send(#"{"gatewayStats": {}}"#, from: other)
        let stats = harness.messages(of: other)
        #expect(stats.first?.contains(#""jobsWaiting":0,"workerBusy":false"#) == true, "\(stats)")
    }

    @Test("a recording's gestures are read on the worker; Base64 that is not is refused at once, with its ref")
    func recordingJobs() throws {
        let harness = try Harness()
        let page = harness.open(1)
        // "segue-record 1\n", no records.
        harness.send(#"{"recording": {"data": "c2VndWUtcmVjb3JkIDEK"}, "ref": "r1"}"#, from: page)
        #expect(harness.messages(of: page).isEmpty, "the worker answers")
        harness.send(#"{"gatewayStats": {}}"#, from: page)
        let stats = harness.messages(of: page)
        #expect(stats.first?.contains(#""jobsWaiting":0,"workerBusy":true"#) == true, "\(stats)")

        harness.send(#"{"recording": {"data": "c2VndWU*"}, "ref": "r2"}"#, from: page)
        let refused = harness.messages(of: page)
        #expect(
            refused.first?.hasPrefix(#"{"error":{"code":"MALFORMED","message":"recording.data: not Base64"#) == true)
        #expect(refused.first?.hasSuffix(#""ref":"r2"}"#) == true, "\(refused)")
    }

    @Test("a page paused for its backlog is read again once the bridge has handled all of it")
    func backlogResumes() throws {
        let harness = try Harness()
        let page = harness.open(1)
        let message = Array(#"{"gatewayStats": {}}"#.utf8)
        var paused = false
        for _ in 0..<GatewayLimits.maxBacklogMessages {
            paused = harness.backlog.received(page, bytes: message.count) || paused
            harness.bridge.post(.message(page, message))
        }
        #expect(paused)
        let wakes = harness.wakes.count.load(ordering: .relaxed)
        harness.bridge.turn()
        #expect(harness.backlog.takeDrained() == [page])
        #expect(harness.wakes.count.load(ordering: .relaxed) > wakes)
        #expect(harness.messages(of: page).count == GatewayLimits.maxBacklogMessages)
    }

    @Test func aTurnOffTheThreadInRunStopsTheProcess() async {
        let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let harness = try Harness()
            let bridge = harness.bridge!
            let runner = try JoinableThread(name: "bridge") { [bridge] in try? bridge.run() }
            // The page's hello means the thread is in run(): from then on only it may turn the bridge.
            let page = ConnectionID(rawValue: 1)
            harness.outboxes.open(page)
            bridge.post(.opened(page))
            while harness.outboxes.next(for: page) == nil { _ = sched_yield() }
            bridge.turn()
            bridge.stop()
            runner.join()
        }
        let said = String(decoding: exit?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.contains("GatewayBridge.turn() called off the thread in run()"), "\(said)")
    }
}

extension GatewayBridgeTests {
    @Test("while pages are open the bridge asks whether the daemon answers, and tells them when that changes")
    func daemonHealth() throws {
        let harness = try Harness()
        #expect(harness.transport.healthRequests.isEmpty, "no page, no question")
        let page = harness.open(1)
        let first = try #require(harness.transport.healthRequests.last)
        harness.transport.answer(first, with: .success(Reply()))
        harness.advance(ms: 1)
        #expect(harness.messages(of: page, health: true) == [#"{"daemon":{"answering":true}}"#])
        // Asked again 250 ms after the answer, and told nothing while the answers come.
        harness.advance(ms: 250)
        #expect(harness.transport.healthRequests.count == 2)
        harness.transport.answer(harness.transport.healthRequests[1], with: .success(Reply()))
        harness.advance(ms: 1)
        #expect(harness.messages(of: page, health: true).isEmpty)

        // Unanswered past 750 ms: not answering, with the reason; a page opened now hears it after its hello.
        harness.advance(ms: 250)
        #expect(harness.transport.healthRequests.count == 3)
        harness.advance(ms: 751)
        let down =
            #"{"daemon":{"answering":false,"reason":"the daemon at tcp://127.0.0.1:2 did not answer within 750 ms"}}"#
        #expect(harness.messages(of: page, health: true) == [down])
        #expect(harness.transport.askedWhoIsSilent == [harness.transport.healthRequests[2].tag])
        let later = ConnectionID(rawValue: 2)
        harness.outboxes.open(later)
        harness.bridge.post(.opened(later))
        harness.bridge.turn()
        #expect(harness.messages(of: later, health: true) == [Harness.hello, down])
        // Asked again after 1.5 s (the daemon may have read the question and died), then after 3, 6, 12 s and so
        // on up to a minute, so that a long outage queues little on the socket; the answer to any question still
        // out brings it back.
        harness.advance(ms: 750)
        #expect(harness.transport.healthRequests.count == 4)
        var asked: [Int] = []
        for second in 1...200 {
            harness.advance(ms: 1000)
            if harness.transport.healthRequests.count > 4 + asked.count { asked.append(second) }
        }
        #expect(asked == [3, 9, 21, 45, 93, 153], "\(asked)")
        #expect(harness.messages(of: page, health: true).isEmpty, "no news while it stays down")
        let outstanding = harness.transport.healthRequests.suffix(4)
        harness.transport.answer(outstanding.first!, with: .success(Reply()))
        harness.advance(ms: 1)
        #expect(harness.messages(of: page, health: true) == [#"{"daemon":{"answering":true}}"#])

        // A daemon that answers with a refusal (one that lost its shard, say) serves no page: not answering.
        harness.advance(ms: 250)
        let refusal = ErrorDetail(code: .unavailable, message: "this daemon no longer holds shard 0")
        harness.transport.answer(harness.transport.healthRequests.last!, with: .success(Reply(error: refusal)))
        harness.advance(ms: 1)
        #expect(
            harness.messages(of: page, health: true) == [
                #"{"daemon":{"answering":false,"reason":"the daemon refuses requests: UNAVAILABLE this daemon no longer holds shard 0"}}"#
            ])
        harness.advance(ms: 250)
        harness.transport.answer(harness.transport.healthRequests.last!, with: .success(Reply()))
        harness.advance(ms: 1)
        #expect(harness.messages(of: page, health: true) == [#"{"daemon":{"answering":true}}"#])

        // A control socket that takes nothing says so at once.
        harness.transport.takesRequests = false
        harness.advance(ms: 250)
        let refused = harness.messages(of: page, health: true)
        #expect(refused.count == 1 && refused[0].contains("control socket is not taking requests"), "\(refused)")
    }

    @Test("a page's scratch stack is deleted when the page goes away, and only the last one it named")
    func scratchStack() throws {
        let harness = try Harness()
        let page = harness.open(1)
        harness.send(#"{"scratch": {"stackId": "web-one"}, "ref": "s"}"#, from: page)
        harness.send(#"{"scratch": {"stackId": "web-two"}}"#, from: page)
        #expect(
            harness.messages(of: page) == [
                #"{"scratch":{"stackId":"web-one"},"ref":"s"}"#, #"{"scratch":{"stackId":"web-two"}}"#,
            ])
        harness.send(#"{"scratch": {"stackId": ""}, "ref": "bad"}"#, from: page)
        #expect(harness.messages(of: page).first?.contains("stackId is required") == true)
        // The page's create on its own connection, then the page goes: the delete follows the create on that
        // connection, which stays open until the delete is answered.
        harness.send(
            #"{"request": {"command": {"stackId": "web-two", "create": {"screens": ["Home"]}}}, "ref": "c"}"#,
            from: page)
        harness.close(page)
        #expect(harness.transport.inputs.isEmpty)
        let sent = harness.transport.requests.map { ($0.request.body, $0.page) }
        #expect(sent.count == 2, "\(sent)")
        guard sent.count == 2, case .command(let create) = sent[0].0, case .command(let delete) = sent[1].0 else {
            return
        }
        #expect(create.stackId == "web-two" && delete == Command(stackId: "web-two", op: .delete(DeleteStack())))
        #expect(sent[0].1 == page && sent[1].1 == page)
        #expect(harness.transport.pageControls == [page], "kept open for the delete")
        harness.transport.answer(harness.transport.requests[1], with: .success(Reply()))
        harness.advance(ms: 1)
        #expect(harness.transport.pageControls.isEmpty)
    }

    @Test("a page asks for batches with on true or false; anything else is MALFORMED, and batching stays as it was")
    func batching() throws {
        let harness = try Harness()
        let page = harness.open(1)
        harness.send(#"{"batching": {"on": true}, "ref": "b"}"#, from: page)
        #expect(harness.messages(of: page) == [#"{"batching":{"on":true},"ref":"b"}"#])
        for refused in [
            #"{"batching": {}}"#, #"{"batching": {"on": 1}}"#, #"{"batching": {"on": true, "size": 9}}"#,
            #"{"batching": true}"#,
        ] {
            harness.send(refused, from: page)
            harness.send(#"{"scratch": {"stackId": "s"}}"#, from: page)
            let answer = harness.messages(of: page)
            #expect(answer.count == 1, "\(refused): \(answer)")
            #expect(answer.first?.hasPrefix(#"{"batch":[{"error":{"code":"MALFORMED","message":"batching"#) == true)
        }
        harness.send(#"{"batching": {"on": false}}"#, from: page)
        harness.send(#"{"scratch": {"stackId": "s"}}"#, from: page)
        #expect(harness.messages(of: page) == [#"{"batching":{"on":false}}"#, #"{"scratch":{"stackId":"s"}}"#])
        harness.send(#"{"gatewayStats": {}}"#, from: page)
        #expect(harness.messages(of: page).first?.contains(#""batchesWritten":4"#) == true)
    }
}
