import SegueSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Children started through CChildSpawn: their outputs, directory, environment, signals and exit status.
struct SpawnedProcessTests {
    /// Runs `script` under /bin/sh with its stdout on a pipe, and returns the child and a reader of that pipe.
    private static func shell(
        _ script: String, environment: [String: String] = [:], directory: String? = nil,
        stderr: SpawnedProcess.Output = .discarded, processGroup: pid_t? = nil
    ) throws -> (SpawnedProcess, LineReader) {
        let pipe = try PipeDescriptors()
        defer { close(pipe.write) }
        let child = try SpawnedProcess(
            "/bin/sh", ["-c", script], environment: environment, directory: directory,
            stdout: .descriptor(pipe.write), stderr: stderr, processGroup: processGroup)
        return (child, LineReader(descriptor: pipe.read))
    }

    @Test func theChildRunsInItsDirectoryWithTheAddedEnvironment() throws {
        let scratch = try ScratchDirectory(prefix: "segue-spawn")
        let (child, output) = try Self.shell(
            "pwd; echo \"$SEGUE_SPAWN_VALUE\"; echo \"$PATH\"", environment: ["SEGUE_SPAWN_VALUE": "added"],
            directory: scratch.path)
        var lines = output
        defer { close(lines.descriptor) }
        #expect(lines.next(timeoutMs: 10_000) == .line(scratch.path))
        #expect(lines.next(timeoutMs: 10_000) == .line("added"))
        // This process's environment is kept beside the added entries.
        #expect(lines.next(timeoutMs: 10_000) == .line(String(cString: getenv("PATH"))))
        #expect(lines.next(timeoutMs: 10_000) == .ended)
        #expect(child.waitForExit(timeoutMs: 10_000))
        #expect(child.exitStatus == 0)
    }

    @Test func stderrGoesToTheFileAndTheExitStatusIsTheChilds() throws {
        let scratch = try ScratchDirectory(prefix: "segue-spawn")
        let path = scratch.path + "/stderr"
        let (child, output) = try Self.shell("echo complaint >&2; exit 7", stderr: .file(path))
        defer { close(output.descriptor) }
        #expect(child.waitForExit(timeoutMs: 10_000))
        #expect(child.exitStatus == 7)
        #expect(!child.isRunning)
        #expect(WholeFile.text(path) == "complaint\n")
    }

    /// The test runner's threads block most signals, and a child inherits the spawning thread's mask: it must
    /// still end on SIGTERM, as one started from a shell does.
    @Test func aChildOfAThreadThatBlocksSIGTERMStillEndsOnIt() throws {
        let thread = try JoinableThread(name: "blocking") { () -> Result<SpawnedProcess, SystemError> in
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGTERM)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            return Result { () throws(SystemError) in try SpawnedProcess("/bin/sleep", ["30"]) }
        }
        let child = try thread.join().get()
        #expect(child.isRunning)
        #expect(child.stop(signal: SIGTERM, timeoutMs: 10_000) == 128 + SIGTERM)
    }

    @Test func aKilledChildReportsTheSignalAndIsSignalledNoMore() throws {
        let child = try SpawnedProcess("/bin/sleep", ["30"])
        child.kill()
        #expect(child.exitStatus == 128 + SIGKILL)
        #expect(!child.isRunning)
        child.signal(SIGTERM)  // reaped: its pid may be someone else's now, and nothing is sent
        #expect(child.exitStatus == 128 + SIGKILL)
    }

    @Test func aChildCanLeadAProcessGroupOfItsOwn() throws {
        let child = try SpawnedProcess("/bin/sleep", ["30"], processGroup: 0)
        defer { child.kill() }
        #expect(getpgid(child.pid) == child.pid)
        #expect(getpgid(child.pid) != getpgrp())
    }

    @Test func aMissingExecutableIsRefusedWithItsErrno() {
        #expect {
            try SpawnedProcess("/nonexistent/segue-child", [])
        } throws: { error in
            (error as? SystemError)?.code == ENOENT
        }
    }

    @Test func aSlowChildIsKilledAfterTheTimeout() throws {
        let (child, output) = try Self.shell("trap '' TERM; echo trapped; exec sleep 30")
        var lines = output
        defer { close(lines.descriptor) }
        #expect(lines.next(timeoutMs: 10_000) == .line("trapped"))
        #expect(!child.waitForExit(timeoutMs: 0))
        #expect(child.stop(signal: SIGTERM, timeoutMs: 100) == 128 + SIGKILL)
    }

    /// A descriptor this process holds without close-on-exec (a file being filled, a lock) stays out of the child:
    /// were it inherited, a deleted file's space or a lock would live as long as the child.
    @Test(arguments: [false, true])
    func descriptorsOpenedWithoutCloseOnExecDoNotReachTheChild(tied: Bool) throws {
        let scratch = try ScratchDirectory(prefix: "segue-spawn")
        let held = open(scratch.path + "/held", O_WRONLY | O_CREAT, 0o600)
        try #require(held >= 0)
        defer { close(held) }
        let pipe = try PipeDescriptors()
        defer { close(pipe.write) }
        // `[` is the shell's own: /proc/self is the shell, which the child's descriptors reach as they are.
        let child = try SpawnedProcess(
            "/bin/sh", ["-c", "if [ -e /proc/self/fd/\(held) ]; then echo inherited; else echo closed; fi"],
            stdout: .descriptor(pipe.write), tiedToParent: tied)
        var lines = LineReader(descriptor: pipe.read)
        defer { close(lines.descriptor) }
        #expect(lines.next(timeoutMs: 10_000) == .line("closed"))
        #expect(child.waitForExit(timeoutMs: 10_000))
    }
}
