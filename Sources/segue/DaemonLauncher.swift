import SegueClient
import SegueCommandLine
import SegueSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A `segued` started by `segue demo` on a temporary data directory and wildcard loopback ports: found next to the
/// `segue` executable, its endpoints read from its ready line, stopped by pid (SIGTERM) and its directory removed. The
/// kernel stops it (SIGTERM) if `segue` ends without doing so, killed say; its directory then stays.
final class DaemonLauncher: Sendable {
    private let process: SpawnedProcess
    /// The endpoints from its ready line.
    let endpoints: SegueEndpoints
    private let scratch: ScratchDirectory

    /// The daemon's process id.
    var pid: pid_t { process.pid }
    /// The temporary directory holding `data/` and `segued.log` (its stderr).
    var directory: String { scratch.path }

    /// Starts `executable` and waits up to `readyTimeoutMs` for its `segued ready ...` line.
    /// - Throws: `CLIFailure` (UNAVAILABLE) with the daemon's log when it exits or stays silent.
    init(executable: String, readyTimeoutMs: Int = 15000) throws {
        let output: PipeDescriptors
        do throws(SystemError) {
            scratch = try ScratchDirectory(prefix: "segue-demo")
            output = try PipeDescriptors()
        } catch {
            throw CLIFailure(code: .unavailable, message: "\(error)")
        }
        defer { close(output.read) }
        do throws(SystemError) {
            defer { close(output.write) }
            // From the main thread, where commands run: the kernel's signal follows the thread that spawned.
            process = try SpawnedProcess(
                executable,
                [
                    "--data", scratch.path + "/data", "--ingest", Self.wildcard, "--control", Self.wildcard,
                    "--events", Self.wildcard,
                ], stdout: .descriptor(output.write), stderr: .file(scratch.path + "/segued.log"), tiedToParent: true)
        } catch {
            throw CLIFailure(code: .unavailable, message: "\(error)")
        }
        var lines = LineReader(descriptor: output.read)
        guard case .line(let line) = lines.next(timeoutMs: readyTimeoutMs),
            let endpoints = SegueEndpoints(readyLine: line)
        else {
            let log = (try? FileContents.read(scratch.path + "/segued.log")).map { String(decoding: $0, as: UTF8.self) }
            process.kill()
            throw CLIFailure(
                code: .unavailable,
                message: "segued did not get ready within \(readyTimeoutMs) ms; its log:\n\(log ?? "")")
        }
        self.endpoints = endpoints
    }

    private static let wildcard = "tcp://127.0.0.1:*"

    deinit {
        stop()
    }

    /// Stops the daemon (SIGTERM, then SIGKILL after `timeoutMs`), reaps it and removes its directory; idempotent.
    /// - Returns: the exit status, or 128 + the signal that ended it.
    @discardableResult
    func stop(timeoutMs: Int = 10000) -> Int32 {
        defer { scratch.remove() }
        return process.stop(signal: SIGTERM, timeoutMs: timeoutMs)
    }

    /// The exit status (or 128 + the signal) if the daemon has ended on its own, without waiting; any thread.
    func exitCodeIfEnded() -> Int32? {
        process.exitStatus
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
}
