import SegueClient
import SegueSystem
import SegueTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A `segued` (or a `segue web` in front of one) started by the bench (`ServerProcess`: stdout on a pipe for the
/// ready line, stderr in a file), known to `Interruption` while it runs, always ended by pid, never by name.
final class DaemonProcess {
    private let server: ServerProcess
    /// The endpoints from its ready line (segued's).
    let endpoints: SegueEndpoints
    /// The ready line itself.
    var readyLine: String { server.readyLine }
    /// The executable's name, for messages.
    var name: String { server.process.name }
    /// Nanoseconds from spawning to reading the ready line: start-up, which is mostly rebuilding the state.
    var startupNs: Int64 { server.startupNs }
    /// Where its stderr goes.
    var stderrPath: String { server.stderrPath }
    /// The child's pid.
    var pid: pid_t { server.pid }
    /// segued, not a process in front of it: which pid `Interruption` kills it by.
    private let isDaemon: Bool

    /// Spawns `executable` with `arguments` and waits up to `timeoutMs` for the first line that starts with
    /// `readyPrefix`, or for segued's `segued ready ingest=... control=... events=...` without one.
    /// - Throws: `BenchError` with the tail of the daemon's stderr when it cannot start, exits, or is not ready in
    ///   time (the process is killed first).
    init(executable: String, arguments: [String], stderrPath: String, timeoutMs: Int, readyPrefix: String? = nil)
        throws(BenchError)
    {
        isDaemon = readyPrefix == nil
        do {
            server = try ServerProcess(
                executable, arguments, stderrPath: stderrPath, readyTimeoutMs: timeoutMs,
                isReady: { line in readyPrefix.map { line.hasPrefix($0) } ?? ServerProcess.isSeguedReady(line) },
                cancelled: { Interruption.isRequested })
        } catch {
            if error.isCancellation { throw .interrupted }
            throw BenchError("\(error)\n\(Self.tail(of: stderrPath))")
        }
        endpoints = server.endpoints ?? SegueEndpoints()
        track(server.pid)
    }

    deinit {
        kill()
    }

    /// Kills the daemon (SIGKILL) and reaps it. Idempotent.
    func kill() {
        server.kill()
        track(0)
    }

    /// Asks the daemon to stop (SIGTERM: finish the batch, sync, snapshot, exit) and waits up to `timeoutMs`.
    /// - Returns: how long it took in nanoseconds, or nil when it had to be killed.
    func terminate(timeoutMs: Int) -> Int64? {
        let started = MonotonicTime.nowNs()
        server.process.signal(SIGTERM)
        let stopped = server.waitForExit(timeoutMs: timeoutMs)
        kill()
        return stopped ? MonotonicTime.nowNs() - started : nil
    }

    /// Whether the daemon is still running (reaps it when it has exited).
    var isRunning: Bool { server.isRunning }

    /// What the daemon has in use now (from /proc), nil when it is gone.
    var usage: ProcessUsage? { server.isRunning ? ProcessUsage.read(pid: pid) : nil }

    /// The last lines of the daemon's stderr, for error messages.
    var stderrTail: String { Self.tail(of: stderrPath) }

    private func track(_ pid: pid_t) {
        if isDaemon {
            Interruption.daemonPid.store(pid, ordering: .relaxed)
        } else {
            Interruption.frontPid.store(pid, ordering: .relaxed)
        }
    }

    /// What went wrong, from the daemon's stderr: its error lines and, after a crash, the failure and the first
    /// frame of the backtrace that names a source line; otherwise its last lines.
    private static func tail(of path: String) -> String {
        guard let text = WholeFile.text(path) else { return "(no stderr from segued in \(path))" }
        let lines = text.split(separator: "\n")
        var telling = lines.filter {
            $0.contains("level=error") || $0.contains("Fatal error")
                || $0.contains("runtime failure:")
                    && !$0.contains(" at //")
        }
        if let frame = lines.first(where: { $0.contains(" in segued at /") && !$0.contains(" at //") }) {
            telling.append(frame)
        }
        let shown = telling.isEmpty ? Array(lines.suffix(8)) : Array(telling.prefix(6))
        return shown.isEmpty ? "(segued wrote nothing to stderr)" : "segued stderr:\n" + shown.joined(separator: "\n")
    }
}
