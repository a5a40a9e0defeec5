import SegueCluster
import SegueClusterClient
import SegueCommandLine
import SegueEngine
import SegueLogging
import SegueSystem
import SegueWire
import Synchronization
import WebSockets
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// What segued runs with when an option is absent: the help renders these values, so it cannot drift from them.
let defaults = EngineConfiguration()

let spec = CommandSpec(
    name: "segued",
    summary:
        "The Segue daemon: reduces pan events and navigation commands into a durable log of transition events, and publishes them with the frames they imply.",
    options: [
        .init("data", "DIR", help: "data directory (created 0700; default \(defaults.dataDirectory))"),
        .init("ingest", "EP", help: "PULL endpoint for producers (default \(defaults.ingestEndpoint))"),
        .init("control", "EP", help: "ROUTER endpoint for requests (default \(defaults.controlEndpoint))"),
        .init("events", "EP", help: "PUB endpoint for subscribers (default \(defaults.eventsEndpoint))"),
        .init("fsync", "MODE", help: "always, interval:MS or never (default \(defaults.fsync))"),
        .init(
            "snapshot-every", "N",
            help: "write a snapshot every N events (default \(defaults.snapshotEvery); 0 = only at a clean shutdown)"),
        .init("segment-bytes", "N", help: "start a new log segment past N bytes (default \(defaults.segmentBytes))"),
        .init(
            "retain-bytes", "N",
            help: "after a snapshot, delete old segments it covers while the log exceeds N bytes (default "
                + "\(defaults.retainBytes); 0 = never)"),
        .init(
            "accept-log-loss",
            help: "start even though the log is damaged or missing events, giving them up (kept in DIR/log/damaged)"),
        .init(
            "max-message-bytes", "N",
            help: "largest accepted message, ZMQ_MAXMSGSIZE (default \(defaults.maxMessageBytes))"),
        .init(
            "max-stacks", "N",
            help: "most stacks the engine holds; more is RESOURCE_EXHAUSTED (default \(defaults.limits.maxStacks))"),
        .init(
            "max-screens", "N",
            help: "most screens in one stack's navigation stack or tabs (default "
                + "\(defaults.limits.maxScreensPerStack))"),
        .init(
            "max-presented", "N",
            help: "most screens presented over one stack at a time (default \(defaults.limits.maxPresentedDepth))"),
        .init(
            "max-connections", "N",
            help: "most connections each socket holds; more are closed at once (default \(defaults.maxConnections), or "
                + "what the descriptor limit allows)"),
        .init(
            "publish-queue-bytes", "N",
            help: "most bytes queued for a subscriber that is not reading (default \(defaults.publishQueueBytes))"),
        .init(
            "reply-queue-bytes", "N",
            help: "most reply bytes queued for a control client that is not reading (default "
                + "\(defaults.replyQueueBytes))"),
        .init(
            "turn-ms", "MS",
            help: "most milliseconds one turn decides inputs before it answers requests and publishes (default "
                + "\(defaults.maxIngestUsPerTurn / 1000))"),
        .init(
            "curve-secret-key", "FILE",
            help: "CURVE on all sockets: the server's Z85 secret key on the file's first line (segue keygen)"),
        .init(
            "authorized-keys", "FILE",
            help: "with --curve-secret-key: Z85 public keys of the clients let in, one a line; SIGHUP re-reads it"),
        .init("insecure", help: "allow binding beyond loopback without CURVE (anyone who can reach it gets in)"),
        .init(
            "log-level", "LEVEL",
            help: "least important log lines written to stderr: debug, info, warn or error (default "
                + "\(LogfmtLogger().threshold))"),
        .init(
            "stats-interval", "SEC",
            help: "log a msg=stats line with the counters every SEC seconds (default: never)"),
        .init("man-page", help: "print this manual page (roff, for man -l or make install) and exit"),
        MetricsEndpoint.option,
    ] + ClusterOptions.options + [ClusterKeyOption.option],
    examples: [
        "segued",
        "segued --data /var/lib/segue --fsync interval:10",
        "segued --log-level warn --stats-interval 60",
        "segued --metrics 'tcp://127.0.0.1:9464'",
        "segued --ingest 'tcp://127.0.0.1:*' --control 'tcp://127.0.0.1:*' --events 'tcp://127.0.0.1:*'",
        "segued --cluster nats://10.0.0.1:4222,nats://10.0.0.2:4222 --cluster-key cluster.key --shard 0 --shards 2 "
            + "--node a0",
        "segued --cluster nats://segued-0@10.0.0.1:4222 --nats-password-file /etc/segue/nats-password "
            + "--cluster-key cluster.key --shard 0 --shards 2",
    ],
    version: ProductVersion.line(program: "segued", libzmq: zmqVersion()))

func fail(_ message: String, status: Int32) -> Never {
    Console.error(message)
    exit(status)
}

/// The `--log-level` logger (logfmt lines on stderr, `ts=` first).
func logger(from arguments: ParsedArguments) throws(UsageError) -> Logger {
    guard let name = arguments.string("log-level") else { return LogfmtLogger().logger }
    guard let level = Logger.Level(name: name) else {
        throw UsageError("segued: --log-level must be debug, info, warn or error, not '\(name)'")
    }
    return LogfmtLogger(threshold: level).logger
}

func configuration(from arguments: ParsedArguments, logger: Logger) throws(UsageError) -> EngineConfiguration {
    var configuration = defaults
    if let data = arguments.string("data") { configuration.dataDirectory = data }
    let endpoints: [(String, WritableKeyPath<EngineConfiguration, String>)] = [
        ("ingest", \.ingestEndpoint), ("control", \.controlEndpoint), ("events", \.eventsEndpoint),
    ]
    for (name, field) in endpoints {
        guard let endpoint = arguments.string(name) else { continue }
        guard EndpointSyntax.isBindable(endpoint) else {
            throw UsageError(
                "segued: --\(name) '\(endpoint)' is not an endpoint to listen on; \(EndpointSyntax.expectedForBinding)")
        }
        configuration[keyPath: field] = endpoint
    }
    if let mode = arguments.string("fsync") {
        guard let policy = FsyncPolicy(parsing: mode) else {
            throw UsageError("segued: --fsync must be always, never or interval:MS (MS 1-60000), not '\(mode)'")
        }
        configuration.fsync = policy
    }
    if let events = try arguments.integer("snapshot-every", in: 0...(1 << 40)) {
        configuration.snapshotEvery = Int(events)
    }
    if let bytes = try arguments.integer("segment-bytes", in: 4096...(1 << 40)) {
        configuration.segmentBytes = Int(bytes)
    }
    if let bytes = try arguments.integer("retain-bytes", in: 0...(1 << 50)) {
        configuration.retainBytes = UInt64(bytes)
    }
    configuration.acceptLogLoss = arguments.flag("accept-log-loss")
    if let bytes = try arguments.integer("max-message-bytes", in: 1024...(64 << 20)) {
        configuration.maxMessageBytes = Int(bytes)
    }
    // Limits keep one client from exhausting memory; exceeding one is RESOURCE_EXHAUSTED, never a crash.
    if let count = try arguments.integer("max-stacks", in: 1...(1 << 24)) {
        configuration.limits.maxStacks = Int(count)
    }
    if let count = try arguments.integer("max-screens", in: 1...100_000) {
        configuration.limits.maxScreensPerStack = Int(count)
    }
    if let count = try arguments.integer("max-presented", in: 1...10_000) {
        configuration.limits.maxPresentedDepth = Int(count)
    }
    try limitConnections(&configuration, arguments)
    // What a peer that does not read can make the daemon hold (docs/security.md, "Limits").
    if let bytes = try arguments.integer("publish-queue-bytes", in: (1 << 20)...(1 << 40)) {
        configuration.publishQueueBytes = Int(bytes)
    }
    if let bytes = try arguments.integer("reply-queue-bytes", in: (1 << 20)...(1 << 40)) {
        configuration.replyQueueBytes = Int(bytes)
    }
    if let ms = try arguments.integer("turn-ms", in: 1...60_000) { configuration.maxIngestUsPerTurn = ms * 1000 }
    if let problem = configuration.queueLimitProblem { throw UsageError("segued: \(problem)") }
    switch (arguments.string("curve-secret-key"), arguments.string("authorized-keys")) {
    case (let secret?, let allowed?):
        do {
            configuration.curve = try CurveServerKeys(secretKeyFile: secret, authorizedKeysPath: allowed)
        } catch {
            throw UsageError("segued: \(error.description)")
        }
    case (nil, nil):
        let exposed = [configuration.ingestEndpoint, configuration.controlEndpoint, configuration.eventsEndpoint]
            .filter { !EndpointScope.isLocal($0) }
        if !exposed.isEmpty && !arguments.flag("insecure") {
            throw UsageError(
                "segued: \(exposed.joined(separator: ", ")) is reachable beyond this machine; "
                    + "use --curve-secret-key and --authorized-keys, or --insecure to accept plaintext anyway")
        }
        if !exposed.isEmpty {
            logger.warn("binding beyond loopback without CURVE", ["endpoints": exposed.joined(separator: ",")])
        }
    default:
        throw UsageError("segued: --curve-secret-key and --authorized-keys go together")
    }
    if let seconds = try arguments.number("stats-interval", in: 0.1...86_400) {
        configuration.statsIntervalMs = Int((seconds * 1000).rounded())
    }
    configuration.log = logger
    return configuration
}

/// Raises the descriptor limit to its hard limit and sets `--max-connections` (or its default) within what it
/// allows, keeping `DescriptorLimit.reserved` descriptors for the log and libzmq.
func limitConnections(_ configuration: inout EngineConfiguration, _ arguments: ParsedArguments) throws(UsageError) {
    let limit = DescriptorLimit.raiseToHard() ?? 1024
    let room = DescriptorLimit.connectionsPerSocket(limit: limit)
    let minimum = DescriptorLimit.minimumConnectionsPerSocket
    guard room >= minimum else {
        throw UsageError(
            "segued: the descriptor limit (ulimit -n) is \(limit); segued needs at least "
                + "\(DescriptorLimit.reserved + 3 * minimum): \(DescriptorLimit.reserved) for the log and ZeroMQ, and "
                + "\(minimum) connections for each socket")
    }
    if let count = try arguments.integer("max-connections", in: Int64(minimum)...(1 << 20)) {
        guard count <= room else {
            throw UsageError(
                "segued: --max-connections \(count) needs \(Int(count) * 3 + DescriptorLimit.reserved) "
                    + "descriptors, more than the limit of \(limit) (ulimit -n): raise the limit or ask for at most \(room)"
            )
        }
        configuration.maxConnections = Int(count)
    } else {
        configuration.maxConnections = min(DescriptorLimit.defaultConnectionsPerSocket, room)
    }
}

let parsed: ParsedArguments
let log: Logger
var engineConfiguration: EngineConfiguration
let cluster: ClusterSettings?
let clusterKey: ClusterSigningKey?
let metricsAddress: ListenAddress?
do {
    parsed = try ParsedArguments(Array(CommandLine.arguments.dropFirst()), spec: spec)
    if parsed.flag("man-page") {
        print(
            ManualPage.roff(
                for: spec, page: "segued", brief: "the Segue daemon", source: spec.version ?? "segued",
                seeAlso: ["segue(1)"]),
            terminator: "")
        exit(0)
    }
    log = try logger(from: parsed)
    engineConfiguration = try configuration(from: parsed, logger: log)
    cluster = try ClusterOptions.settings(from: parsed)
    clusterKey = try ClusterKeyOption.key(from: parsed, clustered: cluster != nil)
    metricsAddress = try MetricsEndpoint.address(from: parsed)
} catch {
    if error.isHelp {
        print(error.message)
        exit(0)
    }
    fail(error.message, status: 2)
}

DaemonSignals.install()

let shardStatus = ShardStatus()
// Served from before a standby waits, so that a standby is seen too.
let metrics = metricsAddress.map { address in
    startMetrics(
        on: address, for: &engineConfiguration, cluster: cluster.map { (shardStatus, $0.shard.index, $0.node) },
        log: log)
}
let lineEnd = metrics.map { " metrics=\($0.endpoint)" } ?? ""

let held = cluster.map {
    awaitShard(
        $0, key: clusterKey!, configuration: &engineConfiguration, log: log, status: shardStatus, lineEnd: lineEnd)
}
let leadership = held?.0

let engine: Engine
do {
    if let standby = held?.1 {
        engine = try Engine(configuration: engineConfiguration, takingOver: standby)
    } else {
        engine = try Engine(configuration: engineConfiguration)
    }
} catch {
    log.error("cannot start", ["error": error.description])
    exit(1)
}
if let report = engine.recoveryReport {
    log.warn("log tail repaired", ["detail": "\(report)"])
}
let summary = engine.summary
log.info(
    "started",
    [
        "data": engineConfiguration.dataDirectory, "head": summary.headPosition, "stacks": summary.stacks,
        "fsync": "\(engineConfiguration.fsync)", "curve": engineConfiguration.curve == nil ? "off" : "on",
        "max_connections": engineConfiguration.maxConnections,
    ])
let endpoints = engine.endpoints
if let leadership {
    announce(endpoints, in: leadership, log: log)
}
Console.line(
    "segued ready ingest=\(endpoints.ingest) control=\(endpoints.control) events=\(endpoints.events)\(lineEnd)")

do {
    try engine.run(
        until: { stopRequested.load(ordering: .relaxed) || leadership?.lossReason != nil },
        reloadRequested: { reloadRequested.exchange(false, ordering: .relaxed) })
} catch {
    if case .ledger(let ledgerError) = error.cause, ledgerError.isFenced {
        stepDown(because: ledgerError.description, log: log)
    }
    log.error("stopped on an error", ["error": error.description])
    exit(1)
}
if let reason = leadership?.lossReason {
    stepDown(because: reason, log: log)
}
leadership?.release()
log.info("stopped")
exit(0)
