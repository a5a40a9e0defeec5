import Testing

@testable import segue_bench

/// The cluster workload is reported beside the single-machine runs: its figures, their ratios to the single
/// machine's, and a note; without nats-server it is reported as skipped, not failed. Fabricated runs: the figures
/// are made up, only how they are reported is checked.
struct ClusterReportTests {
    private func run(_ label: String, framesPerSecond: Double, latencyUs: Int64, rate: Double?) -> EngineRun.Result {
        var latency = LatencyHistogram()
        for _ in 0..<100 { latency.record(latencyUs * 1000) }
        let setup = EngineRun.Setup(
            label: label, stacks: 1000, fsync: "interval:10", rate: rate, warmupSeconds: 1, measureSeconds: 1,
            settleMs: nil)
        return EngineRun.Result(
            setup: setup, seconds: 1, trackingPerSecond: framesPerSecond, pansPerSecond: framesPerSecond,
            appendedPerSecond: framesPerSecond, latency: latency, unmatched: 0, lostFrames: 0, rejections: [:],
            firstRejection: nil, fallbacks: 0, producerIdle: 0, producerWindowWait: 0, pacerRestarts: 0,
            daemonCores: 1, benchCores: 1, cpuMicrosecondsPerPan: nil, idleResidentMB: nil, residentMB: nil,
            drainedResidentMB: nil, peakResidentMB: nil, fsyncP99Us: 0, matched: 100, historyEvents: nil,
            historyReadsPerSecond: nil, historyFirstReadMs: nil)
    }

    private func results() -> BenchResults {
        BenchResults(
            quick: true, machine: MachineDescription(cores: 2, model: "test", memoryGiB: 1, loadAverage: "0"),
            seguedPath: "/bin/true")
    }

    /// The value of `key` in the report's one-line JSON object, as written.
    private func value(_ key: String, in json: String) -> String? {
        guard let start = json.firstRange(of: "\"\(key)\":") else { return nil }
        return String(json[start.upperBound...].prefix { $0 != "," && $0 != "}" })
    }

    @Test func reportsClusterFiguresAndTheirRatiosToTheSingleMachine() {
        var measured = results()
        measured.throughput = run("throughput", framesPerSecond: 400_000, latencyUs: 20_000, rate: nil)
        measured.latency = run("latency", framesPerSecond: 120_000, latencyUs: 500, rate: 120_000)
        measured.clusterThroughput = run(
            "cluster-throughput", framesPerSecond: 100_000, latencyUs: 80_000, rate: nil)
        measured.clusterLatency = run("cluster-latency", framesPerSecond: 120_000, latencyUs: 2000, rate: 120_000)
        let report = Report(results: measured)
        let json = report.json
        #expect(value("cluster_events_per_s", in: json) == "100000")
        #expect(value("cluster_to_single_throughput", in: json) == "0.250")
        #expect(value("cluster_to_single_latency_p99", in: json).flatMap(Double.init).map { abs($0 - 4) < 0.1 } == true)
        #expect(value("cluster_latency_p50_us", in: json) != "null")
        #expect(value("cluster_latency_p99_us", in: json) != "null")
        #expect(value("cluster_skipped", in: json) == "false")
        // The existing keys stay.
        #expect(value("engine_events_per_s", in: json) == "400000")
        #expect(report.clusterNote?.contains("0.25 of the single machine's") == true)
        #expect(report.table.contains("cluster throughput"))
        #expect(report.table.contains("cluster latency"))
    }

    @Test func reportsASkippedClusterWorkloadWithoutFailing() {
        var skipped = results()
        skipped.clusterSkipped = "cluster: skipped, no nats-server"
        let report = Report(results: skipped)
        #expect(value("cluster_skipped", in: report.json) == "true")
        #expect(value("cluster_events_per_s", in: report.json) == "null")
        #expect(value("failures", in: report.json) == "[]")
        #expect(report.table.contains("- cluster: skipped, no nats-server"))
    }

    @Test func clusterIsAWorkloadOfTheDefaultRun() throws {
        let chosen = try BenchOptions(arguments: ["--segued", "/bin/true", "--only", "cluster"]).workloads
        #expect(chosen == [.cluster])
        #expect(
            try BenchOptions(arguments: ["--segued", "/bin/true", "--segue", "/bin/true"]).workloads.contains(.cluster))
    }
}
