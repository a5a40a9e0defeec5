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
        var pipeDescriptors: [Int32] = [-1, -1]
        guard pipe(&pipeDescriptors) == 0 else {
            throw BenchError("cannot create a pipe for \(name)'s stdout: \(String(cString: strerror(errno)))")
        }
        // Neither end may leak into the child beyond the dup2 below (the bench spawns nothing concurrently).
        _ = fcntl(pipeDescriptors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeDescriptors[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // dup2 clears close-on-exec on the copy, so only fd 1 survives the exec.
        posix_spawn_file_actions_adddup2(&actions, pipeDescriptors[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([executable] + arguments).map { strdup($0) }
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let started = MonotonicTime.nowNs()
        let status = (argv + [nil]).withUnsafeBufferPointer { buffer in
            posix_spawn(&child, executable, &actions, nil, buffer.baseAddress!, environ)
        }
        close(pipeDescriptors[1])
        guard status == 0 else {
            close(pipeDescriptors[0])
            throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        isDaemon = readyPrefix == DaemonProcess.seguedReadyPrefix
        Self.track(child, isDaemon: isDaemon)
        stdoutDescriptor = pipeDescriptors[0]
        let line: String
        do throws(BenchError) {
            line = try Self.readLine(
                from: stdoutDescriptor, prefix: readyPrefix, timeoutMs: timeoutMs, pid: child,
                name: name)
        } catch {
            startupNs = 0
            endpoints = SegueEndpoints()
            readyLine = ""
            kill()
            throw BenchError("\(error.message)\n\(Self.tail(of: stderrPath))")
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

    /// Reads lines from `fd` until one starts with `prefix`, within `timeoutMs`, with poll(2) and a deadline (no
    /// sleeping).
    private static func readLine(from fd: Int32, prefix: String, timeoutMs: Int, pid: pid_t, name: String)
        throws(BenchError) -> String
    {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            if Interruption.isRequested { throw .interrupted }
            let left = (deadline - MonotonicTime.nowNs()) / 1_000_000
            guard left > 0 else {
                throw BenchError("\(name) (pid \(pid)) printed no ready line within \(timeoutMs) ms")
            }
            // Wake at least every 100 ms to notice Ctrl-C.
            var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&item, 1, Int32(min(left, 100)))
            if ready < 0 && errno != EINTR {
                throw BenchError("poll on \(name)'s stdout failed: \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw BenchError("reading \(name)'s stdout failed: \(String(cString: strerror(errno)))")
            }
            if n == 0 { throw BenchError("\(name) (pid \(pid)) exited before it was ready") }
            bytes.append(contentsOf: chunk[0..<n])
            while let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: bytes[..<end], as: UTF8.self)
                bytes.removeSubrange(...end)
                if line.hasPrefix(prefix) { return line }
            }
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
