import CNats
import Synchronization

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
    /// The `natsSubscription *`, destroyed in `deinit` only: ``stop()`` merely unsubscribes.
    private let subscription: OpaquePointer
    private let stopped = Atomic(false)
    /// The last delivered message's sequence, and how many messages the servers said followed it when they sent it.
    private let delivered = Atomic<UInt64>(0)
    private let pendingAfterDelivered = Atomic<UInt64>(0)
    private let operation: String
    /// Keeps the connection (and the context) alive as long as the subscription.
    private let jetStream: JetStream

    /// Starts following `stream` from sequence `first` (1: from the beginning), optionally only subjects matching
    /// `subject`.
    public init(jetStream: JetStream, stream: String, subject: String? = nil, from first: UInt64) throws(NATSError) {
        operation = "follow \(stream) from \(first)"
        var subscription: OpaquePointer?
        try checkJetStream(operation) { code in
            withConsumerStart(stream: stream, sequence: first, ordered: true) { options in
                js_SubscribeSync(&subscription, jetStream.handle, subject ?? ">", nil, &options, code)
            }
        }
        self.subscription = subscription!
        self.jetStream = jetStream
    }

    deinit {
        stop()
        natsSubscription_Destroy(subscription)
    }

    /// The next message, waiting up to `timeout` for one.
    /// - Returns: nil when none came in time, or once the follower is stopped.
    public func next(timeout: Duration) throws(NATSError) -> StreamMessage? {
        guard !stopped.load(ordering: .acquiring) else { return nil }
        var delivered: OpaquePointer?
        let status = natsSubscription_NextMsg(&delivered, subscription, max(timeout.roundedUpMilliseconds, 1))
        defer { natsMsg_Destroy(delivered) }
        if stopped.load(ordering: .acquiring) || status == NATS_TIMEOUT { return nil }
        guard status == NATS_OK, let message = delivered else { throw NATSError.last(status, operation: operation) }
        let (next, pending) = try StreamMessage.delivered(message, operation: operation)
        self.delivered.store(next.sequence, ordering: .relaxed)
        pendingAfterDelivered.store(pending, ordering: .relaxed)
        return next
    }

    /// The stream's last sequence as far as the follower can tell without asking the servers (0 before a message
    /// came): the last delivered message's sequence plus the messages the servers said followed it, or plus those
    /// that came after it and wait here, whichever is more. Both only ever fall short of the stream's end.
    public var knownEnd: UInt64 {
        var waiting: Int32 = 0
        _ = natsSubscription_GetPending(subscription, &waiting, nil)
        let after = max(pendingAfterDelivered.load(ordering: .relaxed), UInt64(max(waiting, 0)))
        return delivered.load(ordering: .relaxed) + after
    }

    /// Stops following: the consumer is removed and ``next(timeout:)`` returns nil from now on. Idempotent.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        natsSubscription_Unsubscribe(subscription)
    }
}
