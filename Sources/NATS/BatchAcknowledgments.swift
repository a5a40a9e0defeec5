import CNats
import Synchronization

/// The acknowledgments of one pipelined batch, gathered as the C client's delivery thread reports them.
///
/// Messages are told apart by their `natsMsg` pointer: the client hands the same pointer back with the message's
/// acknowledgment. An entry is removed before the message is destroyed, so a later message allocated at the same
/// address is a new entry.
final class BatchAcknowledgments: Sendable {
    private struct State {
        /// The batch position of each message in flight, by its `natsMsg` address.
        var positions: [UInt: Int] = [:]
        var sequences: [UInt64?] = []
        var failures: [Int: NATSError] = [:]
    }

    private let state = Mutex(State())

    /// Starts a batch of `count` messages.
    func begin(count: Int) {
        state.withLock { $0 = State(sequences: Array(repeating: nil, count: count)) }
    }

    /// Records that `message`, about to be published, is the batch's `index`th.
    func expect(_ message: OpaquePointer, index: Int) {
        state.withLock { $0.positions[Self.key(message)] = index }
    }

    /// Forgets `message`: the client refused it, so no acknowledgment will come.
    func forget(_ message: OpaquePointer) {
        _ = state.withLock { $0.positions.removeValue(forKey: Self.key(message)) }
    }

    /// Records that the batch's `index`th message failed before it was sent.
    func fail(index: Int, _ error: NATSError) {
        state.withLock { $0.failures[index] = error }
    }

    /// Records that `message`'s acknowledgment never came.
    func timedOut(_ message: OpaquePointer, _ error: NATSError) {
        state.withLock { state in
            guard let index = state.positions.removeValue(forKey: Self.key(message)) else { return }
            state.failures[index] = error
        }
    }

    /// The stored sequences in batch order, or the failure of the first message that has none.
    func finish(subject: String) throws(NATSError) -> [UInt64] {
        let (sequences, failures) = state.withLock { ($0.sequences, $0.failures) }
        for (index, sequence) in sequences.enumerated() where sequence == nil {
            let failure =
                failures[index]
                ?? NATSError(NATS_ERR, operation: "publish \(subject)", text: "no acknowledgment")
            throw failure.with(operation: "publish \(subject) (message \(index + 1) of \(sequences.count))")
        }
        return sequences.map { $0! }
    }

    /// Records an acknowledgment or a refusal reported by the client.
    fileprivate func acknowledge(
        _ message: OpaquePointer, ack: UnsafeMutablePointer<jsPubAck>?, failure: UnsafeMutablePointer<jsPubAckErr>?
    ) {
        state.withLock { state in
            guard let index = state.positions.removeValue(forKey: Self.key(message)) else { return }
            if let ack {
                state.sequences[index] = ack.pointee.Sequence
            } else if let failure {
                let text = failure.pointee.ErrText.map { String(cString: $0) }
                state.failures[index] = NATSError(
                    failure.pointee.Err,
                    jetStreamCode: failure.pointee.ErrCode.rawValue == 0 ? nil : Int(failure.pointee.ErrCode.rawValue),
                    operation: "publish", text: text)
            }
        }
    }

    private static func key(_ message: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(message)))
    }

    /// The `jsPubAckHandler` given to the batch context; `closure` is the ``BatchAcknowledgments``. It owns the
    /// message and destroys it.
    static let handler: jsPubAckHandler = { _, message, ack, failure, closure in
        if let message, let closure {
            Unmanaged<BatchAcknowledgments>.fromOpaque(closure).takeUnretainedValue()
                .acknowledge(message, ack: ack, failure: failure)
        }
        natsMsg_Destroy(message)
    }
}
