import SegueClient
import SegueCore
import SegueJSON
import SegueSystem
import SegueWire
import Synchronization
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// The gateway's ZeroMQ side, on a thread of its own: it turns pages' messages into inputs and requests for the
/// daemon, subscribes to what the pages watch (and nothing more), and fills each page's outbox with the JSON of
/// what arrives. The WebSocket thread hands it pages' messages through `inbox`; histories and comparisons go to
/// the worker, whose answers come back the same way.
///
/// A state machine over a `BridgeTransport`: each `turn()` handles what was posted, what the daemon published and
/// replied, and the requests and probes whose time has come, at the time its clock says. `run()` turns it
/// whenever the transport or the inbox has something; tests turn it by hand over queues in memory.
final class GatewayBridge<Transport: BridgeTransport>: @unchecked Sendable {
    private let inbox: Mailbox<BridgeNotice>
    private let worker: GatewayWorker
    private let stopped = Atomic<Bool>(false)
    private let outboxes: PageOutboxes
    private let backlog: PageBacklog
    /// Wakes the WebSocket thread to write what the bridge queued.
    private let wakeWriter: @Sendable () -> Void
    private let endpoints: SegueEndpoints
    private let hello: [UInt8]
    /// The time by which requests time out and probes are asked for again.
    private let clock: () -> ContinuousClock.Instant
    /// The thread in `run()`, once there: from then on only it turns the bridge, and `turn()` checks so.
    private let servingThread = Atomic<UInt>(0)

    // Bridge thread only, from here on (the thread in `run()`, or the caller of `turn()` when nothing runs it).
    private let transport: Transport
    /// Pages with a control connection of their own (`BridgeTransport.openControl(for:)`).
    private var pageControls: Set<ConnectionID> = []
    /// The pages open now, which hear whether the daemon answers.
    private var pages: Set<ConnectionID> = []
    /// Each page's own stack, deleted when the page goes away.
    private var scratchStacks: [ConnectionID: String] = [:]
    /// Control connections of pages gone, kept open until the delete of the page's stack sent on them (after the
    /// page's own requests) is answered, by the delete's tag, with when it was sent.
    private var closingControls: [UInt64: (page: ConnectionID, sentAt: ContinuousClock.Instant)] = [:]
    private var health = DaemonHealth()
    private var subscriptions = SubscriptionTable()
    private var pending: [UInt64: PendingRequest] = [:]
    private var lastTag: UInt64 = 0
    private var probes: [String: ProbeWait] = [:]
    /// Jobs each page has queued or running on the worker.
    private var computing: [ConnectionID: Int] = [:]
    /// Jobs not yet given to the worker, which takes one at a time, from each page in turn: a page that closes
    /// takes its own out.
    private var waitingJobs = RoundRobinQueue<GatewayWorker.Job>()
    private var workerBusy = false
    private var queuedSomething = false

    /// A control request the bridge is waiting on, by the tag it sent in front of it.
    private enum PendingRequest {
        case page(ConnectionID, ref: String, sentAt: ContinuousClock.Instant)
        case probe(token: String, sentAt: ContinuousClock.Instant)

        var sentAt: ContinuousClock.Instant {
            switch self {
            case .page(_, _, let sent), .probe(_, let sent): sent
            }
        }
    }

    /// Watches waiting for their subscriptions to go live (a probe through the daemon).
    private struct ProbeWait {
        var watchers: [(ConnectionID, PageMessage.Watch, ref: String)]
        var attempt: ProbeAttempt
    }

    /// - Parameters:
    ///   - endpoints: the daemon's, for the worker's connection and for what errors name.
    ///   - route: in front of a cluster, where the worker reads each stack's history.
    ///   - now: the bridge's clock, for its timeouts and the probes' retries.
    init(
        transport: Transport, endpoints: SegueEndpoints, route: ClusterRoute? = nil, curve: CurveClientKeys?,
        outboxes: PageOutboxes,
        backlog: PageBacklog, hello: [UInt8], now: @escaping () -> ContinuousClock.Instant = { .now },
        wakeWriter: @escaping @Sendable () -> Void
    ) throws(GatewayError) {
        self.transport = transport
        self.endpoints = endpoints
        self.outboxes = outboxes
        self.backlog = backlog
        self.hello = hello
        clock = now
        self.wakeWriter = wakeWriter
        let inbox: Mailbox<BridgeNotice>
        do throws(SystemError) {
            inbox = try Mailbox()
        } catch {
            throw .system(error)
        }
        self.inbox = inbox
        worker = try GatewayWorker(endpoints: endpoints, route: route, curve: curve) { id, answer in
            inbox.post(.computed(id, answer))
        }
    }

    /// Hands the bridge a notice; any thread.
    func post(_ notice: BridgeNotice) {
        inbox.post(notice)
    }

    /// Makes `run()` return; any thread.
    func stop() {
        stopped.store(true, ordering: .releasing)
        worker.stop()
        inbox.wake()
    }

    /// Runs until `stop()`, with the worker on a thread of its own.
    /// - Throws: `GatewayError` when the worker's thread cannot be started.
    func run() throws(GatewayError) {
        let worker = self.worker
        let workerFailure: JoinableThread<GatewayError?>
        do {
            workerFailure = try JoinableThread(name: "gateway worker") {
                do throws(GatewayError) {
                    try worker.run()
                    return nil
                } catch {
                    return error
                }
            }
        } catch {
            throw .threadStart(error)
        }
        defer {
            worker.stop()
            _ = workerFailure.join()
            transport.close()
        }
        servingThread.store(UInt(pthread_self()), ordering: .relaxed)
        while !stopped.load(ordering: .acquiring) {
            transport.wait(timeoutMs: 50, orUntilReadable: inbox.fileDescriptor)
            turn()
        }
    }

    /// Handles what was posted, then what the daemon published and replied, then times out requests and asks
    /// again for probes; wakes the WebSocket thread when something was queued for a page.
    func turn() {
        let serving = servingThread.load(ordering: .relaxed)
        precondition(
            serving == 0 || pthread_equal(pthread_t(serving), pthread_self()) != 0,
            "GatewayBridge.turn() called off the thread in run()")
        for notice in inbox.take() {
            handle(notice)
        }
        drainPublications()
        for reply in transport.takeReplies() {
            handle(reply)
        }
        checkPending()
        if queuedSomething {
            queuedSomething = false
            wakeWriter()
        }
    }

    // MARK: pages

    private func handle(_ notice: BridgeNotice) {
        switch notice {
        case .opened(let id):
            send(hello, to: id)
            pages.insert(id)
            if health.answering != nil { send(healthMessage, to: id) }
        case .closed(let id):
            pages.remove(id)
            // What was found while pages were open goes stale once none is.
            if pages.isEmpty { health = DaemonHealth() }
            let ownControl = pageControls.remove(id) != nil
            var controlWaits = false
            if let stackId = scratchStacks.removeValue(forKey: id) {
                // On the connection the page's requests took, behind them: its create, still on its way, is
                // deleted rather than left behind. A stack deleted already, or by someone else, is a refusal
                // nobody reads.
                lastTag += 1
                let delete = Request(body: .command(Command(stackId: stackId, op: .delete(DeleteStack()))))
                if transport.sendRequest(delete.encoded(), tag: lastTag, from: ownControl ? id : nil), ownControl {
                    closingControls[lastTag] = (id, clock())
                    controlWaits = true
                }
            }
            for prefix in subscriptions.removeAll(of: id) { transport.unsubscribe(prefix) }
            if ownControl && !controlWaits { transport.closeControl(of: id) }
            pending = pending.filter { _, waiting in
                if case .page(id, _, _) = waiting { return false }
                return true
            }
            computing[id] = nil
            waitingJobs.removeAll(of: id)
        case .computed(let id, let answer):
            workerBusy = false
            startNextJob()
            guard let count = computing[id] else { return }  // the page has gone
            computing[id] = count > 1 ? count - 1 : nil
            switch answer {
            case .json(let json): send(json, to: id)
            case .read(let result): handle(result, from: id)
            }
        case .message(let id, let bytes):
            // The WebSocket thread reads a paused page again once the bridge has handled all it had sent.
            defer { if backlog.handled(id, bytes: bytes.count) { wakeWriter() } }
            if bytes.count > GatewayLimits.maxBridgeReadBytes {
                compute(.read(id, bytes), ref: "", for: id)  // its ref is not known until it is read
                return
            }
            do throws(PageMessageError) {
                handle(.success(try PageMessage.parse(bytes)), from: id)
            } catch {
                handle(.failure(error), from: id)
            }
        }
    }

    private func handle(_ read: Result<(PageMessage, ref: String), PageMessageError>, from id: ConnectionID) {
        switch read {
        case .success(let (message, ref)): handle(message, ref: ref, from: id)
        case .failure(let error):
            // Errors quote what was wrong, which may be most of a megabyte.
            var message = error.error.description
            if message.utf8.count > 1024 { message = String(message.prefix(1000)) + "… (cut)" }
            sendError(ErrorDetail(code: .malformed, message: message), ref: error.ref, to: id)
        }
    }

    private func handle(_ message: PageMessage, ref: String, from id: ConnectionID) {
        switch message {
        case .input(let input):
            let encoded = input.encoded()
            if let tooLarge = Self.overTheDaemonsLimit(encoded) { return sendError(tooLarge, ref: ref, to: id) }
            if !transport.sendInput(encoded) {
                sendError(
                    ErrorDetail(
                        code: .unavailable,
                        message: "the daemon's ingest socket is not taking "
                            + "inputs (is segued running at \(endpoints.ingest)?)"), ref: ref, to: id)
            }
        case .request(let request):
            sendRequest(request, as: .page(id, ref: ref, sentAt: clock()))
        case .watch(let watch):
            watchStack(watch, ref: ref, from: id)
        case .unwatch(let watch):
            for prefix in subscriptions.remove(watch, of: id) { transport.unsubscribe(prefix) }
            send(Self.object("unwatched", watch.jsonObject, ref: ref), to: id)
        case .history(let stackId):
            compute(.history(id, ref: ref, stackId: stackId), ref: ref, for: id)
        case .compare(let comparison):
            compute(.compare(id, ref: ref, comparison), ref: ref, for: id)
        case .recording(let recording):
            compute(.recording(id, ref: ref, recording), ref: ref, for: id)
        case .scratch(let stackId):
            scratchStacks[id] = stackId
            var scratch = JSONObject()
            scratch.add("stackId", stackId)
            send(Self.object("scratch", scratch, ref: ref), to: id)
        case .batching(let on):
            outboxes.setBatching(on, for: id)
            var batching = JSONObject()
            batching.add("on", on)
            send(Self.object("batching", batching, ref: ref), to: id)
        case .gatewayStats:
            let counters = outboxes.counters
            var stats = JSONObject()
            stats.addRaw("connections", String(counters.connections))
            stats.addRaw("framesWritten", String(counters.framesWritten))
            stats.addRaw("framesConflated", String(counters.framesConflated))
            stats.addRaw("messagesWritten", String(counters.messagesWritten))
            stats.addRaw("batchesWritten", String(counters.batchesWritten))
            stats.addRaw("subscriptions", String(subscriptions.prefixCount))
            stats.addRaw("jobsWaiting", String(waitingJobs.count))
            stats.add("workerBusy", workerBusy)
            stats.addRaw("readsPaused", String(backlog.pauses))
            send(Self.object("gatewayStats", stats, ref: ref), to: id)
        }
    }

    private func compute(_ job: GatewayWorker.Job, ref: String, for id: ConnectionID) {
        let count = computing[id, default: 0]
        guard waitingJobs.count < GatewayLimits.maxWaitingJobs else {
            sendError(
                ErrorDetail(
                    code: .resourceExhausted,
                    message: "the gateway has \(waitingJobs.count) large "
                        + "messages, histories and comparisons waiting; try again in a moment"), ref: ref, to: id)
            return
        }
        guard count < GatewayLimits.maxComputationsPerPage else {
            var refused = ""
            if case .read(_, let bytes) = job { refused = "a message of \(bytes.count) bytes was not read: " }
            sendError(
                ErrorDetail(
                    code: .resourceExhausted,
                    message: refused + "a page may have at most "
                        + "\(GatewayLimits.maxComputationsPerPage) large messages, histories or comparisons waiting; wait "
                        + "for an answer first"), ref: ref, to: id)
            return
        }
        computing[id] = count + 1
        waitingJobs.append(job, for: id)
        startNextJob()
    }

    private func startNextJob() {
        guard !workerBusy, let job = waitingJobs.next() else { return }
        workerBusy = true
        worker.submit(job)
    }

    /// The refusal of an input or request libzmq would drop the gateway's connection for.
    private static func overTheDaemonsLimit(_ encoded: [UInt8]) -> ErrorDetail? {
        guard encoded.count > GatewayLimits.maxForwardedBytes else { return nil }
        return ErrorDetail(
            code: .resourceExhausted,
            message: "the message is \(encoded.count) bytes as protobuf; the daemon takes at most "
                + "\(GatewayLimits.maxForwardedBytes)")
    }

    private func watchStack(_ watch: PageMessage.Watch, ref: String, from id: ConnectionID) {
        guard subscriptions.watchCount(of: id) < GatewayLimits.maxWatches || subscriptions.contains(watch, of: id)
        else {
            sendError(
                ErrorDetail(
                    code: .resourceExhausted,
                    message: "a page may watch at most "
                        + "\(GatewayLimits.maxWatches) stacks at once; unwatch one first"), ref: ref, to: id)
            return
        }
        for prefix in subscriptions.remove(watch, of: id) { transport.unsubscribe(prefix) }
        let added = subscriptions.add(watch, of: id)
        guard !added.isEmpty else {
            send(Self.object("watching", watch.jsonObject, ref: ref), to: id)
            return
        }
        for prefix in added { transport.subscribe(prefix) }
        // The new subscriptions are live once a probe published after them comes back (docs/protocol.md); the
        // daemon is asked for it at the end of this turn (`checkPending()`).
        lastTag += 1
        let attempt = ProbeAttempt(token: "web-\(lastTag)", timeoutMs: GatewayLimits.requestTimeoutMs, now: clock())
        transport.subscribe(attempt.topic)
        probes[attempt.token] = ProbeWait(watchers: [(id, watch, ref)], attempt: attempt)
    }

    private func sendProbe(_ token: String) {
        sendRequest(
            Request(body: .publishProbe(PublishProbe(token: token))), as: .probe(token: token, sentAt: clock()))
    }

    // MARK: daemon

    private func sendRequest(_ request: Request, as waiting: PendingRequest) {
        let encoded = request.encoded()
        if let tooLarge = Self.overTheDaemonsLimit(encoded) { return fail(waiting, tooLarge) }
        lastTag += 1
        var page: ConnectionID? = nil
        if case .page(let id, _, _) = waiting { page = controlConnection(of: id) }
        guard transport.sendRequest(encoded, tag: lastTag, from: page) else {
            fail(
                waiting,
                ErrorDetail(
                    code: .unavailable,
                    message: "the daemon's control socket is not taking "
                        + "requests (is segued running at \(endpoints.control)?)"))
            return
        }
        pending[lastTag] = waiting
    }

    /// `id` when the page has a control connection of its own, made now if it has none; nil (the gateway's shared
    /// one) past `GatewayLimits.maxPageControlConnections`, or when it cannot be made.
    private func controlConnection(of id: ConnectionID) -> ConnectionID? {
        if pageControls.contains(id) { return id }
        guard pageControls.count < GatewayLimits.maxPageControlConnections, transport.openControl(for: id) else {
            return nil
        }
        pageControls.insert(id)
        return id
    }

    private func handle(_ answer: TaggedReply) {
        if let closing = closingControls.removeValue(forKey: answer.tag) {
            transport.closeControl(of: closing.page)
            return
        }
        if health.asked(answer.tag) {
            let changed: Bool
            switch answer.reply {
            // A daemon that refuses even to list its stacks (one that lost its shard, say) serves no page.
            case .success(let reply) where reply.error != nil:
                let refusal = reply.error ?? ErrorDetail()
                changed = health.failed("the daemon refuses requests: \(refusal.code) \(refusal.message)", at: clock())
            case .success: changed = health.answered(tag: answer.tag, at: clock())
            case .failure(let error):
                changed = health.failed("the daemon's reply does not decode: \(error)", at: clock())
            }
            if changed { tellPagesOfHealth() }
            return
        }
        guard let waiting = pending.removeValue(forKey: answer.tag) else { return }
        let reply: Reply
        switch answer.reply {
        case .success(let decoded): reply = decoded
        case .failure(let error):
            return fail(waiting, ErrorDetail(code: .malformed, message: "the daemon's reply does not decode: \(error)"))
        }
        switch waiting {
        case .page(let id, let ref, _):
            send(Self.object("reply", reply.jsonObject, ref: ref), to: id)
        case .probe:
            break  // the probe itself arrives on the events socket
        }
    }

    private func drainPublications() {
        var count = 0
        // A bounded batch per turn, so pages' messages and replies are not starved by a busy daemon.
        while count < 10_000, let publication = transport.nextPublication() {
            count += 1
            switch publication {
            case .probe(let probe):
                probeArrived(probe.token)
            case .frame(let frame):
                let watchers = subscriptions.frameWatchers(of: frame.stackId)
                guard !watchers.isEmpty else { continue }
                // Written once, its bytes shared by every page watching the stack.
                let json = publication.jsonBytes
                for id in watchers { outboxes.appendFrame(json, stackId: frame.stackId, to: id) }
                queuedSomething = true
            case .event, .rejection:
                let watchers = subscriptions.eventWatchers(of: publication.stackId ?? "")
                guard !watchers.isEmpty else { continue }
                let json = publication.jsonBytes
                for id in watchers { outboxes.append(json, to: id) }
                queuedSomething = true
            case .undecodable:
                continue
            }
        }
    }

    private func probeArrived(_ token: String) {
        guard let wait = probes.removeValue(forKey: token) else { return }
        transport.unsubscribe(wait.attempt.topic)
        for (id, watch, ref) in wait.watchers {
            send(Self.object("watching", watch.jsonObject, ref: ref), to: id)
        }
    }

    /// Times out requests the daemon did not answer, and asks for probes, again every
    /// `ProbeAttempt.retryInterval` until they arrive.
    private func checkPending() {
        let now = clock()
        checkHealth(at: now)
        let timeout = Duration.milliseconds(GatewayLimits.requestTimeoutMs)
        for (tag, closing) in closingControls where now - closing.sentAt > timeout {
            closingControls[tag] = nil
            transport.closeControl(of: closing.page)
        }
        for (tag, waiting) in pending where now - waiting.sentAt > timeout {
            pending[tag] = nil
            fail(
                waiting,
                ErrorDetail(
                    code: .unavailable,
                    message: "the daemon at \(endpoints.control) did not "
                        + "answer within \(GatewayLimits.requestTimeoutMs) ms"))
        }
        for (token, wait) in probes {
            if wait.attempt.hasExpired(at: now) {
                probes[token] = nil
                transport.unsubscribe(wait.attempt.topic)
                for (id, _, ref) in wait.watchers {
                    sendError(
                        ErrorDetail(
                            code: .unavailable,
                            message: "the subscription did not go live within "
                                + "\(GatewayLimits.requestTimeoutMs) ms (is segued running at \(endpoints.events)?)"),
                        ref: ref, to: id)
                }
            } else if probes[token]!.attempt.shouldAsk(at: now) {
                sendProbe(token)
            }
        }
    }

    private func fail(_ waiting: PendingRequest, _ error: ErrorDetail) {
        switch waiting {
        case .page(let id, let ref, _): sendError(error, ref: ref, to: id)
        case .probe: break  // the probe's own timeout reports it
        }
    }

    // MARK: whether the daemon answers

    /// Asks the daemon whether it answers while pages are open, and tells them when the verdict changes.
    private func checkHealth(at now: ContinuousClock.Instant) {
        guard !pages.isEmpty else { return }
        if health.check(at: now, who: transport.unanswered) { tellPagesOfHealth() }
        guard health.shouldAsk(at: now) else { return }
        // A one-id page of the stack list: answered by every daemon (and every shard of a cluster) at once.
        let request = Request(body: .listStacks(ListStacks(after: "", maxCount: 1))).encoded()
        lastTag += 1
        guard transport.sendRequest(request, tag: lastTag, from: nil) else {
            let why = "the daemon's control socket is not taking requests (is segued running at \(endpoints.control)?)"
            if health.failed(why, at: now) { tellPagesOfHealth() }
            return
        }
        health.didAsk(tag: lastTag, at: now)
    }

    private func tellPagesOfHealth() {
        let message = healthMessage
        for id in pages { send(message, to: id) }
    }

    /// `{"daemon": {"answering": true}}`, or false with the reason.
    private var healthMessage: [UInt8] {
        var daemon = JSONObject()
        daemon.add("answering", health.answering ?? false)
        if health.answering == false { daemon.add("reason", health.reason) }
        var message = JSONObject()
        message.add("daemon", daemon)
        return Array(message.description.utf8)
    }

    // MARK: output

    private func send(_ message: [UInt8], to id: ConnectionID) {
        outboxes.append(message, to: id)
        queuedSomething = true
    }

    private func sendError(_ error: ErrorDetail, ref: String, to id: ConnectionID) {
        send(Self.object("error", error.jsonObject, ref: ref), to: id)
    }

    /// `{"<name>": object, "ref": ref}` as bytes.
    private static func object(_ name: String, _ object: JSONObject, ref: String) -> [UInt8] {
        var message = JSONObject()
        message.add(name, object)
        message.addRef(ref)
        return Array(message.description.utf8)
    }
}

extension PageMessage.Watch {
    /// `{"stackId": "x", "frames": true, "all": false}` or `{"stackId": "", "frames": false, "all": true}`.
    var jsonObject: JSONObject {
        var object = JSONObject()
        object.add("stackId", stackId)
        object.add("frames", frames)
        object.add("all", all)
        return object
    }
}
