import SegueCluster
import SegueClusterClient
import SegueCommandLine
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// segued's cluster flags (docs/operations.md): without `--cluster` the daemon runs on its own, as always.
enum ClusterOptions {
    /// The cluster's options, then those of its NATS credentials and TLS (`--nats-*`, shared with `segue`).
    static let options = modeOptions + ClusterAccessOptions.options(environment: false)

    private static let modeOptions: [CommandSpec.Option] = [
        .init(
            "cluster", "URLS",
            help: "cluster mode: the NATS servers (nats://HOST:PORT, comma-separated) whose JetStream holds the log "
                + "of record"),
        .init("shard", "K", help: "with --cluster: the shard this daemon holds or stands by for, 0 to --shards - 1"),
        .init("shards", "M", help: "with --cluster: how many shards the cluster has (the same for every daemon)"),
        .init("node", "NAME", help: "with --cluster: this daemon's name in leases (default: host name and pid)"),
        .init(
            "replicas", "N",
            help:
                "with --cluster: copies JetStream keeps of each stream, 1-5 (default \(ClusterSettings.defaultReplicas))"
        ),
        .init(
            "lease-ms", "MS",
            help: "with --cluster: a holder's lease lapses after MS without renewal, and a standby takes over "
                + "(default \(ClusterSettings.defaultLeaseMs))"),
    ]

    /// The cluster settings, or nil without `--cluster`.
    static func settings(from arguments: ParsedArguments) throws(UsageError) -> ClusterSettings? {
        let dependent = ["shard", "shards", "node", "replicas", "lease-ms"]
        guard let access = try ClusterAccessOptions.access(from: arguments, program: "segued") else {
            if let given = dependent.first(where: { arguments.string($0) != nil }) {
                throw UsageError("segued: --\(given) needs --cluster")
            }
            return nil
        }
        guard let count = try arguments.integer("shards", in: 1...1024),
            let index = try arguments.integer("shard", in: 0...1023)
        else {
            throw UsageError("segued: --cluster needs --shard K and --shards M")
        }
        guard let shard = ShardAssignment(index: Int(index), count: Int(count)) else {
            throw UsageError("segued: --shard must be below --shards (\(count)), not \(index)")
        }
        var settings = ClusterSettings(
            servers: access.servers, shard: shard, node: arguments.string("node") ?? defaultNode())
        settings.authentication = access.authentication
        if let replicas = try arguments.integer("replicas", in: 1...5) { settings.replicas = Int(replicas) }
        if let lease = try arguments.integer("lease-ms", in: 100...600_000) { settings.leaseMs = Int(lease) }
        return settings
    }

    private static func defaultNode() -> String {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return "segued-\(getpid())" }
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(host)-\(getpid())"
    }
}
