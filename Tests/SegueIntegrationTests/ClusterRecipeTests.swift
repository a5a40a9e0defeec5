import Foundation
import SegueSystem
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension NATSClusterSuites {
    /// docs/operations.md's "Trying a cluster on one machine", typed as written into one bash, a line at a time,
    /// each once the previous one's output has come (as a reader waits for a line before typing the next). The
    /// only difference from a reader's terminal is `PATH` (the built segue and segued, and nats-server) and
    /// `TMPDIR` (a scratch directory the test removes).
    @Suite struct ClusterRecipeTests {
        static let operations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/operations.md")

        /// The lines of the recipe's shell block.
        static func recipe() throws -> [String] {
            let text = try String(contentsOf: operations, encoding: .utf8)
            let start = try #require(text.range(of: "### Trying a cluster on one machine\n"))
            let end = try #require(text.range(of: "\n### ", range: start.upperBound..<text.endIndex)).lowerBound
            let section = text[start.upperBound..<end]
            let block = try #require(section.range(of: "```sh\n"))
            let close = try #require(section.range(of: "\n```", range: block.upperBound..<section.endIndex))
            return section[block.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
        }

        /// What each command of the recipe prints (in any order, its background jobs' lines included) before the
        /// next is typed.
        static let expected: [(command: String, lines: [String])] = [
            ("curl ", ["{\"status\":\"ok\"}"]),
            ("segue keygen --cluster", ["wrote cluster.key"]),
            ("daemon a0 0", ["segued ready ingest=tcp://127.0.0.1:"]),
            ("daemon b0 0", ["segued standby shard=0 holder=a0 metrics=tcp://127.0.0.1:"]),
            ("daemon a1 1", ["segued ready ingest=tcp://127.0.0.1:"]),
            ("daemon b1 1", ["segued standby shard=1 holder=a1 "]),
            ("segue create demo", ["created demo (version 1)", "[0] #1 demo v1 created"]),
            ("segue create shop", ["created shop (version 1)", "[1] #1 shop v1 created"]),
            ("kill -9 $A0", ["segued ready ingest=tcp://127.0.0.1:"]),
            ("segue push demo Detail", ["pushed Detail onto demo", "[0] #4 demo v4 completed"]),
        ]

        @Test func theRecipeRunsAsTypedAndAStandbyTakesOver() throws {
            let lines = try Self.recipe()
            for (command, _) in Self.expected {
                #expect(lines.contains { $0.hasPrefix(command) }, "the recipe has no \(command)")
            }
            #expect(lines.last == "kill $(jobs -p); wait", "the recipe stops what it starts")
            let nats = try #require(NATSServerExecutable.find(), "no nats-server")
            let scratch = try ScratchDirectory(prefix: "segue-recipe")
            let shell = try TypedShell(
                path: [
                    try BuildProducts.executable("segued").deletingLastPathComponent().path,
                    URL(fileURLWithPath: nats).deletingLastPathComponent().path, "/usr/bin", "/bin",
                ], temporaryDirectory: scratch.path)
            for line in lines {
                let lines = Self.expected.first { line.hasPrefix($0.command) }?.lines ?? []
                try shell.type(line, expecting: lines)
            }
            #expect(shell.finish() == 0, "\(shell.transcript)")
            #expect(shell.groupIsEmpty, "the recipe's last line left processes running: \(shell.transcript)")
        }
    }
}

/// A bash reading what the test types, through a FIFO, in a process group of its own (which holds what it starts
/// in the background, and is killed by pid when this goes away); its stdout and stderr together, a line at a time.
private final class TypedShell {
    private let process: SpawnedProcess
    /// The FIFO's descriptor, -1 once closed.
    private var input: Int32
    private var output: LineReader
    private var typed = 0
    /// Every line the shell and its jobs printed.
    private(set) var transcript: [String] = []

    init(path: [String], temporaryDirectory: String) throws {
        let fifo = temporaryDirectory + "/typed"
        guard mkfifo(fifo, 0o600) == 0 else { throw HarnessError("mkfifo: \(String(cString: strerror(errno)))") }
        // Read and write: opening never waits for the reader, and closing it is the shell's end of input.
        input = open(fifo, O_RDWR | O_CLOEXEC)
        guard input >= 0 else { throw HarnessError("open \(fifo): \(String(cString: strerror(errno)))") }
        let pipe = try PipeDescriptors()
        defer { close(pipe.write) }
        process = try SpawnedProcess(
            "/bin/bash", ["--norc", "--noprofile", "-c", "exec bash --norc --noprofile -s < \"$0\"", fifo],
            environment: ["PATH": path.joined(separator: ":"), "TMPDIR": temporaryDirectory],
            directory: temporaryDirectory, stdout: .descriptor(pipe.write), stderr: .descriptor(pipe.write),
            processGroup: 0)
        output = LineReader(descriptor: pipe.read)
    }

    deinit {
        Glibc.kill(-process.pid, SIGKILL)
        process.kill()
        if input >= 0 { close(input) }
        close(output.descriptor)
    }

    /// Types `command` and waits until it has run and every line of `expected` has come (a line containing it).
    func type(_ command: String, expecting expected: [String], timeoutMs: Int = 40000) throws {
        typed += 1
        let marker = "typed \(typed)"
        let text = "\(command)\necho '\(marker)'\n"
        _ = text.withCString { write(input, $0, strlen($0)) }
        var missing = expected
        var done = false
        while !done || !missing.isEmpty {
            guard case .line(let line) = output.next(timeoutMs: timeoutMs) else {
                throw HarnessError(
                    "typed \(command): still waiting for \(done ? "" : "it to end, and for ")\(missing); "
                        + "the shell printed:\n\(transcript.joined(separator: "\n"))")
            }
            // Output without a newline at its end runs into the marker.
            let printed = line.hasSuffix(marker) ? String(line.dropLast(marker.count)) : line
            if printed.count < line.count { done = true }
            guard !printed.isEmpty else { continue }
            transcript.append(printed)
            missing.removeAll { printed.contains($0) }
        }
    }

    /// Ends the shell's input and returns its exit status once it has exited.
    func finish() -> Int32? {
        close(input)
        input = -1
        guard process.waitForExit(timeoutMs: 30000) else { return nil }
        while case .line(let line) = output.next(timeoutMs: 1000) { transcript.append(line) }
        return process.exitStatus
    }

    /// Whether nothing of the shell's process group is left.
    var groupIsEmpty: Bool { Glibc.kill(-process.pid, 0) != 0 && errno == ESRCH }
}
