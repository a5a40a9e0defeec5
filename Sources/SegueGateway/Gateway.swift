import SegueClient
import SegueCore
import SegueJSON
import SegueSystem
import Synchronization
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// `segue web`'s gateway: serves the page's files and bridges its WebSocket messages (JSON) to a daemon's three
/// ZeroMQ sockets. Two threads: the caller's runs libwebsockets (HTTP, WebSocket framing, non-blocking writes),
/// a second runs the `GatewayBridge` (ZeroMQ sockets belong to one thread); `PageOutboxes` sits between them.
/// What the libwebsockets callbacks change sits behind locks, which only that thread takes in practice.
public final class Gateway: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        /// The page's files (the repository's `web/`).
        public var assetsDirectory: String
        public var endpoints: SegueEndpoints
        public var curve: CurveClientKeys?
        /// When set, WebSocket upgrades must carry `?token=<token>` (required for a non-loopback `host`).
        public var token: String?
        /// Host names served besides the gateway's own addresses (`--allow-host`: a reverse proxy's public name),
        /// `NAME` (any port) or `NAME:PORT`.
        public var allowedHosts: [String]
        /// In front of a whole cluster: where its shards are served, followed as they change hands; `endpoints`
        /// are then not used.
        public var cluster: ClusterRoute?

        public init(
            host: String, port: Int, assetsDirectory: String, endpoints: SegueEndpoints,
            curve: CurveClientKeys?, token: String?, allowedHosts: [String] = [], cluster: ClusterRoute? = nil
        ) {
            self.host = host
            self.port = port
            self.assetsDirectory = assetsDirectory
            self.endpoints = endpoints
            self.curve = curve
            self.token = token
            self.allowedHosts = allowedHosts
            self.cluster = cluster
        }
    }

    public let configuration: Configuration
    private let outboxes = PageOutboxes()
    private let backlog = PageBacklog()
    private let bridge: any RunningBridge
    private let slot = ServiceSlot()
    /// Each connection's message rate, kept by the libwebsockets thread's callbacks.
    private let rates = Mutex<[ConnectionID: MessageRate]>([:])
    /// Set once the port is known; until then nothing is served.
    private let policy = Mutex<OriginPolicy?>(nil)

    /// The service, set once it exists: the bridge and the service's callbacks are made before it.
    private final class ServiceSlot: Sendable {
        private let service = Mutex<WebSocketService?>(nil)

        func set(_ service: WebSocketService) { self.service.withLock { $0 = service } }

        /// The service; only asked for once `set(_:)` ran (callbacks come from the service itself).
        var current: WebSocketService { service.withLock { $0 }! }

        func wake() { service.withLock { $0 }?.wake() }
    }

    private var service: WebSocketService { slot.current }

    /// Connects to the daemon and binds the listening socket.
    /// - Throws: `GatewayError` when either cannot be done.
    public init(configuration: Configuration) throws(GatewayError) {
        self.configuration = configuration
        let slot = self.slot
        let hello = Array(Self.hello(configuration).description.utf8)
        if let route = configuration.cluster {
            bridge = try GatewayBridge(
                transport: try ClusterBridgeTransport(route: route, curve: configuration.curve),
                endpoints: route.holder(of: 0), route: route, curve: configuration.curve, outboxes: outboxes,
                backlog: backlog, hello: hello, wakeWriter: { slot.wake() })
        } else {
            bridge = try GatewayBridge(
                transport: try SocketBridgeTransport(endpoints: configuration.endpoints, curve: configuration.curve),
                endpoints: configuration.endpoints, curve: configuration.curve, outboxes: outboxes, backlog: backlog,
                hello: hello, wakeWriter: { slot.wake() })
        }
        var handlers = WebSocketService.Handlers()
        handlers.accept = { [unowned self] handshake in
            policy.withLock { $0 }?.acceptsUpgrade(handshake) ?? false
        }
        handlers.acceptRequest = { [unowned self] request in policy.withLock { $0 }?.servesFiles(to: request) ?? false }
        handlers.opened = { [unowned self] id in
            rates.withLock { $0[id] = MessageRate(now: .now) }
            outboxes.open(id)
            bridge.post(.opened(id))
        }
        handlers.received = { [unowned self] id, message in
            guard rates.withLock({ $0[id]?.admit(now: .now) ?? false }) else {
                service.close(
                    id, status: 1008,
                    reason: "over \(Int(GatewayLimits.messagesPerSecond)) messages "
                        + "per second")
                return
            }
            if backlog.received(id, bytes: message.count) { service.pauseReceiving(id) }
            bridge.post(.message(id, message))
        }
        handlers.closed = { [unowned self] id in
            rates.withLock { $0[id] = nil }
            outboxes.remove(id)
            backlog.remove(id)
            bridge.post(.closed(id))
        }
        handlers.writable = { [unowned self] id in outboxes.next(for: id) }
        handlers.woken = { [unowned self] in
            for id in backlog.takeDrained() { service.resumeReceiving(id) }
            let work = outboxes.takeWork()
            for id in work.ready { service.flush(id) }
            for (id, reason) in work.closing { service.close(id, status: 1008, reason: reason) }
        }
        let made: WebSocketService
        do throws(WebSocketError) {
            made = try WebSocketService(
                server: .init(
                    host: configuration.host, port: configuration.port,
                    assetsDirectory: configuration.assetsDirectory,
                    maxMessageBytes: GatewayLimits.maxMessageBytes,
                    maxConnections: GatewayLimits.maxConnections,
                    maxDescriptors: Self.connectionDescriptors()),
                handlers: handlers)
        } catch {
            throw .webSocket(error)
        }
        slot.set(made)
        let served = OriginPolicy(
            listenHost: configuration.host, port: made.port, allowedHosts: configuration.allowedHosts,
            token: configuration.token)
        policy.withLock { $0 = served }
    }

    /// The port the page is served on.
    public var port: Int { service.port }

    /// The address to open: `http://host:port/`, with `?token=…` when one is required.
    public var url: String {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let query = configuration.token.map { "?token=\($0)" } ?? ""
        return "http://\(host):\(port)/\(query)"
    }

    /// Serves until `stop()`; the bridge runs on a thread of its own meanwhile.
    /// - Throws: `GatewayError` when a thread of the gateway's cannot be started.
    public func run() throws(GatewayError) {
        let bridge = self.bridge
        let failure: JoinableThread<GatewayError?>
        do {
            failure = try JoinableThread(name: "gateway bridge") {
                do throws(GatewayError) {
                    try bridge.run()
                    return nil
                } catch {
                    return error
                }
            }
        } catch {
            throw .threadStart(error)
        }
        service.run()
        bridge.stop()
        let error = failure.join()
        service.shutDown()
        if let error { throw error }
    }

    /// Makes `run()` return; any thread.
    public func stop() {
        bridge.stop()
        service.stop()
    }

    /// Raises the process's descriptor limit as far as it goes, and leaves `GatewayLimits.reservedDescriptors`
    /// of it beside the connections.
    private static func connectionDescriptors() -> Int {
        let limit = DescriptorLimit.raiseToHard() ?? 1024
        let room = limit == .max ? GatewayLimits.maxDescriptors : limit - GatewayLimits.reservedDescriptors
        return max(GatewayLimits.reservedDescriptors, min(GatewayLimits.maxDescriptors, room))
    }

    /// The first message of every connection: what the page needs to draw its menus.
    private static func hello(_ configuration: Configuration) -> JSONObject {
        var hello = JSONObject()
        hello.add("profiles", ProfileCatalog.names)
        hello.addRaw("newestRevision", String(ProfileCatalog.newestRevision))
        hello.addRaw("maxMessageBytes", String(GatewayLimits.maxMessageBytes))
        hello.addRaw("maxRecordingBytes", String(GatewayLimits.maxRecordingBytes))
        hello.addRaw("messagesPerSecond", String(Int(GatewayLimits.messagesPerSecond)))
        if let route = configuration.cluster {
            var cluster = JSONObject()
            cluster.add("servers", route.servers)
            cluster.addRaw("shards", String(route.shards))
            hello.add("cluster", cluster)
        } else {
            var daemon = JSONObject()
            daemon.add("ingest", configuration.endpoints.ingest)
            daemon.add("control", configuration.endpoints.control)
            daemon.add("events", configuration.endpoints.events)
            hello.add("daemon", daemon)
        }
        var message = JSONObject()
        message.add("hello", hello)
        return message
    }
}
