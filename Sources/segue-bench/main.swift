import SegueCommandLine
import SegueSystem
import SegueTestSupport

#if canImport(Glibc)
    import Glibc
#endif

// segue-bench: runs the workloads of design.md section 8 against the real segued and a raw libzmq relay, prints a
// table and, as the last line of stdout, one JSON object.

let options: BenchOptions
do {
    options = try BenchOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    if error.isHelp {
        print(error.message)
        exit(0)
    }
    Console.error(error.message)
    exit(2)
}

Interruption.install()
Progress.start()
let started = MonotonicTime.nowNs()
var results = BenchResults(quick: options.quick, machine: .current(), seguedPath: options.seguedPath)
results.hostCosts = HostCosts.measure()
let engine = EngineRun(options: options)

/// Runs one workload; a failure is noted in the results and the bench goes on, Ctrl-C ends it.
@MainActor
func attempt<T>(_ name: String, _ body: () throws(BenchError) -> T) -> T? {
    guard !Interruption.isRequested else { return nil }
    do {
        return try body()
    } catch {
        if Interruption.isRequested { return nil }
        Progress.note("\(name) FAILED: \(error.description)")
        let summary = error.description.split(separator: "\n").prefix(4).joined(separator: " | ")
        results.failures.append("\(name) failed: \(summary)")
        return nil
    }
}

@MainActor
func engineSetup(
    _ label: String, stacks: Int, fsync: String = "interval:10", rate: Double?,
    measure: Double = options.measureSeconds, history: EngineRun.History? = nil, natsServer: String? = nil
) -> EngineRun.Setup {
    EngineRun.Setup(
        label: label, stacks: stacks, fsync: options.fsyncOverride ?? fsync, rate: rate,
        warmupSeconds: options.warmupSeconds,
        measureSeconds: measure,
        settleMs: options.settleMs ?? (rate == nil ? BenchOptions.fastRunSettleMs : nil), history: history,
        natsServer: natsServer)
}

func describe(_ run: EngineRun.Result) -> String {
    "\(Format.grouped(run.trackingPerSecond)) frames/s, \(Format.grouped(run.appendedPerSecond)) appended/s, "
        + "p50 \(Format.significant(run.latency.microseconds(atQuantile: 0.5))) us, "
        + "p99 \(Format.significant(run.latency.microseconds(atQuantile: 0.99))) us, "
        + "daemon \(Format.fixed(run.daemonCores, 2)) cores, idle \(Format.fixed(run.producerIdle * 100, 0))%, "
        + "lost \(run.lostFrames), rejected \(run.rejections.values.reduce(0, +)), "
        + "latency pairs \(run.matched) (\(run.unmatched) sends without a frame)"
}

@MainActor
func engineRun(_ setup: EngineRun.Setup) -> EngineRun.Result? {
    let pace = setup.rate.map { "paced at \(Format.grouped($0))/s" } ?? "as fast as possible"
    Progress.note("\(setup.label): \(setup.stacks) stacks, --fsync \(setup.fsync), \(pace)")
    let result = attempt(setup.label) { () throws(BenchError) in try engine.run(setup) }
    if let result { Progress.note("\(setup.label): " + describe(result)) }
    return result
}

let chosen = options.workloads
Progress.note("segued: \(options.seguedPath)")

@MainActor
func relayRun(_ label: String, rate: Double?) -> RelayRun.Result? {
    Progress.note(
        "\(label): \(options.stacks) stacks' pans, "
            + (rate.map { "paced at \(Format.grouped($0))/s" } ?? "as fast as possible"))
    let setup = RelayRun.Setup(
        label: label, stacks: options.stacks, rate: rate,
        warmupSeconds: options.warmupSeconds, measureSeconds: options.measureSeconds)
    let result = attempt(label) { () throws(BenchError) in try RelayRun.run(setup) }
    if let result {
        Progress.note(
            "\(label): \(Format.grouped(result.messagesPerSecond)) messages/s, p50 "
                + "\(Format.significant(result.latency.microseconds(atQuantile: 0.5))) us, p99 "
                + "\(Format.significant(result.latency.microseconds(atQuantile: 0.99))) us, dropped \(result.dropped)")
    }
    return result
}

/// The pace of the paced runs, and how it was chosen: `auto` is half the engine throughput of this invocation, from
/// the throughput run or, when that was not chosen, a short one of its own.
@MainActor
func resolvePace() -> (rate: Double, source: String) {
    if case .fixed(let rate) = options.latencyPace { return (rate, "--rate \(Format.grouped(rate))") }
    let half = "auto: half of the engine's"
    if let throughput = results.throughput {
        return (LatencyPace.autoRate(throughput: throughput.trackingPerSecond), "\(half) throughput run")
    }
    if !chosen.contains(.throughput) && !chosen.contains(.cluster) {
        let probe = engineRun(
            engineSetup("pace-probe", stacks: options.stacks, rate: nil, measure: min(2, options.measureSeconds)))
        if let probe {
            return (
                LatencyPace.autoRate(throughput: probe.trackingPerSecond),
                "auto: half of a short throughput run's \(Format.grouped(probe.trackingPerSecond)) pans/s"
            )
        }
    }
    return (LatencyPace.fallbackPerSecond, "auto fell back: no engine throughput measured")
}

if chosen.contains(.relay) {
    results.relayThroughput = relayRun("relay-throughput", rate: nil)
}
// The cluster workload is reported as ratios to the single-machine runs, so it runs them too.
if chosen.contains(.throughput) || chosen.contains(.cluster) {
    results.throughput = engineRun(engineSetup("throughput", stacks: options.stacks, rate: nil))
}
let pacedWorkloads: Set<BenchOptions.Workload> = [.relay, .latency, .cluster, .history, .scaling, .memory]
let pace: Double
if !chosen.isDisjoint(with: pacedWorkloads), !Interruption.isRequested {
    let resolved = resolvePace()
    pace = resolved.rate
    results.latencyRate = resolved.rate
    results.latencyRateSource = resolved.source
    results.latencyRateIsAuto = options.latencyPace == .auto
    Progress.note("paced runs at \(Format.grouped(pace)) pans/s (\(resolved.source))")
    if options.latencyPace == .auto && results.throughput == nil {
        results.latencyRateFellBack = !resolved.source.hasPrefix("auto: half")
    }
} else {
    pace = LatencyPace.fallbackPerSecond
}
// The engine's latency is judged against the relay's at the same pace, so each engine latency run has its relay run.
let engineLatencyChosen = chosen.contains(.latency) || chosen.contains(.cluster)
if chosen.contains(.relay) || engineLatencyChosen {
    for index in 0..<options.latencyRuns {
        let suffix = options.latencyRuns > 1 ? "-\(index + 1)" : ""
        var pair = LatencyPair()
        pair.relay = relayRun("relay-latency" + suffix, rate: pace)
        if engineLatencyChosen {
            pair.engine = engineRun(engineSetup("latency" + suffix, stacks: options.stacks, rate: pace))
        }
        results.latencyPairs.append(pair)
    }
    results.relayLatency = results.latencyPairs.first?.relay
    results.latency = results.latencyPairs.first?.engine
}
if chosen.contains(.cluster) {
    if let server = NATSServerExecutable.find() {
        Progress.note("cluster: \(server), 3 nodes on loopback; segued --cluster --shard 0 --shards 1 --replicas 3")
        results.clusterThroughput = engineRun(
            engineSetup("cluster-throughput", stacks: options.stacks, rate: nil, natsServer: server))
        results.clusterLatency = engineRun(
            engineSetup("cluster-latency", stacks: options.stacks, rate: pace, natsServer: server))
    } else {
        results.clusterSkipped =
            "cluster: skipped, no nats-server ($NATS_SERVER, PATH, /usr/sbin, /usr/local/bin); "
            + "scripts/install-deps.sh --test installs it"
        Progress.note(results.clusterSkipped!)
    }
}
if chosen.contains(.failover) {
    if let server = NATSServerExecutable.find() {
        for events in options.failoverEvents {
            let setup = FailoverRun.Setup(
                events: events, rounds: options.failoverRounds, leaseMs: options.failoverLeaseMs)
            let result = attempt("failover") { () throws(BenchError) in
                try FailoverRun(options: options).run(setup, natsServer: server)
            }
            if let result {
                results.failover.append(result)
                Progress.note(
                    "failover-\(events): kill -9 to the successor's first acknowledgement p50 "
                        + "\(Format.fixed(result.takeover(atQuantile: 0.5), 0)) ms, p99 "
                        + "\(Format.fixed(result.takeover(atQuantile: 0.99), 0)) ms over \(result.takeoverMs.count) "
                        + "kills; replayed at takeover: \(result.replayedAtTakeover) events")
            }
        }
    } else {
        results.failoverSkipped = "failover: skipped, no nats-server; scripts/install-deps.sh --test installs it"
        Progress.note(results.failoverSkipped!)
    }
}
if chosen.contains(.history) {
    // The latency run again, while a client keeps reading a long history from the same daemon.
    results.history = engineRun(
        engineSetup(
            "history", stacks: options.stacks, rate: pace,
            history: EngineRun.History(events: options.historyEvents)))
}
if chosen.contains(.durable) {
    results.durable = engineRun(engineSetup("durable", stacks: options.stacks, fsync: "always", rate: nil))
}
if chosen.contains(.scaling) {
    // Shorter runs: the table shows how the figures move with stacks, the headline runs give the precise ones.
    let measure = max(1, options.measureSeconds / 2)
    for stacks in options.scalingStacks {
        var row = BenchResults.ScalingRow(stacks: stacks)
        let paced = min(Double(stacks) * 120, pace)
        if stacks == options.stacks, results.throughput != nil, results.latency != nil, paced == pace {
            row.throughput = results.throughput
            row.latency = results.latency
        } else {
            row.throughput = engineRun(
                engineSetup(
                    "scaling-\(stacks)-max", stacks: stacks, rate: nil,
                    measure: measure))
            row.latency = engineRun(
                engineSetup(
                    "scaling-\(stacks)-paced", stacks: stacks, rate: paced,
                    measure: measure))
        }
        results.scaling.append(row)
    }
}
if chosen.contains(.memory) {
    if let row = results.scaling.first(where: { $0.stacks == 10_000 }), let run = row.latency {
        results.memory = run
    } else {
        results.memory = engineRun(
            engineSetup(
                "memory", stacks: 10_000, rate: pace,
                measure: max(1, options.measureSeconds / 2)))
    }
}
if chosen.contains(.replay) {
    results.replay = attempt("replay") { () throws(BenchError) in try ReplayRun(options: options).run() }
}

if chosen.contains(.web) {
    let setup = WebRun.Setup(warmupSeconds: options.warmupSeconds, measureSeconds: options.measureSeconds)
    Progress.note(
        "web: \(setup.pages) WebSocket pages through segue web, each watching a stack swiping at "
            + "\(Format.grouped(setup.hz)) Hz")
    results.web = attempt("web") { () throws(BenchError) in try WebRun(options: options).run(setup) }
    if let web = results.web {
        Progress.note(
            "web: \(Format.grouped(web.framesPerSecond)) frames/s to pages, gateway "
                + "\(Format.fixed(web.gatewayCores, 2)) cores, added p50 "
                + "\(Format.significant(web.added.microseconds(atQuantile: 0.5))) us, p99 "
                + "\(Format.significant(web.added.microseconds(atQuantile: 0.99))) us, conflated \(web.conflated ?? -1)"
        )
    }
}

if chosen.contains(.json) {
    results.jsonRead = attempt("json") { () throws(BenchError) in try JSONReadRun().run(rounds: 200) }
}

if chosen.contains(.redis) {
    if let server = RedisPeer.findExecutable() {
        for appendFsync in ["always", "everysec"] where !Interruption.isRequested {
            let setup = RedisRun.Setup(
                label: "redis-\(appendFsync)", appendFsync: appendFsync, warmupSeconds: options.warmupSeconds,
                measureSeconds: options.measureSeconds)
            Progress.note(
                "\(setup.label): \(server) --appendonly yes --appendfsync \(appendFsync); \(setup.connections) "
                    + "connections, XADD of \(setup.entryBytes) bytes pipelined \(setup.pipelineDepth) deep")
            let result = attempt(setup.label) { () throws(BenchError) in
                try RedisRun(options: options).run(setup, executable: server)
            }
            if let result {
                Progress.note(
                    "\(setup.label): \(Format.grouped(result.entriesPerSecond)) entries/s, redis-server "
                        + "\(Format.fixed(result.serverCores, 2)) cores")
            }
            if appendFsync == "always" { results.redisAlways = result } else { results.redisEverysec = result }
        }
    } else {
        results.redisSkipped =
            "redis: skipped, no redis-server on PATH or in /usr/bin (apt-get install redis-server installs it)"
        Progress.note(results.redisSkipped!)
    }
}

if Interruption.isRequested {
    Console.error("segue-bench: interrupted; the daemon was killed and temporary directories removed")
    exit(130)
}
results.seconds = MonotonicTime.seconds(from: started, to: MonotonicTime.nowNs())
let report = Report(results: results)
print(report.table)
print("")
print(report.json)
Console.flush()
exit(results.failures.isEmpty ? 0 : 1)
