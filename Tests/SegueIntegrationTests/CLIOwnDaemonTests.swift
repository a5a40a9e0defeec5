import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The segued that `segue demo` and `segue web` start when none answers: it goes when they go, however they go.
@Suite("segue's own segued")
struct CLIOwnDaemonTests {
    /// The command line of each command that starts a daemon, and the name its last line gives that daemon.
    static let commands: [String: (arguments: [String], name: String)] = [
        "demo": (["demo"], "the demo's segued"),
        "web": (["web", "--listen", "127.0.0.1:0"], "segued"),
    ]

    @Test("SIGHUP (its terminal closing) stops the segued it started, as SIGTERM does", arguments: ["demo", "web"])
    func hangUp(command: String) throws {
        try Self.withOwnDaemon(command) { segue, daemon in
            kill(segue.pid, SIGHUP)
            try #require(segue.waitForExit(timeoutMs: 30000), "segue \(command) did not end, or its segued lives on")
            let output = try segue.finish(timeoutMs: 1000)
            // The demo counts as interrupted, exiting as a shell reports the signal (128 + SIGHUP); the web front end
            // just stops.
            #expect(output.status == (command == "demo" ? 128 + SIGHUP : 0), "\(output)")
            #expect(
                output.lines.last
                    == "stopped \(Self.commands[command]!.name) (pid \(daemon.pid), exit 0) and removed \(daemon.directory)",
                "\(output)")
            #expect(!FileManager.default.fileExists(atPath: daemon.directory))
            // Reaped by segue: the pid no longer names a process, not even a zombie.
            #expect(kill(daemon.pid, 0) == -1 && errno == ESRCH)
        }
    }

    @Test("SIGKILL, which segue cannot catch, still ends the segued it started", arguments: ["demo", "web"])
    func killed(command: String) throws {
        try Self.withOwnDaemon(command) { segue, daemon in
            kill(segue.pid, SIGKILL)
            #expect(daemon.waitUntilEnded(timeoutMs: 20000), "segued \(daemon.pid) outlived segue \(command)")
        }
    }

    /// Starts `segue <command>` where no daemon answers, waits until the daemon it starts is ready (and, for web,
    /// until it serves), and runs `body` with both. Then kills the daemon if it still runs and removes its
    /// directory, and only then segue: a daemon left running holds segue's output open, and segue unreaped.
    static func withOwnDaemon(_ command: String, _ body: (ChildProcess, StartedDaemon) throws -> Void) throws {
        // Nothing listens on port 1: the 300 ms probe times out and segue starts its own daemon.
        let segue = try startSegue(
            commands[command]!.arguments, environment: ["SEGUE_CONTROL": "tcp://127.0.0.1:1"])
        defer { segue.kill() }
        var started: StartedDaemon?
        while let line = segue.readLine(timeoutMs: 30000) {
            if started == nil { started = StartedDaemon(line: line) }
            if started != nil && (command != "web" || line.hasPrefix("segue web ready ")) { break }
        }
        let daemon = try #require(started, "no started segued line: \(segue.stderr)")
        defer { daemon.cleanUp() }
        try body(segue, daemon)
    }
}

/// The daemon a `started segued (pid N) on DIR: …` line names.
struct StartedDaemon {
    let pid: Int32
    let directory: String

    init?(line: String) {
        let prefix = "started segued (pid "
        guard line.hasPrefix(prefix), let pid = Int32(line.dropFirst(prefix.count).prefix { $0.isNumber }) else {
            return nil
        }
        // `started segued (pid N) on DIR: endpoints`
        guard let directory = line.split(separator: " ").dropFirst(5).first, directory.hasSuffix(":") else {
            return nil
        }
        self.pid = pid
        self.directory = String(directory.dropLast())
    }

    /// Whether the process has ended: gone, or a zombie that its new parent (an orphan's is PID 1 or a subreaper)
    /// has not reaped.
    var hasEnded: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        // `pid (comm) STATE …`: the state follows the last parenthesis (comm may hold any).
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].dropFirst().first == "Z"
    }

    /// Waits for the process to end (it is not this process's child, so there is nothing to wait on but /proc).
    func waitUntilEnded(timeoutMs: Int) -> Bool {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while !hasEnded {
            if Date() >= deadline { return false }
            usleep(5000)
        }
        return true
    }

    /// Kills the daemon if it is still running and removes its directory, whatever the test found.
    func cleanUp() {
        if !hasEnded { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
