import SegueCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// The command line of `segue-bench`.
struct BenchOptions: Sendable {
    /// The workloads, in the order they run.
    enum Workload: String, CaseIterable, Sendable {
        case relay, throughput, latency, cluster, failover, history, durable, scaling, memory, replay, web, json, redis
    }

    var quick: Bool
    var seguedPath: String
    /// The `segue` whose `segue web` the web workload measures.
    var seguePath: String
    var workDirectory: String
    var keepData: Bool
    var workloads: Set<Workload>
    /// Stacks of the throughput, latency and durable runs.
    var stacks: Int
    /// The pace of the latency runs: half the same invocation's engine throughput, or fixed.
    var latencyPace: LatencyPace
    /// How many times the paced pair (relay, then engine) runs, for the targets' "in N of M runs".
    var latencyRuns: Int
    var warmupSeconds: Double
    var measureSeconds: Double
    /// Events of the long replay log.
    var replayEvents: Int
    var replayStacks: Int
    /// Events of the history workload's log.
    var historyEvents: Int
    /// Stack counts of the scaling table.
    var scalingStacks: [Int]
    /// The failover workload: the lengths of the shard's log, the kills at each, and the daemons' lease.
    var failoverEvents: [Int]
    var failoverRounds: Int
    /// nil: segued's own default.
    var failoverLeaseMs: Int?
    /// Extra arguments for every daemon started (`--daemon-args "--snapshot-every 0"`).
    private var extraDaemonArguments: [String]
    /// A settle duration for every bench stack (`Tuning.settle_ms`), nil for each run's default.
    var settleMs: UInt32?

    /// The settle of the runs that send as fast as possible, unless `--settle-ms` says otherwise. A stack waits for
    /// its settle before its next gesture, so 1000 stacks of ~120-pan gestures can offer at most 1000 x 120 /
    /// settle pans per second: about 240,000 at fluid's 500 ms, below what the engine takes. At 100 ms they offer
    /// more than it takes, so the run measures the engine; the gestures themselves are unchanged.
    static let fastRunSettleMs: UInt32 = 100

    static let spec = CommandSpec(
        name: "segue-bench",
        summary: "Measures segued against a raw libzmq relay on this machine: end-to-end pan throughput, pan-to-frame "
            + "latency, durable throughput, replay and restart, resident memory, how they scale with stacks and log "
            + "length, throughput and latency in cluster mode on a 3-node nats-server cluster on loopback, how long a shard is without a holder after kill -9 of its holder, and Redis Streams' appends beside Segue's log. Prints a table, then one JSON object as the last line of stdout; progress goes to stderr.",
        options: [
            .init("quick", help: "short runs and a 2-million-event replay log; finishes in under 3 minutes"),
            .init("segued", "PATH", help: "the daemon to measure (default: segued next to this executable)"),
            .init(
                "segue", "PATH",
                help: "the segue whose `segue web` the web workload measures (default: segue next "
                    + "to this executable)"),
            .init("work-dir", "DIR", help: "where temporary data directories go (default $TMPDIR or /tmp)"),
            .init(
                "only", "LIST",
                help: "workloads to run, comma-separated: relay, throughput, latency, cluster, failover, history, "
                    + "durable, scaling, memory, replay, web, json, redis (default all; cluster runs throughput and "
                    + "latency too, latency runs the relay at its pace too, redis needs redis-server on PATH)"),
            .init("stacks", "N", help: "stacks of the throughput, latency and durable runs (default 1000)"),
            .init(
                "rate", "auto|PANS_S",
                help: "pace of the latency runs: auto (default) is half the engine throughput this invocation "
                    + "measured (a short throughput run first when it measures none), or pan events per second"),
            .init(
                "latency-runs", "N",
                help: "run the paced latency pair (relay, engine) N times and count the runs that met each target "
                    + "(default 1)"),
            .init("seconds", "S", help: "measured seconds per run (default 5 quick, 10 full; scaling runs half)"),
            .init("replay-events", "N", help: "events in the replay log (default 2000000 quick, 10000000 full)"),
            .init(
                "history-events", "N",
                help: "events of the history the history workload reads during a latency run (default 1000000)"),
            .init(
                "scaling-stacks", "LIST",
                help: "stack counts of the scaling table (default 10,100,1000 quick; 10,100,1000,10000 full)"),
            .init(
                "failover-events", "LIST",
                help: "failover: the lengths of the shard's log, comma-separated (default 1000000 quick; "
                    + "1000000,10000000 full)"),
            .init(
                "failover-rounds", "N", help: "failover: kills of the holder at each length (default 5 quick, 20 full)"),
            .init(
                "failover-lease-ms", "MS",
                help: "failover: the daemons' --lease-ms (default: segued's own)"),
            .init(
                "settle-ms", "MS",
                help: "settle duration of the bench stacks (tuning.settle_ms; default: 100 ms in the runs that send "
                    + "as fast as possible, fluid's 500 ms in the paced ones); shorter settles let each stack swipe "
                    + "more often"),
            .init(
                "daemon-args", "ARGS",
                help: "extra arguments for every segued started, split at spaces; one the "
                    + "bench gives itself (such as --fsync) is replaced"),
            .init("keep-data", help: "keep the temporary data directories and daemon logs (their paths go to stderr)"),
        ],
        examples: [
            "swift build -c release && .build/release/segue-bench --quick",
            ".build/release/segue-bench --only relay,throughput --seconds 20",
            ".build/release/segue-bench --only cluster --quick",
            ".build/release/segue-bench --only relay,throughput,latency --latency-runs 5",
            ".build/release/segue-bench --only redis,throughput,durable --quick",
            ".build/release/segue-bench --only failover --failover-events 1000000 --failover-lease-ms 500",
            ".build/release/segue-bench --only latency --daemon-args '--snapshot-every 0'",
            ".build/release/segue-bench --only throughput,latency --daemon-args '--fsync never'",
            ".build/release/segue-bench --segued /usr/local/bin/segued --replay-events 50000000",
        ])

    /// Parses the command line.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, spec: Self.spec)
        quick = parsed.flag("quick")
        keepData = parsed.flag("keep-data")
        seguedPath = parsed.string("segued") ?? Self.siblingExecutable("segued")
        guard access(seguedPath, X_OK) == 0 else {
            throw UsageError(
                "segue-bench: no executable segued at \(seguedPath); build it (swift build -c release) "
                    + "or give its path with --segued")
        }
        seguePath = parsed.string("segue") ?? Self.siblingExecutable("segue")
        if parsed.string("only").map({ $0.contains("web") }) ?? true, access(seguePath, X_OK) != 0 {
            throw UsageError(
                "segue-bench: no executable segue at \(seguePath) for the web workload; build it or give "
                    + "its path with --segue")
        }
        let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        workDirectory = parsed.string("work-dir") ?? temporary ?? "/tmp"
        if let list = parsed.string("only") {
            var chosen: Set<Workload> = []
            for name in list.split(separator: ",") {
                guard let workload = Workload(rawValue: name.trimmingSpaces) else {
                    let known = Workload.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("segue-bench: --only: unknown workload '\(name)'; known: \(known)")
                }
                chosen.insert(workload)
            }
            workloads = chosen
        } else {
            workloads = Set(Workload.allCases)
        }
        stacks = Int(try parsed.integer("stacks", in: 1...100_000) ?? 1000)
        if let text = parsed.string("rate") {
            guard let pace = LatencyPace(argument: text) else {
                throw UsageError(
                    "segue-bench: --rate takes auto or pans per second from 100 to 10000000, not '\(text)'")
            }
            latencyPace = pace
        } else {
            latencyPace = .auto
        }
        latencyRuns = Int(try parsed.integer("latency-runs", in: 1...100) ?? 1)
        measureSeconds = try parsed.number("seconds", in: 0.5...3600) ?? (quick ? 5 : 10)
        warmupSeconds = quick ? 1 : 2
        replayEvents = Int(
            try parsed.integer("replay-events", in: 10_000...1_000_000_000)
                ?? (quick ? 2_000_000 : 10_000_000))
        replayStacks = 10_000
        historyEvents = Int(try parsed.integer("history-events", in: 10_000...100_000_000) ?? 1_000_000)
        extraDaemonArguments = (parsed.string("daemon-args") ?? "").split(separator: " ").map(String.init)
        settleMs = try parsed.integer("settle-ms", in: 1...60_000).map { UInt32($0) }
        scalingStacks =
            try Self.counts(parsed, "scaling-stacks", in: 1...100_000, what: "stack counts")
            ?? (quick ? [10, 100, 1000] : [10, 100, 1000, 10_000])
        failoverEvents =
            try Self.counts(parsed, "failover-events", in: 1000...1_000_000_000, what: "event counts")
            ?? (quick ? [1_000_000] : [1_000_000, 10_000_000])
        failoverRounds = Int(try parsed.integer("failover-rounds", in: 1...1000) ?? (quick ? 5 : 20))
        failoverLeaseMs = try parsed.integer("failover-lease-ms", in: 100...60_000).map { Int($0) }
    }

    /// A comma-separated list of counts in `range`, or nil when the option is absent.
    private static func counts(_ parsed: ParsedArguments, _ name: String, in range: ClosedRange<Int>, what: String)
        throws(UsageError) -> [Int]?
    {
        guard let list = parsed.string(name) else { return nil }
        return try list.split(separator: ",").map { (item: Substring) throws(UsageError) -> Int in
            guard let count = Int(item.trimmingSpaces), range.contains(count) else {
                throw UsageError(
                    "segue-bench: --\(name) takes \(what) \(range.lowerBound)-\(range.upperBound) separated by commas, "
                        + "not '\(list)'")
            }
            return count
        }
    }

    /// `name` in the directory of this executable (so `.build/release/segue-bench` finds the release `segued`).
    static func siblingExecutable(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return name }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[..<slash]) + "/" + name
    }
}

extension Substring {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension BenchOptions {
    /// A daemon on `data` with wildcard loopback endpoints (its ready line says which ports) and `fsync`; with
    /// `cluster` (NATS URLs and the signing key's file), in cluster mode as the only shard, its stream replicated on
    /// 3 servers.
    func daemonArguments(data: String, fsync: String = "interval:10", cluster: (urls: String, key: String)? = nil)
        -> [String]
    {
        var own = [
            "--data", data, "--ingest", "tcp://127.0.0.1:*", "--control", "tcp://127.0.0.1:*",
            "--events", "tcp://127.0.0.1:*", "--fsync", fsync,
        ]
        if let cluster {
            own += ["--cluster", cluster.urls, "--shard", "0", "--shards", "1", "--replicas", "3"]
            own += ["--node", "segue-bench", "--cluster-key", cluster.key]
        }
        return daemonArguments(own)
    }

    /// A daemon's arguments: the run's own `flag value` pairs, less those whose flag `--daemon-args` gives, then
    /// `--daemon-args` (segued refuses a flag given twice, so `--daemon-args '--fsync never'` replaces a run's).
    func daemonArguments(_ own: [String]) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < own.count {
            let pair = own[index..<min(index + 2, own.count)]
            if !extraDaemonArguments.contains(own[index]) { kept += pair }
            index += 2
        }
        return kept + extraDaemonArguments
    }

    /// The `--fsync` policy `--daemon-args` sets, if it does: the runs report it instead of their own.
    var fsyncOverride: String? {
        guard let index = extraDaemonArguments.firstIndex(of: "--fsync"), index + 1 < extraDaemonArguments.count
        else { return nil }
        return extraDaemonArguments[index + 1]
    }
}
