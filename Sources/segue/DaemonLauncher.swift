import CTiedSpawn
import SegueClient
import SegueCommandLine
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A `segued` started by `segue demo` on a temporary data directory and wildcard loopback ports: found next to the
/// `segue` executable, its endpoints read from its ready line, stopped by pid (SIGTERM) and its directory removed. The
/// kernel stops it (SIGTERM) if `segue` ends without doing so, killed say; its directory then stays.
final class DaemonLauncher: Sendable {
    /// The daemon's process id.
    let pid: pid_t
    /// The endpoints from its ready line.
    let endpoints: SegueEndpoints
    /// The temporary directory holding `data/` and `segued.log` (its stderr).
    let directory: String
    private let stopped = Atomic<Bool>(false)
    /// Its wait status once reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable` and waits up to `readyTimeoutMs` for its `segued ready ...` line.
    /// - Throws: `CLIFailure` (UNAVAILABLE) with the daemon's log when it exits or stays silent.
    init(executable: String, readyTimeoutMs: Int = 15000) throws {
        var template = Array("/tmp/segue-demo.XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CLIFailure(
                code: .unavailable,
                message: "cannot make a temporary directory: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        let wildcard = "tcp://127.0.0.1:*"
        let arguments = [
            executable, "--data", directory + "/data", "--ingest", wildcard, "--control", wildcard,
            "--events", wildcard,
        ]
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            Self.removeTree(directory)
            throw CLIFailure(code: .unavailable, message: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        defer { close(pipeEnds[0]) }
        // Only the dup2'd copy (its stdout, which exec keeps) may reach the daemon: a stray read end would keep the
        // pipe open after we close ours.
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        let spawned: Result<pid_t, CLIFailure>
        do {
            defer { close(pipeEnds[1]) }
            spawned = Self.spawn(arguments, stdout: pipeEnds[1], stderrPath: directory + "/segued.log")
        }
        let spawnedPid: pid_t
        switch spawned {
        case .success(let value):
            spawnedPid = value
        case .failure(let failure):
            Self.removeTree(directory)
            throw failure
        }
        pid = spawnedPid
        guard let line = Self.readLine(pipeEnds[0], timeoutMs: readyTimeoutMs),
            let endpoints = SegueEndpoints(readyLine: line)
        else {
            let log = (try? FileContents.read(directory + "/segued.log")).map { String(decoding: $0, as: UTF8.self) }
            kill(spawnedPid, SIGKILL)
            var status: Int32 = 0
            waitpid(spawnedPid, &status, 0)
            Self.removeTree(directory)
            throw CLIFailure(
                code: .unavailable,
                message: "segued did not get ready within \(readyTimeoutMs) ms; its log:\n\(log ?? "")")
        }
        self.endpoints = endpoints
    }

    deinit {
        stop()
    }

    /// Stops the daemon (SIGTERM, then SIGKILL after `timeoutMs`), reaps it and removes its directory; idempotent.
    /// - Returns: the exit status, or 128 + the signal that ended it.
    @discardableResult
    func stop(timeoutMs: Int = 10000) -> Int32 {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return 0 }
        defer { Self.removeTree(directory) }
        if let status = reaped.withLock({ $0 }) { return Self.exitCode(status) }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(timeoutMs))
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { return -1 }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(5000)
        }
        return Self.exitCode(status)
    }

    /// The exit status (or 128 + the signal) if the daemon has ended on its own, without waiting; any thread.
    func exitCodeIfEnded() -> Int32? {
        reaped.withLock { reaped in
            if reaped == nil, !stopped.load(ordering: .acquiring) {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { reaped = status }
            }
            return reaped.map(Self.exitCode)
        }
    }

    /// WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import; this is their glibc layout.
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The daemon to use: the one at the endpoints if it answers within 300 ms, else a new one started from
    /// `segued` (or the one `findSegued` finds); then `connection` is pointed at it and the launcher returned, for
    /// stopping.
    static func startUnlessRunning(for connection: inout Connection, segued: String?) throws -> DaemonLauncher? {
        let probe = try ControlClient(endpoint: connection.endpoints.control, timeoutMs: 300, curve: connection.curve)
        let answered: Bool
        do {
            _ = try probe.stats()
            answered = true
        } catch {
            // Nobody there: start one. Any other failure (a refused key, say) is the user's to see.
            guard case .timeout = error else { throw error }
            answered = false
        }
        probe.close()
        if answered {
            Console.line("using the segued at \(connection.endpoints.control)")
            return nil
        }
        guard let executable = segued ?? findSegued() else {
            throw CLIFailure(
                code: .unavailable,
                message: "no segued answers at \(connection.endpoints.control) and "
                    + "none was found beside segue or on the PATH; start one, or give --segued PATH")
        }
        let launcher = try DaemonLauncher(executable: executable)
        Console.line("started segued (pid \(launcher.pid)) on \(launcher.directory): \(launcher.endpoints)")
        connection.useDaemon(launcher.endpoints)
        return launcher
    }

    /// Stops a daemon this command started (if it did) and says so, naming it as `what`.
    static func stopAndReport(_ launcher: DaemonLauncher?, as what: String) {
        guard let launcher else { return }
        let status = launcher.stop()
        Console.line("stopped \(what) (pid \(launcher.pid), exit \(status)) and removed \(launcher.directory)")
    }

    /// `segued` beside this executable (`/proc/self/exe`), else beside `argv[0]`, else on the PATH.
    static func findSegued() -> String? {
        var candidates: [String] = []
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            candidates.append(directoryName(path) + "/segued")
        }
        let invoked = CommandLine.arguments.first ?? ""
        if invoked.contains("/") { candidates.append(directoryName(invoked) + "/segued") }
        if let path = getenv("PATH") {
            for directory in String(cString: path).split(separator: ":") where !directory.isEmpty {
                candidates.append(directory + "/segued")
            }
        }
        return candidates.first { access($0, X_OK) == 0 }
    }

    private static func directoryName(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Starts the daemon with stdin from /dev/null, stdout to `stdout`, stderr to a new file, no signal blocked, and
    /// SIGTERM from the kernel when this process ends however it ends (SIGKILL included), so that it never outlives
    /// the command that started it. Call from the main thread: the kernel's signal follows the thread that spawned.
    private static func spawn(_ arguments: [String], stdout: Int32, stderrPath: String) -> Result<pid_t, CLIFailure> {
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var error: Int32 = 0
        let pid = segue_tied_spawn(arguments[0], argv, environ, stdout, stderrPath, &error)
        guard pid > 0 else {
            return .failure(
                CLIFailure(
                    code: .unavailable,
                    message: "cannot start \(arguments[0]): \(String(cString: strerror(error)))"))
        }
        return .success(pid)
    }

    /// The first line from `descriptor`, waiting up to `timeoutMs`; nil on timeout or end of output.
    private static func readLine(_ descriptor: Int32, timeoutMs: Int) -> String? {
        let deadline = Deadline(inMilliseconds: timeoutMs)
        var bytes: [UInt8] = []
        while true {
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: bytes[..<newline], as: UTF8.self)
            }
            let leftMs = deadline.remainingMs
            guard leftMs > 0 else { return nil }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 1, Int32(clamping: leftMs)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Removes `path` and everything under it, without following symbolic links.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
        }
        rmdir(path)
    }
}
