import SegueClient
import SegueCommandLine
import SegueCore
import SegueJSON
import SegueSystem
import SegueWire
import Synchronization
import WebSockets
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// The gateway's ZeroMQ side, on a thread of its own: it turns pages' messages into inputs and requests for the
/// daemon, subscribes to what the pages watch (and nothing more), and fills each page's outbox with the JSON of
/// what arrives. The WebSocket thread hands it pages' messages through `inbox`; histories and comparisons go to
/// the worker, whose answers come back the same way.
final class GatewayBridge: @unchecked Sendable {
    /// What the WebSocket thread and the worker tell the bridge.
    enum Notice: Sendable {
        case opened(ConnectionID)
        case message(ConnectionID, [UInt8])
        case closed(ConnectionID)
        /// The worker's answer to a page's large message, history or comparison.
        case computed(ConnectionID, GatewayWorker.Answer)
    }

    private let inbox: Mailbox<Notice>
    private let worker: GatewayWorker
    private let stopped = Atomic<Bool>(false)
    private let outboxes: PageOutboxes
    private let backlog: PageBacklog
    /// Wakes the WebSocket thread to write what the bridge queued.
    private let wakeWriter: @Sendable () -> Void
    private let endpoints: SegueEndpoints
    private let curve: CurveClientKeys?
    private let hello: [UInt8]

    // Bridge thread only, from here on.
    private var subscriber: ZMQSocket?
    /// The gateway's own control connection: probes, and the requests of pages past
    /// `GatewayLimits.maxPageControlConnections`.
    private var control: ZMQSocket?
    private var context: ZMQContext?
    /// Each page's own control connection, made at its first request and closed when it closes: the daemon's
    /// per-client quotas (8 history reads waiting, its reply queue) then hold per page, so one page's flood
    /// cannot make another page's requests fail.
    private var pageControls: [ConnectionID: ZMQSocket] = [:]
    /// The page sockets changed since the poller was made.
    private var pollerStale = true
    private var ingest: ZMQSocket?
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
        case page(ConnectionID, ref: String, sentNs: UInt64)
        case probe(token: String, sentNs: UInt64)

        var sentNs: UInt64 {
            switch self {
            case .page(_, _, let sent), .probe(_, let sent): sent
            }
        }
    }

    /// Watches waiting for their subscriptions to go live (a probe through the daemon).
    private struct ProbeWait {
        var watchers: [(ConnectionID, PageMessage.Watch, ref: String)]
        var lastSentNs: UInt64
        let firstSentNs: UInt64
    }

    init(
        endpoints: SegueEndpoints, curve: CurveClientKeys?, outboxes: PageOutboxes, backlog: PageBacklog,
        hello: [UInt8], wakeWriter: @escaping @Sendable () -> Void
    ) throws(GatewayError) {
        self.endpoints = endpoints
        self.curve = curve
        self.outboxes = outboxes
        self.backlog = backlog
        self.hello = hello
        self.wakeWriter = wakeWriter
        let inbox: Mailbox<Notice>
        do {
            inbox = try Mailbox()
        } catch {
            throw GatewayError("\(error)")
        }
        self.inbox = inbox
        worker = try GatewayWorker(endpoints: endpoints, curve: curve) { id, answer in
            inbox.post(.computed(id, answer))
        }
    }

    /// Hands the bridge a notice; any thread.
    func post(_ notice: Notice) {
        inbox.post(notice)
    }

    /// Makes `run()` return; any thread.
    func stop() {
        stopped.store(true, ordering: .releasing)
        worker.stop()
        inbox.wake()
    }

    /// Runs until `stop()`, with the worker on a thread of its own.
    /// - Throws: `GatewayError` when the sockets or the worker's thread cannot be made.
    func run() throws(GatewayError) {
        var poller = ZMQPoller()
        var opened: [ZMQSocket] = []
        // Whatever way run() ends, a failed setup included, the sockets made so far are closed.
        defer { for socket in opened { socket.close(linger: 0) } }
        defer { for socket in pageControls.values { socket.close(linger: 0) } }
        let sockets: (sub: ZMQSocket, dealer: ZMQSocket, push: ZMQSocket)
        do throws(ZMQError) {
            let context = try ZMQContext()
            self.context = context
            opened.append(try connectedSocket(.sub, to: endpoints.events, in: context))
            opened.append(try connectedSocket(.dealer, to: endpoints.control, in: context))
            // A daemon that stops reading pans must not make the gateway queue without end.
            opened.append(
                try connectedSocket(.push, to: endpoints.ingest, in: context) { (socket) throws(ZMQError) in
                    try socket.setOption(.sendHighWaterMark, 10_000)
                })
            sockets = (opened[0], opened[1], opened[2])
        } catch {
            throw GatewayError("cannot connect to the daemon: \(error)")
        }
        subscriber = sockets.sub
        control = sockets.dealer
        ingest = sockets.push
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
            throw GatewayError(error.description)
        }
        defer {
            worker.stop()
            _ = workerFailure.join()
        }
        // Made again whenever a page's control connection opens or closes: the sockets, the mailbox, then one
        // control connection per page that has one.
        var pageIndices: [(index: Int, socket: ZMQSocket)] = []
        while !stopped.load(ordering: .acquiring) {
            if pollerStale {
                poller = ZMQPoller()
                _ = poller.add(sockets.sub)
                _ = poller.add(sockets.dealer)
                _ = poller.add(fileDescriptor: inbox.fileDescriptor)
                pageIndices = pageControls.values.map { (poller.add($0), $0) }
                pollerStale = false
            }
            _ = try? poller.poll(timeoutMs: 50)
            let readable = pageIndices.filter { poller.isReadable($0.index) }.map(\.socket)
            for notice in inbox.take() {
                handle(notice)
            }
            if poller.isReadable(0) { drainPublications() }
            if poller.isReadable(1) { drainReplies(from: sockets.dealer) }
            // A socket of a page that closed meanwhile is gone from pageControls, and closed.
            for socket in readable where pageControls.values.contains(where: { $0 === socket }) {
                drainReplies(from: socket)
            }
            checkPending()
            if queuedSomething {
                queuedSomething = false
                wakeWriter()
            }
        }
    }

    // MARK: pages

    private func handle(_ notice: Notice) {
        switch notice {
        case .opened(let id):
            send(hello, to: id)
        case .closed(let id):
            for prefix in subscriptions.removeAll(of: id) { try? subscriber?.unsubscribe(prefix) }
            if let socket = pageControls.removeValue(forKey: id) {
                socket.close(linger: 0)
                pollerStale = true
            }
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
            let sent = (try? ingest?.send([encoded], dontWait: true)) ?? false
            if !sent {
                sendError(
                    ErrorDetail(
                        code: .unavailable,
                        message: "the daemon's ingest socket is not taking "
                            + "inputs (is segued running at \(endpoints.ingest)?)"), ref: ref, to: id)
            }
        case .request(let request):
            sendRequest(request, as: .page(id, ref: ref, sentNs: Self.nowNs()))
        case .watch(let watch):
            watchStack(watch, ref: ref, from: id)
        case .unwatch(let watch):
            for prefix in subscriptions.remove(watch, of: id) { try? subscriber?.unsubscribe(prefix) }
            send(Self.object("unwatched", watch.jsonObject, ref: ref), to: id)
        case .history(let stackId):
            compute(.history(id, ref: ref, stackId: stackId), ref: ref, for: id)
        case .compare(let comparison):
            compute(.compare(id, ref: ref, comparison), ref: ref, for: id)
        case .gatewayStats:
            let counters = outboxes.counters
            var stats = JSONObject()
            stats.addRaw("connections", String(counters.connections))
            stats.addRaw("framesWritten", String(counters.framesWritten))
            stats.addRaw("framesConflated", String(counters.framesConflated))
            stats.addRaw("messagesWritten", String(counters.messagesWritten))
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
        for prefix in subscriptions.remove(watch, of: id) { try? subscriber?.unsubscribe(prefix) }
        let added = subscriptions.add(watch, of: id)
        guard !added.isEmpty else {
            send(Self.object("watching", watch.jsonObject, ref: ref), to: id)
            return
        }
        for prefix in added { try? subscriber?.subscribe(prefix) }
        // The new subscriptions are live once a probe published after them comes back (docs/protocol.md).
        lastTag += 1
        let token = "web-\(lastTag)"
        try? subscriber?.subscribe("pr/\(token)/")
        let now = Self.nowNs()
        probes[token] = ProbeWait(watchers: [(id, watch, ref)], lastSentNs: now, firstSentNs: now)
        sendProbe(token)
    }

    private func sendProbe(_ token: String) {
        sendRequest(
            Request(body: .publishProbe(PublishProbe(token: token))),
            as: .probe(token: token, sentNs: Self.nowNs()))
    }

    // MARK: daemon

    private func sendRequest(_ request: Request, as waiting: PendingRequest) {
        let encoded = request.encoded()
        if let tooLarge = Self.overTheDaemonsLimit(encoded) { return fail(waiting, tooLarge) }
        lastTag += 1
        var tag = [UInt8](repeating: 0, count: 8)
        withUnsafeBytes(of: lastTag.bigEndian) { tag = Array($0) }
        let socket: ZMQSocket?
        if case .page(let id, _, _) = waiting { socket = controlConnection(of: id) } else { socket = control }
        let sent = (try? socket?.send([tag, encoded], dontWait: true)) ?? false
        guard sent else {
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

    /// The page's own control connection, made now if it has none; the gateway's shared one past
    /// `GatewayLimits.maxPageControlConnections`, or if it cannot be made.
    private func controlConnection(of id: ConnectionID) -> ZMQSocket? {
        if let socket = pageControls[id] { return socket }
        guard pageControls.count < GatewayLimits.maxPageControlConnections, let context else { return control }
        do throws(ZMQError) {
            let socket = try connectedSocket(.dealer, to: endpoints.control, in: context)
            pageControls[id] = socket
            pollerStale = true
            return socket
        } catch {
            return control
        }
    }

    /// A socket of `type` with the gateway's options (no linger, CURVE when given, then `configure`), connected to
    /// `endpoint`; closed again when any of it fails.
    private func connectedSocket(
        _ type: SocketType, to endpoint: String, in context: ZMQContext,
        configure: (ZMQSocket) throws(ZMQError) -> Void = { _ in }
    ) throws(ZMQError) -> ZMQSocket {
        let socket = try context.makeSocket(type)
        do throws(ZMQError) {
            try socket.setOption(.linger, 0)
            try curve?.apply(to: socket)
            try configure(socket)
            try socket.connect(endpoint)
        } catch {
            socket.close(linger: 0)
            throw error
        }
        return socket
    }

    private func drainReplies(from socket: ZMQSocket) {
        while let parts = try? socket.receive(dontWait: true) {
            guard parts.count == 2, parts[0].count == 8 else { continue }
            let tag = parts[0].withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
            guard let waiting = pending.removeValue(forKey: tag) else { continue }
            let reply: Reply
            do {
                reply = try Reply(decoding: parts[1])
            } catch {
                fail(waiting, ErrorDetail(code: .malformed, message: "the daemon's reply does not decode: \(error)"))
                continue
            }
            switch waiting {
            case .page(let id, let ref, _):
                send(Self.object("reply", reply.jsonObject, ref: ref), to: id)
            case .probe:
                break  // the probe itself arrives on the events socket
            }
        }
    }

    private func drainPublications() {
        var count = 0
        // A bounded batch per turn, so pages' messages and replies are not starved by a busy daemon.
        while count < 10_000, let parts = try? subscriber?.receive(dontWait: true) {
            count += 1
            let publication = Publication(parts: parts)
            switch publication {
            case .probe(let probe):
                probeArrived(probe.token)
            case .frame(let frame):
                let watchers = subscriptions.frameWatchers(of: frame.stackId)
                guard !watchers.isEmpty else { continue }
                let json = Array(publication.json.utf8)
                for id in watchers { outboxes.appendFrame(json, stackId: frame.stackId, to: id) }
                queuedSomething = true
            case .event, .rejection:
                let watchers = subscriptions.eventWatchers(of: publication.stackId ?? "")
                guard !watchers.isEmpty else { continue }
                let json = Array(publication.json.utf8)
                for id in watchers { outboxes.append(json, to: id) }
                queuedSomething = true
            case .undecodable:
                continue
            }
        }
    }

    private func probeArrived(_ token: String) {
        guard let wait = probes.removeValue(forKey: token) else { return }
        try? subscriber?.unsubscribe("pr/\(token)/")
        for (id, watch, ref) in wait.watchers {
            send(Self.object("watching", watch.jsonObject, ref: ref), to: id)
        }
    }

    /// Times out requests the daemon did not answer and sends probes again every 50 ms until they arrive.
    private func checkPending() {
        let now = Self.nowNs()
        let timeoutNs = UInt64(GatewayLimits.requestTimeoutMs) * 1_000_000
        for (tag, waiting) in pending where now &- waiting.sentNs > timeoutNs {
            pending[tag] = nil
            fail(
                waiting,
                ErrorDetail(
                    code: .unavailable,
                    message: "the daemon at \(endpoints.control) did not "
                        + "answer within \(GatewayLimits.requestTimeoutMs) ms"))
        }
        for (token, wait) in probes {
            if now &- wait.firstSentNs > timeoutNs {
                probes[token] = nil
                try? subscriber?.unsubscribe("pr/\(token)/")
                for (id, _, ref) in wait.watchers {
                    sendError(
                        ErrorDetail(
                            code: .unavailable,
                            message: "the subscription did not go live within "
                                + "\(GatewayLimits.requestTimeoutMs) ms (is segued running at \(endpoints.events)?)"),
                        ref: ref, to: id)
                }
            } else if now &- wait.lastSentNs > 50_000_000 {
                probes[token]!.lastSentNs = now
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

    static func nowNs() -> UInt64 {
        UInt64(MonotonicTime.nowNs())
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
