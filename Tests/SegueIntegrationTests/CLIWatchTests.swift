import Foundation
import SegueClient
import SegueDisplay
import SegueSystem
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `segue watch` in a real pseudo-terminal: what it draws, that it follows the terminal's size, and that it leaves
/// the terminal as it found it.
@Suite("segue watch")
struct CLIWatchTests {
    @Test("--once in a terminal draws the stack at the terminal's size, styled")
    func onceInTerminal() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home,Detail"], daemon: daemon).status == 0)

        let watch = try TerminalProcess(["watch", "demo", "--once"], daemon: daemon, columns: 70, rows: 20)
        defer { watch.kill() }
        #expect(watch.waitForExit(timeoutMs: 20000) == 0, "\(watch.raw)")
        #expect(watch.raw.contains("\u{1B}[0;1msegue watch demo"), "\(watch.raw)")
        let text = watch.text
        #expect(text.contains("┌" + String(repeating: "─", count: 68) + "┐"), "\(text)")
        #expect(text.contains(" Detail "))
        #expect(text.contains("idle · screens Home > Detail"))
        // --once draws in place of nothing: no alternate screen to leave.
        #expect(!watch.raw.contains("\u{1B}[?1049h"))
        #expect(daemon.stop() == 0)
    }

    @Test("--once into a pipe prints plain lines at --size")
    func onceIntoPipe() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(
            try runSegue(
                ["create", "shop", "--tabs", "Feed,Search,Cart", "--selected", "1"],
                daemon: daemon
            ).status == 0)
        let output = try runSegue(["watch", "shop", "--once", "--size", "60x16", "--ascii"], daemon: daemon)
        #expect(output.status == 0, "\(output)")
        #expect(!output.stdout.contains("\u{1B}"))
        #expect(output.lines.count == 16, "\(output)")
        #expect(output.lines.dropFirst().first == "+" + String(repeating: "-", count: 58) + "+")
        #expect(output.lines.contains { $0.contains(" Search ") })
        #expect(output.lines.contains("idle | tabs Feed [Search] Cart"), "\(output)")
        #expect(output.lines.allSatisfy { $0.count <= 60 })
    }

    @Test("live: a swipe is drawn tracking and settling, the size is re-read, SIGTERM restores the terminal")
    func live() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home,Detail"], daemon: daemon).status == 0)

        let watch = try TerminalProcess(["watch", "demo"], daemon: daemon, columns: 70, rows: 24)
        defer { watch.kill() }
        #expect(watch.waitForText(timeoutMs: 20000) { $0.contains("idle · screens Home > Detail") }, "\(watch.text)")
        #expect(watch.raw.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"), "alternate screen, cursor hidden")

        // The terminal is read while the swipe runs: a watch whose output nobody reads blocks in write(2), and
        // then draws only the state it finds when it can go on.
        let swipe = try startSegue(["swipe", "demo", "--to", "0.7"], daemon: daemon)
        defer { swipe.kill() }
        // The picture after the swipe names its last event.
        #expect(
            watch.waitForText(timeoutMs: 10000) { $0.contains("completed t1 finished screens=Home") },
            "\(watch.text)")
        let swiped = try swipe.finish(timeoutMs: 10000)
        #expect(swiped.status == 0, "\(swiped)")
        let text = watch.text
        for expected in [
            "TRACKING", "SETTLING", "POP Detail -> Home · interactive",
            "finishing (PASSED_THRESHOLD)", "┃", "visual [█",
        ] {
            #expect(text.contains(expected), "\(expected) missing from \(text)")
        }

        // A narrower terminal: the next picture is drawn at the new width.
        watch.resize(columns: 50, rows: 20)
        #expect(try runSegue(["push", "demo", "Settings", "--immediate"], daemon: daemon).status == 0)
        #expect(
            watch.waitForText(timeoutMs: 10000) {
                $0.contains("┌" + String(repeating: "─", count: 48) + "┐") && $0.contains("Home > Settings")
            }, "\(watch.text)")

        #expect(watch.stop(signal: SIGTERM) == 0, "\(watch.text)")
        #expect(
            watch.raw.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"),
            "terminal restored: \(watch.raw.suffix(40).debugDescription)")
        #expect(daemon.stop() == 0)
    }

    @Test("live: the title line says since when the daemon is not answering, and that it reconnected")
    func outage() throws {
        let data = try ScratchDirectory(prefix: "segue-watch-outage")
        let first = try DaemonProcess.start(dataDirectory: data.url)
        defer { first.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home,Detail"], daemon: first).status == 0)
        let watch = try TerminalProcess(["watch", "demo"], daemon: first, columns: 100, rows: 24)
        defer { watch.kill() }
        #expect(watch.waitForText(timeoutMs: 20000) { $0.contains("idle · screens Home > Detail") }, "\(watch.text)")
        #expect(first.stop() == 0)
        #expect(
            watch.waitForText(timeoutMs: 20000) {
                $0.contains(/daemon not answering since [0-9]{2}:[0-9]{2}:[0-9]{2}/)
            }, "\(watch.text)")
        // The same data directory on the same endpoints, where watch's sockets keep reconnecting.
        let second = try DaemonProcess.start(dataDirectory: data.url, endpoints: first.endpoints)
        defer { second.kill() }
        #expect(watch.waitForText(timeoutMs: 20000) { $0.contains("reconnected") }, "\(watch.text)")
        #expect(try runSegue(["push", "demo", "Settings", "--immediate"], daemon: second).status == 0)
        #expect(watch.waitForText(timeoutMs: 10000) { $0.contains("Detail > Settings") }, "\(watch.text)")
        #expect(watch.stop(signal: SIGTERM) == 0, "\(watch.text)")
        #expect(second.stop() == 0)
    }

    @Test("live: a stack that does not exist yet is waited for, and drawn once it is created")
    func waitsForStack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let watch = try TerminalProcess(["watch", "later"], daemon: daemon, columns: 100, rows: 24)
        defer { watch.kill() }
        #expect(
            watch.waitForText(timeoutMs: 20000) {
                $0.contains("no stack later yet; waiting for it") && $0.contains("no stack 'later'")
            }, "\(watch.text)")
        #expect(try runSegue(["create", "later", "--screens", "Home,Detail"], daemon: daemon).status == 0)
        #expect(
            watch.waitForText(timeoutMs: 10000) {
                $0.contains("idle · screens Home > Detail") && $0.contains("Ctrl-C quits")
            },
            "\(watch.text)")
        #expect(watch.stop(signal: SIGTERM) == 0, "\(watch.text)")
        #expect(daemon.stop() == 0)
    }

    @Test("without a stack: the only one is watched; with none or several, a usage error lists them")
    func withoutStack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let none = try runSegue(["watch", "--once"], daemon: daemon)
        #expect(none.status == 2, "\(none)")
        #expect(none.stderr.contains("the daemon has no stacks"), "\(none)")
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        let only = try runSegue(["watch", "--once", "--size", "80x20"], daemon: daemon)
        #expect(only.status == 0, "\(only)")
        #expect(only.stdout.contains("segue watch demo"), "\(only)")
        #expect(try runSegue(["create", "other", "--screens", "Home"], daemon: daemon).status == 0)
        let several = try runSegue(["watch", "--once"], daemon: daemon)
        #expect(several.status == 2, "\(several)")
        #expect(
            several.stderr.contains("the daemon has 2 stacks, name one (segue watch STACK): demo, other"), "\(several)")
        #expect(daemon.stop() == 0)
    }

    @Test("live: the title's version follows every event of a swipe; the finished event is drawn green")
    func versionFollowsTheStack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        // An empty NO_COLOR is no NO_COLOR (whatever the environment running the tests says).
        let watch = try Self.watchSwipe(on: daemon, environment: ["NO_COLOR": ""])
        defer { watch.kill() }

        // Every picture starts at the top left; in each, the title's version is at least its latest event's.
        var pictures = 0
        for picture in watch.raw.components(separatedBy: "\u{1B}[H").map(WatchScreen.plainText) {
            guard let title = Self.version(in: picture, after: "segue watch demo  v"),
                let latest = Self.version(in: picture, after: " demo v")
            else { continue }
            #expect(title >= latest, "v\(title) in the title, v\(latest) in: \(picture)")
            if picture.contains(" progressed t1 ") { pictures += 1 }
        }
        #expect(pictures > 0, "no picture drawn while the finger moved: \(watch.text)")
        let finished = watch.raw.components(separatedBy: "\r\n").first { $0.contains(" finished t1 gesture=") }
        #expect(finished?.contains("\u{1B}[0;32m#") == true, "\(finished ?? watch.raw)")
        #expect(watch.stop(signal: SIGTERM) == 0)
        #expect(daemon.stop() == 0)
    }

    @Test("live under NO_COLOR: bold and dim, but no colours")
    func noColour() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let watch = try Self.watchSwipe(on: daemon, environment: ["NO_COLOR": "1"])
        defer { watch.kill() }
        #expect(watch.text.contains("finishing (PASSED_THRESHOLD)") && watch.raw.contains("\u{1B}[0;1m"))
        let colours = Self.sgrParameters(in: watch.raw).intersection(["31", "32", "33", "36"])
        #expect(colours.isEmpty, "colours \(colours) drawn under NO_COLOR")
        #expect(watch.stop(signal: SIGTERM) == 0)
        #expect(daemon.stop() == 0)
    }

    @Test("--once shows the stack's latest logged event")
    func onceLatestEvent() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        #expect(try runSegue(["push", "demo", "Detail", "--immediate"], daemon: daemon).status == 0)
        // A newer event of another stack is not demo's latest.
        #expect(try runSegue(["create", "other", "--screens", "Home"], daemon: daemon).status == 0)
        let once = try runSegue(["watch", "demo", "--once", "--size", "80x20"], daemon: daemon)
        #expect(once.status == 0, "\(once)")
        #expect(once.lines.first?.hasPrefix("segue watch demo  v4 ") == true, "\(once)")
        #expect(once.lines.last == "last: #4 demo v4 completed t1 finished screens=Home,Detail", "\(once)")
        #expect(daemon.stop() == 0)
    }

    @Test("--once draws a picture or fails: --size below 24x8 is a usage error, a terminal that small a failure")
    func onceTooSmall() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        for size in ["10x3", "23x8", "24x7"] {
            let small = try runSegue(["watch", "demo", "--once", "--size", size], daemon: daemon)
            #expect(small.status == 2, "\(size): \(small)")
            #expect(small.stdout.isEmpty, "\(size): \(small)")
            #expect(small.stderr.contains("--size must be COLUMNSxROWS from 24x8"), "\(size): \(small)")
        }
        #expect(try runSegue(["watch", "demo", "--once", "--size", "24x8"], daemon: daemon).status == 0)
        let help = try runSegue(["watch", "--help"])
        #expect(help.stdout.contains("at least 24x8"), "\(help)")

        let terminal = try TerminalProcess(["watch", "demo", "--once"], daemon: daemon, columns: 20, rows: 5)
        defer { terminal.kill() }
        #expect(terminal.waitForExit(timeoutMs: 20000) == 1, "\(terminal.raw)")
        #expect(terminal.text.contains("the terminal is 20x5; segue watch needs at least 24x8"), "\(terminal.raw)")
        #expect(daemon.stop() == 0)
    }

    @Test("screen names in CJK and emoji are fitted by the columns they take, and stay inside the box")
    func wideScreenNames() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let screens = "首页,详情页面非常长的名字在这里,🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉"
        #expect(try runSegue(["create", "wide", "--screens", screens], daemon: daemon).status == 0)
        for top in ["🎉🎉", "详情页面"] {
            let once = try runSegue(["watch", "wide", "--once", "--size", "40x12"], daemon: daemon)
            #expect(once.status == 0, "\(once)")
            #expect(once.lines.contains { $0.contains(top) }, "\(once)")
            #expect(once.lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(once)")
            // Every row of the box ends in its right border, at the 40th column.
            let box = once.lines.filter { $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└") }
            #expect(box.count == 8, "\(once)")
            #expect(box.allSatisfy { DisplayWidth.of($0) == 40 && "│┐┘".contains($0.last ?? " ") }, "\(once)")
            #expect(try runSegue(["pop", "wide", "--immediate"], daemon: daemon).status == 0)
        }
        #expect(daemon.stop() == 0)
    }

    @Test("without a terminal, live watch is a usage error; an unknown stack is UNKNOWN_STACK")
    func refusals() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let piped = try runSegue(["watch", "demo"], daemon: daemon)
        #expect(piped.status == 2, "\(piped)")
        #expect(piped.stderr.contains("--once"))
        let unknown = try runSegue(["watch", "nope", "--once"], daemon: daemon)
        #expect(unknown.status == 1, "\(unknown)")
        #expect(unknown.stderr.hasPrefix("segue: UNKNOWN_STACK: "))
        let badSize = try runSegue(["watch", "demo", "--once", "--size", "wide"], daemon: daemon)
        #expect(badSize.status == 2, "\(badSize)")
    }
}

extension CLIWatchTests {
    /// `segue watch demo` in an 80x24 terminal with `environment`, drawing a swipe back 70% of a new Home > Detail
    /// stack on `daemon`; returns once the swipe's `completed` is drawn. The terminal is read while the swipe runs.
    static func watchSwipe(on daemon: DaemonProcess, environment: [String: String]) throws -> TerminalProcess {
        #expect(try runSegue(["create", "demo", "--screens", "Home,Detail"], daemon: daemon).status == 0)
        let watch = try TerminalProcess(
            ["watch", "demo"], daemon: daemon, columns: 80, rows: 24, environment: environment)
        #expect(watch.waitForText(timeoutMs: 20000) { $0.contains("idle · screens Home > Detail") }, "\(watch.text)")
        let swipe = try startSegue(["swipe", "demo", "--to", "0.7"], daemon: daemon)
        defer { swipe.kill() }
        #expect(
            watch.waitForText(timeoutMs: 10000) { $0.contains("completed t1 finished screens=Home") },
            "\(watch.text)")
        #expect(try swipe.finish(timeoutMs: 10000).status == 0)
        return watch
    }

    /// The whole number after the first `marker` in `text`.
    static func version(in text: String, after marker: String) -> Int? {
        guard let range = text.range(of: marker) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Every parameter of the SGR sequences (`ESC [ p;p m`) in `raw`.
    static func sgrParameters(in raw: String) -> Set<String> {
        var parameters: Set<String> = []
        for piece in raw.components(separatedBy: "\u{1B}[").dropFirst() {
            let body = piece.prefix { $0.isNumber || $0 == ";" }
            guard piece.dropFirst(body.count).first == "m" else { continue }
            parameters.formUnion(body.split(separator: ";").map(String.init))
        }
        return parameters
    }
}

/// `segue` run in a pseudo-terminal (openpty): its standard input, output and error are the terminal's
/// slave side, and everything it writes is read from the master side. Killed on deinit if still running.
final class TerminalProcess {
    private let process = Process()
    private let master: Int32
    private var bytes: [UInt8] = []
    private var open = true

    /// Starts `segue arguments` with `daemon`'s endpoints (if given) in a `columns` x `rows` terminal;
    /// `environment` entries are added to (or override) this process's.
    init(
        _ arguments: [String], daemon: DaemonProcess? = nil, columns: Int, rows: Int,
        environment: [String: String] = [:]
    ) throws {
        var masterSide: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&masterSide, &slave, nil, nil, &size) == 0 else {
            throw HarnessError("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        master = masterSide
        // The master must not leak into the child: it would keep the terminal open after the child's exit.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = try BuildProducts.executable("segue")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(daemon?.environment ?? [:]) { $1 }
            .merging(environment) { $1 }
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        // As in ChildProcess: the test runner's threads block most signals, and a child inherits the mask.
        var unblocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
        // Only the child keeps the slave open, so its exit ends the output (read then fails with EIO).
        try terminal.close()
    }

    deinit {
        kill()
        Glibc.close(master)
    }

    /// Everything written so far, escape sequences included.
    var raw: String { String(decoding: bytes, as: UTF8.self) }

    /// Everything written so far, without SGR and other CSI sequences.
    var text: String { WatchScreen.plainText(raw) }

    /// Sets the terminal's size (TIOCSWINSZ), as a terminal emulator does when its window changes.
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Reads output until `predicate` holds for the text so far; false after `timeoutMs`.
    func waitForText(timeoutMs: Int, _ predicate: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while !predicate(text) {
            guard open, deadline.timeIntervalSinceNow > 0 else { return predicate(text) }
            drain(timeoutMs: Int(deadline.timeIntervalSinceNow * 1000) + 1)
        }
        return true
    }

    /// Reads the output until the process exits; its exit status, or -1 after `timeoutMs`.
    func waitForExit(timeoutMs: Int) -> Int32 {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while open && deadline.timeIntervalSinceNow > 0 {
            drain(timeoutMs: 50)
        }
        while process.isRunning {
            guard deadline.timeIntervalSinceNow > 0 else { return -1 }
            usleep(2000)
        }
        return process.terminationStatus
    }

    /// Sends `signal` and waits for the exit; SIGKILL after 10 s.
    func stop(signal: Int32) -> Int32 {
        if process.isRunning { Glibc.kill(process.processIdentifier, signal) }
        let status = waitForExit(timeoutMs: 10000)
        if status == -1 { kill() }
        return status
    }

    /// Kills the process if it still runs.
    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private func drain(timeoutMs: Int) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(clamping: timeoutMs)) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes.append(contentsOf: chunk[..<count])
        } else if count == 0 || errno != EINTR {
            // EIO: the last holder of the slave side closed it.
            open = false
        }
    }
}
