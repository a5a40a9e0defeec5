import SegueCore
import SegueLog
import SegueWire

extension Ledger {
    /// A reply and the log position that must be durable before it is sent (0: none).
    struct PendingReply: Sendable {
        var reply: Reply
        var durableAt: UInt64
        /// A history read, left to the history reader (`HistoryReader`): `reply` is sent only when it fails here.
        var read: ReadEvents? = nil
    }

    /// Answers one control message. Commands are decided like ingest inputs; reads are served at once.
    func request(_ bytes: UnsafeRawBufferPointer, now: Int64, uptimeUs: Int64) -> PendingReply {
        precondition(deciding, "requests are taken inside decideBatch")
        stats.inputsReceived += 1
        let request: Request
        do {
            request = try Request(decoding: bytes)
        } catch {
            stats.inputsRejected += 1
            return PendingReply(
                reply: Reply(
                    error: ErrorDetail(
                        code: .malformed, message: "request does not decode as segue.v1.Request: \(error)")),
                durableAt: 0)
        }
        if let error = Validation.checkRequestId(request.requestId) {
            // Not echoed: a reply stays within the size the reply queue is counted for.
            stats.inputsRejected += 1
            return PendingReply(reply: Reply(error: error), durableAt: 0)
        }
        var reply = Reply(requestId: request.requestId)
        var durableAt: UInt64 = 0
        switch request.body {
        case .command(let command):
            switch core.apply(command, requestId: request.requestId, now: now, into: &outcome) {
            case .applied(let result):
                reply.body = .command(result)
                durableAt = result.lastPosition
            case .refused(let error):
                reply.error = error
            }
        case .getStack(let get):
            if let state = core.state(of: get.stackId, now: now) {
                reply.body = .stack(state)
            } else {
                reply.error = ErrorDetail(code: .unknownStack, message: "stack '\(get.stackId)' does not exist")
            }
        case .readEvents(let read):
            return PendingReply(reply: reply, durableAt: 0, read: read)
        case .listStacks(let list):
            reply.body = .stacks(listStacks(list))
        case .getStats:
            reply.body = .stats(
                Stats(
                    headPosition: core.headPosition, stacks: UInt64(core.stacks.count),
                    inputsReceived: stats.inputsReceived, inputsRejected: stats.inputsRejected,
                    eventsAppended: stats.eventsAppended, framesPublished: stats.framesPublished,
                    logBytes: log.byteSize, fsyncP99Us: stats.fsyncP99Us, uptimeUs: uptimeUs,
                    handshakesRefused: stats.handshakesRefused, framesSkipped: stats.framesSkipped,
                    repliesDropped: stats.repliesDropped, messagesDropped: stats.messagesDropped,
                    connectionsRefused: stats.connectionsRefused, publicationsRefused: stats.publicationsRefused))
        case .publishProbe(let probe):
            if let error = Validation.checkStackId(probe.token, field: "probe token") {
                reply.error = error
            } else {
                probes.append(probe)
            }
        case .none:
            reply.error = ErrorDetail(
                code: .invalidArgument,
                message: "request has no body; set command, get_stack, "
                    + "read_events, list_stacks, get_stats or publish_probe")
        }
        if reply.error != nil { stats.inputsRejected += 1 }
        return PendingReply(reply: reply, durableAt: durableAt)
    }

    /// One page of the stack ids in byte order, after `list.after`.
    func listStacks(_ list: ListStacks) -> StackList {
        let generation = core.stacks.membershipGeneration
        if sortedStackIds?.generation != generation {
            // Sorted once per change of the set of stacks, not per request: 100,000 ids take milliseconds to sort.
            sortedStackIds = (generation, core.stacks.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
        let ids = sortedStackIds?.ids ?? []
        var low = 0
        var high = ids.count
        if !list.after.isEmpty {
            while low < high {
                let middle = (low + high) / 2
                if list.after.utf8.lexicographicallyPrecedes(ids[middle].utf8) {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
        }
        let wanted = ReadPage.count(asked: list.maxCount)
        var end = low
        var bytes = 0
        while end < ids.count && end - low < wanted && bytes < ReadPage.maxBytes {
            bytes += ids[end].utf8.count + 2
            end += 1
        }
        return StackList(stackIds: Array(ids[low..<end]), more: end < ids.count)
    }
}
