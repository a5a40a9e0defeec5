import SegueClient
import SegueWire
import WebSockets
import ZMQ

/// The bridge's transport in front of a whole cluster (`segue web --cluster`): one `SocketBridgeTransport` to each
/// shard's holder, behind the one transport the bridge knows. Inputs and requests go to their stack's shard; the
/// requests that name none are asked of every shard and answered as one (the stack lists merged, a probe once
/// every holder has published it); every subscription is made at every holder.
///
/// When `route` names another holder for a shard, the shard's connections are made again there, subscribed and
/// opened as before, and what the pages missed meanwhile is read from the new holder's log (once a probe shows its
/// subscription live): from the newest event seen of that shard, so nothing is lost or repeated. Frames and
/// rejections are not logged; those of a failover are lost with their holder. Requests in flight at the old
/// holder time out as any request does.
final class ClusterBridgeTransport: BridgeTransport {
    private let route: ClusterRoute
    private let curve: CurveClientKeys?
    /// Each shard's holder, as connected now.
    private var links: [SocketBridgeTransport]
    /// Every subscription, counted as the links count theirs, for a new holder's subscriber.
    private var subscriptions: [String: Int] = [:]
    /// Pages with a control connection of their own at every holder.
    private var pages: Set<ConnectionID> = []
    /// Per shard, the newest log position the pages have been given or that was at the head when the gateway
    /// connected: a new holder's log is read after it.
    private var seen: [UInt64]
    /// Per shard, the read of a new holder's log under way; its live events wait until it is done.
    private var catchUps: [Int: CatchUp] = [:]
    /// Requests asked of every shard, by tag, with the replies so far.
    private var gathering: [UInt64: Gathering] = [:]
    /// The tags of the transport's own requests: a shard's head, its log after a failover, probes of a new holder.
    private var ownRequests: Set<UInt64> = []
    /// For each probe, the shards whose holder has published it: the bridge is told once all have.
    private var probesArrived: [String: Set<Int>] = [:]
    /// Publications and replies made ready here, handed out before anything new.
    private var ready: [Publication] = []
    private var answered: [TaggedReply] = []
    private var poller = ZMQPoller()
    private var pollerStale = true
    /// The shard whose publications are read first at the next `nextPublication()`, so that none starves another.
    private var nextShard = 0
    /// Tags of the transport's own requests, apart from the bridge's (which count up from 1).
    private var lastOwnTag = UInt64(1) << 63

    private struct CatchUp {
        var probe: ProbeAttempt
        var probed = false
        /// The new holder's live events, held until the read reaches them.
        var held: [Event] = []
    }

    private struct Gathering {
        let request: Request
        let sentAt: ContinuousClock.Instant
        var replies: [Result<Reply, ClientError>] = []
        /// The shards whose holder has replied.
        var replied: Set<Int> = []
    }

    /// Connects to every shard's holder, as `route` names them now.
    /// - Throws: `GatewayError.daemonUnreachable` when a socket cannot be made or connected.
    init(route: ClusterRoute, curve: CurveClientKeys?) throws(GatewayError) {
        self.route = route
        self.curve = curve
        links = []
        seen = Array(repeating: 0, count: route.shards)
        for shard in 0..<route.shards {
            links.append(try SocketBridgeTransport(endpoints: route.holder(of: shard), curve: curve))
            askHead(of: shard)
        }
    }

    func close() {
        for link in links { link.close() }
    }

    func sendInput(_ encoded: [UInt8]) -> Bool {
        let stackId: String?
        switch (try? Input(decoding: encoded))?.body {
        case .pan(let pan): stackId = pan.stackId
        case .command(let command): stackId = command.stackId
        case .probe, nil: stackId = nil
        }
        guard let stackId else { return links.allSatisfy { $0.sendInput(encoded) } }
        return links[route.shard(of: stackId)].sendInput(encoded)
    }

    func sendRequest(_ encoded: [UInt8], tag: UInt64, from page: ConnectionID?) -> Bool {
        guard let request = try? Request(decoding: encoded) else {
            return links[0].sendRequest(encoded, tag: tag, from: page)
        }
        let stackId: String
        switch request.body {
        case .command(let command): stackId = command.stackId
        case .getStack(let get): stackId = get.stackId
        case .readEvents(let read) where !read.stackId.isEmpty: stackId = read.stackId
        case .listStacks, .publishProbe:
            gathering[tag] = Gathering(request: request, sentAt: .now)
            return links.allSatisfy { $0.sendRequest(encoded, tag: tag, from: page) }
        case .readEvents, .getStats, nil:
            let refusal = ErrorDetail(
                code: .invalidArgument,
                message: "each shard of a cluster has a log and counters of its own: read one stack's events (give "
                    + "stackId), and see every shard's counters with segue stats --cluster")
            answered.append(TaggedReply(tag: tag, reply: .success(Reply(error: refusal))))
            return true
        }
        return links[route.shard(of: stackId)].sendRequest(encoded, tag: tag, from: page)
    }

    func openControl(for page: ConnectionID) -> Bool {
        pages.insert(page)
        pollerStale = true
        // A holder that cannot make it takes the page's requests on its shared connection.
        return links.map { $0.openControl(for: page) }.allSatisfy { $0 }
    }

    func closeControl(of page: ConnectionID) {
        pages.remove(page)
        pollerStale = true
        for link in links { link.closeControl(of: page) }
    }

    func subscribe(_ prefix: String) {
        subscriptions[prefix, default: 0] += 1
        for link in links { link.subscribe(prefix) }
    }

    func unsubscribe(_ prefix: String) {
        guard let count = subscriptions[prefix] else { return }
        subscriptions[prefix] = count > 1 ? count - 1 : nil
        if prefix.hasPrefix(Topic.probe.prefix) {
            probesArrived[String(prefix.dropFirst(Topic.probe.prefix.count).dropLast())] = nil
        }
        for link in links { link.unsubscribe(prefix) }
    }

    func nextPublication() -> Publication? {
        if !ready.isEmpty { return ready.removeFirst() }
        for _ in 0..<links.count {
            let shard = nextShard
            nextShard = (nextShard + 1) % links.count
            while let publication = links[shard].nextPublication() {
                if let passed = admit(publication, from: shard) { return passed }
                if !ready.isEmpty { return ready.removeFirst() }
            }
        }
        return nil
    }

    func takeReplies() -> [TaggedReply] {
        var replies = answered
        answered = []
        for (shard, link) in links.enumerated() {
            for reply in link.takeReplies() {
                if ownRequests.remove(reply.tag) != nil {
                    ownReply(reply, from: shard)
                } else if gathering[reply.tag] != nil {
                    if let whole = gather(reply, from: shard) { replies.append(whole) }
                } else {
                    replies.append(reply)
                }
            }
        }
        // Asked of a holder that went away: the bridge has timed the request out by now.
        let late = Duration.milliseconds(2 * GatewayLimits.requestTimeoutMs)
        gathering = gathering.filter { _, waiting in .now - waiting.sentAt < late }
        return replies
    }

    func wait(timeoutMs: Int, orUntilReadable fileDescriptor: Int32) {
        followHolders()
        askCatchUpProbes()
        if pollerStale {
            poller = ZMQPoller()
            for link in links { link.addSockets(to: &poller) }
            _ = poller.add(fileDescriptor: fileDescriptor)
            pollerStale = false
        }
        _ = try? poller.poll(timeoutMs: ready.isEmpty && answered.isEmpty ? timeoutMs : 0)
        for link in links { link.noteReadable(in: poller) }
    }

    // MARK: following holders

    /// Connects again to every shard whose holder `route` names anew.
    private func followHolders() {
        for shard in 0..<links.count where route.holder(of: shard) != links[shard].endpoints {
            // Tried again at the next wait when the new holder cannot be reached yet.
            guard let link = try? SocketBridgeTransport(endpoints: route.holder(of: shard), curve: curve) else {
                continue
            }
            links[shard].close()
            links[shard] = link
            pollerStale = true
            for (prefix, count) in subscriptions {
                for _ in 0..<count { link.subscribe(prefix) }
            }
            for page in pages { _ = link.openControl(for: page) }
            // What the pages missed is read once a probe of its own shows the new subscription live.
            let token = "web-shard-\(shard)-\(lastOwnTag)"
            let probe = ProbeAttempt(token: token, timeoutMs: GatewayLimits.requestTimeoutMs, now: .now)
            link.subscribe(probe.topic)
            catchUps[shard] = CatchUp(probe: probe)
        }
    }

    /// Asks each new holder for its probe until it arrives; past its time, reads the log anyway.
    private func askCatchUpProbes() {
        let now = ContinuousClock.now
        for (shard, catchUp) in catchUps where !catchUp.probed {
            if catchUp.probe.hasExpired(at: now) {
                probed(shard)
            } else if catchUps[shard]!.probe.shouldAsk(at: now) {
                let request = Request(body: .publishProbe(PublishProbe(token: catchUp.probe.token)))
                _ = links[shard].sendRequest(request.encoded(), tag: ownTag(), from: nil)
            }
        }
    }

    /// The new holder's subscription is live: what it has logged since the newest event seen is read now.
    private func probed(_ shard: Int) {
        guard var catchUp = catchUps[shard], !catchUp.probed else { return }
        catchUp.probed = true
        catchUps[shard] = catchUp
        links[shard].unsubscribe(catchUp.probe.topic)
        readLog(of: shard, from: seen[shard] + 1)
    }

    private func readLog(of shard: Int, from position: UInt64) {
        let request = Request(body: .readEvents(ReadEvents(fromPosition: position, maxCount: 1000)))
        guard links[shard].sendRequest(request.encoded(), tag: ownTag(), from: nil) else {
            return finishCatchUp(of: shard)
        }
    }

    /// Gives the pages the live events held meanwhile that the read did not.
    private func finishCatchUp(of shard: Int) {
        guard let catchUp = catchUps.removeValue(forKey: shard) else { return }
        for event in catchUp.held where event.position > seen[shard] {
            seen[shard] = event.position
            ready.append(.event(event))
        }
    }

    /// The shard's head when first connected: a failover before any of its events reached a page reads from there.
    private func askHead(of shard: Int) {
        let request = Request(body: .getStats(GetStats()))
        _ = links[shard].sendRequest(request.encoded(), tag: ownTag(), from: nil)
    }

    private func ownTag() -> UInt64 {
        lastOwnTag += 1
        ownRequests.insert(lastOwnTag)
        return lastOwnTag
    }

    private func ownReply(_ reply: TaggedReply, from shard: Int) {
        guard case .success(let answer) = reply.reply else {
            // Undecodable: a catch-up ends with what it has.
            if catchUps[shard]?.probed == true { finishCatchUp(of: shard) }
            return
        }
        switch answer.body {
        case .stats(let stats):
            seen[shard] = max(seen[shard], stats.headPosition)
        case .events(let batch):
            guard catchUps[shard]?.probed == true else { return }
            for event in batch.events where event.position > seen[shard] {
                seen[shard] = event.position
                if isSubscribed(event) { ready.append(.event(event)) }
            }
            if batch.nextPosition <= batch.headPosition, !batch.events.isEmpty {
                readLog(of: shard, from: batch.nextPosition)
            } else {
                finishCatchUp(of: shard)
            }
        default:
            if answer.error != nil, catchUps[shard]?.probed == true { finishCatchUp(of: shard) }
        }
    }

    /// Whether a page subscribed to what the event is published under.
    private func isSubscribed(_ event: Event) -> Bool {
        let topic = Topic.event.prefix(event.stackId)
        return subscriptions.keys.contains { topic.hasPrefix($0) }
    }

    // MARK: what arrives

    /// What the bridge gets of a publication from `shard`'s holder: nil for an event already given or held, and
    /// for a probe not yet published by every holder.
    private func admit(_ publication: Publication, from shard: Int) -> Publication? {
        switch publication {
        case .event(let event):
            if catchUps[shard] != nil {
                catchUps[shard]!.held.append(event)
                return nil
            }
            guard event.position > seen[shard] else { return nil }
            seen[shard] = event.position
            return publication
        case .probe(let probe):
            if catchUps[shard]?.probe.token == probe.token {
                probed(shard)
                return nil
            }
            var shards = probesArrived[probe.token] ?? []
            shards.insert(shard)
            guard shards.count == links.count else {
                probesArrived[probe.token] = shards
                return nil
            }
            probesArrived[probe.token] = nil
            return publication
        case .frame, .rejection, .undecodable:
            return publication
        }
    }

    /// One reply to a request asked of every shard; the whole answer once every shard has replied.
    private func gather(_ reply: TaggedReply, from shard: Int) -> TaggedReply? {
        guard var waiting = gathering[reply.tag] else { return nil }
        waiting.replies.append(reply.reply)
        waiting.replied.insert(shard)
        guard waiting.replies.count == links.count else {
            gathering[reply.tag] = waiting
            return nil
        }
        gathering[reply.tag] = nil
        var lists: [StackList] = []
        for answer in waiting.replies {
            guard case .success(let shardReply) = answer, shardReply.error == nil else {
                return TaggedReply(tag: reply.tag, reply: answer)
            }
            if case .stacks(let list) = shardReply.body { lists.append(list) }
        }
        guard case .listStacks = waiting.request.body else {
            return TaggedReply(tag: reply.tag, reply: waiting.replies[0])
        }
        return TaggedReply(tag: reply.tag, reply: .success(Reply(body: .stacks(Self.merged(lists)))))
    }

    func unanswered(_ tag: UInt64) -> String {
        let replied = gathering[tag]?.replied ?? []
        return Self.silent(links.map(\.endpoints.control), replied: replied)
    }

    /// The shards of `controls` (each holder's control endpoint, by shard) not among `replied`, named with their
    /// holders: "shard 1's holder at tcp://...", "shards 0 and 2's holders at tcp://... and tcp://...".
    static func silent(_ controls: [String], replied: Set<Int>) -> String {
        let silent = controls.indices.filter { !replied.contains($0) }
        guard !silent.isEmpty else { return "the cluster's holders" }
        let shards = silent.map(String.init).joined(separator: ", ")
        let holders = silent.map { controls[$0] }.joined(separator: ", ")
        return silent.count == 1
            ? "shard \(shards)'s holder at \(holders)" : "shards \(shards)'s holders at \(holders)"
    }

    /// Every shard's page of the stack list as one page: the ids in byte order, as each daemon lists them, up to
    /// the last id of the shortest page that has more after it, so that the next page (after the last id) misses
    /// none.
    static func merged(_ lists: [StackList]) -> StackList {
        func precedes(_ one: String, _ other: String) -> Bool { one.utf8.lexicographicallyPrecedes(other.utf8) }
        let cut = lists.filter(\.more).compactMap(\.stackIds.last).min(by: precedes)
        var ids = lists.flatMap(\.stackIds).sorted(by: precedes)
        if let cut { ids = ids.filter { !precedes(cut, $0) } }
        return StackList(stackIds: ids, more: cut != nil)
    }
}
