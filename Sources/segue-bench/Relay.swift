import SegueCommandLine
import SegueSystem
import SegueWire
import ZMQ

/// The ceiling: a raw libzmq relay, PUSH -> PULL -> PUB -> SUB over tcp loopback like the daemon, forwarding the
/// bytes it receives without decoding them.
///
/// The relay thread receives each input in place (`zmq_msg_t`, no copy into an array) and publishes it as two
/// frames, as the daemon publishes a frame: a topic, then the same bytes. The topic is `fr/` and the relay's
/// message counter (8 bytes), which costs the relay about what the daemon's `fr/<stack>/` costs it and lets the
/// subscriber pair each message with its send for latency, since PUSH -> PULL from one producer keeps order.
final class Relay {
    /// Where producers connect (PULL).
    let ingest: String
    /// Where subscribers connect (PUB).
    let events: String
    private let context: ZMQContext
    private var thread: JoinableThread<String?>?

    /// Binds both sockets on `tcp://127.0.0.1:*` and starts the relay thread.
    init() throws(BenchError) {
        // Until the relay thread takes them over, these are closed here on a failure.
        var opened: [ZMQSocket] = []
        do throws(ZMQError) {
            context = try ZMQContext()
            let pull = try context.makeSocket(.pull)
            opened.append(pull)
            let pub = try context.makeSocket(.pub)
            opened.append(pub)
            // The daemon's queue sizes (EngineConfiguration: ingest 100000, publisher 100000).
            try pull.setOption(.receiveHighWaterMark, 100_000)
            try pub.setOption(.sendHighWaterMark, 100_000)
            try pull.setOption(.linger, 0)
            try pub.setOption(.linger, 0)
            try pull.bind("tcp://127.0.0.1:*")
            try pub.bind("tcp://127.0.0.1:*")
            ingest = try pull.lastEndpoint
            events = try pub.lastEndpoint
            let sockets = SocketHandOff(pull: pull, pub: pub)
            thread = try? JoinableThread.bench("relay") { Self.forward(sockets) }
        } catch {
            for socket in opened { socket.close(linger: 0) }
            throw BenchError("cannot set up the relay", cause: error)
        }
        if thread == nil {
            for socket in opened { socket.close(linger: 0) }
            throw BenchError("cannot start the relay thread")
        }
    }

    /// Stops the relay thread (shutting the context down wakes its blocking receive) and reports a failure.
    func stop() -> String? {
        context.shutdown()
        return thread?.join() ?? nil
    }

    deinit {
        _ = stop()
    }

    /// The relay loop: receive, forward, until the context shuts down.
    private static func forward(_ sockets: SocketHandOff) -> String? {
        let pull = sockets.pull
        let pub = sockets.pub
        defer {
            pull.close(linger: 0)
            pub.close(linger: 0)
        }
        var topic: [UInt8] = Array(Topic.frame.prefix.utf8) + [UInt8](repeating: 0, count: 8)
        var counter: UInt64 = 0
        while true {
            do {
                _ = try pull.receive { parts in
                    counter += 1
                    withUnsafeBytes(of: counter.littleEndian) { bytes in
                        for i in 0..<8 { topic[3 + i] = bytes[i] }
                    }
                    // PUB never blocks: past its high-water mark it drops, as the daemon's does.
                    _ = try pub.send(topic, more: true, dontWait: true)
                    _ = try pub.send(parts[parts.count - 1], more: false, dontWait: true)
                }
            } catch let error as ZMQError where error == .terminated {
                return nil
            } catch {
                return "relay: \(error)"
            }
        }
    }

    /// The relay's counter in a topic it published, nil for another topic.
    static func counter(inTopic topic: UnsafeRawBufferPointer) -> UInt64? {
        guard topic.count == 11 else { return nil }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(topic[3 + i]) << (8 * UInt64(i)) }
        return value
    }
}

/// The relay's two sockets on their way to the relay thread. A ZeroMQ socket belongs to one thread; handing it
/// over whole is allowed (ZMQSocket's documentation), and the creating thread never touches these again, which is
/// why the box may be `@unchecked Sendable`.
private final class SocketHandOff: @unchecked Sendable {
    let pull: ZMQSocket
    let pub: ZMQSocket

    init(pull: ZMQSocket, pub: ZMQSocket) {
        self.pull = pull
        self.pub = pub
    }
}
