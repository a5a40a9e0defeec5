import CChildSpawn
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A child process this one started, ended and reaped by its pid only (never by name).
///
/// A child starts with its standard input on /dev/null, no signal blocked and SIGINT, SIGTERM and SIGHUP at their
/// default actions, whatever the spawning thread blocks or handles (the test runner's threads block most signals;
/// a child must still stop on SIGTERM, as one started from a shell does). It is killed (SIGKILL) and reaped on
/// deinit if it still runs, so that no error path leaks it.
public final class SpawnedProcess: Sendable {
    /// Where one of the child's outputs goes.
    public enum Output: Sendable {
        /// /dev/null.
        case discarded
        /// A descriptor of ours, such as a pipe's write end (`PipeDescriptors`); only the child's copy survives its
        /// exec, so close ours after the spawn.
        case descriptor(Int32)
        /// A file, created or truncated.
        case file(String)
    }

    /// The child's process id.
    public let pid: pid_t
    /// `executable`'s last component, for messages.
    public let name: String
    /// The wait status once reaped.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - environment: entries added to (or overriding) this process's environment.
    ///   - directory: the child's working directory (nil: this process's).
    ///   - processGroup: 0 puts the child in a new process group of its own, a pid puts it in that group, nil leaves
    ///     it in ours.
    ///   - tiedToParent: the kernel sends the child SIGTERM when the spawning thread ends (this process exits or is
    ///     killed), so that it never outlives us: spawn from the main thread.
    /// - Throws: `SystemError` when an output cannot be opened or the child not started (exec included).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], directory: String? = nil,
        stdout: Output = .discarded, stderr: Output = .discarded, processGroup: pid_t? = nil,
        tiedToParent: Bool = false
    ) throws(SystemError) {
        name = executable.split(separator: "/").last.map(String.init) ?? executable
        var opened: [Int32] = []
        defer { for fd in opened { close(fd) } }
        var descriptors: [Int32] = []
        for output in [stdout, stderr] {
            switch output {
            case .descriptor(let fd):
                descriptors.append(fd)
            case .discarded, .file:
                let path: String
                let flags: Int32
                if case .file(let file) = output {
                    (path, flags) = (file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
                } else {
                    (path, flags) = ("/dev/null", O_WRONLY | O_CLOEXEC)
                }
                let fd = open(path, flags, 0o644)
                guard fd >= 0 else { throw SystemError("cannot open \(path) for \(name)'s output") }
                opened.append(fd)
                descriptors.append(fd)
            }
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = Self.environment(adding: environment).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var error: Int32 = 0
        let child = segue_child_spawn(
            executable, argv, envp, directory, descriptors[0], descriptors[1], processGroup ?? -1,
            tiedToParent ? 1 : 0, &error)
        guard child > 0 else { throw SystemError("cannot start \(executable)", code: error) }
        pid = child
    }

    deinit {
        kill()
    }

    /// This process's environment as `NAME=value` entries, `extra` added or overriding.
    private static func environment(adding extra: [String: String]) -> [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if extra[name] == nil { entries.append(text) }
            pointer += 1
        }
        return entries + extra.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// Whether the child has not ended yet (reaps it when it has).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// The exit status once the child has ended (128 + the signal number when a signal ended it, as shells report
    /// it), nil while it runs; does not wait.
    public var exitStatus: Int32? { reap(blocking: false).map(Self.exitCode) }

    /// Sends `number` to the child unless it was reaped already (its pid may belong to another process then).
    public func signal(_ number: Int32) {
        reaped.withLock { status in
            if status == nil { _ = Glibc.kill(pid, number) }
        }
    }

    /// Waits up to `timeoutMs` for the child to end on its own.
    /// - Returns: false when it still runs.
    public func waitForExit(timeoutMs: Int) -> Bool {
        let deadline = MonotonicTime.nowNs() + Int64(timeoutMs) * 1_000_000
        while reap(blocking: false) == nil {
            // waitpid cannot wait with a timeout; a child's exit is seen within 2 ms.
            guard MonotonicTime.nowNs() < deadline else { return false }
            MonotonicTime.sleep(nanoseconds: 2_000_000)
        }
        return true
    }

    /// Sends `signal` and waits up to `timeoutMs` for the child to end; kills it (SIGKILL) after that.
    /// - Returns: the exit status, or 128 + the signal number if a signal ended it.
    @discardableResult
    public func stop(signal number: Int32 = SIGTERM, timeoutMs: Int) -> Int32 {
        signal(number)
        if !waitForExit(timeoutMs: timeoutMs) { kill() }
        return Self.exitCode(reap(blocking: true) ?? 0)
    }

    /// Kills the child (SIGKILL) if it still runs, and reaps it. Idempotent.
    public func kill() {
        signal(SIGKILL)  // ends a stopped (SIGSTOP) child too
        _ = reap(blocking: true)
    }

    /// The wait status once the child has ended, reaping it then; nil while it runs (without `blocking`).
    private func reap(blocking: Bool) -> Int32? {
        reaped.withLock { status in
            if status == nil {
                var value: Int32 = 0
                var result: pid_t
                repeat {
                    result = waitpid(pid, &value, blocking ? 0 : WNOHANG)
                } while result < 0 && errno == EINTR
                if result == pid { status = value }
                // Reaped by someone else: it has ended, how is unknown (255).
                if result < 0 && errno == ECHILD { status = -1 }
            }
            return status
        }
    }

    /// WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import; this is their glibc layout.
    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
