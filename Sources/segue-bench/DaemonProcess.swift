import SegueClient

#if canImport(Glibc)
    import Glibc
#endif

/// A `segued` (or a `segue web` in front of one) started by the bench: spawned with its stdout on a pipe (for the
/// ready line) and its stderr in a file, always ended by pid, never by name.
final class DaemonProcess {
    /// The child's pid.
    let pid: pid_t
    /// The endpoints from its ready line (segued's).
    let endpoints: SegueEndpoints
    /// The ready line itself.
    let readyLine: String
    /// The executable's name, for messages.
    let name: String
    /// Nanoseconds from spawning to reading the ready line: start-up, which is mostly rebuilding the state.
    let startupNs: Int64
    /// Where its stderr goes.
    let stderrPath: String
    private var stdoutDescriptor: Int32
    private var exited = false
    /// segued, not a process in front of it: which pid `Interruption` kills it by.
    private let isDaemon: Bool

    /// Spawns `executable` with `arguments` and waits up to `timeoutMs` for the first line that starts with
    /// `readyPrefix`: segued's `segued ready ingest=... control=... events=...` by default.
    /// - Throws: `BenchError` with the tail of the daemon's stderr when it cannot start, exits, or is not ready in
    ///   time (the process is killed first).
    init(
        executable: String, arguments: [String], stderrPath: String, timeoutMs: Int,
        readyPrefix: String = DaemonProcess.seguedReadyPrefix
    ) throws(BenchError) {
        self.stderrPath = stderrPath
        name = executable.split(separator: "/").last.map(String.init) ?? executable
        let output = try ChildSpawn.pipe(for: name)
        let started = MonotonicTime.nowNs()
        let child: pid_t
        do throws(BenchError) {
            child = try ChildSpawn.start(
                executable, arguments, stdout: .descriptor(output.write), stderr: .file(stderrPath))
        } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        close(output.write)
        pid = child
        isDaemon = readyPrefix == DaemonProcess.seguedReadyPrefix
        Self.track(child, isDaemon: isDaemon)
        stdoutDescriptor = output.read
        var line = ""
        do throws(BenchError) {
            try ChildSpawn.readLines(from: stdoutDescriptor, timeoutMs: timeoutMs, name: name, pid: child) {
                line = $0
                return $0.hasPrefix(readyPrefix)
            }
        } catch {
            startupNs = 0
            endpoints = SegueEndpoints()
            readyLine = ""
            kill()
            throw BenchError("\(error.description)\n\(Self.tail(of: stderrPath))")
        }
        startupNs = MonotonicTime.nowNs() - started
        readyLine = line
        guard readyPrefix == Self.seguedReadyPrefix else {
            endpoints = SegueEndpoints()
            return
        }
        guard let parsed = Self.endpoints(fromReadyLine: line) else {
            endpoints = SegueEndpoints()
            kill()
            throw BenchError("segued printed '\(line)', not 'segued ready ingest=EP control=EP events=EP'")
        }
        endpoints = parsed
    }

    static let seguedReadyPrefix = "segued ready "

    deinit {
        kill()
    }

    /// Kills the daemon (SIGKILL) and reaps it. Idempotent.
    func kill() {
        guard !exited else { return }
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        finish()
    }

    /// Asks the daemon to stop (SIGTERM: finish the batch, sync, snapshot, exit) and waits up to `timeoutMs`.
    /// - Returns: how long it took in nanoseconds, or nil when it had to be killed.
    func terminate(timeoutMs: Int) -> Int64? {
        guard !exited else { return nil }
        let started = MonotonicTime.nowNs()
        _ = Glibc.kill(pid, SIGTERM)
        let deadline = started + Int64(timeoutMs) * 1_000_000
        var status: Int32 = 0
        while MonotonicTime.nowNs() < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                finish()
                return MonotonicTime.nowNs() - started
            }
            if reaped < 0 && errno != EINTR { break }
            MonotonicTime.sleep(nanoseconds: 2_000_000)
        }
        kill()
        return nil
    }

    /// Whether the daemon is still running (reaps it when it has exited).
    var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            finish()
            return false
        }
        return true
    }

    /// What the daemon has in use now (from /proc), nil when it is gone.
    var usage: ProcessUsage? { exited ? nil : ProcessUsage.read(pid: pid) }

    /// The last lines of the daemon's stderr, for error messages.
    var stderrTail: String { Self.tail(of: stderrPath) }

    private func track(_ pid: pid_t) {
        Self.track(pid, isDaemon: isDaemon)
    }

    private static func track(_ pid: pid_t, isDaemon: Bool) {
        if isDaemon {
            Interruption.daemonPid.store(pid, ordering: .relaxed)
        } else {
            Interruption.frontPid.store(pid, ordering: .relaxed)
        }
    }

    private func finish() {
        exited = true
        track(0)
        if stdoutDescriptor >= 0 {
            close(stdoutDescriptor)
            stdoutDescriptor = -1
        }
    }

    /// `segued ready ingest=EP control=EP events=EP` -> the endpoints.
    static func endpoints(fromReadyLine line: String) -> SegueEndpoints? {
        guard line.hasPrefix("segued ready ") else { return nil }
        var values: [String: String] = [:]
        for word in line.split(separator: " ").dropFirst(2) {
            guard let equals = word.firstIndex(of: "=") else { continue }
            values[String(word[..<equals])] = String(word[word.index(after: equals)...])
        }
        guard let ingest = values["ingest"], let control = values["control"], let events = values["events"] else {
            return nil
        }
        return SegueEndpoints(ingest: ingest, control: control, events: events)
    }

    /// What went wrong, from the daemon's stderr: its error lines and, after a crash, the failure and the first
    /// frame of the backtrace that names a source line; otherwise its last lines.
    private static func tail(of path: String) -> String {
        guard let text = ProcessUsage.readFile(path) else { return "(no stderr from segued in \(path))" }
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
