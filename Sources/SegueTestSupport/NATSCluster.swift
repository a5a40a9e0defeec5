import SegueSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A nats-server cluster with JetStream on loopback (three nodes by default), for the cluster tests and the
/// benchmark's cluster workload.
///
/// Every node gets free client and route ports, its own store directory and a log file (its stderr) in a scratch
/// directory. ``start(executable:in:keep:size:readyTimeoutMs:configuration:environment:tls:oneProcessGroup:cancelled:)``
/// returns once every node is ready and knows the JetStream metadata leader (read from the nodes' logs as they come,
/// not waited for by time). Nodes can be killed, paused, resumed and restarted on the same ports and store. Every
/// node still running is killed by pid on ``stop()`` and in `deinit`, so a failure leaves no server behind.
///
/// Given a configuration file's text (accounts, users and their permissions), every node loads it with `-c`, its
/// environment holding the values the file names (`$NAME`); ports, store and routes stay on the command line, which
/// nats-server lets override the file. Given ``TLSFiles``, clients must use TLS.
public final class NATSCluster {
    /// The server side of TLS for clients: its certificate and key, and the CA whose clients it lets in.
    public struct TLSFiles: Sendable {
        public let certificate: String
        public let key: String
        public let ca: String

        public init(certificate: String, key: String, ca: String) {
            self.certificate = certificate
            self.key = key
            self.ca = ca
        }
    }

    /// What every node is started with beside its ports and store.
    private struct Settings {
        var executable: String
        var configurationFile: String?
        var environment: [String: String]
        var tls: TLSFiles?
        var oneProcessGroup: Bool
    }

    /// One node: its ports, store and log file, and its process and stderr while it runs.
    private struct Node {
        let name: String
        let clientPort: Int
        let routePort: Int
        let storeDirectory: String
        let logPath: String
        var process: SpawnedProcess?
        var log: NATSNodeLog?
        var copier: JoinableThread<Void>?
    }

    private var nodes: [Node]
    private let scratch: ScratchDirectory
    private let settings: Settings
    private let readyTimeoutMs: Int

    private init(nodes: [Node], scratch: ScratchDirectory, settings: Settings, readyTimeoutMs: Int) {
        self.nodes = nodes
        self.scratch = scratch
        self.settings = settings
        self.readyTimeoutMs = readyTimeoutMs
    }

    deinit {
        stop()
    }

    /// The client URLs of every node, comma-separated, as `NATSConnection` and `segued --cluster` take them.
    public var urls: String { nodes.map { "nats://127.0.0.1:\($0.clientPort)" }.joined(separator: ",") }

    /// The client URL of node `node` (0-based).
    public func url(node: Int) -> String { "nats://127.0.0.1:\(nodes[node].clientPort)" }

    /// The index of the node that JetStream names `name` (a stream's leader, say): `node1` is 0.
    public func node(named name: String) -> Int? { nodes.firstIndex { $0.name == name } }

    /// How many nodes the cluster has.
    public var count: Int { nodes.count }

    /// The pids of the nodes that run.
    public var pids: [pid_t] { nodes.compactMap { $0.process?.pid } }

    /// The process group every node is in, with `oneProcessGroup` (one kill(2) ends them all: Ctrl-C); else 0.
    public var processGroup: pid_t { settings.oneProcessGroup ? nodes.first?.process?.pid ?? 0 : 0 }

    /// The directory holding the nodes' stores and logs.
    public var directory: String { scratch.path }

    /// Starts `size` nodes on free loopback ports and waits until they form a cluster with a JetStream metadata
    /// leader. A start that fails (a port taken by someone else between choosing and binding it, a node that never
    /// learns of a leader, which happens rarely when three servers start at once on a loaded machine) is tried
    /// again on new ports in a new directory (a store remembers its cluster's peers), three times in all.
    /// - Parameters:
    ///   - executable: nats-server; nil finds it (`NATSServerExecutable`).
    ///   - parent: where the cluster's scratch directory is made; `keep` leaves it there after `stop()`.
    ///   - configuration: the text of a configuration file every node loads (accounts, users, permissions).
    ///   - environment: the nodes' environment beside this process's: the values the file names as `$NAME`.
    ///   - tls: TLS for clients, verifying their certificates.
    ///   - oneProcessGroup: the first node leads a process group the others join (`processGroup`).
    ///   - cancelled: asked at least every 100 ms while waiting; true gives up (`HarnessError.cancelled`).
    public static func start(
        executable: String? = nil, in parent: String = "/tmp", keep: Bool = false, size: Int = 3,
        readyTimeoutMs: Int = 20000, configuration: String? = nil, environment: [String: String] = [:],
        tls: TLSFiles? = nil, oneProcessGroup: Bool = false, cancelled: () -> Bool = { false }
    ) throws(HarnessError) -> NATSCluster {
        guard let executable = executable ?? NATSServerExecutable.find() else {
            throw HarnessError("nats-server not found (PATH, /usr/sbin); run scripts/install-deps.sh --test")
        }
        var failures: [String] = []
        while true {
            let ports = try LoopbackPorts.free(2 * size)
            let cluster: NATSCluster
            do throws(SystemError) {
                let scratch = try ScratchDirectory(prefix: "segue-nats", in: parent, keep: keep)
                var settings = Settings(
                    executable: executable, environment: environment, tls: tls, oneProcessGroup: oneProcessGroup)
                if let configuration {
                    settings.configurationFile = scratch.path + "/accounts.conf"
                    try WholeFile.write(configuration, to: scratch.path + "/accounts.conf")
                }
                let nodes = (0..<size).map { index in
                    let name = "node\(index + 1)"
                    return Node(
                        name: name, clientPort: ports[2 * index], routePort: ports[2 * index + 1],
                        storeDirectory: "\(scratch.path)/\(name)", logPath: "\(scratch.path)/\(name).log")
                }
                cluster = NATSCluster(
                    nodes: nodes, scratch: scratch, settings: settings, readyTimeoutMs: readyTimeoutMs)
            } catch {
                throw HarnessError(error.description)
            }
            do throws(HarnessError) {
                for index in 0..<size {
                    // The first node leads a process group the others join.
                    let leader = cluster.nodes.first?.process?.pid ?? 0
                    try cluster.launch(index, processGroup: oneProcessGroup ? leader : nil)
                }
                for index in 0..<size { try cluster.waitUntilReady(index, cancelled: cancelled) }
                return cluster
            } catch {
                let logs = cluster.nodes.indices.map { "node\($0 + 1): " + cluster.logTail(node: $0) }
                cluster.stop()
                if error.isCancellation { throw error }
                failures.append(([error.description] + logs).joined(separator: "\n"))
                if failures.count == 3 { throw HarnessError(failures.joined(separator: "\n")) }
            }
        }
    }

    /// Kills node `node` with SIGKILL (a crash) and waits for it to be gone.
    public func kill(node: Int) {
        guard let process = nodes[node].process else { return }
        process.kill()
        // The node is gone, so its stderr ends and the log's copying thread returns.
        _ = nodes[node].copier?.join()
        nodes[node].log?.pump()
        nodes[node].process = nil
        nodes[node].log = nil
        nodes[node].copier = nil
    }

    /// Pauses node `node` (SIGSTOP): it keeps its sockets but answers nothing, as a hung or partitioned server.
    public func pause(node: Int) {
        nodes[node].process?.signal(SIGSTOP)
    }

    /// Resumes node `node` after ``pause(node:)`` (SIGCONT).
    public func resume(node: Int) {
        nodes[node].process?.signal(SIGCONT)
    }

    /// Starts node `node` again, killed first if it still runs, on the same ports and store, and waits until it is
    /// back in the cluster.
    public func restart(node: Int) throws(HarnessError) {
        kill(node: node)
        // In our process group: the cluster's may be gone with its leader.
        try launch(node, processGroup: nil)
        try waitUntilReady(node, cancelled: { false })
    }

    /// Whether node `node` runs (not killed, not exited).
    public func isRunning(node: Int) -> Bool { nodes[node].process?.isRunning ?? false }

    /// Everything node `node` has logged, across restarts.
    public func log(node: Int) -> String {
        nodes[node].log?.pump()
        return WholeFile.text(nodes[node].logPath) ?? ""
    }

    /// Kills every node still running, by pid, then removes the directory unless it is kept. Idempotent.
    public func stop() {
        for index in nodes.indices { kill(node: index) }
        scratch.remove()
    }

    /// Starts node `index` in `processGroup` (0: a new one it leads; nil: ours).
    private func launch(_ index: Int, processGroup: pid_t?) throws(HarnessError) {
        let node = nodes[index]
        let routes = nodes.map { "nats://127.0.0.1:\($0.routePort)" }.joined(separator: ",")
        var arguments = ["-js", "-sd", node.storeDirectory, "-n", node.name, "-a", "127.0.0.1"]
        arguments += ["-p", String(node.clientPort)]
        if let file = settings.configurationFile { arguments += ["-c", file] }
        if let tls = settings.tls {
            arguments += ["--tlsverify", "--tlscert", tls.certificate, "--tlskey", tls.key, "--tlscacert", tls.ca]
        }
        // A lone node runs standalone: a cluster of one would wait for routes for ever.
        if nodes.count > 1 {
            arguments += ["--cluster_name", "segue", "-cluster", "nats://127.0.0.1:\(node.routePort)"]
            arguments += ["-routes", routes]
        }
        let log = try NATSNodeLog(appendingTo: node.logPath)
        defer { log.closeWriteEnd() }
        do {
            nodes[index].process = try SpawnedProcess(
                settings.executable, arguments, environment: settings.environment, stderr: .descriptor(log.writeEnd),
                processGroup: processGroup)
        } catch {
            throw HarnessError(error.description)
        }
        nodes[index].log = log
    }

    /// Waits for node `index` to log that it is ready for clients and, in a cluster, that it knows the JetStream
    /// metadata leader (the leader logs "Self is new JetStream cluster metadata leader", the others "new metadata
    /// leader: …"); then its log is copied on by a thread of its own.
    private func waitUntilReady(_ index: Int, cancelled: () -> Bool) throws(HarnessError) {
        guard let log = nodes[index].log else { throw HarnessError("node \(index + 1) is not running") }
        var ready = false
        var leaderKnown = nodes.count == 1
        let done = log.awaitLines(timeoutMs: readyTimeoutMs, cancelled: cancelled) { line in
            if line.contains("Server is ready") { ready = true }
            if line.contains("metadata leader") { leaderKnown = true }
            return ready && leaderKnown
        }
        if cancelled() { throw .cancelled }
        guard done else {
            throw HarnessError(
                "nats-server \(nodes[index].name) not ready within \(readyTimeoutMs) ms "
                    + "(running: \(isRunning(node: index)))")
        }
        do {
            nodes[index].copier = try JoinableThread(name: "nats-log") { log.copyUntilEnd() }
        } catch {
            throw HarnessError(error.description)
        }
    }

    /// The last lines of node `node`'s log, for messages.
    public func logTail(node: Int) -> String {
        let lines = log(node: node).split(separator: "\n").suffix(6)
        return lines.isEmpty ? "(nothing logged)" : lines.joined(separator: "\n")
    }
}
