import Foundation
import SegueSystem
import Testing

/// The README's short tour, typed as written: every command of its shell blocks, in order, at typing speed (one
/// after the other, no pause), in a scratch directory. The only difference from a reader's terminal is the
/// environment: `make run`'s daemon is on free ports, and SEGUE_* variables point the commands at it (and
/// SEGUE_WEB_LISTEN the page at a free port).
@Suite("the README tour")
struct ReadmeTourTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

    /// The lines of the tour's shell blocks, comments dropped.
    static func tourCommands() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "## A short tour\n"))
        let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        var commands: [String] = []
        var inBlock = false
        for line in text[start.upperBound..<end].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = line == "```sh"
                continue
            }
            guard inBlock else { continue }
            let command = (line.range(of: " #").map { line[..<$0.lowerBound] } ?? line[...])
                .trimmingCharacters(in: .whitespaces)
            if !command.isEmpty { commands.append(command) }
        }
        return commands
    }

    @Test("every command of the tour runs as typed and does what the text says")
    func tour() throws {
        let commands = try Self.tourCommands()
        #expect(commands.contains("make run") && commands.count >= 8, "\(commands)")
        let scratch = try ScratchDirectory(prefix: "segue-tour")
        var daemon: DaemonProcess?
        defer { daemon?.kill() }
        var background: [ChildProcess] = []
        defer { for child in background { child.kill() } }
        var tail: ChildProcess?

        for command in commands {
            if command == "make run" {
                daemon = try DaemonProcess.start()
                continue
            }
            let words = command.replacingOccurrences(of: "make build && ", with: "").split(separator: " ")
                .map(String.init)
            try #require(words.first == ".build/debug/segue", "a tour command the test cannot type: \(command)")
            let arguments = Array(words.dropFirst())
            let environment = ["SEGUE_WEB_LISTEN": "127.0.0.1:0"].merging(daemon?.environment ?? [:]) { $1 }
            switch arguments.first {
            case "web":
                let web = try startSegue(arguments, environment: environment)
                background.append(web)
                // Without a daemon yet, it starts its own first, and says so on the line before.
                var ready: String?
                while ready == nil, let line = web.readLine(timeoutMs: 30_000) {
                    if line.hasPrefix("segue web ready ") { ready = line }
                }
                #expect(ready?.hasPrefix("segue web ready url=http://127.0.0.1:") == true, "\(web.stderr)")
                #expect(ready != "segue web ready url=http://127.0.0.1:7780/", "SEGUE_WEB_LISTEN was not read")
                #expect(web.stop(signal: SIGINT) == 0, "\(web.stderr)")
            case "tail":
                let started = try startSegue(arguments, environment: environment)
                background.append(started)
                tail = started
            default:
                let output = try runSegue(arguments, environment: environment, directory: scratch.url)
                #expect(output.status == 0, "\(command): \(output)")
                if command.hasSuffix("swipe demo --to 0.3") {
                    #expect(output.lines.contains("cancelled (BELOW_THRESHOLD) after 0.3 of the width"), "\(output)")
                }
            }
        }
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("swipe.svg").path))

        // The second terminal saw both swipes: a finish, then (after the push) a cancel, each completed.
        let watcher = try #require(tail, "the tour has no segue tail")
        var seen: [String] = []
        while !(seen.contains { $0.contains("cancelled") } && seen.last?.contains("completed") == true) {
            guard let line = watcher.readLine(timeoutMs: 10_000) else { break }
            if !line.contains(" frame ") { seen.append(line) }
        }
        #expect(seen.contains { $0.contains("finished") }, "\(seen)")
        #expect(seen.contains { $0.contains("cancelled") } && seen.last?.contains("completed") == true, "\(seen)")
    }
}
