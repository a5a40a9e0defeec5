import CNats

extension NATSConnection {
    /// Publishes a core NATS message (no JetStream acknowledgment) and waits for a round trip to the server, so that
    /// a refusal of it has arrived.
    /// - Throws: ``NATSError`` with ``NATSError/isPermissionViolation`` when the server refused to take a message on
    ///   `subject` from this user, or when the message could not be sent or the server did not answer in `timeout`.
    public func publish(subject: String, payload: [UInt8], timeout: Duration = .seconds(2)) throws(NATSError) {
        let operation = "publish \(subject)"
        try check(operation) { natsConnection_Publish(handle, subject, payload, Int32(payload.count)) }
        try check(operation) { natsConnection_FlushTimeout(handle, timeout.roundedUpMilliseconds) }
        // The server's -ERR for the publish comes before its answer to the flush's PING.
        if let refusal = lastError, refusal.isPermissionViolation, refusal.text.contains("\"\(subject)\"") {
            throw refusal.with(operation: operation)
        }
    }

    /// The last error the servers reported to this connection on their own, such as a `Permissions Violation for
    /// Publish to "SUBJECT"` (which names the subject), nil when there was none. It stays until another one comes.
    public var lastError: NATSError? {
        var text: UnsafePointer<CChar>?
        let status = natsConnection_GetLastError(handle, &text)
        guard status != NATS_OK else { return nil }
        return NATSError(status, operation: "the connection", text: text.map { String(cString: $0) })
    }
}
