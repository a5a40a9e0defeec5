import Foundation
import LoopbackServers

#if canImport(Glibc)
    import Glibc
#endif

/// A 3-node (by default) nats-server cluster with JetStream on loopback, for the cluster tests.
///
/// Every node gets free client and route ports and its own store directory in a scratch directory. ``start()``
/// returns once every node is ready and knows the JetStream metadata leader (read from the nodes' logs, not
/// waited for by time). Nodes can be killed, paused, resumed and restarted on the same ports and store. Every node
/// still running is killed by pid on ``stop()`` and in `deinit`, so a failing test leaves no server behind.
///
/// The servers log to pipes that this object reads whenever one of its methods runs; ``log(node:)`` returns what a
/// node wrote.
///
/// Given a configuration file's text (accounts, users and their permissions: ``SegueAccounts``), every node loads it
/// with `-c`, its environment holding the values the file names (`$NAME`); ports, store and routes stay on the
/// command line, which nats-server lets override the file. Given ``TLSFiles``, clients must use TLS.
final class NATSCluster {
    /// The server side of TLS for clients: its certificate and key, and the CA whose clients it lets in.
    struct TLSFiles {
        let certificate: String
        let key: String
        let ca: String
    }

    /// What every node is started with beside its ports and store.
    private struct Settings {
        var configurationFile: String?
        var environment: [String: String] = [:]
        var tls: TLSFiles?
    }

    /// One node: its ports, its store directory and its process while it runs.
    private struct Node {
        let name: String
        let clientPort: Int
        let routePort: Int
        let storeDirectory: URL
        var process: ChildProcess?
        /// What earlier incarnations (before a restart) wrote.
        var earlierLog = ""
    }

    private var nodes: [Node]
    private let scratch: ScratchDirectory
    private let executable: URL
    private let readyTimeoutMs: Int
    private let settings: Settings

    private init(
        nodes: [Node], scratch: ScratchDirectory, executable: URL, readyTimeoutMs: Int, settings: Settings
    ) {
        self.nodes = nodes
        self.scratch = scratch
        self.executable = executable
        self.readyTimeoutMs = readyTimeoutMs
        self.settings = settings
    }

    deinit {
        stop()
    }

    /// The client URLs of every node, comma-separated, as ``NATSConnection`` and `--cluster` take them.
    var urls: String { nodes.map { "nats://127.0.0.1:\($0.clientPort)" }.joined(separator: ",") }

    /// The client URL of node `node` (0-based).
    func url(node: Int) -> String { "nats://127.0.0.1:\(nodes[node].clientPort)" }

    /// How many nodes the cluster has.
    var count: Int { nodes.count }

    /// Starts `size` nodes on free loopback ports and waits until they form a cluster with a JetStream metadata
    /// leader. A start that fails (a port taken by someone else between choosing and binding it, a node that never
    /// learns of a leader) is tried again on new ports, three times in all.
    /// - Parameters:
    ///   - configuration: the text of a configuration file every node loads (accounts, users, permissions).
    ///   - environment: the nodes' environment beside this process's: the values the file names as `$NAME`.
    ///   - tls: TLS for clients, verifying their certificates.
    static func start(
        size: Int = 3, readyTimeoutMs: Int = 20000, configuration: String? = nil, environment: [String: String] = [:],
        tls: TLSFiles? = nil
    ) throws -> NATSCluster {
        let executable = try natsServer()
        var lastFailure: (any Error)?
        for _ in 0..<3 {
            let scratch = try ScratchDirectory(prefix: "segue-nats")
            var settings = Settings(environment: environment, tls: tls)
            if let configuration {
                let file = scratch.url.appendingPathComponent("accounts.conf")
                try configuration.write(to: file, atomically: true, encoding: .utf8)
                settings.configurationFile = file.path
            }
            let ports = try LoopbackPorts.free(2 * size)
            let nodes = (0..<size).map { index in
                Node(
                    name: "node\(index + 1)", clientPort: ports[2 * index], routePort: ports[2 * index + 1],
                    storeDirectory: scratch.url.appendingPathComponent("node\(index + 1)"))
            }
            let cluster = NATSCluster(
                nodes: nodes, scratch: scratch, executable: executable, readyTimeoutMs: readyTimeoutMs,
                settings: settings)
            do {
                for index in 0..<size { try cluster.launch(index) }
                for index in 0..<size { try cluster.waitUntilReady(index) }
                return cluster
            } catch {
                // A node that exited could not bind its ports. One that runs but never learns of a metadata leader
                // happens too, rarely, when three servers start at once on a loaded machine: start afresh.
                lastFailure = error
                cluster.stop()
            }
        }
        throw lastFailure!
    }

    /// Kills node `node` with SIGKILL (a crash) and waits for it to be gone.
    func kill(node: Int) {
        guard let process = nodes[node].process else { return }
        Glibc.kill(process.pid, SIGCONT)
        process.kill()
        nodes[node].earlierLog += process.stderr
        nodes[node].process = nil
    }

    /// Pauses node `node` (SIGSTOP): it keeps its sockets but answers nothing, as a hung or partitioned server.
    func pause(node: Int) {
        if let pid = nodes[node].process?.pid { Glibc.kill(pid, SIGSTOP) }
    }

    /// Resumes node `node` after ``pause(node:)`` (SIGCONT).
    func resume(node: Int) {
        if let pid = nodes[node].process?.pid { Glibc.kill(pid, SIGCONT) }
    }

    /// Starts node `node` again, killed first if it still runs, on the same ports and store, and waits until it is
    /// back in the cluster.
    func restart(node: Int) throws {
        kill(node: node)
        try launch(node)
        try waitUntilReady(node)
    }

    /// Whether node `node` runs (not killed, not exited).
    func isRunning(node: Int) -> Bool { nodes[node].process?.isRunning ?? false }

    /// Everything node `node` has logged, across restarts.
    func log(node: Int) -> String { nodes[node].earlierLog + (nodes[node].process?.stderr ?? "") }

    /// Kills every node still running, by pid. Idempotent.
    func stop() {
        for index in nodes.indices { kill(node: index) }
    }

    private func launch(_ index: Int) throws {
        let node = nodes[index]
        let routes = nodes.map { "nats://127.0.0.1:\($0.routePort)" }.joined(separator: ",")
        var arguments = ["-js", "-sd", node.storeDirectory.path, "-n", node.name, "-a", "127.0.0.1"]
        arguments += ["-p", String(node.clientPort)]
        if let file = settings.configurationFile { arguments += ["-c", file] }
        if let tls = settings.tls {
            arguments += ["--tlsverify", "--tlscert", tls.certificate, "--tlskey", tls.key, "--tlscacert", tls.ca]
        }
        // A lone node runs standalone: a cluster of one would wait for routes for ever.
        if nodes.count > 1 {
            arguments += ["--cluster_name", "segue-test", "-cluster", "nats://127.0.0.1:\(node.routePort)"]
            arguments += ["-routes", routes]
        }
        nodes[index].process = try ChildProcess(executable, arguments, environment: settings.environment)
    }

    /// Waits for node `index` to log that it is ready for clients and, in a cluster, that it knows the JetStream
    /// metadata leader (the leader logs "Self is new JetStream cluster metadata leader", the others "new metadata
    /// leader: …").
    private func waitUntilReady(_ index: Int) throws {
        guard let process = nodes[index].process else { throw HarnessError("node \(index + 1) is not running") }
        let deadline = Date().addingTimeInterval(Double(readyTimeoutMs) / 1000)
        var ready = false
        var leaderKnown = nodes.count == 1
        while !(ready && leaderKnown) {
            let left = Int(deadline.timeIntervalSinceNow * 1000)
            guard left > 0, let line = process.readErrorLine(timeoutMs: left) else {
                throw HarnessError(
                    "nats-server \(nodes[index].name) not ready within \(readyTimeoutMs) ms "
                        + "(running: \(process.isRunning)); log:\n\(process.stderr)")
            }
            if line.contains("Server is ready") { ready = true }
            if line.contains("metadata leader") { leaderKnown = true }
        }
    }

    /// The nats-server executable (`NATSServerExecutable`).
    private static func natsServer() throws -> URL {
        guard let found = NATSServerExecutable.find() else {
            throw HarnessError("nats-server not found (PATH, /usr/sbin); run scripts/install-deps.sh --test")
        }
        return URL(fileURLWithPath: found)
    }
}
