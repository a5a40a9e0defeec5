import SegueSystem

/// Everything one `segue-bench` invocation measured; a nil figure is a workload that was not run or failed.
struct BenchResults: Sendable {
    /// One row of the scaling table.
    struct ScalingRow: Sendable {
        var stacks: Int
        var throughput: EngineRun.Result?
        var latency: EngineRun.Result?
    }

    var quick: Bool
    var machine: MachineDescription
    var seguedPath: String
    /// What a block and a wake cost this host, measured before the workloads.
    var hostCosts: HostCosts?
    var relayThroughput: RelayRun.Result?
    /// The first paced pair's relay run (the relay at the engine latency run's pace).
    var relayLatency: RelayRun.Result?
    var throughput: EngineRun.Result?
    /// The first paced pair's engine run.
    var latency: EngineRun.Result?
    /// Every paced pair of `--latency-runs`, the first being `relayLatency` and `latency`.
    var latencyPairs: [LatencyPair] = []
    /// The pace of the latency runs and how it was chosen, nil when no paced run was chosen.
    var latencyRate: Double?
    var latencyRateSource: String?
    /// Whether that pace came from `--rate auto`.
    var latencyRateIsAuto: Bool?
    /// `auto` found no throughput to halve and paced at the fixed fallback.
    var latencyRateFellBack = false
    /// The latency run with a history reader beside it.
    var history: EngineRun.Result?
    var durable: EngineRun.Result?
    var scaling: [ScalingRow] = []
    var memory: EngineRun.Result?
    var replay: ReplayRun.Result?
    var web: WebRun.Result?
    /// How long the gateway takes to read a 64 KiB page message.
    var jsonRead: JSONReadRun.Result?
    /// The throughput and latency runs again with segued in cluster mode.
    var clusterThroughput: EngineRun.Result?
    var clusterLatency: EngineRun.Result?
    /// Why the cluster workload did not run (no nats-server), nil when it ran or was not chosen.
    var clusterSkipped: String?
    /// The failover workload, one result per log length.
    var failover: [FailoverRun.Result] = []
    var failoverSkipped: String?
    /// Redis Streams as the peer, its append-only file synced always and every second.
    var redisAlways: RedisRun.Result?
    var redisEverysec: RedisRun.Result?
    /// Why the redis workload did not run (no redis-server), nil when it ran or was not chosen.
    var redisSkipped: String?
    /// Workloads that failed, with why.
    var failures: [String] = []
    var seconds: Double = 0

    /// TRACKING frames per second through the engine over messages per second through the relay.
    var engineToRelay: Double? {
        guard let engine = throughput?.trackingPerSecond, let relay = relayThroughput?.messagesPerSecond, relay > 0
        else { return nil }
        return engine / relay
    }

    /// How much the history reader moves the pan -> frame p99: the history run's over the latency run's.
    var historyLatencyRatio: Double? {
        guard let with = history?.latency.microseconds(atQuantile: 0.99),
            let without = latency?.latency.microseconds(atQuantile: 0.99), without > 0
        else { return nil }
        return with / without
    }

    /// Cluster mode's throughput over the single machine's.
    var clusterToSingleThroughput: Double? {
        guard let cluster = clusterThroughput?.trackingPerSecond, let single = throughput?.trackingPerSecond,
            single > 0
        else { return nil }
        return cluster / single
    }

    /// Cluster mode's pan -> frame p99 over the single machine's.
    var clusterToSingleLatencyP99: Double? {
        guard let cluster = clusterLatency?.latency.microseconds(atQuantile: 0.99),
            let single = latency?.latency.microseconds(atQuantile: 0.99), single > 0
        else { return nil }
        return cluster / single
    }

    /// Cluster mode's pan -> frame p99 minus the single machine's at the same pace: what replication adds to a
    /// pan's trip.
    var clusterAddedP99Us: Double? { clusterAdded(atQuantile: 0.99) }
    /// The same at p99.9.
    var clusterAddedP999Us: Double? { clusterAdded(atQuantile: 0.999) }

    private func clusterAdded(atQuantile quantile: Double) -> Double? {
        guard let cluster = clusterLatency?.latency.microseconds(atQuantile: quantile),
            let single = latency?.latency.microseconds(atQuantile: quantile)
        else { return nil }
        return cluster - single
    }

    /// The paced pairs' targets, run by run.
    var latencyTally: LatencyRunsTally { LatencyRunsTally(pairs: latencyPairs) }

    /// Segue's log against Redis Streams'.
    var redisComparison: RedisComparison {
        RedisComparison(
            segueDurable: durable?.appendedPerSecond, segueInterval: throughput?.appendedPerSecond,
            redisAlways: redisAlways?.entriesPerSecond, redisEverysec: redisEverysec?.entriesPerSecond)
    }

    /// The restart figure: with the snapshot when one was written at shutdown.
    var restartUsedSnapshot: Bool? { replay.map { !$0.snapshots.isEmpty } }
}

/// The machine the numbers come from, for the report (they mean little without it).
struct MachineDescription: Sendable {
    var cores: Int
    var model: String
    var memoryGiB: Double
    var loadAverage: String

    /// Reads /proc/cpuinfo, /proc/meminfo and /proc/loadavg.
    static func current() -> MachineDescription {
        let cpuinfo = WholeFile.text("/proc/cpuinfo") ?? ""
        let processors = cpuinfo.split(separator: "\n").filter { $0.hasPrefix("processor") }.count
        let model =
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { String($0.drop(while: { $0 == " " })) } ?? "unknown"
        let meminfo = WholeFile.text("/proc/meminfo") ?? ""
        let totalKB =
            meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? 0
        let load = (WholeFile.text("/proc/loadavg") ?? "").split(separator: " ").prefix(3).joined(separator: " ")
        return MachineDescription(cores: processors, model: model, memoryGiB: totalKB / 1_048_576, loadAverage: load)
    }
}
