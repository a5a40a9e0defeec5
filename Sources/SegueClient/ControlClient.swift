import SegueWire
import ZMQ

/// Asks a Segue daemon questions and gives it commands over its control socket.
///
/// Each call sends one request through ``TaggedRequests`` and waits for the reply with its tag, because a REQ
/// socket that times out is stuck: it refuses to send again until the lost reply comes. A reply that arrives
/// after its request gave up carries an older tag and is skipped.
///
/// After a request gives up, the next one goes out on a fresh connection: the requests that went unanswered stay
/// behind with the old one, so a daemon that was away (stopped, or restarting) does not find them queued and count
/// them against this client (it serves only a few history reads per client at a time).
///
/// Not thread-safe (it owns a ZeroMQ socket): use it from one thread.
public final class ControlClient {
    /// The daemon's control endpoint this client is connected to.
    public let endpoint: String
    /// The timeout in milliseconds of the convenience calls (``command(_:)``, ``stack(_:)``, ...).
    public var timeoutMs: Int

    private var requests: TaggedRequests
    /// Readable when a reply is waiting.
    private var poller = ZMQPoller()
    private let context: ZMQContext
    private let curve: CurveClientKeys?
    /// Whether the last request gave up, so the next one needs a fresh connection.
    private var abandonedRequest = false
    /// Whether a request fails as soon as connecting is refused, rather than at its timeout.
    private let failsWhenRefused: Bool
    private var lastTag: UInt64 = 0
    private var random = SystemRandomNumberGenerator()

    /// Connects to `endpoint` (in the background: this returns before the daemon is reached, and a daemon that is
    /// not there shows up as a timeout of the first request).
    /// - Parameters:
    ///   - timeoutMs: how long the convenience calls wait for a reply.
    ///   - context: the ZeroMQ context to make the socket from; a new one when nil.
    ///   - curve: CURVE keys when the daemon requires them.
    ///   - failsWhenRefused: a request made while connecting is refused (nothing listens at `endpoint`) fails at
    ///     once with ``ClientError/refused(endpoint:)`` instead of waiting for its timeout; false waits, for a
    ///     daemon about to start.
    public init(
        endpoint: String, timeoutMs: Int = 3000, context: ZMQContext? = nil, curve: CurveClientKeys? = nil,
        failsWhenRefused: Bool = false
    ) throws(ClientError) {
        self.endpoint = endpoint
        self.timeoutMs = timeoutMs
        self.curve = curve
        self.failsWhenRefused = failsWhenRefused
        if let context {
            self.context = context
        } else {
            do throws(ZMQError) {
                self.context = try ZMQContext()
            } catch {
                throw .zmq(error)
            }
        }
        requests = try TaggedRequests(
            endpoint: endpoint, context: self.context, curve: curve, watchesForRefusal: failsWhenRefused)
        _ = requests.add(to: &poller)
    }

    /// Closes the socket. Later calls fail with a ZeroMQ error.
    public func close() {
        requests.close()
    }

    /// Sends `request` and waits for its reply.
    ///
    /// An empty `request_id` is replaced by a fresh random one. Replies to earlier requests that timed out are
    /// skipped.
    /// - Returns: the reply, which is a success (its `error` is nil).
    /// - Throws: ``ClientError/errorReply(_:)`` when the daemon answered with an error;
    ///   ``ClientError/timeout(endpoint:timeoutMs:)`` when no reply came within `timeoutMs`;
    ///   ``ClientError/refused(endpoint:)`` when connecting was refused, if the client was made to fail so;
    ///   ``ClientError/undecodableReply(_:)``; ``ClientError/zmq(_:)``.
    public func request(_ request: Request, timeoutMs: Int) throws(ClientError) -> Reply {
        var request = request
        if request.requestId.isEmpty { request.requestId = makeRequestId() }
        let deadline = Deadline(inMilliseconds: timeoutMs)
        if abandonedRequest { try reconnect() }
        lastTag += 1
        let tag = lastTag
        guard try requests.send(request.encoded(), tag: tag) else {
            abandonedRequest = true
            throw .timeout(endpoint: endpoint, timeoutMs: timeoutMs)
        }
        while true {
            let remaining = deadline.remainingMs
            guard remaining > 0 else {
                abandonedRequest = true
                throw .timeout(endpoint: endpoint, timeoutMs: timeoutMs)
            }
            try waitForReplies(waitingMs: remaining)
            if requests.wasRefused() {
                abandonedRequest = true
                throw .refused(endpoint: endpoint)
            }
            // Stale replies to requests that gave up earlier are skipped: keep waiting for ours.
            while let answer = try requests.nextReply() {
                guard answer.tag == tag else { continue }
                let reply = try answer.reply.get()
                if let error = reply.error { throw .errorReply(error) }
                return reply
            }
        }
    }

    /// Applies a command (create, push, pop, ...) and returns where its events landed.
    public func command(_ command: Command) throws(ClientError) -> CommandResult {
        let reply = try request(Request(requestId: command.requestId, body: .command(command)), timeoutMs: timeoutMs)
        guard case .command(let result) = reply.body else { throw unexpected(reply, "a command result") }
        return result
    }

    /// The current state of one stack.
    public func stack(_ id: String) throws(ClientError) -> StackState {
        let reply = try request(Request(body: .getStack(GetStack(stackId: id))), timeoutMs: timeoutMs)
        guard case .stack(let state) = reply.body else { throw unexpected(reply, "a stack state") }
        return state
    }

    /// One batch of logged events from `position` (inclusive), of every stack or of `stack` only. Continue from
    /// the batch's `nextPosition` until it passes its `headPosition`.
    /// - Parameter maxCount: the most events wanted; 0 lets the daemon choose.
    public func readEvents(from position: UInt64, stack: String? = nil, maxCount: UInt32 = 0)
        throws(ClientError) -> EventBatch
    {
        let read = ReadEvents(fromPosition: position, stackId: stack ?? "", maxCount: maxCount)
        let reply = try request(Request(body: .readEvents(read)), timeoutMs: timeoutMs)
        guard case .events(let batch) = reply.body else { throw unexpected(reply, "an event batch") }
        return batch
    }

    /// The ids of every stack, in byte order, asked for a page at a time.
    public func listStacks() throws(ClientError) -> [String] {
        var ids: [String] = []
        var more = true
        while more {
            let page = try listStacks(after: ids.last ?? "")
            ids += page.stackIds
            // A page that made no progress (every id it had was deleted meanwhile) ends the listing too.
            more = page.more && !page.stackIds.isEmpty
        }
        return ids
    }

    /// One page of stack ids in byte order: those after `after` (from the first when empty), at most `maxCount`
    /// (0 lets the daemon choose). Ask again from the last id while `more` is true.
    public func listStacks(after: String, maxCount: UInt32 = 0) throws(ClientError) -> StackList {
        let reply = try request(
            Request(body: .listStacks(ListStacks(after: after, maxCount: maxCount))),
            timeoutMs: timeoutMs)
        guard case .stacks(let list) = reply.body else { throw unexpected(reply, "a stack list") }
        return list
    }

    /// The daemon's counters.
    public func stats() throws(ClientError) -> Stats {
        let reply = try request(Request(body: .getStats(GetStats())), timeoutMs: timeoutMs)
        guard case .stats(let stats) = reply.body else { throw unexpected(reply, "stats") }
        return stats
    }

    /// Asks the daemon to publish a probe on `pr/<token>/` (see `SubscriptionProbe`).
    public func publishProbe(token: String) throws(ClientError) {
        _ = try request(Request(body: .publishProbe(PublishProbe(token: token))), timeoutMs: timeoutMs)
    }

    /// Replaces the connection with a fresh one (a new identity to the daemon), dropping the requests still queued
    /// on the old one and the replies they might get.
    private func reconnect() throws(ClientError) {
        let fresh = try TaggedRequests(
            endpoint: endpoint, context: context, curve: curve, watchesForRefusal: failsWhenRefused)
        requests.close()
        requests = fresh
        poller = ZMQPoller()
        _ = requests.add(to: &poller)
        abandonedRequest = false
    }

    /// Waits up to `waitingMs` for a reply to arrive; returns early when a signal interrupts the wait (the
    /// caller's loop then re-checks the deadline).
    private func waitForReplies(waitingMs: Int) throws(ClientError) {
        do throws(ZMQError) {
            _ = try poller.poll(timeoutMs: waitingMs)
        } catch {
            throw .zmq(error)
        }
    }

    private func makeRequestId() -> String {
        let value = random.next() as UInt64
        let hex = String(value, radix: 16)
        return "segue-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    private func unexpected(_ reply: Reply, _ wanted: String) -> ClientError {
        let body = reply.body.map { "\($0)".prefix(while: { $0 != "(" }) } ?? "nothing"
        return .undecodableReply("expected \(wanted), got \(body)")
    }
}
