import CNats

extension JetStream {
    /// Every message of `stream` from sequence `first` through `last` (the stream's last message when nil), in
    /// order, optionally only those on subjects matching `subject`.
    ///
    /// It reads through an ephemeral pull consumer in batches of `batchSize`, removed when done. Messages published
    /// meanwhile past `last` (or past the stream's end as it was when the call began) are not included.
    public func messages(
        stream: String, subject: String? = nil, from first: UInt64, upTo last: UInt64? = nil, batchSize: Int = 256
    ) throws(NATSError) -> [StreamMessage] {
        let operation = "read \(stream) from \(first)"
        let end = min(last ?? .max, try lastSequence(stream: stream))
        guard first <= end, end > 0 else { return [] }
        var subscription: OpaquePointer?
        try checkJetStream(operation) { code in
            withConsumerStart(stream: stream, sequence: first, ordered: false) { options in
                js_PullSubscribe(&subscription, handle, subject ?? ">", nil, nil, &options, code)
            }
        }
        defer {
            // Unsubscribing deletes the ephemeral consumer on the server.
            natsSubscription_Unsubscribe(subscription)
            natsSubscription_Destroy(subscription)
        }
        // A filter matching nothing in range: no fetch would ever return.
        guard try pendingAtStart(subscription, operation: operation) > 0 else { return [] }
        var messages: [StreamMessage] = []
        while true {
            var batch = natsMsgList()
            defer { natsMsgList_Destroy(&batch) }
            try checkJetStream(operation) {
                natsSubscription_Fetch(&batch, subscription, Int32(batchSize), timeout.roundedUpMilliseconds, $0)
            }
            for index in 0..<Int(batch.Count) {
                guard let delivered = batch.Msgs[index] else { continue }
                let (message, pending) = try StreamMessage.delivered(delivered, operation: operation)
                if message.sequence > end { return messages }
                messages.append(message)
                if message.sequence == end || pending == 0 { return messages }
            }
        }
    }

    /// How many messages the new consumer has to deliver.
    private func pendingAtStart(_ subscription: OpaquePointer?, operation: String) throws(NATSError) -> UInt64 {
        var info: UnsafeMutablePointer<jsConsumerInfo>?
        defer { jsConsumerInfo_Destroy(info) }
        try checkJetStream(operation) { natsSubscription_GetConsumerInfo(&info, subscription, nil, $0) }
        return info!.pointee.NumPending
    }
}
