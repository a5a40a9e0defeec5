import SegueClient
import SegueCommandLine
import SegueJSON
import SegueWire
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// `segue play FILE`: sends a recording's inputs to segued again, at their recorded pace.
enum PlayCommand {
    static let subcommand = Subcommand(
        name: "play", brief: "send a recording's inputs again (segue record)", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue play",
        summary: "Send the inputs of a recording (segue record) to segued's ingest again, each at its recorded time "
            + "after the start, divided by --speed (0: as fast as possible). --stack-map renames stacks on the way, "
            + "so a session can be replayed beside the original. The bytes are sent as recorded otherwise.",
        positionals: [.init("FILE", help: "a recording made by segue record")],
        options: [
            .init("speed", "X", help: "time scale: 1 as recorded (default), 2 twice as fast, 0 without waiting"),
            .init("stack-map", "OLD=NEW", help: "send stack OLD's inputs to stack NEW (repeatable)", repeatable: true),
            .init("json", help: "print the summary as JSON"),
        ] + Connection.options,
        examples: [
            "segue play session.rec",
            "segue play session.rec --speed 0 --stack-map demo=demo-copy",
            "segue play session.rec --ingest tcp://10.0.0.5:7701 --control tcp://10.0.0.5:7702",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let path = arguments.positionals[0]
        let speed = try arguments.number("speed", in: 0...1000) ?? 1
        let stackMap = try map(arguments.strings("stack-map"))
        let connection = try Connection(arguments)

        let contents: Recording.Contents
        do {
            contents = try Recording.decode(try FileContents.read(path))
        } catch let error as Recording.FormatError {
            throw CLIFailure(code: .invalidArgument, message: "\(path): \(error.message)")
        }
        if contents.trailingBytes > 0 {
            Console.error(
                "segue play: \(path) ends with \(contents.trailingBytes) bytes of a partial record "
                    + "(the recorder was killed?); playing the \(contents.records.count) whole ones")
        }
        // PUSH cannot tell whether anyone receives: make sure a daemon answers before sending into the void.
        _ = try connection.control().stats()

        StopSignals.install()
        let socket: ZMQSocket
        do {
            socket = try ZMQContext().makeSocket(.push) { socket throws(ZMQError) in
                // Queued inputs reach the daemon when the command ends, if it takes them within a few seconds.
                try socket.setOption(.linger, 5000)
                try socket.setOption(.sendTimeout, 2000)
                try connection.curve?.apply(to: socket)
                try socket.connect(connection.endpoints.ingest)
            }
        } catch {
            throw ClientError.zmq(error)
        }
        defer { socket.close() }

        let started = ContinuousClock.now
        var sent = 0
        var renamed = 0
        for record in contents.records {
            if speed > 0 {
                let due = started.advanced(by: .microseconds(Double(record.offsetUs) / speed))
                guard wait(until: due) else { break }
            } else if StopSignals.stopped {
                break
            }
            var payload = record.payload
            if !stackMap.isEmpty, let rewritten = rewrite(payload, stackMap) {
                payload = rewritten
                renamed += 1
            }
            let accepted: Bool
            do {
                accepted = try socket.send([payload])
            } catch {
                throw ClientError.zmq(error)
            }
            guard accepted else {
                throw CLIFailure(
                    code: .unavailable,
                    message: "segued at \(connection.endpoints.ingest) took no "
                        + "input for 2 s; stopped after \(sent) of \(contents.records.count) inputs")
            }
            sent += 1
        }
        let (wholeSeconds, attoseconds) = started.duration(to: .now).components
        let seconds = Double(wholeSeconds) + Double(attoseconds) / 1e18
        if arguments.flag("json") {
            var object = JSONObject()
            object.add("file", path)
            object.add("inputs", UInt64(sent))
            object.add("recorded", UInt64(contents.records.count))
            object.add("renamed", UInt64(renamed))
            object.addRaw("seconds", JSONObject.number((seconds * 1000).rounded() / 1000))
            Console.line(object.description)
        } else {
            let rename = stackMap.isEmpty ? "" : " (\(renamed) renamed)"
            Console.line(
                "played \(sent) of \(contents.records.count) inputs\(rename) from \(path) in "
                    + "\(TextFormat.fixed(seconds, 1)) s")
        }
        if sent < contents.records.count {
            throw CLIFailure(
                code: .unavailable,
                message: "interrupted after \(sent) of \(contents.records.count) inputs")
        }
    }

    /// Sleeps until `due` in slices of at most 100 ms; false when SIGINT or SIGTERM came first.
    private static func wait(until due: ContinuousClock.Instant) -> Bool {
        while !StopSignals.stopped {
            let (seconds, attoseconds) = ContinuousClock.now.duration(to: due).components
            let leftUs = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
            if leftUs <= 0 { return true }
            usleep(UInt32(min(leftUs, 100_000)))
        }
        return false
    }

    /// `OLD=NEW` pairs as a dictionary.
    static func map(_ pairs: [String]) throws(UsageError) -> [String: String] {
        var map: [String: String] = [:]
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError("segue play: --stack-map takes OLD=NEW (two stack ids), not '\(pair)'")
            }
            guard map[parts[0]] == nil else {
                throw UsageError("segue play: --stack-map renames '\(parts[0])' twice")
            }
            map[parts[0]] = parts[1]
        }
        return map
    }

    /// `payload` with its stack id renamed per `map`, or nil when it is not an `Input` of a mapped stack (then it is
    /// sent unchanged).
    static func rewrite(_ payload: [UInt8], _ map: [String: String]) -> [UInt8]? {
        guard var input = try? Input(decoding: payload) else { return nil }
        switch input.body {
        case .pan(var pan)?:
            guard let renamed = map[pan.stackId] else { return nil }
            pan.stackId = renamed
            input.body = .pan(pan)
        case .command(var command)?:
            guard let renamed = map[command.stackId] else { return nil }
            command.stackId = renamed
            input.body = .command(command)
        case .probe?, nil:
            return nil
        }
        return input.encoded()
    }
}
