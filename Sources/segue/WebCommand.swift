import SegueClient
import SegueCommandLine
import SegueGateway
import SegueSystem
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// `segue web [--listen HOST:PORT]`: the browser front end, a gateway that serves the page and bridges its
/// WebSocket to the daemon, or to every shard's holder of a cluster (`--cluster`).
enum WebCommand {
    static let subcommand = Subcommand(
        name: "web", brief: "open Segue in a browser: playground, monitor, time travel (starts segued if none runs)",
        spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue web",
        summary: "Serve the Segue page and bridge it to a daemon: a playground to swipe any profile with a mouse, "
            + "finger or pen, a monitor of every stack, time travel through a stack's log frame by frame, and two "
            + "profiles compared on one gesture. Prints the URL to open. Uses the segued at the endpoints if one "
            + "answers within 300 ms, else starts one on a temporary directory and stops it on exit (Ctrl-C). "
            + "Pages speak JSON over a WebSocket at the same address (docs/protocol.md, \"Browsers\"). A listen "
            + "address other than loopback needs a token, which the URL carries (one is made up when --token is "
            + "not given); requests for another host name and pages from other origins are refused "
            + "(docs/security.md). With --cluster, the page is bridged to every shard's holder, found in NATS: "
            + "the monitor lists every shard's stacks, each stack is driven and watched at its shard's holder, and "
            + "when a shard changes hands the gateway follows it (saying so on stderr) and gives the pages what "
            + "they missed from the new holder's log; no daemon is started.",
        options: [
            .init(
                "listen", "HOST:PORT",
                help:
                    "where to serve the page (default \(defaultListen), or the next free port when it is taken; "
                    + "port 0 = any)",
                environment: "SEGUE_WEB_LISTEN"),
            .init(
                "token", "TOKEN",
                help: "require ?token=TOKEN on the WebSocket (default: none on loopback, a "
                    + "random one elsewhere)", environment: "SEGUE_WEB_TOKEN"),
            .init(
                "allow-host", "NAMES",
                help: "also serve requests whose Host is one of these names (comma-separated, NAME or NAME:PORT): "
                    + "a reverse proxy's public name; otherwise only the listening address (and localhost on "
                    + "loopback) is served", environment: "SEGUE_WEB_ALLOW_HOST"),
            .init("assets", "DIR", help: "the page's files (default: the web/ directory this segue was built from)"),
            .init(
                "segued", "PATH",
                help:
                    "the segued to start when none runs (default: the one beside segue; none is started with --cluster)"
            ),
        ] + Connection.stackOptions,
        examples: [
            "segue web",
            "segue web --listen 127.0.0.1:0",
            "segue web --listen 0.0.0.0:7780 --token \"$(openssl rand -hex 16)\"",
            "segue web --cluster nats://10.0.0.1:4222,nats://10.0.0.2:4222,nats://10.0.0.3:4222",
        ])

    static let defaultListen = "127.0.0.1:7780"

    /// The repository's `web/`, found from this file's path when the binary was built (a clone's build runs
    /// from the clone).
    static let builtAssets: String = {
        var path = #filePath
        for _ in 0..<3 {
            guard let slash = path.lastIndex(of: "/") else { return "web" }
            path = String(path[..<slash])
        }
        return path + "/web"
    }()

    static func run(_ arguments: ParsedArguments) throws {
        let chosen = arguments.string("listen")
        var listen = try listenAddress(chosen ?? defaultListen)
        let assets = arguments.string("assets") ?? builtAssets
        guard access(assets + "/index.html", R_OK) == 0 else {
            throw UsageError(
                "segue: web: the page's files are not at \(assets) (no index.html there); give --assets "
                    + "DIR")
        }
        // Before a daemon is started for it.
        do throws(ListenAddress.Problem) {
            // Without --listen the default port gives way to another server (a second segue web) on it.
            if chosen == nil { listen = try listen.firstBindable(tries: 20) } else { try listen.checkBindable() }
        } catch .notThisMachine {
            throw UsageError("segue: web: --listen \(listen.host) is not an address of this machine")
        } catch .inUse {
            let hostInListen = listen.isIPv6 ? "[\(listen.host)]" : listen.host
            throw CLIFailure(
                code: .unavailable,
                message: "web: \(hostInListen):\(listen.port) is in use (by another segue web?); choose another "
                    + "with --listen \(hostInListen):PORT, or \(hostInListen):0 for any free port")
        } catch {
            let reason: String
            switch error {
            case .other(let text): reason = text + (listen.port < 1024 ? " (ports below 1024 need privileges)" : "")
            default: reason = "\(error)"
            }
            throw CLIFailure(
                code: .unavailable, message: "web: cannot listen on \(listen.host):\(listen.port): \(reason)")
        }
        let loopback = listen.isLoopback
        var token = arguments.string("token")
        if let given = token, !isValidToken(given) {
            throw UsageError("segue: web: --token must be 8-128 characters of A-Z a-z 0-9 - _ . ~")
        }
        if token == nil, !loopback {
            token = randomToken()
        }
        let allowedHosts = try allowedHostNames(arguments.string("allow-host") ?? "")
        var connection = try Connection(arguments)
        let cluster = connection.cluster == nil ? nil : try ClusterHolders(connection)
        StopSignals.install(hangUp: true)
        let launcher =
            cluster == nil
            ? try DaemonLauncher.startUnlessRunning(for: &connection, segued: arguments.string("segued")) : nil
        defer { DaemonLauncher.stopAndReport(launcher, as: "segued") }
        let gateway: Gateway
        do {
            gateway = try Gateway(
                configuration: .init(
                    host: listen.host, port: listen.port, assetsDirectory: assets, endpoints: connection.endpoints,
                    curve: connection.curve, token: token, allowedHosts: allowedHosts, cluster: cluster?.route))
        } catch {
            throw CLIFailure(code: .unavailable, message: "web: \(error)")
        }
        Console.line("segue web ready url=\(gateway.url)")
        Console.flush()
        // Signals only set a flag; this thread turns it, or the end of the daemon started for the gateway (whose
        // pages could do nothing more), into a stop of the serving loop. It also follows a cluster's shards to
        // their next holders.
        let watcher = try JoinableThread(name: "signal watcher") { () -> Int32? in
            while !StopSignals.stopped {
                if let code = launcher?.exitCodeIfEnded() {
                    gateway.stop()
                    return code
                }
                cluster?.follow()
                usleep(100_000)
            }
            gateway.stop()
            return nil
        }
        let failure: (any Error)?
        do {
            try gateway.run()
            failure = nil
        } catch {
            failure = error
        }
        stopRequested.store(true, ordering: .relaxed)
        let daemonExit = watcher.join()
        if let failure { throw CLIFailure(code: .unavailable, message: "web: \(failure)") }
        if let code = daemonExit, let launcher {
            let log = (try? FileContents.read(launcher.directory + "/segued.log"))
                .map { String(decoding: $0, as: UTF8.self).split(separator: "\n").suffix(10).joined(separator: "\n") }
            throw CLIFailure(
                code: .unavailable,
                message: "web: the segued it started (pid \(launcher.pid)) exited "
                    + "with status \(code); the end of its log:\n\(log ?? "")")
        }
    }

    /// `--allow-host`'s names: DNS names (letters, digits, `-` and `.`), each with an optional `:PORT`.
    static func allowedHostNames(_ text: String) throws(UsageError) -> [String] {
        let names = text.split(separator: ",").map { String($0.filter { $0 != " " }) }.filter { !$0.isEmpty }
        for name in names {
            let parts = name.split(separator: ":", omittingEmptySubsequences: false)
            let host = parts[0]
            let validHost =
                !host.isEmpty && host.utf8.count <= 253
                && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            let validPort =
                parts.count == 1 || (parts.count == 2 && Int(parts[1]).map { (1...65535).contains($0) } == true)
            guard validHost, validPort else {
                throw UsageError(
                    "segue: web: --allow-host '\(name)' is not a host name with an optional :PORT (such as "
                        + "segue.example.com or segue.example.com:8443)")
            }
        }
        return names
    }

    /// `HOST:PORT`, `[v6]:PORT`, with a numeric host or `localhost`.
    static func listenAddress(_ text: String) throws(UsageError) -> ListenAddress {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port)
        else {
            throw UsageError("segue: web: --listen '\(text)' is not HOST:PORT (such as 127.0.0.1:7780)")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw UsageError("segue: web: --listen '\(text)' has no host") }
        do {
            return try ListenAddress(host: host, port: port)
        } catch {
            throw UsageError(
                "segue: web: --listen '\(text)': the host must be an IP address of this machine (such as "
                    + "127.0.0.1, 0.0.0.0 or ::1) or localhost")
        }
    }

    /// 8-128 of the characters a URL never escapes (RFC 3986's unreserved ones).
    static func isValidToken(_ token: String) -> Bool {
        (8...128).contains(token.utf8.count)
            && token.utf8.allSatisfy { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-_.~".utf8.contains(byte)
            }
    }

    /// 24 characters of base64url from the kernel's random source.
    private static func randomToken() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var generator = SystemRandomNumberGenerator()
        return String((0..<24).map { _ in alphabet[Int(generator.next() % 64)] })
    }
}
