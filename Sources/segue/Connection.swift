import SegueClient
import SegueClusterClient
import SegueCommandLine
import SegueWire

/// The endpoint options every subcommand takes, and the clients made from them.
struct Connection {
    /// `--ingest`, `--control`, `--events` (each falling back to its `SEGUE_*` variable) and `--timeout-ms`.
    static let options: [CommandSpec.Option] = [
        .init(
            "ingest", "EP", help: "daemon ingest endpoint (default \(SegueEndpoints.defaultIngest))",
            environment: SegueEndpoints.ingestVariable),
        .init(
            "control", "EP", help: "daemon control endpoint (default \(SegueEndpoints.defaultControl))",
            environment: SegueEndpoints.controlVariable),
        .init(
            "events", "EP", help: "daemon events endpoint (default \(SegueEndpoints.defaultEvents))",
            environment: SegueEndpoints.eventsVariable),
        .init(
            "timeout-ms", "MS",
            help: "how long to wait for each reply (default 3000); a refused connection is reported at once"),
        .init(
            "curve-server-key", "KEY|FILE", help: "the daemon's CURVE public key, or its .pub file",
            environment: "SEGUE_CURVE_SERVER_KEY"),
        .init(
            "curve-key-file", "FILE", help: "this client's CURVE secret key file (segue keygen)",
            environment: "SEGUE_CURVE_KEY_FILE"),
    ]

    /// `--cluster` (or `SEGUE_CLUSTER`): the daemons holding the shards are found in NATS.
    static let clusterOption = CommandSpec.Option(
        "cluster", "URLS",
        help: "a cluster's NATS servers (nats://HOST:PORT, comma-separated): the daemon holding each shard (the "
            + "stack's) is found there, and followed to the next one when the shard changes hands, instead of "
            + "talking to one daemon at --ingest, --control and --events",
        environment: "SEGUE_CLUSTER")

    /// `--cluster-public-key`: the key the cluster's records must verify with, instead of the one its daemons recorded
    /// in NATS (docs/security.md, "NATS (cluster mode)").
    static let clusterPublicKeyOption = CommandSpec.Option(
        "cluster-public-key", "KEY|FILE",
        help: "with --cluster: the cluster's public key (64 hexadecimal digits, or the .pub file segue keygen "
            + "--cluster wrote); leases and stream records it did not sign are refused (default: the key the "
            + "cluster's daemons recorded in NATS)",
        environment: "SEGUE_CLUSTER_PUBLIC_KEY")

    /// `--cluster` and the options of its credentials, TLS (each with a `SEGUE_NATS_*` variable) and public key.
    static let clusterOptions =
        [clusterOption] + ClusterAccessOptions.options(environment: true) + [clusterPublicKeyOption]

    /// The options of a command that talks to a daemon: the endpoints, or a cluster to find them in.
    static let stackOptions = options + clusterOptions

    private(set) var endpoints: SegueEndpoints
    let timeoutMs: Int
    /// CURVE keys when both key options are given.
    private(set) var curve: CurveClientKeys?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        endpoints = SegueEndpoints(
            ingest: try Self.endpoint("ingest", arguments) ?? SegueEndpoints.defaultIngest,
            control: try Self.endpoint("control", arguments) ?? SegueEndpoints.defaultControl,
            events: try Self.endpoint("events", arguments) ?? SegueEndpoints.defaultEvents)
        timeoutMs = Int(try arguments.integer("timeout-ms", in: 1...600_000) ?? 3000)
        let takesCluster = arguments.spec.options.contains { $0.name == Self.clusterOption.name }
        cluster = takesCluster ? try ClusterAccessOptions.access(from: arguments, program: "segue") : nil
        clusterKey = try Self.clusterPublicKey(arguments, clustered: cluster != nil)
        switch (arguments.string("curve-server-key"), arguments.string("curve-key-file")) {
        case (let server?, let keyFile?):
            do {
                curve = try CurveClientKeys(serverKey: server, keyFile: keyFile)
            } catch {
                throw UsageError("segue: \(error.message)")
            }
        case (nil, nil):
            curve = nil
        default:
            throw UsageError("segue: --curve-server-key and --curve-key-file go together")
        }
    }

    /// The cluster's NATS servers and credentials, when `--cluster` was given.
    let cluster: ClusterAccess?
    /// `--cluster-public-key`, when given.
    let clusterKey: ClusterPublicKey?

    private static func clusterPublicKey(_ arguments: ParsedArguments, clustered: Bool) throws(UsageError)
        -> ClusterPublicKey?
    {
        guard arguments.spec.options.contains(where: { $0.name == clusterPublicKeyOption.name }),
            let value = arguments.string(clusterPublicKeyOption.name)
        else { return nil }
        guard clustered else { throw UsageError("segue: --cluster-public-key needs --cluster") }
        do {
            return try ClusterKeyFiles.publicKey(value)
        } catch {
            throw UsageError("segue: --cluster-public-key: \(error)")
        }
    }

    /// The connection for a command on `stack`: with `--cluster`, to the daemon holding the stack's shard now.
    static func forStack(_ stack: String, _ arguments: ParsedArguments) throws -> Connection {
        try forStacks([stack], arguments, command: arguments.spec.name)
    }

    /// The connection for `command` (`segue record`) on `stacks`: with `--cluster`, to the daemon holding their
    /// shard now, which they must share, since one daemon is talked to.
    static func forStacks(_ stacks: [String], _ arguments: ParsedArguments, command: String) throws -> Connection {
        var connection = try Connection(arguments)
        guard connection.cluster != nil else { return connection }
        let directory = try connection.directory()
        let shards = Set(stacks.map(directory.shard(of:))).sorted()
        guard shards.count == 1 else {
            throw UsageError(
                shards.isEmpty
                    ? "\(command): with --cluster, name the stacks with --stack: their shard's holder is talked to"
                    : "\(command): with --cluster, the stacks must share a shard, as one daemon is talked to; "
                        + stacks.map { "\($0) is on shard \(directory.shard(of: $0))" }.joined(separator: ", "))
        }
        try connection.use(ShardHolder(shard: shards[0], directory: directory, stack: stacks.first))
        return connection
    }

    /// The cluster's directory, read from the NATS servers of `--cluster`.
    /// - Throws: `CLIFailure` (UNAVAILABLE) when they cannot be read.
    func directory() throws(CLIFailure) -> ClusterDirectory {
        guard let cluster else { preconditionFailure("a cluster's directory without --cluster") }
        do {
            return try ClusterDirectory(
                servers: cluster.servers, key: clusterKey, timeout: .milliseconds(timeoutMs),
                authentication: cluster.authentication)
        } catch {
            throw CLIFailure(code: .unavailable, message: error.description)
        }
    }

    /// With `--cluster`, the holder of the shard this connection's daemon serves.
    private(set) var holder: ShardHolder?

    /// Points every client made from now on at `holder`'s daemon.
    mutating func use(_ holder: ShardHolder) {
        self.holder = holder
        endpoints = holder.endpoints
    }

    /// With `--cluster`, makes `feed` follow its stack's shard to each next holder: the feed goes on after the last
    /// event it delivered with a new subscriber (to `prefixes`) and control client, and `moved` is given the
    /// connection to the new holder, for the command's other clients. Nothing without `--cluster`.
    func follow(_ feed: EventFeed, prefixes: [String], moved: @escaping (Connection) -> Void = { _ in }) {
        guard let holder else { return }
        feed.relocation = {
            guard holder.successor() != nil else { return nil }
            var next = self
            next.endpoints = holder.endpoints
            guard let subscriber = try? next.subscriber(prefixes: prefixes), let control = try? next.control() else {
                return nil
            }
            moved(next)
            return (subscriber, control)
        }
    }

    /// The endpoint option `name` (or its variable), refused unless it has an endpoint's shape.
    private static func endpoint(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> String? {
        guard let endpoint = arguments.string(name) else { return nil }
        guard EndpointSyntax.isConnectable(endpoint) else {
            let source =
                arguments.strings(name).isEmpty
                ? (arguments.spec.options.first { $0.name == name }?.environment ?? "--\(name)") : "--\(name)"
            throw UsageError("segue: \(source) '\(endpoint)' is not an endpoint; \(EndpointSyntax.expected)")
        }
        return endpoint
    }

    /// Points every client made from now on at `endpoints`, a daemon this command started (plaintext, loopback).
    mutating func useDaemon(_ endpoints: SegueEndpoints) {
        self.endpoints = endpoints
        curve = nil
    }

    func control() throws(ClientError) -> ControlClient {
        // Nothing listening is known at once: a command says so then, not after its timeout.
        try ControlClient(endpoint: endpoints.control, timeoutMs: timeoutMs, curve: curve, failsWhenRefused: true)
    }

    func producer() throws(ClientError) -> Producer {
        try Producer(endpoint: endpoints.ingest, curve: curve)
    }

    func subscriber(prefixes: [String]) throws(ClientError) -> Subscriber {
        try Subscriber(endpoint: endpoints.events, prefixes: prefixes, curve: curve)
    }
}
