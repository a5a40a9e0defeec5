import SegueClient
import SegueJSON

/// The output: a table for people, then one JSON object as the last line of stdout for programs.
struct Report {
    let results: BenchResults

    /// The targets of design.md section 8.
    enum Target {
        /// Of the relay ceiling measured in the same run.
        static let engineToRelay = 0.7
        static let durablePerSecond = 100_000.0
        static let replayPerSecond = 1_000_000.0
        static let restartMs = 1000.0
        static let residentMB10kStacks = 100.0
        /// The bridge reads messages up to 64 KiB between other pages' frames: each must take well under this.
        static let webReadUs = 1000.0
        /// The most a client reading history may move the pan -> frame p99 (issue: the latency tail).
        static let historyLatencyRatio = 1.2
        /// kill -9 of a shard's holder to the first command its successor acknowledges, p99, at any log length.
        static let failoverP99Ms = 1000.0
        /// The gateway's CPU per frame it writes to pages, all its threads (`web_gateway_cores` / frames per second).
        static let gatewayUsPerFrame = 10.0
    }

    // MARK: Table

    /// The human-readable report.
    var table: String {
        var lines: [String] = []
        let machine = results.machine
        let mode = results.quick ? "--quick" : "full"
        lines.append(
            "segue-bench \(mode): \(machine.cores) cores (\(machine.model)), "
                + "\(Format.fixed(machine.memoryGiB, 1)) GiB, load \(machine.loadAverage) at start; "
                + "\(Format.fixed(results.seconds, 0)) s")
        lines.append("segued: \(results.seguedPath)")
        if let host = results.hostCosts {
            lines.append(
                "host: a thread blocked and woken costs \(Format.fixed(host.wakeMicroseconds, 1)) us of CPU (two threads "
                    + "through pipes), a 50 us sleep \(Format.fixed(host.sleepMicroseconds, 1)) us")
        }
        lines.append("")
        lines += headline
        lines.append("")
        lines += runDetails
        if !results.scaling.isEmpty {
            lines.append("")
            lines += scalingTable
        }
        if let replay = results.replay {
            lines.append("")
            lines += replayDetails(replay)
        }
        let notes = self.notes
        if !notes.isEmpty {
            lines.append("")
            lines.append("notes:")
            lines += notes.map { "- " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    private var headline: [String] {
        var rows: [[String]] = [["figure", "measured", "target", ""]]
        func row(_ figure: String, _ value: String, _ target: String = "", _ met: Bool? = nil) {
            rows.append([figure, value, target, met.map { $0 ? "ok" : "MISSED" } ?? ""])
        }
        let stacks = results.throughput?.setup.stacks ?? results.relayThroughput?.setup.stacks
        let stackText = stacks.map { "\($0) stacks" } ?? "-"
        row("relay ceiling, messages/s (\(stackText))", Format.grouped(results.relayThroughput?.messagesPerSecond))
        if let relay = results.relayLatency {
            row(
                "relay latency p50 / p99 / p99.9 us at \(Format.grouped(relay.setup.rate))/s"
                    + (results.latencyPairs.count > 1 ? ", run 1" : ""),
                percentiles(relay.latency))
        }
        row(
            "engine pan events/s (TRACKING frames), \(stackText)",
            Format.grouped(results.throughput?.trackingPerSecond))
        row(
            "engine / relay", Format.fixed(results.engineToRelay, 2), ">= \(Format.fixed(Target.engineToRelay, 1))",
            results.engineToRelay.map { $0 >= Target.engineToRelay })
        if let rate = results.latencyRate {
            row("pace of the latency runs, pans/s (\(results.latencyRateSource ?? ""))", Format.grouped(rate))
        }
        if let latency = results.latency {
            row(
                "pan -> frame latency p50 / p99 / p99.9 us at \(Format.grouped(latency.setup.rate))/s"
                    + (results.latencyPairs.count > 1 ? ", run 1" : ""),
                percentiles(latency.latency), "over the relay's, below")
        } else {
            row("pan -> frame latency p50 / p99 / p99.9 us", "-", "over the relay's, below")
        }
        lines(latencyPairs: &rows)
        if let history = results.history {
            let reads = Format.grouped(history.historyReadsPerSecond)
            let events = Format.grouped(history.historyEvents.map { Double($0) })
            row(
                "the same while a client reads a \(events)-event history (\(reads) reads/s), p50 / p99 / p99.9 us",
                percentiles(history.latency))
            row("first one-stack read of that history (it indexes it), ms", Format.fixed(history.historyFirstReadMs, 0))
            row(
                "history run p99 / latency run p99", Format.fixed(results.historyLatencyRatio, 2), "< 1.2",
                results.historyLatencyRatio.map { $0 < Target.historyLatencyRatio })
        }
        let durable = results.durable?.appendedPerSecond
        row(
            "durable events/s (--fsync always)", Format.grouped(durable), ">= 100,000",
            durable.map { $0 >= Target.durablePerSecond })
        let replay = results.replay
        let logText = replay.map { Format.grouped(Double($0.log.events)) + "-event log" } ?? "log"
        row(
            "replay events/s (\(logText))", Format.grouped(replay?.replayPerSecond), ">= 1,000,000",
            replay.map { $0.replayPerSecond >= Target.replayPerSecond })
        let restartHow = results.restartUsedSnapshot.map { $0 ? "with snapshot" : "NO snapshot: full replay" } ?? ""
        row(
            "restart ms (\(restartHow))", Format.fixed(replay?.restartMs, 0), "< 1000",
            replay.map { $0.restartMs < Target.restartMs })
        let memory = results.memory
        let resident = memory?.residentMB
        row(
            "daemon RSS MiB, 10000 stacks swiping (idle \(Format.fixed(memory?.idleResidentMB, 1)), drained "
                + "\(Format.fixed(memory?.drainedResidentMB, 1)))",
            Format.fixed(resident, 1), "< 100", resident.map { $0 < Target.residentMB10kStacks })
        row(
            "RSS growth, MiB per million log events", Format.fixed(replay?.growthMBPerMillionEvents, 2),
            "independent")
        let web = results.web
        let pages = web.map { "\($0.setup.pages) pages at \(Format.grouped($0.setup.hz)) Hz" } ?? "pages"
        row(
            "segue web adds, p50 / p99 / p99.9 us (\(pages))", web.map { percentiles($0.added) } ?? "-",
            LatencyPair.addedTargets,
            LatencyPair.meetsBoth(
                LatencyPair.meetsP99(added: web?.added.microseconds(atQuantile: 0.99)),
                LatencyPair.meetsP999(added: web?.added.microseconds(atQuantile: 0.999))))
        row(
            "segue web frames/s to pages (conflated \(web?.conflated.map(String.init) ?? "-"), gateway "
                + "\(Format.fixed(web?.gatewayCores, 2)) cores, \(Format.fixed(web?.gatewayResidentMB, 1)) MiB)",
            Format.grouped(web?.framesPerSecond))
        var wakes = ""
        if let perFrame = web?.gatewayMicrosecondsPerFrame, let wake = results.hostCosts?.wakeMicroseconds, wake > 0 {
            wakes = " (\(Format.fixed(perFrame / wake, 1)) of this host's wakes)"
        }
        row(
            "segue web gateway CPU per frame to pages, us" + wakes,
            Format.fixed(web?.gatewayMicrosecondsPerFrame, 1),
            "<= \(Format.fixed(Target.gatewayUsPerFrame, 0))",
            web?.gatewayMicrosecondsPerFrame.map { $0 <= Target.gatewayUsPerFrame })
        for failover in results.failover {
            let lease = failover.setup.leaseMs.map { "--lease-ms \($0)" } ?? "default lease"
            let p99 = failover.takeover(atQuantile: 0.99)
            row(
                "failover, kill -9 to first ack p50 / p99 / max ms (\(Format.grouped(Double(failover.seededEvents)))"
                    + "-event log, \(lease), \(failover.takeoverMs.count) kills)",
                [0.5, 0.99, 1.0].map { Format.fixed(failover.takeover(atQuantile: $0), 0) }.joined(separator: " / "),
                "p99 < 1000", p99.map { $0 < Target.failoverP99Ms })
            row(
                "  events replayed at those takeovers; a killed daemon back and caught up, p50 ms",
                "\(failover.replayedAtTakeover); \(Format.fixed(FailoverRun.Result.quantile(failover.rejoinMs, 0.5), 0))",
                "0")
        }
        lines(redis: &rows)
        let json = results.jsonRead
        row(
            "segue web reads a 64 KiB message, median us (numbers / comparison)",
            json.map { "\(Format.significant($0.numbersUs)) / \(Format.significant($0.comparisonUs))" } ?? "-",
            "< 1000", json.map { max($0.numbersUs, $0.comparisonUs) < Target.webReadUs })
        return Self.align(rows, rightAligned: [1])
    }

    /// The engine's latency over the relay's at the same pace, and with `--latency-runs`, how many runs met it.
    private func lines(latencyPairs rows: inout [[String]]) {
        func row(_ figure: String, _ value: String, _ target: String = "", _ met: Bool? = nil) {
            rows.append([figure, value, target, met.map { $0 ? "ok" : "MISSED" } ?? ""])
        }
        let targets = LatencyPair.addedTargets
        let tally = results.latencyTally
        for (index, pair) in results.latencyPairs.enumerated() where pair.engine != nil {
            let run = results.latencyPairs.count > 1 ? ", run \(index + 1)" : ""
            let met = LatencyPair.meetsBoth(pair.meetsP99, pair.meetsP999)
            row(
                "engine adds over the relay at the same pace, p99 / p99.9 us\(run)",
                "\(Format.significant(pair.addedP99Us)) / \(Format.significant(pair.addedP999Us))", targets,
                results.latencyPairs.count > 1 ? nil : met)
        }
        if results.latencyPairs.count > 1 && results.latencyPairs.contains(where: { $0.engine != nil }) {
            let count = results.latencyPairs.count
            let needed = Int((Double(count) * LatencyRunsTally.p999RunShare).rounded(.up))
            row(
                "runs within those, p99 / p99.9", "\(tally.metP99) of \(count) / \(tally.metP999) of \(count)",
                "\(count) of \(count) / \(needed) of \(count)",
                LatencyPair.meetsBoth(tally.meetsP99, tally.meetsP999))
        }
        if let added = results.clusterAddedP99Us {
            row(
                "cluster mode adds over the single machine at the same pace, p99 / p99.9 us",
                "\(Format.significant(added)) / \(Format.significant(results.clusterAddedP999Us))", targets,
                LatencyPair.meetsBoth(
                    LatencyPair.meetsP99(added: added), LatencyPair.meetsP999(added: results.clusterAddedP999Us)))
        }
    }

    /// Redis Streams beside Segue's log.
    private func lines(redis rows: inout [[String]]) {
        func row(_ figure: String, _ value: String, _ target: String = "", _ met: Bool? = nil) {
            rows.append([figure, value, target, met.map { $0 ? "ok" : "MISSED" } ?? ""])
        }
        guard results.redisAlways != nil || results.redisEverysec != nil else { return }
        let comparison = results.redisComparison
        row(
            "Redis Streams XADD entries/s, appendfsync always / everysec",
            "\(Format.grouped(comparison.redisAlways)) / \(Format.grouped(comparison.redisEverysec))")
        row(
            "Segue durable (--fsync always) / Redis always", Format.fixed(comparison.durableToAlways, 2), ">= 1",
            comparison.meetsDurable)
        row(
            "Segue appended/s at interval:10 / Redis everysec", Format.fixed(comparison.intervalToEverysec, 2),
            ">= \(Format.fixed(RedisComparison.minIntervalToEverysec, 1))", comparison.meetsInterval)
    }

    private var runDetails: [String] {
        var rows: [[String]] = [
            [
                "run", "stacks", "fsync", "settle", "paced/s", "pans/s", "frames/s", "appended/s",
                "cores", "bench", "us/pan", "p50 us", "p99 us", "lost", "rejected", "idle",
                "window", "fsync p99", "RSS MiB",
            ]
        ]
        for case (let name, let run?) in namedRuns {
            rows.append([
                name, String(run.setup.stacks), run.setup.fsync, run.setup.settleMs.map { "\($0) ms" } ?? "profile",
                Format.grouped(run.setup.rate),
                Format.grouped(run.pansPerSecond), Format.grouped(run.trackingPerSecond),
                Format.grouped(run.appendedPerSecond), Format.fixed(run.daemonCores, 2),
                Format.fixed(run.benchCores, 2),
                Format.fixed(run.cpuMicrosecondsPerPan, 1),
                Format.significant(run.latency.microseconds(atQuantile: 0.5)),
                Format.significant(run.latency.microseconds(atQuantile: 0.99)),
                String(run.lostFrames), String(run.rejections.values.reduce(0, +)),
                Format.fixed(run.producerIdle * 100, 0) + "%", Format.fixed(run.producerWindowWait * 100, 0) + "%",
                Format.significant(run.fsyncP99Us), Format.fixed(run.residentMB, 1),
            ])
        }
        if rows.count == 1 { return [] }
        return [
            "engine runs (settle = tuning.settle_ms of the stacks, profile = fluid's 500 ms; pans/s sent by the "
                + "producer; frames/s = TRACKING frames received; cores = daemon CPU, bench = this program's; idle = "
                + "producer had no stack ready; window = producer waited for frames in flight; fsync p99 in us; RSS at "
                + "the end of the window):"
        ]
            + Self.align(rows, rightAligned: Set(1..<19).subtracting([2, 3]))
    }

    private var scalingTable: [String] {
        var rows: [[String]] = [
            [
                "stacks", "max pans/s", "idle", "us/pan", "paced/s", "p50 us", "p99 us",
                "p99.9 us", "us/pan", "RSS MiB",
            ]
        ]
        for row in results.scaling {
            let t = row.throughput
            let l = row.latency
            rows.append([
                Format.grouped(Double(row.stacks)), Format.grouped(t?.trackingPerSecond),
                t.map { Format.fixed($0.producerIdle * 100, 0) + "%" } ?? "-",
                Format.fixed(t?.cpuMicrosecondsPerPan, 1),
                Format.grouped(l?.setup.rate), Format.significant(l?.latency.microseconds(atQuantile: 0.5)),
                Format.significant(l?.latency.microseconds(atQuantile: 0.99)),
                Format.significant(l?.latency.microseconds(atQuantile: 0.999)),
                Format.fixed(l?.cpuMicrosecondsPerPan, 1), Format.fixed(l?.residentMB ?? t?.residentMB, 1),
            ])
        }
        // The settles each kind of run used, from the runs themselves (--settle-ms sets them all).
        let settle = { (run: EngineRun.Result?) in run?.setup.settleMs.map { "\($0) ms" } ?? "fluid's 500 ms" }
        let maxSettle = settle(results.scaling.lazy.compactMap(\.throughput).first)
        let pacedSettle = settle(results.scaling.lazy.compactMap(\.latency).first)
        return [
            "scaling with stacks (max = as fast as possible, \(maxSettle) settles, which bound it when idle is "
                + "high; paced = 120 Hz per stack up to --rate, \(pacedSettle) settles):"
        ]
            + Self.align(rows, rightAligned: Set(0..<10))
    }

    private func replayDetails(_ replay: ReplayRun.Result) -> [String] {
        let rows: [[String]] = [
            ["log", "stacks", "events", "MiB", "generated in", "start-up", "events/s", "RSS MiB"],
            [
                "long", String(replay.log.stacks), Format.grouped(Double(replay.log.events)),
                Format.fixed(Double(replay.log.bytes) / 1_048_576, 0), Format.fixed(replay.log.seconds, 1) + " s",
                Format.fixed(replay.replaySeconds, 2) + " s", Format.grouped(replay.replayPerSecond),
                Format.fixed(replay.replayResidentMB, 1),
            ],
            [
                "long, restarted", String(replay.log.stacks), Format.grouped(Double(replay.log.events)), "", "",
                Format.fixed(replay.restartMs / 1000, 2) + " s", "", Format.fixed(replay.restartResidentMB, 1),
            ],
            [
                "short", String(replay.shortLog.stacks), Format.grouped(Double(replay.shortLog.events)),
                Format.fixed(Double(replay.shortLog.bytes) / 1_048_576, 0),
                Format.fixed(replay.shortLog.seconds, 1) + " s",
                Format.fixed(replay.shortReplaySeconds, 2) + " s",
                Format.grouped(Double(replay.shortLog.events) / replay.shortReplaySeconds),
                Format.fixed(replay.shortResidentMB, 1),
            ],
        ]
        return ["replay and restart (start-up = spawn to ready line):"] + Self.align(rows, rightAligned: Set(1..<8))
    }

    /// The engine runs of the run table, by name.
    private var namedRuns: [(String, EngineRun.Result?)] {
        [("throughput", results.throughput), ("latency", results.latency)] + repeatedLatencyRuns
            + [
                ("cluster throughput", results.clusterThroughput), ("cluster latency", results.clusterLatency),
                ("history", results.history), ("durable", results.durable), ("memory", results.memory),
            ]
    }

    /// The engine latency runs of `--latency-runs` after the first, by name.
    private var repeatedLatencyRuns: [(String, EngineRun.Result?)] {
        results.latencyPairs.enumerated().dropFirst().map { ("latency \($0.offset + 1)", $0.element.engine) }
    }

    /// Cluster mode beside the single machine, in one line.
    var clusterNote: String? {
        if let skipped = results.clusterSkipped { return skipped }
        let throughput = results.clusterThroughput
        let latency = results.clusterLatency
        guard throughput != nil || latency != nil else { return nil }
        return "cluster mode (segued --cluster, 3 nats-server nodes on loopback, --replicas 3): "
            + "\(Format.grouped(throughput?.trackingPerSecond)) pans/s, "
            + "\(Format.fixed(results.clusterToSingleThroughput, 2)) of the single machine's; "
            + "latency p50 / p99 / p99.9 \(latency.map { percentiles($0.latency) } ?? "-") us at "
            + "\(Format.grouped(latency?.setup.rate))/s, p99 \(Format.fixed(results.clusterToSingleLatencyP99, 2)) "
            + "times the single machine's" + (latency.flatMap(saturation) ?? "")
    }

    /// What the Redis rows compare, or why they are missing.
    var redisNote: String? {
        if let skipped = results.redisSkipped { return skipped }
        guard let always = results.redisAlways ?? results.redisEverysec else { return nil }
        let cores = [results.redisAlways, results.redisEverysec].compactMap { $0 }
            .map { "\($0.setup.appendFsync) \(Format.fixed($0.serverCores, 2))" }.joined(separator: ", ")
        var note =
            "redis: redis-server with an append-only file, \(always.setup.connections) connections pipelining XADD of a "
            + "\(always.setup.entryBytes)-byte entry to one stream; redis-server cores \(cores). Segue's figures "
            + "include deciding every pan, publishing frames and a live subscriber"
        let comparison = results.redisComparison
        if comparison.segueDurable == nil || comparison.segueInterval == nil {
            note += "; the ratios need the durable and throughput runs beside it (--only throughput,durable,redis)"
        }
        return note
    }

    /// When a paced run carried clearly less than its pace, its latencies are queueing delays: says so.
    private func saturation(_ run: EngineRun.Result) -> String? {
        guard let rate = run.setup.rate, run.trackingPerSecond < 0.9 * rate else { return nil }
        return " (it carried only \(Format.grouped(run.trackingPerSecond)) pans/s of that pace: the latencies are "
            + "queueing delays; a lower --rate measures latency)"
    }

    private var notes: [String] {
        var notes: [String] = []
        if let clusterNote { notes.append(clusterNote) }
        if let redisNote { notes.append(redisNote) }
        if results.latencyRateFellBack {
            notes.append(
                "pace: --rate auto found no engine throughput to halve (its run failed), so the paced runs used the "
                    + "fixed \(Format.grouped(results.latencyRate))/s; on a slow host their latencies are then "
                    + "queueing delays")
        }
        if results.history != nil && results.latency == nil {
            notes.append("history: the p99 ratio needs the latency run beside it (--only latency,history)")
        }
        if results.quick, let replay = results.replay, replay.log.events < 10_000_000 {
            notes.append(
                "quick mode: the replay log has \(Format.grouped(Double(replay.log.events))) events, not the "
                    + "10,000,000 of the target; run without --quick for the full log")
        }
        if let replay = results.replay {
            if replay.snapshots.isEmpty {
                notes.append("segued wrote no snapshot at shutdown, so restart_ms is a full replay")
            } else {
                notes.append(
                    "snapshot written at shutdown: \(replay.snapshots.joined(separator: ", ")); SIGTERM to "
                        + "exit took \(Format.fixed(replay.shutdownMs, 0)) ms")
            }
        }
        let runs: [(String, EngineRun.Result?)] =
            namedRuns
            + results.scaling.flatMap {
                [("scaling \($0.stacks) max", $0.throughput), ("scaling \($0.stacks) paced", $0.latency)]
            }
        for case (let name, let run?) in runs {
            if let first = run.firstRejection {
                let counts = run.rejections.sorted { $0.key < $1.key }.map { "\($0.key) x\($0.value)" }
                notes.append("\(name): rejections \(counts.joined(separator: ", ")); first: \(first)")
            }
            if run.lostFrames > 0 {
                notes.append(
                    "\(name): \(run.lostFrames) frames lost (gaps in frame sequences: the publisher dropped "
                        + "them at its high-water mark)")
            }
            if run.fallbacks > 0 {
                notes.append("\(name): \(run.fallbacks) gestures saw no DONE frame within 5 s and were restarted")
            }
            if run.setup.rate == nil && run.producerIdle > 0.05 {
                let idle = Format.fixed(run.producerIdle * 100, 0)
                let settle = run.setup.settleMs.map { "\($0) ms" } ?? "500 ms in fluid"
                notes.append(
                    "\(name): the producer had no stack ready \(idle)% of the window"
                        + " (every stack waiting for its settle, \(settle)): the workload, not the engine, "
                        + "bounds this figure; --stacks or --settle-ms raise that ceiling")
            }
            if run.pacerRestarts > 0 {
                notes.append(
                    "\(name): the producer fell more than 20 ms behind its pace \(run.pacerRestarts) times "
                        + "(no stack ready, a full input queue, or no CPU for it)")
            }
        }
        if let memory = results.memory, let p50 = memory.latency.microseconds(atQuantile: 0.5), p50 > 100_000 {
            notes.append(
                "memory: the daemon fell behind (pan -> frame p50 \(Format.fixed(p50 / 1000, 0)) ms), so its "
                    + "RSS under load includes queued inputs and publications (up to the 100000-message high-water marks)"
            )
        }
        if let relay = results.relayThroughput, relay.dropped > 0 {
            notes.append("relay: its publisher dropped \(relay.dropped) messages at the high-water mark")
        }
        if let relay = results.relayThroughput {
            notes.append(
                "relay and engine messages: encoded pan Inputs, \(Format.fixed(relay.averageBytes, 0)) bytes "
                    + "on average; the relay run used \(Format.fixed(relay.benchCores, 2)) cores in all (producer, relay "
                    + "and subscriber threads with their I/O threads)")
        }
        notes += results.failures
        return notes
    }

    private func percentiles(_ histogram: LatencyHistogram) -> String {
        [0.5, 0.99, 0.999].map { Format.significant(histogram.microseconds(atQuantile: $0)) }.joined(separator: " / ")
    }

    /// Pads the columns of `rows` to a common width.
    private static func align(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { i, cell in
                Format.pad(cell, widths[i], right: !rightAligned.contains(i))
            }.joined(separator: "  ").trimmingTrailingSpaces
        }
    }

    // MARK: JSON

    /// The machine-readable summary: one line, keys in a fixed order, null for what was not measured.
    var json: String {
        var object = JSONObject()
        func number(_ name: String, _ value: Double?, digits: Int = 1) {
            object.addRaw(name, value.map { Format.fixed($0, digits) } ?? "null")
        }
        func flag(_ name: String, _ value: Bool?) {
            object.addRaw(name, value.map { $0 ? "true" : "false" } ?? "null")
        }
        object.add("mode", results.quick ? "quick" : "full")
        number("relay_events_per_s", results.relayThroughput?.messagesPerSecond, digits: 0)
        number("engine_events_per_s", results.throughput?.trackingPerSecond, digits: 0)
        number("engine_to_relay", results.engineToRelay, digits: 3)
        let firstPair = results.latencyPairs.first
        let tally = results.latencyTally
        number("latency_p50_us", results.latency?.latency.microseconds(atQuantile: 0.5))
        number("latency_p99_us", results.latency?.latency.microseconds(atQuantile: 0.99))
        number("latency_p999_us", results.latency?.latency.microseconds(atQuantile: 0.999))
        number("history_latency_p99_us", results.history?.latency.microseconds(atQuantile: 0.99))
        number("history_latency_p999_us", results.history?.latency.microseconds(atQuantile: 0.999))
        number("history_reads_per_s", results.history?.historyReadsPerSecond, digits: 0)
        number("history_first_read_ms", results.history?.historyFirstReadMs, digits: 0)
        number("history_latency_ratio", results.historyLatencyRatio)
        number("relay_latency_p99_us", results.relayLatency?.latency.microseconds(atQuantile: 0.99))
        number("latency_added_p99_us", firstPair?.addedP99Us)
        number("latency_added_p999_us", firstPair?.addedP999Us)
        number("durable_events_per_s", results.durable?.appendedPerSecond, digits: 0)
        number("replay_events_per_s", results.replay?.replayPerSecond, digits: 0)
        number("restart_ms", results.replay?.restartMs)
        number("rss_mb_10k_stacks", results.memory?.residentMB)
        number("rss_mb_10k_stacks_idle", results.memory?.idleResidentMB)
        number("rss_mb_10k_stacks_drained", results.memory?.drainedResidentMB)
        // Context for the figures above.
        number("relay_latency_p50_us", results.relayLatency?.latency.microseconds(atQuantile: 0.5))
        number("relay_latency_p999_us", results.relayLatency?.latency.microseconds(atQuantile: 0.999))
        number("latency_rate_per_s", results.latency?.setup.rate ?? results.latencyRate, digits: 0)
        flag("latency_rate_auto", results.latencyRateIsAuto)
        number("latency_runs", results.latencyPairs.isEmpty ? nil : Double(results.latencyPairs.count), digits: 0)
        number("latency_runs_p99_met", tally.measured == 0 ? nil : Double(tally.metP99), digits: 0)
        number("latency_runs_p999_met", tally.measured == 0 ? nil : Double(tally.metP999), digits: 0)
        func list(_ values: [Double?]) -> String {
            "[" + values.map { $0.map { Format.fixed($0, 1) } ?? "null" }.joined(separator: ",") + "]"
        }
        object.addRaw("latency_runs_added_p99_us", list(results.latencyPairs.map(\.addedP99Us)))
        object.addRaw("latency_runs_added_p999_us", list(results.latencyPairs.map(\.addedP999Us)))
        number("stacks", results.throughput.map { Double($0.setup.stacks) }, digits: 0)
        number("throughput_producer_idle", results.throughput?.producerIdle, digits: 3)
        number("durable_frames_per_s", results.durable?.trackingPerSecond, digits: 0)
        number("engine_appended_per_s", results.throughput?.appendedPerSecond, digits: 0)
        number("replay_log_events", results.replay.map { Double($0.log.events) }, digits: 0)
        flag("restart_with_snapshot", results.restartUsedSnapshot)
        number("rss_growth_mb_per_million_events", results.replay?.growthMBPerMillionEvents, digits: 2)
        number("web_added_p50_us", results.web?.added.microseconds(atQuantile: 0.5))
        number("web_added_p99_us", results.web?.added.microseconds(atQuantile: 0.99))
        number("web_added_p999_us", results.web?.added.microseconds(atQuantile: 0.999))
        number("web_frames_per_s", results.web?.framesPerSecond, digits: 0)
        number("web_conflated", results.web?.conflated.map(Double.init), digits: 0)
        number("web_gateway_cores", results.web?.gatewayCores, digits: 2)
        number("web_gateway_us_per_frame", results.web?.gatewayMicrosecondsPerFrame, digits: 1)
        number("web_read_numbers_64k_us", results.jsonRead?.numbersUs)
        number("web_read_comparison_64k_us", results.jsonRead?.comparisonUs)
        number("web_direct_latency_p99_us", results.web?.direct.microseconds(atQuantile: 0.99))
        number("cluster_events_per_s", results.clusterThroughput?.trackingPerSecond, digits: 0)
        number("cluster_latency_p50_us", results.clusterLatency?.latency.microseconds(atQuantile: 0.5))
        number("cluster_latency_p99_us", results.clusterLatency?.latency.microseconds(atQuantile: 0.99))
        number("cluster_to_single_throughput", results.clusterToSingleThroughput, digits: 3)
        number("cluster_to_single_latency_p99", results.clusterToSingleLatencyP99, digits: 2)
        number("cluster_added_p99_us", results.clusterAddedP99Us)
        number("cluster_added_p999_us", results.clusterAddedP999Us)
        let clusterRan = results.clusterThroughput != nil || results.clusterLatency != nil
        flag("cluster_skipped", results.clusterSkipped != nil ? true : clusterRan ? false : nil)
        var failovers: [JSONObject] = []
        for failover in results.failover {
            var entry = JSONObject()
            entry.addRaw("log_events", String(failover.seededEvents))
            entry.addRaw("lease_ms", failover.setup.leaseMs.map(String.init) ?? "null")
            entry.addRaw("kills", String(failover.takeoverMs.count))
            for (name, q) in [("takeover_p50_ms", 0.5), ("takeover_p99_ms", 0.99), ("takeover_max_ms", 1.0)] {
                entry.addRaw(name, failover.takeover(atQuantile: q).map { Format.fixed($0, 1) } ?? "null")
            }
            entry.addRaw("replayed_at_takeover", String(failover.replayedAtTakeover))
            entry.addRaw(
                "rejoin_p50_ms",
                FailoverRun.Result.quantile(failover.rejoinMs, 0.5).map { Format.fixed($0, 0) } ?? "null")
            entry.addRaw("rejoin_from_sequence", failover.lowestRejoinSequence.map(String.init) ?? "null")
            failovers.append(entry)
        }
        object.addRaw("failover", "[" + failovers.map(\.description).joined(separator: ",") + "]")
        flag("failover_skipped", results.failoverSkipped != nil ? true : results.failover.isEmpty ? nil : false)
        let redis = results.redisComparison
        number("redis_always_per_s", redis.redisAlways, digits: 0)
        number("redis_everysec_per_s", redis.redisEverysec, digits: 0)
        number("durable_to_redis_always", redis.durableToAlways, digits: 3)
        number("interval_to_redis_everysec", redis.intervalToEverysec, digits: 3)
        let redisRan = results.redisAlways != nil || results.redisEverysec != nil
        flag("redis_skipped", results.redisSkipped != nil ? true : redisRan ? false : nil)
        number("lost_frames", totalLost.map(Double.init), digits: 0)
        number("rejections", totalRejections.map(Double.init), digits: 0)
        var scaling: [JSONObject] = []
        for row in results.scaling {
            var entry = JSONObject()
            entry.addRaw("stacks", String(row.stacks))
            entry.addRaw("events_per_s", row.throughput.map { Format.fixed($0.trackingPerSecond, 0) } ?? "null")
            entry.addRaw("producer_idle", row.throughput.map { Format.fixed($0.producerIdle, 3) } ?? "null")
            entry.addRaw("paced_per_s", row.latency?.setup.rate.map { Format.fixed($0, 0) } ?? "null")
            for (name, q) in [("latency_p50_us", 0.5), ("latency_p99_us", 0.99), ("latency_p999_us", 0.999)] {
                let value = row.latency?.latency.microseconds(atQuantile: q)
                entry.addRaw(name, value.map { Format.fixed($0, 1) } ?? "null")
            }
            entry.addRaw(
                "cpu_us_per_event",
                (row.latency ?? row.throughput)?.cpuMicrosecondsPerPan.map { Format.fixed($0, 2) } ?? "null")
            entry.addRaw(
                "rss_mb",
                (row.latency?.residentMB ?? row.throughput?.residentMB).map { Format.fixed($0, 1) }
                    ?? "null")
            scaling.append(entry)
        }
        object.addRaw("scaling", "[" + scaling.map(\.description).joined(separator: ",") + "]")
        var targets = JSONObject()
        let r = results
        let checks: [(String, Bool?)] = [
            ("engine_to_relay", r.engineToRelay.map { $0 >= Target.engineToRelay }),
            ("latency_added_p99_us", tally.meetsP99),
            ("latency_added_p999_us", tally.meetsP999),
            ("durable_events_per_s", r.durable.map { $0.appendedPerSecond >= Target.durablePerSecond }),
            ("replay_events_per_s", r.replay.map { $0.replayPerSecond >= Target.replayPerSecond }),
            ("restart_ms", r.replay.map { $0.restartMs < Target.restartMs }),
            ("rss_mb_10k_stacks", r.memory?.residentMB.map { $0 < Target.residentMB10kStacks }),
            ("web_added_p99_us", LatencyPair.meetsP99(added: r.web?.added.microseconds(atQuantile: 0.99))),
            ("web_added_p999_us", LatencyPair.meetsP999(added: r.web?.added.microseconds(atQuantile: 0.999))),
            ("web_gateway_us_per_frame", r.web?.gatewayMicrosecondsPerFrame.map { $0 <= Target.gatewayUsPerFrame }),
            ("cluster_added_p99_us", LatencyPair.meetsP99(added: r.clusterAddedP99Us)),
            ("cluster_added_p999_us", LatencyPair.meetsP999(added: r.clusterAddedP999Us)),
            ("history_latency_ratio", r.historyLatencyRatio.map { $0 < Target.historyLatencyRatio }),
            ("durable_to_redis_always", redis.meetsDurable),
            ("interval_to_redis_everysec", redis.meetsInterval),
            (
                "failover_p99_ms",
                r.failover.isEmpty
                    ? nil
                    : r.failover.allSatisfy {
                        ($0.takeover(atQuantile: 0.99).map { $0 < Target.failoverP99Ms } ?? false)
                            && $0.replayedAtTakeover == 0
                    }
            ),
        ]
        for (name, met) in checks { targets.addRaw(name, met.map { $0 ? "true" : "false" } ?? "null") }
        object.add("targets_met", targets)
        object.addRaw("failures", "[" + results.failures.map(JSONObject.quoted).joined(separator: ",") + "]")
        number("host_wake_us", results.hostCosts?.wakeMicroseconds, digits: 1)
        number("host_sleep_us", results.hostCosts?.sleepMicroseconds, digits: 1)
        number("seconds", results.seconds, digits: 0)
        return object.description
    }

    private var engineRuns: [EngineRun.Result] {
        [
            results.throughput, results.latency, results.clusterThroughput, results.clusterLatency, results.durable,
            results.memory,
        ].compactMap { $0 } + repeatedLatencyRuns.compactMap(\.1)
            + results.scaling.flatMap { [$0.throughput, $0.latency].compactMap { $0 } }
    }

    private var totalLost: Int? { engineRuns.isEmpty ? nil : engineRuns.reduce(0) { $0 + $1.lostFrames } }
    private var totalRejections: Int? {
        engineRuns.isEmpty ? nil : engineRuns.reduce(0) { $0 + $1.rejections.values.reduce(0, +) }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
