/// What the engine's turns read from and write to: the daemon's ZeroMQ sockets (`SocketTransport`), or the
/// embedded engine's queues in memory (`MemoryTransport`). The turn code (`TurnRunner`) is the same for both.
protocol EngineTransport: AnyObject {
    /// Takes the next ingest message if one is waiting, handing its parts to `body`.
    /// - Returns: false when none was waiting.
    func receiveIngest(_ body: ([UnsafeRawBufferPointer]) -> Void) throws(EngineError) -> Bool

    /// Takes the next control request if one is waiting, handing its parts (the envelope, then the payload) to
    /// `body`.
    /// - Returns: false when none was waiting.
    func receiveRequest(_ body: ([UnsafeRawBufferPointer]) -> Void) throws(EngineError) -> Bool

    /// Publishes one message of two parts without waiting.
    /// - Returns: false when the transport refused it.
    func publish(topic: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) -> Bool

    /// Sends one reply without waiting.
    /// - Returns: false when the client's queue is full; true when the reply was queued, or when the client has
    ///   gone (nothing is waiting for the reply).
    func reply(envelope: [[UInt8]], payload: [UInt8]) -> Bool
}
