import SegueSystem
import SegueTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A redis-server the bench starts as Segue's peer: on a free loopback port, its data (the append-only file) in a
/// directory of the bench's, its log in a file there. Known to `Interruption` while it runs, always killed by pid.
final class RedisPeer {
    /// How the append-only file is synced: `always` (before each reply, batched per event-loop turn) or `everysec`.
    let appendFsync: String
    let port: Int
    private let process: SpawnedProcess
    let logPath: String

    /// The first redis-server on PATH, else Debian's /usr/bin; nil when there is none.
    static func findExecutable() -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/redis-server" } + ["/usr/bin/redis-server"]
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// Starts `executable` with its data in `directory` and waits up to `timeoutMs` until it answers PING.
    /// - Throws: `BenchError` with the tail of its log when it cannot start, exits, or does not answer in time.
    init(executable: String, directory: String, appendFsync: String, timeoutMs: Int = 10_000) throws(BenchError) {
        self.appendFsync = appendFsync
        logPath = directory + "/redis.log"
        var lastFailure = BenchError("redis-server did not start")
        // A free port may be taken before the server binds it; a server that exits at once gets another port.
        for _ in 0..<3 {
            let port: Int
            do {
                port = try LoopbackPorts.free(1)[0]
            } catch {
                throw BenchError("redis: no free loopback port: \(error)")
            }
            let arguments = [
                "--port", String(port), "--bind", "127.0.0.1", "--daemonize", "no", "--dir", directory,
                // No RDB snapshots: the append-only file is the only durability, as the log is Segue's.
                "--save", "",
                "--appendonly", "yes", "--appendfsync", appendFsync,
                // A rewrite would fork and copy the file in the middle of the window.
                "--auto-aof-rewrite-percentage", "0",
            ]
            let child: SpawnedProcess
            do {
                child = try SpawnedProcess(
                    executable, arguments, stdout: .file(logPath), stderr: .file(logPath + ".err"))
            } catch {
                throw BenchError("redis: cannot start \(executable): \(error)")
            }
            Interruption.peerPid.store(child.pid, ordering: .relaxed)
            do {
                try Self.waitUntilAnswering(child, port: port, timeoutMs: timeoutMs, log: logPath)
                self.port = port
                process = child
                return
            } catch {
                child.kill()
                Interruption.peerPid.store(0, ordering: .relaxed)
                if error.isInterruption { throw error }
                lastFailure = error
            }
        }
        throw lastFailure
    }

    deinit {
        kill()
    }

    /// Kills the server (SIGKILL) and reaps it. Idempotent.
    func kill() {
        process.kill()
        Interruption.peerPid.store(0, ordering: .relaxed)
    }

    /// The server's pid.
    var pid: pid_t { process.pid }

    /// What the server has in use now (from /proc), nil when it is gone.
    var usage: ProcessUsage? { process.isRunning ? ProcessUsage.read(pid: pid) : nil }

    /// Whether it still runs.
    var isRunning: Bool { process.isRunning }

    /// The last lines of its log, for error messages.
    var logTail: String { Self.tail(logPath) }

    private static func waitUntilAnswering(_ child: SpawnedProcess, port: Int, timeoutMs: Int, log: String)
        throws(BenchError)
    {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        while true {
            try Interruption.check()
            guard child.isRunning else { throw BenchError("redis-server exited before it answered\n\(tail(log))") }
            if let connection = try? RedisConnection(port: port),
                case .simple("PONG")? = try? connection.request(["PING"], timeoutMs: 1000)
            {
                return
            }
            guard MonotonicTime.nowNs() < deadline else {
                throw BenchError("redis-server did not answer PING within \(timeoutMs) ms\n\(tail(log))")
            }
            MonotonicTime.sleep(nanoseconds: 10_000_000)
        }
    }

    private static func tail(_ path: String) -> String {
        let lines = (WholeFile.text(path) ?? "").split(separator: "\n").suffix(6)
        return lines.isEmpty
            ? "(redis-server wrote nothing to \(path))" : "redis-server log:\n" + lines.joined(separator: "\n")
    }
}
