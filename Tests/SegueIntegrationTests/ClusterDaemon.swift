import Foundation
import SegueClient
import SegueSystem
import SegueTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A `segued --cluster` child on wildcard loopback ports with its own data directory. The shard's holder prints its
/// ready line at once; a standby first prints `segued standby shard=K holder=NODE`, and its ready line once it has
/// taken the shard over.
final class ClusterDaemon {
    let node: String
    let process: ServerProcess
    /// The `--data` directory.
    let dataDirectory: String
    /// The temporary data directory this daemon owns, if it made one, and the one holding its stderr.
    private let scratch: ScratchDirectory?
    private let logs: ScratchDirectory
    /// The endpoints from the ready line, once it came.
    private(set) var endpoints: SegueEndpoints?

    /// Starts the daemon (on `dataDirectory`, or a new temporary one) and reads its first line (ready or standby).
    /// - Parameters:
    ///   - urls: the `--cluster` value, when not the cluster's plain URLs (a user or password in them).
    ///   - extraArguments: more options, such as its NATS credentials (`--nats-*`).
    ///   - readyTimeoutMs: how long the first line may take (a holder reads a long stream to its end first).
    init(
        cluster: NATSCluster, shard: Int, shards: Int, node: String, leaseMs: Int = 1000,
        dataDirectory: String? = nil, urls: String? = nil, extraArguments: [String] = [], readyTimeoutMs: Int = 30000
    ) throws {
        self.node = node
        scratch = dataDirectory == nil ? try ScratchDirectory(prefix: "segued-cluster") : nil
        self.dataDirectory = dataDirectory ?? scratch!.url.path
        logs = try ScratchDirectory(prefix: "segued-cluster-log")
        let stderrPath = logs.path + "/segued.log"
        let standby = "segued standby shard=\(shard) "
        do {
            process = try ServerProcess(
                try BuildProducts.executable("segued").path,
                Self.arguments(
                    cluster: cluster, shard: shard, shards: shards, node: node, data: self.dataDirectory, urls: urls)
                    + ["--lease-ms", "\(leaseMs)"] + extraArguments,
                stderrPath: stderrPath, readyTimeoutMs: readyTimeoutMs,
                isReady: { ServerProcess.isSeguedReady($0) || $0.hasPrefix(standby) })
        } catch {
            throw HarnessError("segued \(node): \(error); stderr: \(WholeFile.text(stderrPath) ?? "")")
        }
        endpoints = process.endpoints
    }

    deinit {
        process.kill()
    }

    static func arguments(
        cluster: NATSCluster, shard: Int, shards: Int, node: String, data: String, urls: String? = nil
    ) -> [String] {
        let wildcard = "tcp://127.0.0.1:*"
        return [
            "--data", data, "--ingest", wildcard, "--control", wildcard, "--events", wildcard,
            "--cluster", urls ?? cluster.urls, "--shard", "\(shard)", "--shards", "\(shards)", "--node", node,
            "--cluster-key", ClusterTestKey.shared.file,
        ]
    }

    /// Runs a daemon expected to refuse to start, and returns how it exited.
    static func refusal(
        cluster: NATSCluster, shard: Int, shards: Int, data: String, urls: String? = nil,
        extraArguments: [String] = []
    ) throws -> ProcessOutput {
        try ChildProcess(
            try BuildProducts.executable("segued"),
            arguments(cluster: cluster, shard: shard, shards: shards, node: "refused", data: data, urls: urls)
                + extraArguments
        ).finish(timeoutMs: 30000)
    }

    /// The positions `segue tail --json` over a cluster (`tail`) printed for each shard, read until there are
    /// `count` of them.
    static func positionsByShard(_ tail: ChildProcess, count: Int) throws -> [Int: [UInt64]] {
        var positions: [Int: [UInt64]] = [:]
        while positions.values.map(\.count).reduce(0, +) < count {
            guard let line = tail.readLine(timeoutMs: 15000) else {
                throw HarnessError("tail stopped: \(tail.stderr)")
            }
            let object = try jsonObject(line)
            guard let shard = object["shard"] as? Int, let event = object["event"] as? [String: Any],
                let position = event["position"] as? NSNumber
            else { throw HarnessError("not a shard's event: \(line)") }
            positions[shard, default: []].append(position.uint64Value)
        }
        return positions
    }

    /// Waits for the ready line of a standby taking the shard over.
    @discardableResult
    func awaitReady(timeoutMs: Int) throws -> SegueEndpoints {
        if let endpoints { return endpoints }
        guard let line = process.nextLine(timeoutMs: timeoutMs), let ready = SegueEndpoints(readyLine: line) else {
            throw HarnessError("standby \(node) did not take over within \(timeoutMs) ms; stderr: \(process.stderr)")
        }
        endpoints = ready
        return ready
    }

    /// Waits until the daemon's log has a line holding `text`, and returns that line.
    @discardableResult
    func awaitLogLine(containing text: String, timeoutMs: Int) throws -> String {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        while true {
            if let line = process.stderr.split(separator: "\n").first(where: { $0.contains(text) }) {
                return String(line)
            }
            guard MonotonicTime.nowNs() < deadline, !process.waitForExit(timeoutMs: 50) else {
                throw HarnessError("\(node) logged no \(text) within \(timeoutMs) ms; stderr: \(process.stderr)")
            }
        }
    }

    /// The exit status once the daemon has exited on its own, waiting up to `timeoutMs`; nil if it still runs.
    func exitStatus(timeoutMs: Int) -> Int32? {
        process.waitForExit(timeoutMs: timeoutMs) ? process.process.exitStatus : nil
    }

    /// Stop (SIGSTOP) or continue (SIGCONT) the daemon, as a long pause or a partition would.
    func signal(_ number: Int32) { process.process.signal(number) }
}
