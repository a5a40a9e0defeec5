// Subprocess helpers for the integration tests (daemon and CLI): find the built executables, run `segue` and capture
// its output, start `segued` on wildcard ports and learn its endpoints from its ready line (`ServerProcess`), and
// always clean up.
//
// Nothing here sleeps to wait for readiness: output is read with poll(2) and a deadline, so a test proceeds the
// moment the line it waits for arrives, and fails with the process's stderr when it does not.

import Foundation
import SegueClient
import SegueSystem
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Locates executables built by `swift build` (`segue`, `segued`).
///
/// Tests do not depend on the executable targets, so `swift build` must have built them (the Makefile runs it
/// before `swift test`). Looked up in order: `$SEGUE_BIN_DIR`; the directory of the running test bundle (the
/// build directory, whatever `--scratch-path` was used); `.build/debug` of the package.
enum BuildProducts {
    /// The directories searched, in order.
    static var searchDirectories: [URL] {
        var directories: [URL] = []
        if let directory = ProcessInfo.processInfo.environment["SEGUE_BIN_DIR"], !directory.isEmpty {
            directories.append(URL(fileURLWithPath: directory))
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        directories.append(executable.deletingLastPathComponent())
        directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
        directories.append(Bundle.main.bundleURL)
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        directories.append(package.appendingPathComponent(".build/debug"))
        return directories
    }

    /// The URL of the built executable `name`.
    /// - Throws: `HarnessError` naming the directories searched when it is not there.
    static func executable(_ name: String) throws -> URL {
        for directory in searchDirectories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let searched = searchDirectories.map(\.path).joined(separator: ", ")
        throw HarnessError(
            "executable '\(name)' not found in \(searched); run `swift build` first or set SEGUE_BIN_DIR")
    }
}

extension ScratchDirectory {
    var url: URL { URL(fileURLWithPath: path) }
}

/// How a finished process ended.
struct ProcessOutput: CustomStringConvertible {
    /// The exit status, or 128 + the signal number when a signal ended it (as shells report it).
    var status: Int32
    var stdout: String
    var stderr: String

    /// `stdout` split into lines, without the trailing empty one.
    var lines: [String] {
        stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// A running child process (`SpawnedProcess`) whose stdout can be read line by line while it runs. Its stderr is
/// collected as it comes (so a chatty child never blocks on a full pipe) and kept for diagnostics.
///
/// The process is killed (SIGKILL) on deinit if it is still running, so a failing test cannot leak it.
final class ChildProcess {
    let process: SpawnedProcess
    private let stdoutDescriptor: Int32
    private let stderrDescriptor: Int32
    private var stdoutBuffer: [UInt8] = []
    private var stderrBuffer: [UInt8] = []
    /// What ``readErrorLine(timeoutMs:)`` has not returned yet.
    private var unreadStderr: [UInt8] = []
    private var stdoutOpen = true
    private var stderrOpen = true

    /// Starts `executable` with `arguments` in `directory` (nil: this process's); `environment` entries are added to
    /// (or override) this process's.
    init(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws {
        let stdout = try PipeDescriptors()
        let stderr: PipeDescriptors
        do {
            stderr = try PipeDescriptors()
        } catch {
            stdout.close()
            throw error
        }
        defer {
            close(stdout.write)
            close(stderr.write)
        }
        do {
            process = try SpawnedProcess(
                executable.path, arguments, environment: environment, directory: directory?.path,
                stdout: .descriptor(stdout.write), stderr: .descriptor(stderr.write))
        } catch {
            close(stdout.read)
            close(stderr.read)
            throw error
        }
        stdoutDescriptor = stdout.read
        stderrDescriptor = stderr.read
    }

    deinit {
        kill()
        close(stdoutDescriptor)
        close(stderrDescriptor)
    }

    /// The child's process id.
    var pid: Int32 { process.pid }

    /// Whether the child has not exited yet.
    var isRunning: Bool { process.isRunning }

    /// Everything the child wrote to stderr so far.
    var stderr: String {
        drain(timeoutMs: 0)
        return String(decoding: stderrBuffer, as: UTF8.self)
    }

    /// The next line of stdout (without its newline), waiting up to `timeoutMs`.
    /// - Returns: nil on timeout, or at end of output with no partial line left.
    func readLine(timeoutMs: Int) -> String? {
        readLine(from: \.stdoutBuffer, open: \.stdoutOpen, timeoutMs: timeoutMs)
    }

    /// The next line of stderr not yet read this way, as ``readLine(timeoutMs:)`` reads stdout. ``stderr`` still
    /// holds everything, read or not.
    func readErrorLine(timeoutMs: Int) -> String? {
        readLine(from: \.unreadStderr, open: \.stderrOpen, timeoutMs: timeoutMs)
    }

    private func readLine(
        from buffer: ReferenceWritableKeyPath<ChildProcess, [UInt8]>, open: KeyPath<ChildProcess, Bool>,
        timeoutMs: Int
    ) -> String? {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while true {
            if let newline = self[keyPath: buffer].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: self[keyPath: buffer][..<newline], as: UTF8.self)
                self[keyPath: buffer].removeSubrange(...newline)
                return line
            }
            if !self[keyPath: open] {
                guard !self[keyPath: buffer].isEmpty else { return nil }
                defer { self[keyPath: buffer].removeAll() }
                return String(decoding: self[keyPath: buffer], as: UTF8.self)
            }
            let left = Int(deadline.timeIntervalSinceNow * 1000)
            if left <= 0 { return nil }
            drain(timeoutMs: left)
        }
    }

    /// Sends `signal` (SIGTERM by default) and waits for the child to exit; kills it if it takes longer than
    /// `timeoutMs`. Then reads what is left of its output.
    /// - Returns: the exit status, or 128 + the signal number if a signal ended it.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeoutMs: Int = 5000) -> Int32 {
        process.signal(signal)
        if !waitForExit(timeoutMs: timeoutMs) { process.kill() }
        while stdoutOpen || stderrOpen { drain(timeoutMs: 1000) }
        return process.exitStatus ?? -1
    }

    /// Kills the child (SIGKILL) if it is still running and waits for it.
    func kill() {
        process.kill()
    }

    /// Waits for the child to exit on its own, reading its output meanwhile.
    /// - Returns: false if it was still running after `timeoutMs`.
    func waitForExit(timeoutMs: Int) -> Bool {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while process.isRunning {
            if deadline.timeIntervalSinceNow <= 0 { return false }
            // Reading keeps the pipes from filling up; once both are closed, the child is about to be gone.
            if stdoutOpen || stderrOpen {
                drain(timeoutMs: 10)
            } else {
                return process.waitForExit(timeoutMs: Int(deadline.timeIntervalSinceNow * 1000))
            }
        }
        return true
    }

    /// Waits for the child to exit and returns everything it wrote (for short-lived commands).
    func finish(timeoutMs: Int) throws -> ProcessOutput {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while stdoutOpen || stderrOpen {
            let left = Int(deadline.timeIntervalSinceNow * 1000)
            if left <= 0 {
                kill()
                throw HarnessError(
                    "\(process.name) did not finish within \(timeoutMs) ms; stderr: \(stderr)")
            }
            drain(timeoutMs: left)
        }
        // Its output ended, so it has exited or is about to.
        if !process.waitForExit(timeoutMs: max(1000, Int(deadline.timeIntervalSinceNow * 1000))) { kill() }
        return ProcessOutput(
            status: process.exitStatus ?? -1, stdout: String(decoding: stdoutBuffer, as: UTF8.self),
            stderr: String(decoding: stderrBuffer, as: UTF8.self))
    }

    /// Waits up to `timeoutMs` for output on either pipe and appends what is there to the buffers.
    private func drain(timeoutMs: Int) {
        var descriptors: [pollfd] = []
        if stdoutOpen { descriptors.append(pollfd(fd: stdoutDescriptor, events: Int16(POLLIN), revents: 0)) }
        if stderrOpen { descriptors.append(pollfd(fd: stderrDescriptor, events: Int16(POLLIN), revents: 0)) }
        guard !descriptors.isEmpty else { return }
        let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(clamping: timeoutMs))
        guard ready > 0 else { return }
        for descriptor in descriptors where descriptor.revents != 0 {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
            let isStdout = descriptor.fd == stdoutDescriptor
            if count > 0 {
                if isStdout {
                    stdoutBuffer.append(contentsOf: chunk[..<count])
                } else {
                    stderrBuffer.append(contentsOf: chunk[..<count])
                    unreadStderr.append(contentsOf: chunk[..<count])
                }
            } else if count == 0 || errno != EINTR {
                if isStdout { stdoutOpen = false } else { stderrOpen = false }
            }
        }
    }
}

/// A `segued` started for a test on `tcp://127.0.0.1:*` ports (`ServerProcess`), with the endpoints it printed.
///
/// ```swift
/// let daemon = try DaemonProcess.start()
/// defer { daemon.kill() }
/// let output = try runSegue(["stacks"], daemon: daemon)
/// #expect(daemon.stop() == 0)
/// ```
/// Without a `dataDirectory` the daemon gets a fresh temporary one, removed when this object goes away. Pass one
/// (a ``ScratchDirectory`` you keep) to restart a daemon on the same log, and the first daemon's `endpoints` to
/// restart it where its clients are. Its stderr goes to a file in a temporary directory of its own.
final class DaemonProcess {
    let process: ServerProcess
    /// The endpoints from the ready line.
    let endpoints: SegueEndpoints
    /// The `--data` directory.
    let dataDirectory: URL
    /// The temporary data directory this daemon owns, if it made one, and the one holding its stderr.
    private let scratch: ScratchDirectory?
    private let logs: ScratchDirectory

    private init(
        process: ServerProcess, dataDirectory: URL, scratch: ScratchDirectory?, logs: ScratchDirectory
    ) {
        self.process = process
        endpoints = process.endpoints ?? SegueEndpoints()
        self.dataDirectory = dataDirectory
        self.scratch = scratch
        self.logs = logs
    }

    deinit {
        process.kill()
    }

    /// Starts `segued --data DIR` on wildcard loopback ports (or on `endpoints`) with `extraArguments`, and waits
    /// (up to `readyTimeoutMs`) for its `segued ready ingest=… control=… events=…` line.
    /// - Throws: `HarnessError` with the daemon's stderr if it exits or stays silent.
    /// - Parameter launcher: a command that runs segued (its path and arguments appended) in its stead, such as
    ///   `["/usr/bin/prlimit", "--nofile=700:700"]`; it must exec segued, so that the pid is the daemon's.
    static func start(
        dataDirectory: URL? = nil, endpoints: SegueEndpoints? = nil, extraArguments: [String] = [],
        readyTimeoutMs: Int = 15000, launcher: [String] = []
    ) throws -> DaemonProcess {
        let scratch = dataDirectory == nil ? try ScratchDirectory(prefix: "segued-test") : nil
        let data = dataDirectory ?? scratch!.url
        let logs = try ScratchDirectory(prefix: "segued-test-log")
        let wildcard = "tcp://127.0.0.1:*"
        let segued = try BuildProducts.executable("segued")
        let arguments =
            [
                "--data", data.path, "--ingest", endpoints?.ingest ?? wildcard,
                "--control", endpoints?.control ?? wildcard, "--events", endpoints?.events ?? wildcard,
            ]
            + extraArguments
        let command = launcher.isEmpty ? [segued.path] + arguments : launcher + [segued.path] + arguments
        let stderrPath = logs.path + "/segued.log"
        do {
            let process = try ServerProcess(
                command[0], Array(command.dropFirst()), stderrPath: stderrPath, readyTimeoutMs: readyTimeoutMs)
            return DaemonProcess(process: process, dataDirectory: data, scratch: scratch, logs: logs)
        } catch {
            throw HarnessError("\(error); stderr: \(WholeFile.text(stderrPath) ?? "")")
        }
    }

    /// `SEGUE_INGEST`, `SEGUE_CONTROL` and `SEGUE_EVENTS` pointing at this daemon, for client subprocesses.
    var environment: [String: String] {
        [
            SegueEndpoints.ingestVariable: endpoints.ingest,
            SegueEndpoints.controlVariable: endpoints.control,
            SegueEndpoints.eventsVariable: endpoints.events,
        ]
    }

    /// The daemon's process id.
    var pid: Int32 { process.pid }

    /// Everything the daemon wrote to stderr so far (its structured log).
    var stderr: String { process.stderr }

    /// Stops the daemon with SIGTERM (a clean shutdown) and returns its exit status; SIGKILL after `timeoutMs`.
    @discardableResult
    func stop(timeoutMs: Int = 10000) -> Int32 {
        process.stop(signal: SIGTERM, timeoutMs: timeoutMs)
    }

    /// Kills the daemon with SIGKILL (a crash, as far as its log is concerned) if it is still running.
    func kill() {
        process.kill()
    }
}

/// Runs the built `segue` with `arguments` to completion and returns its exit status and output.
/// - Parameters:
///   - daemon: when given, its endpoints are passed in the `SEGUE_*` environment variables.
///   - environment: more environment variables (they win over the daemon's).
///   - timeoutMs: the child is killed and an error thrown if it runs longer.
func runSegue(
    _ arguments: [String], daemon: DaemonProcess? = nil, environment: [String: String] = [:],
    directory: URL? = nil, timeoutMs: Int = 20000
) throws -> ProcessOutput {
    let merged = (daemon?.environment ?? [:]).merging(environment) { $1 }
    let child = try ChildProcess(
        try BuildProducts.executable("segue"), arguments, environment: merged, directory: directory)
    return try child.finish(timeoutMs: timeoutMs)
}

/// Starts the built `segue` with `arguments` without waiting for it (for `segue tail`); read its lines with
/// ``ChildProcess/readLine(timeoutMs:)`` and end it with ``ChildProcess/stop(signal:timeoutMs:)``.
func startSegue(_ arguments: [String], daemon: DaemonProcess? = nil, environment: [String: String] = [:])
    throws -> ChildProcess
{
    let merged = (daemon?.environment ?? [:]).merging(environment) { $1 }
    return try ChildProcess(try BuildProducts.executable("segue"), arguments, environment: merged)
}

/// One line of `--json` output as an object.
func jsonObject(_ line: String) throws -> [String: Any] {
    let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(parsed as? [String: Any], "not a JSON object: \(line)")
}
