import LoopbackServers
import SegueThreads

#if canImport(Glibc)
    import Glibc
#endif

/// The cluster workload's servers: three nats-servers with JetStream, routed to each other on loopback, each with
/// its own store directory and log file. `init` returns once every node logged that it is ready and knows the
/// JetStream metadata leader (its log read as it comes, no waiting by time). The servers are one process group,
/// which Ctrl-C kills at once; ``stop()`` (and deinit) kills each by pid.
///
/// The integration tests' launcher (Tests/SegueIntegrationTests/NATSCluster.swift) also kills, pauses and restarts
/// nodes, on the tests' own process harness; this one only starts and stops a cluster.
final class NATSCluster {
    /// One running node: its process, the read end of its stderr, its log file and the thread copying one into
    /// the other once the node is ready.
    private struct Node {
        let pid: pid_t
        let name: String
        let clientPort: Int
        let output: Int32
        let log: Int32
        let logPath: String
        var copier: JoinableThread<Void>?
    }

    private var nodes: [Node] = []
    private var stopped = false

    /// The client URLs of every node, comma-separated, as `segued --cluster` takes them.
    var urls: String { nodes.map { "nats://127.0.0.1:\($0.clientPort)" }.joined(separator: ",") }

    /// The servers' pids.
    var pids: [pid_t] { nodes.map(\.pid) }

    /// Starts `size` nodes of `executable` with their stores and logs in `directory`. A port taken by someone else
    /// between choosing and binding it makes a node exit: the whole start is then tried again on new ports, in a
    /// directory of its own (a store remembers its cluster's peers).
    init(executable: String, directory: String, size: Int = 3, timeoutMs: Int = 30_000) throws(BenchError) {
        var attempt = 0
        while true {
            attempt += 1
            let attemptDirectory = "\(directory)/nats-\(attempt)"
            do throws(BenchError) {
                guard mkdir(attemptDirectory, 0o755) == 0 else {
                    throw BenchError("cannot create \(attemptDirectory): \(String(cString: strerror(errno)))")
                }
                try launch(executable, directory: attemptDirectory, size: size, timeoutMs: timeoutMs)
                return
            } catch {
                let exited = nodes.contains { waitpid($0.pid, nil, WNOHANG) == $0.pid }
                let logs = nodes.map { "\($0.name): " + Self.tail(of: $0.logPath) }.joined(separator: "\n")
                stop()
                if error.isInterruption { throw error }
                if !exited || attempt == 3 { throw BenchError("\(error.description)\n\(logs)") }
                nodes = []
                stopped = false
            }
        }
    }

    deinit {
        stop()
    }

    /// Kills every node (SIGKILL, by pid), reaps it and closes its log. Idempotent.
    func stop() {
        guard !stopped else { return }
        stopped = true
        for node in nodes {
            _ = kill(node.pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(node.pid, &status, 0) < 0 && errno == EINTR {}
        }
        Interruption.serverGroup.store(0, ordering: .relaxed)
        for node in nodes {
            // The node is gone, so its stderr ends and the copier returns.
            _ = node.copier?.join()
            close(node.output)
            close(node.log)
        }
    }

    private func launch(_ executable: String, directory: String, size: Int, timeoutMs: Int) throws(BenchError) {
        let ports: [Int]
        do {
            ports = try LoopbackPorts.free(2 * size)
        } catch {
            throw BenchError(error.description)
        }
        let routes = (0..<size).map { "nats://127.0.0.1:\(ports[2 * $0 + 1])" }.joined(separator: ",")
        for index in 0..<size {
            let name = "node\(index + 1)"
            var arguments = ["-js", "-sd", "\(directory)/\(name)", "-n", name, "-a", "127.0.0.1"]
            arguments += ["-p", String(ports[2 * index]), "--cluster_name", "segue-bench"]
            arguments += ["-cluster", "nats://127.0.0.1:\(ports[2 * index + 1])", "-routes", routes]
            let logPath = "\(directory)/\(name).log"
            let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard log >= 0 else {
                throw BenchError("cannot create \(logPath): \(String(cString: strerror(errno)))")
            }
            let output: (read: Int32, write: Int32)
            let pid: pid_t
            do throws(BenchError) {
                output = try ChildSpawn.pipe(for: "nats-server")
                defer { close(output.write) }
                // The first node leads a process group the others join: Ctrl-C kills them all with one kill(2).
                pid = try ChildSpawn.start(
                    executable, arguments, stdout: .file("/dev/null"), stderr: .descriptor(output.write),
                    processGroup: nodes.first?.pid ?? 0)
            } catch {
                close(log)
                throw error
            }
            if nodes.isEmpty { Interruption.serverGroup.store(pid, ordering: .relaxed) }
            nodes.append(
                Node(
                    pid: pid, name: name, clientPort: ports[2 * index], output: output.read, log: log, logPath: logPath)
            )
        }
        for index in nodes.indices {
            let node = nodes[index]
            var ready = false
            var leaderKnown = false
            try ChildSpawn.readLines(
                from: node.output, timeoutMs: timeoutMs, name: "nats-server \(node.name)", pid: node.pid
            ) {
                line in
                _ = (line + "\n").withCString { write(node.log, $0, strlen($0)) }
                if line.contains("Server is ready") { ready = true }
                // The leader logs "Self is new JetStream cluster metadata leader", the others "new metadata leader".
                if line.contains("metadata leader") { leaderKnown = true }
                return ready && leaderKnown
            }
            // A node writes to its stderr for as long as it runs: a full pipe would stall it.
            nodes[index].copier = try JoinableThread.bench("nats-log") { [output = node.output, log = node.log] in
                var chunk = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return }
                    _ = chunk.withUnsafeBytes { write(log, $0.baseAddress, n) }
                }
            }
        }
    }

    /// The last lines of a node's log, for error messages.
    private static func tail(of path: String) -> String {
        let lines = (ProcessUsage.readFile(path) ?? "").split(separator: "\n").suffix(6)
        return lines.isEmpty ? "(nothing logged)" : lines.joined(separator: "\n")
    }
}
