import SegueClient
import SegueWire
import ZMQ

/// The sockets of `segue record`: a PULL socket producers push to instead of segued's ingest, and a ROUTER socket
/// clients send requests to instead of segued's control, both forwarding everything to segued as it arrives.
///
/// A PUSH/PULL pair cannot be tapped (each message goes to exactly one PULL), so recording means standing in the
/// middle: producers point at the recorder, which forwards every input to the daemon unchanged and hands it to the
/// caller to write down. Requests pass through the same way, their replies come back to the client that asked, and
/// the commands among them (create, push, pop, ...) are handed over as `Input` messages carrying the command, since
/// that is how a player sends them again. Queries (state, stats, history) are forwarded but not recorded.
///
/// Not thread-safe: one thread owns the sockets.
final class RecordingProxy {
    /// The bound ingest endpoint (with a `*` port resolved).
    let ingestEndpoint: String
    /// The bound control endpoint, or nil when the control proxy is off.
    let controlEndpoint: String?

    private let context: ZMQContext
    private let pull: ZMQSocket
    private let push: ZMQSocket
    private let router: ZMQSocket?
    private let dealer: ZMQSocket?
    private var poller: ZMQPoller
    /// The daemon's endpoints forwarded to.
    private var daemon: SegueEndpoints
    private let pullIndex: Int
    private let routerIndex: Int?
    private let dealerIndex: Int?

    /// Binds the proxy's sockets and connects them to the daemon.
    /// - Parameters:
    ///   - listenIngest: where producers push (a PULL socket is bound there).
    ///   - listenControl: where clients send requests (a ROUTER socket), or nil for no control proxy.
    ///   - daemon: segued's endpoints; inputs go to its ingest, requests to its control.
    ///   - curve: CURVE keys for the connections to the daemon (the recorder's own sockets are plaintext).
    init(listenIngest: String, listenControl: String?, daemon: SegueEndpoints, curve: CurveClientKeys?) throws {
        self.daemon = daemon
        var opened: [ZMQSocket] = []
        do {
            let context = try ZMQContext()
            self.context = context
            func open(_ type: SocketType) throws(ZMQError) -> ZMQSocket {
                let socket = try context.makeSocket(type)
                opened.append(socket)
                return socket
            }
            pull = try open(.pull)
            push = try open(.push)
            try pull.setOption(.linger, 0)
            // Inputs still queued at the end reach the daemon if it takes them within a few seconds.
            try push.setOption(.linger, 5000)
            // A daemon that stops taking input must not wedge the recorder for ever.
            try push.setOption(.sendTimeout, 2000)
            try curve?.apply(to: push)
            try push.connect(daemon.ingest)
            if let listenControl {
                let router = try open(.router)
                let dealer = try open(.dealer)
                try router.setOption(.linger, 1000)
                try dealer.setOption(.linger, 1000)
                try curve?.apply(to: dealer)
                try dealer.connect(daemon.control)
                try Self.bind(router, listenControl, "--listen-control")
                self.router = router
                self.dealer = dealer
                controlEndpoint = try router.lastEndpoint
            } else {
                router = nil
                dealer = nil
                controlEndpoint = nil
            }
            try Self.bind(pull, listenIngest, "--listen")
            ingestEndpoint = try pull.lastEndpoint
        } catch {
            // A proxy that is not made has no deinit to close what it opened.
            for socket in opened { socket.close(linger: 0) }
            if let error = error as? ZMQError { throw ClientError.zmq(error) }
            throw error
        }
        var poller = ZMQPoller()
        pullIndex = poller.add(pull)
        if let router, let dealer {
            routerIndex = poller.add(router)
            dealerIndex = poller.add(dealer)
        } else {
            routerIndex = nil
            dealerIndex = nil
        }
        self.poller = poller
    }

    private static func bind(_ socket: ZMQSocket, _ endpoint: String, _ option: String) throws {
        if let problem = EndpointSyntax.ipcBindProblem(endpoint) {
            throw CLIFailure(code: .invalidArgument, message: "cannot listen on \(endpoint) (\(option)): \(problem)")
        }
        do {
            try socket.listen(endpoint)
        } catch {
            throw CLIFailure(
                code: error == .addressInUse ? .unavailable : .invalidArgument,
                message: "cannot listen on \(endpoint) (\(option)): \(error)")
        }
    }

    deinit {
        close()
    }

    /// Forwards to `next` from now on (a cluster's shard changed hands): what was still queued for the daemon
    /// before is dropped with its connection, as that daemon is gone.
    func forward(to next: SegueEndpoints) throws(ClientError) {
        do {
            try push.disconnect(daemon.ingest)
            try push.connect(next.ingest)
            if let dealer {
                try dealer.disconnect(daemon.control)
                try dealer.connect(next.control)
            }
        } catch {
            throw .zmq(error)
        }
        daemon = next
    }

    /// Waits up to `timeoutMs` for traffic, forwards all that has arrived, and calls `record` with each input to
    /// write down (an ingest message as received, or a command request as an encoded `Input`).
    /// - Throws: `CLIFailure` (UNAVAILABLE) when the daemon has not taken an input within the send timeout.
    func pump(timeoutMs: Int, record: ([UInt8]) throws -> Void) throws {
        do {
            guard try poller.poll(timeoutMs: timeoutMs) > 0 else { return }
            if poller.isReadable(pullIndex) {
                while let parts = try pull.receive(dontWait: true) {
                    // One Input per message; anything else is forwarded as it is, for the daemon to reject.
                    let payload = parts.count == 1 ? parts[0] : []
                    guard try push.send([payload]) else {
                        throw CLIFailure(
                            code: .unavailable,
                            message: "segued is not taking input (nothing accepted for 2 s); stopped")
                    }
                    try record(payload)
                }
            }
            if let router, let dealer, let routerIndex, poller.isReadable(routerIndex) {
                while let parts = try router.receive(dontWait: true) {
                    // [client id, (empty delimiter), request]: the daemon mirrors the envelope, so the reply finds
                    // its way back through the dealer and the router.
                    _ = try dealer.send(parts, dontWait: true)
                    if let payload = parts.last, let command = Self.command(in: payload) {
                        try record(Input(body: .command(command)).encoded())
                    }
                }
            }
            if let router, let dealer, let dealerIndex, poller.isReadable(dealerIndex) {
                while let parts = try dealer.receive(dontWait: true) {
                    _ = try router.send(parts, dontWait: true)
                }
            }
        } catch let error as ZMQError {
            // EINTR: a signal (Ctrl-C) arrived; the caller checks its stop flag.
            if error == .interrupted { return }
            throw ClientError.zmq(error)
        }
    }

    /// The command of a control request, with the request's id when the command has none (the daemon gives the
    /// command's events the request's id then, and a replayed command must do the same).
    static func command(in payload: [UInt8]) -> Command? {
        guard let request = try? Request(decoding: payload), case .command(var command)? = request.body else {
            return nil
        }
        if command.requestId.isEmpty { command.requestId = request.requestId }
        return command
    }

    /// Closes the sockets, letting queued inputs reach the daemon for up to the linger time; idempotent.
    func close() {
        guard !pull.isClosed else { return }
        pull.close()
        router?.close()
        dealer?.close()
        // Releasing the context waits (up to the push socket's linger) for queued inputs to leave.
        push.close()
    }
}
