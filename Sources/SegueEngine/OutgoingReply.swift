import SegueWire

/// A control reply on its way out: encoded once, sent to its envelope when the events it reports are durable.
struct OutgoingReply {
    /// The routing id and the rest of the envelope, echoed before the payload.
    var envelope: [[UInt8]]
    var requestId: String
    /// The encoded `Reply`.
    var payload: [UInt8]
    /// The log position that must be durable before it is sent (0: none).
    var durableAt: UInt64

    init(envelope: [[UInt8]], reply: Reply, durableAt: UInt64) {
        self.envelope = envelope
        requestId = reply.requestId
        payload = reply.encoded()
        self.durableAt = durableAt
    }

    /// A reply already encoded that waits for nothing: a served history read.
    init(envelope: [[UInt8]], requestId: String, payload: [UInt8]) {
        self.envelope = envelope
        self.requestId = requestId
        self.payload = payload
        durableAt = 0
    }

    /// Replaces the answer with `error` (its batch was undone), to be sent at once.
    mutating func refuse(_ error: ErrorDetail) {
        payload = Reply(requestId: requestId, error: error).encoded()
        durableAt = 0
    }
}
