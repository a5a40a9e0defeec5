import ZMQ

/// The daemon's transport: PULL for ingest, ROUTER for control, PUB for events.
final class SocketTransport: EngineTransport {
    let ingest: ZMQSocket
    let control: ZMQSocket
    let events: ZMQSocket
    /// Reused for every message received on ingest and control.
    private let receiveBuffers = ReceiveBuffers()

    init(ingest: ZMQSocket, control: ZMQSocket, events: ZMQSocket) {
        self.ingest = ingest
        self.control = control
        self.events = events
    }

    func receiveIngest(_ body: ([UnsafeRawBufferPointer]) -> Void) throws(EngineError) -> Bool {
        try receive(from: ingest, "ingest", body)
    }

    func receiveRequest(_ body: ([UnsafeRawBufferPointer]) -> Void) throws(EngineError) -> Bool {
        try receive(from: control, "control", body)
    }

    private func receive(
        from socket: ZMQSocket, _ name: String, _ body: ([UnsafeRawBufferPointer]) -> Void
    ) throws(EngineError) -> Bool {
        do {
            return try socket.receive(dontWait: true, reusing: receiveBuffers, body) != nil
        } catch let error as ZMQError {
            throw EngineError("\(name) receive failed", .socket(error))
        } catch {
            throw EngineError("\(name) receive failed: \(error)")
        }
    }

    func publish(topic: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) -> Bool {
        // PUB does not block: past a subscriber's high-water mark libzmq drops that subscriber's copy silently (it
        // recovers from the log). What libzmq refuses outright is counted by the caller.
        do {
            return try events.send(topic, more: true, dontWait: true)
                && events.send(payload, more: false, dontWait: true)
        } catch {
            return false
        }
    }

    func reply(envelope: [[UInt8]], payload: [UInt8]) -> Bool {
        do {
            return try control.send(envelope + [payload], dontWait: true)
        } catch {
            return true
        }
    }
}
