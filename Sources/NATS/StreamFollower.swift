import CNats
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Follows a stream: delivers its messages in order from a start sequence, then each new one as it is stored, until
/// stopped.
///
/// It is an ordered consumer (ephemeral, no acknowledgments): when a delivery is lost, or its server goes away, the
/// client recreates it from the sequence after the last one delivered, so nothing is skipped or repeated. Messages
/// wait in the client until ``next(timeout:)`` takes them; no callback runs.
///
/// Thread safety: call ``next(timeout:)`` from one thread at a time; ``stop()`` may be called from any thread, and
/// wakes a ``next(timeout:)`` waiting in another.
public final class StreamFollower: @unchecked Sendable {
    /// The `natsSubscription *`: replaced when the client dropped messages (``next(timeout:)``), destroyed in
    /// `deinit`; ``stop()`` merely unsubscribes. The lock is never held while waiting for a message.
    private let subscription: Mutex<Handle>
    /// A `natsSubscription *`, which the C client lets any thread use.
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }
    private let stopped = Atomic(false)
    /// Set when the subscription dropped messages and no new one could be made yet (the servers did not answer in
    /// time): nothing more is read from the old one, which would skip what it dropped.
    private let mustResubscribe = Atomic(false)
    /// The last delivered message's sequence, and how many messages the servers said followed it when they sent it.
    private let delivered = Atomic<UInt64>(0)
    private let pendingAfterDelivered = Atomic<UInt64>(0)
    private let operation: String
    private let stream: String
    private let subject: String?
    /// Where following began, for a subscription made again before anything was delivered.
    private let first: UInt64
    private let pendingMessages: Int?
    /// Keeps the connection (and the context) alive as long as the subscription.
    private let jetStream: JetStream

    /// Starts following `stream` from sequence `first` (1: from the beginning), optionally only subjects matching
    /// `subject`.
    /// - Parameter pendingMessages: how many messages may wait in the client before it drops what comes (the C
    ///   client's default when nil).
    public init(
        jetStream: JetStream, stream: String, subject: String? = nil, from first: UInt64, pendingMessages: Int? = nil
    ) throws(NATSError) {
        operation = "follow \(stream) from \(first)"
        self.pendingMessages = pendingMessages
        self.subscription = Mutex(
            Handle(
                pointer: try Self.subscribe(
                    jetStream, stream: stream, subject: subject, from: first, pendingMessages: pendingMessages)))
        self.jetStream = jetStream
        self.stream = stream
        self.subject = subject
        self.first = first
    }

    private static func subscribe(
        _ jetStream: JetStream, stream: String, subject: String?, from first: UInt64, pendingMessages: Int?
    ) throws(NATSError) -> OpaquePointer {
        let operation = "follow \(stream) from \(first)"
        var subscription: OpaquePointer?
        try checkJetStream(operation) { code in
            withConsumerStart(stream: stream, sequence: first, ordered: true) { options in
                js_SubscribeSync(&subscription, jetStream.handle, subject ?? ">", nil, &options, code)
            }
        }
        if let pendingMessages {
            // -1: no limit on the bytes; the count bounds them with the servers' max_payload.
            try check(operation) { natsSubscription_SetPendingLimits(subscription, Int32(pendingMessages), -1) }
        }
        return subscription!
    }

    deinit {
        stop()
        natsSubscription_Destroy(subscription.withLock { $0.pointer })
    }

    /// The next message, waiting up to `timeout` for one.
    ///
    /// Messages that arrive faster than they are taken wait in the client up to its pending limits; past them the
    /// client drops what comes (a slow consumer). The follower then subscribes again from the sequence after the
    /// last one it delivered, so that nothing is ever skipped, only delivered later.
    /// - Returns: nil when none came in time, or once the follower is stopped.
    public func next(timeout: Duration) throws(NATSError) -> StreamMessage? {
        guard !stopped.load(ordering: .acquiring) else { return nil }
        if mustResubscribe.load(ordering: .acquiring), try !resubscribeUnlessPassing() {
            // The servers refused or were slow: wait out the timeout rather than ask them again at once.
            waitUnlessStopped(timeout)
            return nil
        }
        let current = subscription.withLock { $0.pointer }
        var delivered: OpaquePointer?
        let status = natsSubscription_NextMsg(&delivered, current, max(timeout.roundedUpMilliseconds, 1))
        defer { natsMsg_Destroy(delivered) }
        if stopped.load(ordering: .acquiring) || status == NATS_TIMEOUT { return nil }
        if status == NATS_SLOW_CONSUMER {
            mustResubscribe.store(true, ordering: .releasing)
            if try !resubscribeUnlessPassing() { waitUnlessStopped(timeout) }
            return nil
        }
        guard status == NATS_OK, let message = delivered else { throw NATSError.last(status, operation: operation) }
        let (next, pending) = try StreamMessage.delivered(message, operation: operation)
        self.delivered.store(next.sequence, ordering: .relaxed)
        pendingAfterDelivered.store(pending, ordering: .relaxed)
        return next
    }

    /// Sleeps up to `timeout`, in short steps, returning early once the follower is stopped.
    private func waitUnlessStopped(_ timeout: Duration) {
        let deadline = ContinuousClock.now + timeout
        while !stopped.load(ordering: .acquiring) && ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }

    /// `resubscribe`, or false when the servers did not answer in time (a failure that passes): the next call
    /// tries again.
    private func resubscribeUnlessPassing() throws(NATSError) -> Bool {
        do throws(NATSError) {
            try resubscribe(replacing: subscription.withLock { $0.pointer })
        } catch  where error.isPassing {
            return false
        }
        mustResubscribe.store(false, ordering: .releasing)
        return true
    }

    /// Replaces a subscription that dropped messages with one from the sequence after the last delivered.
    private func resubscribe(replacing old: OpaquePointer) throws(NATSError) {
        let last = delivered.load(ordering: .relaxed)
        let fresh = try Self.subscribe(
            jetStream, stream: stream, subject: subject, from: last == 0 ? first : last + 1,
            pendingMessages: pendingMessages)
        let handle = Handle(pointer: fresh)
        subscription.withLock { $0 = handle }
        natsSubscription_Unsubscribe(old)
        natsSubscription_Destroy(old)
        // A stop that came meanwhile unsubscribed the old one only.
        if stopped.load(ordering: .acquiring) { natsSubscription_Unsubscribe(fresh) }
    }

    /// The stream's last sequence as far as the follower can tell without asking the servers (0 before a message
    /// came): the last delivered message's sequence plus the messages the servers said followed it, or plus those
    /// that came after it and wait here, whichever is more. Both only ever fall short of the stream's end.
    public var knownEnd: UInt64 {
        var waiting: Int32 = 0
        subscription.withLock { _ = natsSubscription_GetPending($0.pointer, &waiting, nil) }
        let after = max(pendingAfterDelivered.load(ordering: .relaxed), UInt64(max(waiting, 0)))
        return delivered.load(ordering: .relaxed) + after
    }

    /// Messages the client has dropped so far, on the current subscription, for arriving while too many waited.
    public var droppedMessages: Int {
        var dropped: Int64 = 0
        subscription.withLock { _ = natsSubscription_GetDropped($0.pointer, &dropped) }
        return Int(dropped)
    }

    /// Stops following: the consumer is removed and ``next(timeout:)`` returns nil from now on. Idempotent.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        subscription.withLock { _ = natsSubscription_Unsubscribe($0.pointer) }
    }
}
