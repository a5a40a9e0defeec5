import SegueClient
import SegueSystem

#if canImport(Glibc)
    import Glibc
#endif

/// A server a test or the benchmark starts (segued, `segue web`): its standard output on a pipe, read until its
/// ready line, its standard error in a file (which never fills up, and which the caller can read at any time).
///
/// Nothing here sleeps to wait for readiness: the output is read with poll(2) and a deadline, so a caller proceeds
/// the moment the line it waits for arrives. The server is killed (SIGKILL) on deinit if it still runs.
public final class ServerProcess {
    public let process: SpawnedProcess
    /// The line `isReady` accepted.
    public let readyLine: String
    /// Nanoseconds from spawning to reading the ready line: start-up, which for segued is mostly rebuilding its
    /// state.
    public let startupNs: Int64
    /// Where its stderr goes.
    public let stderrPath: String
    private var output: LineReader

    /// Starts `executable` with `arguments` and reads its output until a line `isReady` accepts (segued's
    /// `segued ready ingest=… control=… events=…` by default), within `readyTimeoutMs`.
    /// - Parameters:
    ///   - environment: entries added to (or overriding) this process's environment.
    ///   - cancelled: asked at least every 100 ms while waiting; true gives up (`HarnessError.cancelled`).
    /// - Throws: `HarnessError` when it cannot start, exits, or is not ready in time (it is killed first); the
    ///   caller has its stderr at `stderrPath`.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], stderrPath: String,
        readyTimeoutMs: Int, isReady: (String) -> Bool = ServerProcess.isSeguedReady,
        cancelled: () -> Bool = { false }
    ) throws(HarnessError) {
        self.stderrPath = stderrPath
        let pipe: PipeDescriptors
        let child: SpawnedProcess
        let started = MonotonicTime.nowNs()
        do throws(SystemError) {
            pipe = try PipeDescriptors()
            defer { close(pipe.write) }
            do throws(SystemError) {
                child = try SpawnedProcess(
                    executable, arguments, environment: environment, stdout: .descriptor(pipe.write),
                    stderr: .file(stderrPath))
            } catch {
                close(pipe.read)
                throw error
            }
        } catch {
            throw HarnessError(error.description)
        }
        var reader = LineReader(descriptor: pipe.read)
        let failure: HarnessError
        let name = "\(child.name) (pid \(child.pid))"
        waiting: while true {
            let leftMs = Int(max(0, started + Int64(readyTimeoutMs) * 1_000_000 - MonotonicTime.nowNs()) / 1_000_000)
            switch reader.next(timeoutMs: leftMs, cancelled: cancelled) {
            case .line(let line) where isReady(line):
                process = child
                output = reader
                readyLine = line
                startupNs = MonotonicTime.nowNs() - started
                return
            case .line:
                continue
            case .timedOut:
                failure = HarnessError("\(name) printed no ready line within \(readyTimeoutMs) ms")
            case .ended:
                failure = HarnessError("\(name) exited before it was ready")
            case .cancelled:
                failure = .cancelled
            }
            break waiting
        }
        child.kill()
        close(pipe.read)
        throw failure
    }

    deinit {
        process.kill()
        close(output.descriptor)
    }

    /// Whether `line` is segued's ready line.
    public static func isSeguedReady(_ line: String) -> Bool {
        SegueEndpoints(readyLine: line) != nil
    }

    /// The endpoints of segued's ready line.
    public var endpoints: SegueEndpoints? { SegueEndpoints(readyLine: readyLine) }

    /// The next line of stdout after the ready line (without its newline), waiting up to `timeoutMs`; nil on timeout
    /// or at the end of the output.
    public func nextLine(timeoutMs: Int) -> String? {
        guard case .line(let line) = output.next(timeoutMs: timeoutMs) else { return nil }
        return line
    }

    /// Everything the server wrote to stderr so far.
    public var stderr: String { WholeFile.text(stderrPath) ?? "" }

    /// The server's process id.
    public var pid: pid_t { process.pid }

    /// Whether the server has not exited yet.
    public var isRunning: Bool { process.isRunning }

    /// Sends `signal` (SIGTERM by default: a clean shutdown) and waits up to `timeoutMs`; SIGKILL after that.
    /// - Returns: the exit status, or 128 + the signal number if a signal ended it.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, timeoutMs: Int = 10000) -> Int32 {
        process.stop(signal: signal, timeoutMs: timeoutMs)
    }

    /// Kills the server with SIGKILL (a crash, as far as its log is concerned) if it still runs.
    public func kill() {
        process.kill()
    }

    /// Waits up to `timeoutMs` for the server to exit on its own; false if it still runs.
    public func waitForExit(timeoutMs: Int) -> Bool {
        process.waitForExit(timeoutMs: timeoutMs)
    }
}
