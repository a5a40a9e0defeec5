import CNats

/// A message read back from a stream.
public struct StreamMessage: Sendable, Hashable {
    /// Its sequence in the stream.
    public let sequence: UInt64
    /// The subject it was published on.
    public let subject: String
    /// Its payload.
    public let payload: [UInt8]

    public init(sequence: UInt64, subject: String, payload: [UInt8]) {
        self.sequence = sequence
        self.subject = subject
        self.payload = payload
    }
}

extension StreamMessage {
    /// Reads a message delivered by a consumer: its stream sequence and how many messages the consumer has left
    /// after it come from the delivery's metadata.
    static func delivered(_ message: OpaquePointer, operation: String) throws(NATSError) -> (
        message: StreamMessage, pending: UInt64
    ) {
        var metadata: UnsafeMutablePointer<jsMsgMetaData>?
        try check(operation) { natsMsg_GetMetaData(&metadata, message) }
        defer { jsMsgMetaData_Destroy(metadata) }
        let length = Int(natsMsg_GetDataLength(message))
        let payload =
            length == 0
            ? []
            : Array(UnsafeRawBufferPointer(start: natsMsg_GetData(message), count: length))
        let subject = String(cString: natsMsg_GetSubject(message))
        return (
            StreamMessage(sequence: metadata!.pointee.Sequence.Stream, subject: subject, payload: payload),
            metadata!.pointee.NumPending
        )
    }
}
