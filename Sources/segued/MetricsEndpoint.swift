import SegueCluster
import SegueCommandLine
import SegueEngine
import SegueLogging
import SegueSystem
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// `--metrics tcp://HOST:PORT`: the Prometheus text exposition (``MetricsExposition``) served over HTTP at
/// `/metrics`, by libwebsockets on a thread of its own (docs/operations.md, "Metrics"). The engine's loop and the
/// cluster's threads never wait for it: it reads what they posted. A scraper that is slow or never finishes its
/// request holds one of a few connections for at most `requestTimeoutSeconds`; anything but a GET of `/metrics`
/// is answered 404 (or 405 for another method).
final class MetricsEndpoint {
    static let option = CommandSpec.Option(
        "metrics", "EP",
        help: "serve Prometheus metrics over HTTP at http://HOST:PORT/metrics, EP being tcp://HOST:PORT ('*' or 0 "
            + "picks a free port; the bound one is in the ready and standby lines); no authentication (default: "
            + "off)")

    /// Connections served at once; more wait in the listening socket's backlog.
    static let maxConnections = 16
    static let requestTimeoutSeconds = 5

    /// The address as bound (a free port resolved), `tcp://HOST:PORT`.
    let endpoint: String
    private let service: WebSocketService
    private let thread: JoinableThread<Void>

    /// The address `--metrics` asks for, or nil without it.
    static func address(from arguments: ParsedArguments) throws(UsageError) -> ListenAddress? {
        guard let value = arguments.string("metrics") else { return nil }
        let problem = "segued: --metrics must be tcp://HOST:PORT (an IP address of this machine, PORT a number or *), "
        guard value.hasPrefix("tcp://"), let colon = value.lastIndex(of: ":"),
            colon > value.index(value.startIndex, offsetBy: 5)
        else { throw UsageError(problem + "not '\(value)'") }
        var host = String(value[value.index(value.startIndex, offsetBy: 6)..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let portText = value[value.index(after: colon)...]
        guard let port = portText == "*" ? 0 : Int(portText), (0...65535).contains(port) else {
            throw UsageError(problem + "not '\(value)'")
        }
        do throws(ListenAddress.Problem) {
            let address = try ListenAddress(host: host, port: port)
            try address.checkBindable()
            return address
        } catch {
            switch error {
            case .notNumeric: throw UsageError(problem + "not '\(value)'")
            case .notThisMachine:
                throw UsageError("segued: --metrics \(value): \(host) is not an address of this machine")
            case .inUse: throw UsageError("segued: --metrics \(value): something listens there already")
            case .other(let reason): throw UsageError("segued: --metrics \(value): \(reason)")
            }
        }
    }

    /// Listens on `address` and serves on a thread until the process exits.
    init(address: ListenAddress, exposition: MetricsExposition) throws(WebSocketError) {
        var handlers = WebSocketService.Handlers()
        handlers.accept = { _ in false }
        handlers.document = { path in
            guard path == "/metrics" else { return nil }
            return AssetDirectory.File(
                bytes: Array(exposition.render().utf8), contentType: MetricsExposition.contentType)
        }
        var configuration = WebSocketService.Configuration(
            host: address.host, port: address.port, assetsDirectory: nil, maxMessageBytes: 1024, maxConnections: 0,
            // The connections, the listening socket and libwebsockets' wake-up pipe.
            maxDescriptors: Self.maxConnections + 3)
        configuration.requestTimeoutSeconds = Self.requestTimeoutSeconds
        let service = try WebSocketService(server: configuration, handlers: handlers)
        self.service = service
        endpoint = address.isIPv6 ? "tcp://[\(address.host)]:\(service.port)" : "tcp://\(address.host):\(service.port)"
        do {
            thread = try JoinableThread(name: "segue.metrics") { service.run() }
        } catch {
            throw WebSocketError("cannot start the metrics thread: \(error)")
        }
    }
}

/// Serves `--metrics` on `address`, the engine posting its counters for it; exits 1 when it cannot listen there.
func startMetrics(
    on address: ListenAddress, for configuration: inout EngineConfiguration,
    cluster: (status: ShardStatus, shard: Int, node: String)?, log: Logger
) -> MetricsEndpoint {
    let board = StatsBoard()
    configuration.statsBoard = board
    do {
        let endpoint = try MetricsEndpoint(
            address: address, exposition: MetricsExposition(board: board, cluster: cluster))
        log.info("serving metrics", ["endpoint": endpoint.endpoint, "path": "/metrics"])
        if !address.isLoopback {
            log.warn("metrics reachable beyond this machine, without authentication", ["endpoint": endpoint.endpoint])
        }
        return endpoint
    } catch {
        log.error("cannot serve the metrics", ["error": error.description])
        exit(1)
    }
}
