import SegueClient
import SegueClusterClient
import SegueSystem
import SegueTestSupport
import SegueWire

#if canImport(Glibc)
    import Glibc
#endif

/// The failover workload: how long a shard is without a holder when its holder dies, and whether that grows with
/// the log. A shard's stream is filled with a long history (`ShardStreamSeeder`) on a 3-node loopback cluster; a
/// holder takes it over and a standby follows it. Each round kills the holder (SIGKILL) and measures from the kill
/// to the first command acknowledged by its successor, which a client finds through the lease (`ClusterDirectory`)
/// as every client does, trying without pause. The killed daemon is then started again on its data directory, as
/// the next round's standby, and the round waits until it has caught up with the stream.
struct FailoverRun {
    struct Setup: Sendable {
        var events: Int
        var rounds: Int
        /// The daemons' `--lease-ms`, nil for segued's default.
        var leaseMs: Int?
    }

    struct Result: Sendable {
        var setup: Setup
        /// The history as written.
        var seededEvents: UInt64
        var seedSeconds: Double
        /// Kill to the first acknowledged command on the successor, one per round.
        var takeoverMs: [Double]
        /// Spawn of a killed daemon on its directory to "caught up with the shard's stream", one per round.
        var rejoinMs: [Double]
        /// Events the successors replayed from their logs when taking over, summed over the rounds (each start's
        /// recovery report, read from the log of every daemon that took over).
        var replayedAtTakeover: UInt64
        /// The stream sequence the rejoining daemons started to read at (from their newest snapshot), the lowest.
        var lowestRejoinSequence: UInt64?

        func takeover(atQuantile quantile: Double) -> Double? { Self.quantile(takeoverMs, quantile) }

        /// The nearest-rank quantile of `values`.
        static func quantile(_ values: [Double], _ quantile: Double) -> Double? {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int((quantile * Double(sorted.count)).rounded(.up)) - 1)]
        }
    }

    let options: BenchOptions

    func run(_ setup: Setup, natsServer: String) throws(BenchError) -> Result {
        let label = "failover-\(setup.events)"
        let scratch = try ScratchDirectory.bench(label, options: options)
        defer { scratch.finish() }
        Progress.note("\(label): starting a 3-node nats-server cluster on loopback")
        let nats = try EngineRun.startCluster(natsServer, in: scratch.path, keep: options.keepData)
        defer {
            nats.stop()
            Interruption.serverGroup.store(0, ordering: .relaxed)
        }
        let key = ClusterSigningKey.generate()
        let keyFile = try ClusterKeyFile.write(key, in: scratch.path)
        Progress.note("\(label): writing \(Format.grouped(Double(setup.events))) events into the shard's stream")
        let seeded: ShardStreamSeeder.Summary
        do {
            seeded = try ShardStreamSeeder.seed(
                servers: nats.urls, shard: 0, shards: 1, key: key, events: setup.events,
                progress: { Progress.note("\(label): \(Format.grouped(Double($0))) events written") })
        } catch {
            throw BenchError("\(label): cannot fill the shard's stream", cause: error)
        }
        Progress.note(
            "\(label): wrote \(Format.grouped(Double(seeded.events))) events in \(Format.fixed(seeded.seconds, 1)) s; "
                + "starting the holder, which reads them all")

        func daemon(_ node: String, standby: Bool, logName: String) throws(BenchError) -> DaemonProcess {
            let arguments = options.daemonArguments(
                [
                    "--data", scratch.path + "/" + node, "--ingest", "tcp://127.0.0.1:*", "--control",
                    "tcp://127.0.0.1:*",
                    "--events", "tcp://127.0.0.1:*", "--cluster", nats.urls, "--shard", "0", "--shards", "1",
                    "--replicas", "3", "--node", node, "--cluster-key", keyFile,
                ] + (setup.leaseMs.map { ["--lease-ms", "\($0)"] } ?? []))
            return try DaemonProcess(
                executable: options.seguedPath, arguments: arguments, stderrPath: scratch.path + "/" + logName,
                timeoutMs: 1_800_000, readyPrefix: standby ? "segued standby" : nil)
        }
        var holder = (node: "a", process: try daemon("a", standby: false, logName: "a-0.log"))
        var standby = (node: "b", process: try daemon("b", standby: true, logName: "b-0.log"))
        try Self.awaitCaughtUp(standby.process, label: label)
        let directory: ClusterDirectory
        do {
            directory = try ClusterDirectory(servers: [nats.urls])
        } catch {
            throw BenchError("\(label): cannot read the cluster's leases", cause: error)
        }
        let probe = TakeoverProbe(directory: directory)

        var takeovers: [Double] = []
        var rejoins: [Double] = []
        var replayed: UInt64 = 0
        var lowestSequence: UInt64?
        for round in 1...setup.rounds {
            try Interruption.check()
            // A command acknowledged before the kill: the holder is serving.
            try probe.firstAcknowledgement(notBy: standby.node, timeoutMs: 30_000, label: label)
            let killed = MonotonicTime.nowNs()
            holder.process.kill()
            let served = try probe.firstAcknowledgement(notBy: holder.node, timeoutMs: 30_000, label: label)
            takeovers.append(Double(served - killed) / 1e6)
            replayed += Self.replayedAtTakeover(in: standby.process.stderrPath)
            Progress.note(
                "\(label): round \(round): \(standby.node) acknowledged a command \(Format.fixed(takeovers.last!, 0)) "
                    + "ms after kill -9 of \(holder.node)")
            // The killed daemon comes back as the standby, on its own directory.
            let spawned = MonotonicTime.nowNs()
            let rejoined = try daemon(holder.node, standby: true, logName: "\(holder.node)-\(round).log")
            try Self.awaitCaughtUp(rejoined, label: label)
            rejoins.append(Double(MonotonicTime.nowNs() - spawned) / 1e6)
            if let sequence = Self.field("from_sequence", ofFirst: "following the shard's stream", in: rejoined) {
                lowestSequence = min(lowestSequence ?? sequence, sequence)
            }
            let next = (node: holder.node, process: rejoined)
            holder = standby
            standby = next
        }
        holder.process.kill()
        standby.process.kill()
        return Result(
            setup: setup, seededEvents: seeded.events, seedSeconds: seeded.seconds, takeoverMs: takeovers,
            rejoinMs: rejoins, replayedAtTakeover: replayed, lowestRejoinSequence: lowestSequence)
    }

    /// Waits for a standby's "caught up with the shard's stream".
    private static func awaitCaughtUp(_ daemon: DaemonProcess, label: String) throws(BenchError) {
        while field("head", ofFirst: "caught up with the shard's stream", in: daemon) == nil {
            try Interruption.check()
            guard daemon.isRunning else {
                throw BenchError("\(label): a standby stopped before it caught up\n\(daemon.stderrTail)")
            }
            usleep(20_000)
        }
    }

    /// The numeric `name=` of the first log line with `msg="message"`.
    private static func field(_ name: String, ofFirst message: String, in daemon: DaemonProcess) -> UInt64? {
        guard let text = WholeFile.text(daemon.stderrPath),
            let line = text.split(separator: "\n").first(where: { $0.contains("msg=\"\(message)\"") })
        else { return nil }
        return field(name, in: line)
    }

    /// The numeric value of `name=` in a logfmt line.
    private static func field(_ name: String, in line: Substring) -> UInt64? {
        line.split(separator: " ").first { $0.hasPrefix("\(name)=") }.flatMap { UInt64($0.dropFirst(name.count + 1)) }
    }

    /// Events replayed by the recoveries in a daemon's log after it said it holds the shard: none when the
    /// takeover served from the state it followed.
    private static func replayedAtTakeover(in path: String) -> UInt64 {
        guard let text = WholeFile.text(path) else { return 0 }
        let lines = text.split(separator: "\n")
        guard let held = lines.firstIndex(where: { $0.contains("msg=\"holds the shard\"") }) else { return 0 }
        return lines[held...].filter { $0.contains("msg=recovered") }.reduce(0) {
            $0 + (field("replayed", in: $1) ?? 0)
        }
    }
}

/// A client finding the shard's holder through its lease and sending it a command, as fast as it can, until one
/// is acknowledged.
private final class TakeoverProbe {
    private let directory: ClusterDirectory
    private var clients: [String: ControlClient] = [:]
    private var round = 0

    init(directory: ClusterDirectory) {
        self.directory = directory
    }

    /// Tries until a daemon other than `node` acknowledges a command; returns when (MonotonicTime ns).
    @discardableResult
    func firstAcknowledgement(notBy node: String, timeoutMs: Int, label: String) throws(BenchError) -> Int64 {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        while MonotonicTime.nowNs() < deadline {
            try Interruption.check()
            guard let lease = try? directory.holder(of: 0), lease.node != node, !lease.control.isEmpty else {
                continue
            }
            round += 1
            let op: Command.Op =
                round % 2 == 0 ? .pop(Pop(immediate: true)) : .push(Push(screen: "Probe", immediate: true))
            do {
                let client = try clients[lease.control] ?? ControlClient(endpoint: lease.control, timeoutMs: 200)
                clients[lease.control] = client
                _ = try client.command(Command(stackId: "seed-0", op: op))
                return MonotonicTime.nowNs()
            } catch {
                clients[lease.control] = nil
            }
        }
        throw BenchError("\(label): no daemon but \(node) acknowledged a command within \(timeoutMs) ms")
    }
}
