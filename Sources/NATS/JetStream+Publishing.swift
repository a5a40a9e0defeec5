import CNats

extension JetStream {
    /// Publishes `payload` on `subject` and waits for JetStream to store it.
    /// - Parameters:
    ///   - expectedLastSequence: when given, the stream stores the message only if its last sequence is this one
    ///     (0: only if it is empty); otherwise the publish fails with ``NATSError/isWrongLastSequence``. This is the
    ///     fence that keeps a stale writer from appending.
    ///   - messageID: when given, a second message with the same id within the stream's duplicate window is not
    ///     stored again: its acknowledgment says ``PublishAck/duplicate`` and carries the first one's sequence.
    /// - Returns: the acknowledgment, with the stored sequence.
    @discardableResult
    public func publish(
        subject: String, payload: [UInt8], expectedLastSequence: UInt64? = nil, messageID: String? = nil
    ) throws(NATSError) -> PublishAck {
        try publish(
            subject: subject, payload: payload, headers: expectedLastSequence.header(ExpectationHeader.lastSequence),
            messageID: messageID)
    }

    /// Publishes `payload` with `headers` and waits for JetStream's acknowledgment.
    func publish(subject: String, payload: [UInt8], headers: KeyValuePairs<String, String>, messageID: String?)
        throws(NATSError) -> PublishAck
    {
        let message = try outgoingMessage(subject: subject, payload: payload, headers: headers)
        defer { natsMsg_Destroy(message) }
        var options = jsPubOptions()
        jsPubOptions_Init(&options)
        options.MaxWait = timeout.roundedUpMilliseconds
        var ack: UnsafeMutablePointer<jsPubAck>?
        defer { jsPubAck_Destroy(ack) }
        try checkJetStream("publish \(subject)") { code in
            (messageID ?? "").withCString { id in
                if messageID != nil { options.MsgId = id }
                return js_PublishMsg(&ack, handle, message, &options, code)
            }
        }
        return PublishAck(sequence: ack!.pointee.Sequence, duplicate: ack!.pointee.Duplicate)
    }

    /// Publishes `payloads` on `subject` as a pipeline, without waiting for each acknowledgment before sending the
    /// next, then waits for all of them (up to ``timeout``).
    ///
    /// With `expectedLastSequence`, the first message expects it and each next one the sequence after: the batch
    /// lands whole and contiguous right after it, or its first refused message and all after it fail with
    /// ``NATSError/isWrongLastSequence``.
    /// - Returns: the stored sequences, in the order of `payloads`.
    /// - Throws: the failure of the first message that failed (its position is in the error's operation); the ones
    ///   before it were stored. A lost acknowledgment is a timeout, though the message may have been stored: read
    ///   ``lastSequence(stream:)`` before trying again.
    public func publishBatch(subject: String, payloads: [[UInt8]], expectedLastSequence: UInt64? = nil)
        throws(NATSError) -> [UInt64]
    {
        guard !payloads.isEmpty else { return [] }
        return try batchTurn.withLock { (_) throws(NATSError) -> [UInt64] in
            batchAcks.begin(count: payloads.count)
            for (index, payload) in payloads.enumerated() {
                do throws(NATSError) {
                    let built = try outgoingMessage(
                        subject: subject, payload: payload,
                        headers: expectedLastSequence.map { $0 + UInt64(index) }.header(ExpectationHeader.lastSequence))
                    batchAcks.expect(built, index: index)
                    // The client clears `message` when it takes it; then only the acknowledgment handler destroys it.
                    var message: OpaquePointer? = built
                    let status = js_PublishMsgAsync(batchHandle, &message, nil)
                    if status != NATS_OK {
                        let error = NATSError.last(status, operation: "publish \(subject)")
                        // No acknowledgment will come for it.
                        batchAcks.forget(built)
                        natsMsg_Destroy(message)
                        throw error
                    }
                } catch {
                    batchAcks.fail(index: index, error)
                    break
                }
            }
            awaitBatchAcknowledgments(subject: subject)
            return try batchAcks.finish(subject: subject)
        }
    }

    /// Waits for the batch's outstanding acknowledgments; those still missing after ``timeout`` are taken back
    /// from the client (so they cannot land in the next batch's count) and recorded as timeouts.
    private func awaitBatchAcknowledgments(subject: String) {
        var options = jsPubOptions()
        jsPubOptions_Init(&options)
        options.MaxWait = timeout.roundedUpMilliseconds
        let status = js_PublishAsyncComplete(batchHandle, &options)
        guard status != NATS_OK else { return }
        let error = NATSError.last(status, operation: "publish \(subject)")
        var pending = natsMsgList()
        guard js_PublishAsyncGetPendingList(&pending, batchHandle) == NATS_OK else { return }
        defer { natsMsgList_Destroy(&pending) }
        for index in 0..<Int(pending.Count) {
            if let message = pending.Msgs[index] { batchAcks.timedOut(message, error) }
        }
    }
}
