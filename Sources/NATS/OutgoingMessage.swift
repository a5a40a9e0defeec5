import CNats

/// Builds the `natsMsg` for a JetStream publish with `headers`; the caller owns it (and destroys it unless the
/// client took it).
func outgoingMessage(subject: String, payload: [UInt8], headers: KeyValuePairs<String, String>) throws(NATSError)
    -> OpaquePointer
{
    let operation = "publish \(subject)"
    var message: OpaquePointer?
    try check(operation) {
        payload.withUnsafeBytes { natsMsg_Create(&message, subject, nil, $0.baseAddress, Int32($0.count)) }
    }
    for (name, value) in headers {
        let status = natsMsgHeader_Set(message, name, value)
        if status != NATS_OK {
            let error = NATSError.last(status, operation: operation)
            natsMsg_Destroy(message)
            throw error
        }
    }
    return message!
}

/// The JetStream headers that make the server check a sequence before storing a message.
///
/// They are written directly rather than through `jsPubOptions.ExpectLastSeq`, which cannot say 0: "the stream (or
/// the subject) must have no message yet" is a condition too.
enum ExpectationHeader {
    /// The stream's last sequence must be the value.
    static let lastSequence = "Nats-Expected-Last-Sequence"
    /// The last sequence of a message on the same subject must be the value.
    static let lastSubjectSequence = "Nats-Expected-Last-Subject-Sequence"
}

extension UInt64? {
    /// `[name: value]` when there is a value, no header otherwise.
    func header(_ name: String) -> KeyValuePairs<String, String> {
        guard let self else { return [:] }
        return [name: String(self)]
    }
}
