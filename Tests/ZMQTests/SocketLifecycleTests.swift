import Dispatch
import Testing
import ZMQ

@Suite("Endpoints, options and lifecycle")
struct SocketLifecycleTests {
    @Test("lastEndpoint resolves the port chosen for a wildcard bind")
    func lastEndpoint() throws {
        let context = try makeContext()
        let socket = try context.makeSocket(.rep)
        defer { socket.close() }
        #expect(try socket.lastEndpoint == "")
        try socket.bind("tcp://127.0.0.1:*")
        let endpoint = try socket.lastEndpoint
        #expect(endpoint.hasPrefix("tcp://127.0.0.1:"))
        let port = Int(endpoint.dropFirst("tcp://127.0.0.1:".count))
        #expect((port ?? 0) > 0)
        try socket.unbind(endpoint)
        #expect(throws: ZMQError.noSuchEndpoint) { try socket.unbind(endpoint) }
    }

    @Test("bind errors are ZMQErrors that name the operation and endpoint")
    func bindErrors() throws {
        let context = try makeContext()
        let socket = try context.makeSocket(.pull)
        defer { socket.close() }

        let badTransport = #expect(throws: ZMQError.self) { try socket.bind("bogus://nowhere") }
        #expect(badTransport == .protocolNotSupported)
        #expect(badTransport?.operation == "bind")
        #expect(badTransport?.endpoint == "bogus://nowhere")
        #expect(badTransport?.description == "bind bogus://nowhere: Protocol not supported")

        let badPort = #expect(throws: ZMQError.self) { try socket.bind("tcp://127.0.0.1:notaport") }
        #expect(badPort == .invalidArgument)
        #expect(badPort?.description.hasPrefix("bind tcp://127.0.0.1:notaport: ") == true)

        try socket.bind("tcp://127.0.0.1:*")
        let taken = try socket.lastEndpoint
        let other = try context.makeSocket(.pull)
        defer { other.close() }
        let inUse = #expect(throws: ZMQError.self) { try other.bind(taken) }
        #expect(inUse == .addressInUse)
        #expect(inUse?.description == "bind \(taken): Address already in use")
    }

    @Test("ZMQError identity is the error number alone")
    func errorIdentity() {
        let detailed = ZMQError(ZMQError.terminated.rawValue, operation: "receive", endpoint: "inproc://x")
        #expect(detailed == .terminated)
        #expect(detailed.hashValue == ZMQError.terminated.hashValue)
        #expect(detailed.description == "receive inproc://x: Context was terminated")
        #expect(ZMQError.tryAgain.description == "Resource temporarily unavailable")
        #expect(ZMQError(rawValue: ZMQError.interrupted.rawValue) == .interrupted)
        #expect(ZMQError.tryAgain != .interrupted)
    }

    @Test("typed options read back what was set")
    func optionRoundTrip() throws {
        let context = try makeContext()
        let socket = try context.makeSocket(.dealer)
        defer { socket.close() }
        try socket.setOption(.linger, 250)
        try socket.setOption(.sendHighWaterMark, 10)
        try socket.setOption(.receiveHighWaterMark, 20)
        try socket.setOption(.maxMessageSize, 1 << 33)
        try socket.setOption(.receiveTimeout, 123)
        try socket.setOption(.sendTimeout, 456)
        try socket.setOption(.immediate, true)
        try socket.setOption(.ipv6, true)
        try socket.setOption(.routingId, [1, 2, 3])
        try socket.setOption(.zapDomain, "segue")
        #expect(try socket.getOption(.linger) == 250)
        #expect(try socket.getOption(.sendHighWaterMark) == 10)
        #expect(try socket.getOption(.receiveHighWaterMark) == 20)
        #expect(try socket.getOption(.maxMessageSize) == 1 << 33)
        #expect(try socket.getOption(.receiveTimeout) == 123)
        #expect(try socket.getOption(.sendTimeout) == 456)
        #expect(try socket.getOption(.immediate))
        #expect(try socket.getOption(.ipv6))
        #expect(try socket.getOption(.routingId) == [1, 2, 3])
        #expect(try socket.getOption(.zapDomain) == "segue")

        // Untyped access, here ZMQ_LINGER (17) and ZMQ_TYPE (16; 5 is DEALER).
        try socket.setOption(17, int: 0)
        #expect(try socket.getOption(17) == 0)
        #expect(try socket.getOption(16) == 5)
        #expect(try socket.getOption(.int(17)) == 0)

        #expect(throws: ZMQError.invalidArgument) { try socket.setOption(.linger, Int.max) }
        #expect(throws: ZMQError.invalidArgument) { try socket.subscribe("not a SUB socket") }
    }

    @Test("closed sockets throw notSocket; close is idempotent")
    func closedSocket() throws {
        let context = try makeContext()
        let socket = try context.makeSocket(.push)
        #expect(!socket.isClosed)
        socket.close(linger: 0)
        socket.close()
        #expect(socket.isClosed)
        #expect(!socket.hasMore)
        let error = #expect(throws: ZMQError.self) { try socket.bind("inproc://closed") }
        #expect(error == .notSocket)
        #expect(error?.description.hasPrefix("bind inproc://closed: ") == true)
        #expect(throws: ZMQError.notSocket) { try socket.send([bytes("x")]) }
        #expect(throws: ZMQError.notSocket) { try socket.receive(dontWait: true) }
        #expect(throws: ZMQError.notSocket) { try socket.lastEndpoint }
        #expect(throws: ZMQError.notSocket) { try socket.setOption(.linger, 0) }
    }

    @Test("a socket closed with linger 0 drops what it queued, so the context still terminates")
    func closedWithoutLinger() throws {
        // Run on another thread with a bounded wait: with linger at its default, zmq_ctx_term would block forever on
        // the queued message.
        let finished = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        DispatchQueue(label: "closed-without-linger").async {
            do {
                var context: ZMQContext? = try ZMQContext()
                var socket: ZMQSocket? = try context?.makeSocket(.push)
                try socket?.connect("tcp://127.0.0.1:1")
                outcome.set(try socket?.send([bytes("stuck")], dontWait: true) == true ? "queued" : "not queued")
                socket?.close(linger: 0)
                socket = nil
                context = nil
            } catch {
                outcome.set("\(error)")
            }
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(outcome.get() == "queued")
    }

    @Test("a socket whose setup fails is closed before the error goes on")
    func failedSetupCloses() throws {
        let context = try makeContext()
        var made: ZMQSocket?
        #expect(throws: ZMQError.protocolNotSupported) {
            try context.makeSocket(.pull) { socket throws(ZMQError) in
                made = socket
                try socket.bind("bogus://nowhere")
            }
        }
        #expect(made?.isClosed == true)
    }

    @Test("zmqVersion reports the loaded libzmq")
    func version() {
        let version = zmqVersion()
        #expect(version.major == 4)
        #expect(version.minor >= 3)
    }
}
