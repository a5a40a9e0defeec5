/// The embedded engine's transport: queues in memory where the daemon has sockets, holding the same bytes.
final class MemoryTransport: EngineTransport {
    /// Ingest messages (each a list of parts) and control requests (envelope parts, then the payload) not taken
    /// yet, oldest first.
    var ingestQueue: [[[UInt8]]] = []
    var requestQueue: [[[UInt8]]] = []
    /// What was published and replied, oldest first, until the owner takes it.
    var published: [(topic: [UInt8], payload: [UInt8])] = []
    var replies: [(envelope: [[UInt8]], payload: [UInt8])] = []

    func receiveIngest(_ body: ([UnsafeRawBufferPointer]) -> Void) -> Bool {
        take(from: &ingestQueue, body)
    }

    func receiveRequest(_ body: ([UnsafeRawBufferPointer]) -> Void) -> Bool {
        take(from: &requestQueue, body)
    }

    private func take(from queue: inout [[[UInt8]]], _ body: ([UnsafeRawBufferPointer]) -> Void) -> Bool {
        guard !queue.isEmpty else { return false }
        let parts = queue.removeFirst()
        withBuffers(parts[...], [], body)
        return true
    }

    /// Hands `parts` to `body` as buffers, each kept alive until `body` returns.
    private func withBuffers(
        _ parts: ArraySlice<[UInt8]>, _ buffers: [UnsafeRawBufferPointer], _ body: ([UnsafeRawBufferPointer]) -> Void
    ) {
        guard let first = parts.first else { return body(buffers) }
        first.withUnsafeBytes { withBuffers(parts.dropFirst(), buffers + [$0], body) }
    }

    func publish(topic: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) -> Bool {
        published.append(([UInt8](topic), [UInt8](payload)))
        return true
    }

    func reply(envelope: [[UInt8]], payload: [UInt8]) -> Bool {
        replies.append((envelope, payload))
        return true
    }
}
