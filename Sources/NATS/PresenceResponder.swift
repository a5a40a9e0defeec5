import CNats

/// A core NATS subscription that answers every request on its subject with an empty reply, on the C client's own
/// thread, for as long as it lives and its connection does: a peer that gets "no responders" there knows that the
/// process holding it, or its connection, is gone (the servers drop a connection's interest as soon as it closes,
/// kill -9 included), without waiting for any timeout.
public final class PresenceResponder: @unchecked Sendable {
    /// The `natsSubscription *`, destroyed in `deinit`.
    private let subscription: OpaquePointer
    public let subject: String
    /// Keeps the connection alive as long as the subscription.
    private let connection: NATSConnection

    /// Answers on `subject` from now on, once the servers have the subscription (a round trip to them).
    /// - Throws: ``NATSError`` when the subscription is refused or the servers do not answer in `timeout`.
    public init(connection: NATSConnection, subject: String, timeout: Duration = .seconds(2)) throws(NATSError) {
        let operation = "answer on \(subject)"
        var subscription: OpaquePointer?
        try check(operation) { natsConnection_Subscribe(&subscription, connection.handle, subject, answer, nil) }
        self.subscription = subscription!
        self.subject = subject
        self.connection = connection
        do {
            try check(operation) { natsConnection_FlushTimeout(connection.handle, timeout.roundedUpMilliseconds) }
        } catch {
            natsSubscription_Destroy(subscription)
            throw error
        }
    }

    /// Stops answering (unsubscribes). Idempotent.
    public func stop() {
        natsSubscription_Unsubscribe(subscription)
    }

    deinit {
        natsSubscription_Unsubscribe(subscription)
        natsSubscription_Destroy(subscription)
    }
}

/// The subscription's handler: an empty reply to the request's inbox.
private func answer(
    _ connection: OpaquePointer?, _ subscription: OpaquePointer?, _ message: OpaquePointer?,
    _ closure: UnsafeMutableRawPointer?
) {
    defer { natsMsg_Destroy(message) }
    guard let reply = natsMsg_GetReply(message) else { return }
    _ = natsConnection_Publish(connection, reply, nil, 0)
}

extension NATSConnection {
    /// Sends a core NATS request to `subject` and waits up to `timeout` for its first reply.
    /// - Throws: ``NATSError`` with ``NATSError/isNoResponders`` at once when nothing subscribes to `subject`, or a
    ///   timeout when the reply did not come.
    public func request(subject: String, payload: [UInt8] = [], timeout: Duration) throws(NATSError) -> [UInt8] {
        var reply: OpaquePointer?
        defer { natsMsg_Destroy(reply) }
        try check("request \(subject)") {
            natsConnection_Request(
                &reply, handle, subject, payload, Int32(payload.count), max(timeout.roundedUpMilliseconds, 1))
        }
        let length = Int(natsMsg_GetDataLength(reply))
        guard length > 0, let data = natsMsg_GetData(reply) else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}
