import SegueClient
import SegueCommandLine
import SegueEngine
import SegueJSON
import SegueWire

/// `segue record FILE`: stands between producers and segued, forwarding every input and writing it to FILE.
enum RecordCommand {
    static let defaultListen = "tcp://127.0.0.1:7711"
    static let defaultListenControl = "tcp://127.0.0.1:7712"
    /// The longest a recording runs (7 days): later offsets are refused as damage (`Recording.maxOffsetUs`).
    static let maxDurationMs = Int64(Recording.maxOffsetUs / 1000)

    static let subcommand = Subcommand(
        name: "record", brief: "capture producer input to a file (a proxy in front of segued)", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue record",
        summary: "Record producer input to FILE while passing it on to segued. Producers push to --listen instead "
            + "of segued's ingest, and clients may send commands to --listen-control instead of its control "
            + "endpoint; everything is forwarded to the daemon (--ingest, --control) as it arrives, and each input "
            + "is written with its arrival time. Prints 'segue record ready ingest=EP control=EP' once listening "
            + "(on standard error with --json, which keeps standard output to the JSON summary); stops on Ctrl-C, "
            + "after --duration-ms, or after 7 days. FILE is created (or, with --force, replaced) only once "
            + "listening: a run that fails to start leaves it as it was. With --cluster, everything is forwarded to "
            + "the holder of the --stack stacks' shard (they must share one), and to its next holder when the shard "
            + "changes hands. Play the file with segue play. Format: docs/recordings.md.",
        positionals: [.init("FILE", help: "the recording to write (see --force)")],
        options: [
            .init("listen", "EP", help: "where producers push instead of segued (default \(defaultListen))"),
            .init(
                "listen-control", "EP",
                help: "where clients send commands instead of segued (default \(defaultListenControl); "
                    + "'none': no control proxy)"),
            .init(
                "stack", "S", help: "record only this stack's inputs (repeatable; all are forwarded)",
                repeatable: true),
            .init("duration-ms", "MS", help: "stop after MS milliseconds (default: on Ctrl-C, or after 7 days)"),
            .init("force", help: "replace FILE if it exists (a regular file)"),
            .init("json", help: "print the summary as JSON (the ready line goes to standard error)"),
        ] + Connection.stackOptions,
        examples: [
            "segue record session.rec",
            "segue record session.rec --cluster nats://127.0.0.1:4222 --stack demo",
            "segue record session.rec --stack demo --duration-ms 60000",
            "segue record swipe.rec & segue swipe demo --to 0.7 --ingest tcp://127.0.0.1:7711",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let path = arguments.positionals[0]
        let listen = arguments.string("listen") ?? defaultListen
        let listenControlOption = arguments.string("listen-control") ?? defaultListenControl
        let listenControl = listenControlOption == "none" ? nil : listenControlOption
        for endpoint in [listen, listenControl].compactMap({ $0 }) where !EndpointScope.isLocal(endpoint) {
            throw UsageError(
                "segue record: \(endpoint) is reachable beyond this machine, and the recorder's own "
                    + "sockets are plaintext; listen on tcp://127.0.0.1:PORT or ipc://PATH")
        }
        let stacks = Set(arguments.strings("stack"))
        let durationMs = try arguments.integer("duration-ms", in: 1...maxDurationMs)
        let connection = try Connection.forStacks(stacks.sorted(), arguments, command: "segue record")

        // Fail now, not at the first input, when the daemon is not there; and before FILE is touched, so that a
        // run that does not start leaves no file, nor replaces one.
        _ = try connection.control().stats()
        let proxy = try RecordingProxy(
            listenIngest: listen, listenControl: listenControl,
            daemon: connection.endpoints, curve: connection.curve)
        let file = try OutputFile(creating: path, replace: arguments.flag("force"))
        do {
            try file.write(Recording.header)
            try file.place()
        } catch {
            file.discard()
            throw error
        }
        StopSignals.install()
        let ready = "segue record ready ingest=\(proxy.ingestEndpoint) control=\(proxy.controlEndpoint ?? "none")"
        // With --json, standard output carries JSON only.
        if arguments.flag("json") { Console.error(ready) } else { Console.line(ready) }

        let started = ContinuousClock.now
        let deadline = started.advanced(by: .milliseconds(durationMs ?? maxDurationMs))
        var recorded = 0
        var forwarded = 0
        var buffer: [UInt8] = []
        func elapsedUs() -> UInt64 {
            let (seconds, attoseconds) = started.duration(to: .now).components
            return UInt64(max(seconds * 1_000_000 + attoseconds / 1_000_000_000_000, 0))
        }
        do {
            while !StopSignals.stopped {
                let left = Deadline(deadline).remainingMs
                if left == 0 { break }
                if connection.holder?.successorIfDue() != nil, let holder = connection.holder {
                    try proxy.forward(to: holder.endpoints)
                }
                try proxy.pump(timeoutMs: min(100, left)) { payload in
                    forwarded += 1
                    guard stacks.isEmpty || stacks.contains(stackId(of: payload) ?? "") else { return }
                    buffer.removeAll(keepingCapacity: true)
                    // Within the longest offset a player takes, however late the last pump ends.
                    let offsetUs = min(elapsedUs(), Recording.maxOffsetUs)
                    Recording.encode(Recording.Record(offsetUs: offsetUs, payload: payload), into: &buffer)
                    try file.write(buffer)
                    recorded += 1
                }
            }
        } catch {
            proxy.close()
            try? file.close()
            throw error
        }
        let seconds = Double(elapsedUs()) / 1_000_000
        proxy.close()
        try file.close()
        if arguments.flag("json") {
            var object = JSONObject()
            object.add("file", path)
            object.add("inputs", UInt64(recorded))
            object.add("forwarded", UInt64(forwarded))
            object.add("bytes", UInt64(file.byteCount))
            object.addRaw("seconds", JSONObject.number((seconds * 1000).rounded() / 1000))
            Console.line(object.description)
        } else {
            Console.line(
                "recorded \(recorded) inputs (\(file.byteCount) bytes) in \(TextFormat.fixed(seconds, 1)) s "
                    + "to \(path); forwarded \(forwarded)")
        }
    }

    /// The stack an encoded `Input` is for, or nil when it does not decode or names none.
    static func stackId(of payload: [UInt8]) -> String? {
        (try? Input(decoding: payload)).flatMap(stackId(of:))
    }

    /// The stack an `Input` is for, or nil when it names none.
    static func stackId(of input: Input) -> String? {
        switch input.body {
        case .pan(let pan)?: pan.stackId
        case .command(let command)?: command.stackId
        case .probe?, nil: nil
        }
    }
}
