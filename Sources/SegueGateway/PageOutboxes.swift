import Synchronization
import WebSockets

/// Every page's outbox, shared by the bridge thread (which fills them) and the WebSocket thread (which writes
/// them out when each socket can take more).
final class PageOutboxes: Sendable {
    private struct State {
        var boxes: [ConnectionID: PageOutbox] = [:]
        /// Connections with something new to write since the WebSocket thread last looked.
        var ready: Set<ConnectionID> = []
        /// Connections to close, with the reason, for falling too far behind.
        var closing: [(ConnectionID, String)] = []
        var framesWritten = 0
        var framesConflated = 0
        var messagesWritten = 0
        var batchesWritten = 0

        /// Keeps the counts of an outbox that goes away.
        mutating func retire(_ box: PageOutbox) {
            framesConflated += box.conflated
            framesWritten += box.framesWritten
            batchesWritten += box.batchesWritten
        }
    }

    /// The gateway's counters, over all connections so far.
    struct Counters: Sendable {
        var connections: Int
        var framesWritten: Int
        var framesConflated: Int
        var messagesWritten: Int
        var batchesWritten: Int
    }

    private let state = Mutex(State())

    func open(_ id: ConnectionID) {
        state.withLock { $0.boxes[id] = PageOutbox() }
    }

    func remove(_ id: ConnectionID) {
        state.withLock { state in
            if let box = state.boxes.removeValue(forKey: id) { state.retire(box) }
            state.ready.remove(id)
        }
    }

    /// Queues a whole message; a page whose queue passes `GatewayLimits.maxQueuedBytes` is closed instead.
    func append(_ message: [UInt8], to id: ConnectionID) {
        state.withLock { state in
            guard state.boxes[id] != nil else { return }
            state.boxes[id]!.append(message)
            if state.boxes[id]!.queuedBytes > GatewayLimits.maxQueuedBytes {
                // Nothing more is written to it: its queue goes, its counts stay.
                state.retire(state.boxes.updateValue(PageOutbox(), forKey: id)!)
                state.closing.append((id, "too slow: over \(GatewayLimits.maxQueuedBytes >> 20) MiB queued"))
            }
            state.ready.insert(id)
        }
    }

    /// Queues a frame, replacing the stack's older frame if it is still waiting.
    func appendFrame(_ frame: [UInt8], stackId: String, to id: ConnectionID) {
        state.withLock { state in
            guard state.boxes[id] != nil else { return }
            state.boxes[id]!.appendFrame(frame, stackId: stackId)
            state.ready.insert(id)
        }
    }

    /// Whether what waits for the connection is written as batches (`PageOutbox.batching`).
    func setBatching(_ on: Bool, for id: ConnectionID) {
        state.withLock { $0.boxes[id]?.batching = on }
    }

    /// What to write next to a connection that can take it: a message, or a batch of them.
    func next(for id: ConnectionID) -> [UInt8]? {
        state.withLock { state in
            guard let write = state.boxes[id]?.nextWrite() else { return nil }
            state.messagesWritten += write.messages
            return write.bytes
        }
    }

    /// Takes the connections that have something new to write, and those to close.
    func takeWork() -> (ready: Set<ConnectionID>, closing: [(ConnectionID, String)]) {
        state.withLock { state in
            defer {
                state.ready.removeAll(keepingCapacity: true)
                state.closing.removeAll()
            }
            return (state.ready, state.closing)
        }
    }

    var counters: Counters {
        state.withLock { state in
            let open = state.boxes.values
            return Counters(
                connections: state.boxes.count,
                framesWritten: state.framesWritten + open.reduce(0) { $0 + $1.framesWritten },
                framesConflated: state.framesConflated + open.reduce(0) { $0 + $1.conflated },
                messagesWritten: state.messagesWritten,
                batchesWritten: state.batchesWritten + open.reduce(0) { $0 + $1.batchesWritten })
        }
    }
}
