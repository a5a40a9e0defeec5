import SegueClient
import SegueCommandLine
import SegueCore
import SegueEngine
import SegueJSON
import SegueWire

/// `segue replay DIR [--verify] [--frames] [--stacks] [--json]`: reads a data directory offline and prints its
/// events, the frames they imply, and the stacks they leave; `--verify` checks the directory from end to end.
enum ReplayCommand {
    static let subcommand = Subcommand(
        name: "replay", brief: "print (and verify) a data directory's log, offline", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue replay",
        summary: "Read a data directory offline and print every event of its log (the lines of `segue tail`), then "
            + "a summary line. Safe beside a running segued: it takes no lock and changes nothing; a torn last "
            + "record is reported, not cut. --verify checks every checksum, that no valid record follows a damaged "
            + "one, that no segment the log's manifest names is missing, that positions run without gaps from "
            + "the oldest kept one to the head, versions per stack without gaps, times never decreasing, that the "
            + "state accepts every event, and that each snapshot equals the state replayed to its position; it "
            + "exits 1 naming the first position that is wrong.",
        positionals: [.init("DIR", help: "the data directory (segued --data)")],
        options: [
            .init("verify", help: "check the directory; exit 1 with the position of the first problem"),
            .init("frames", help: "also print the frames the events imply, regenerated as segued published them"),
            .init("stacks", help: "print every stack's state at the end of the log"),
            .init("quiet", help: "print no events (with --verify: just check)"),
            .init(
                "json",
                help: "one JSON object per line: {\"event\":…}, {\"frame\":…}, {\"stack\":…}, then "
                    + "{\"summary\":…}"),
        ],
        examples: [
            "segue replay ./segue-data --verify --quiet",
            "segue replay /backup/segue-data --frames",
            "segue replay ./segue-data --stacks --json > replay.jsonl",
        ])

    /// The exit-1 failure of `--verify`, printed as `segue: replay: …`.
    struct VerifyFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// How many problems are listed before the rest are only counted.
    static let listedProblems = 20

    static func run(_ arguments: ParsedArguments) throws {
        let directory = arguments.positionals[0]
        let json = arguments.flag("json")
        let quiet = arguments.flag("quiet")
        let replay: DirectoryReplay
        do {
            replay = try DirectoryReplay(dataDirectory: directory)
        } catch {
            throw VerifyFailure(description: "replay: \(error.description)")
        }
        defer { replay.close() }
        // Lines go through print's buffer (flushed at exit): a log can hold millions of events.
        replay.run(frames: arguments.flag("frames")) { item in
            guard !quiet else { return }
            switch item {
            case .event(let event): print(json ? Publication.event(event).json : TextFormat.line(event))
            case .frame(let frame): print(json ? Publication.frame(frame).json : TextFormat.line(frame))
            }
        }
        let core = replay.core
        if arguments.flag("stacks") {
            for id in core.stacks.keys.sorted() {
                guard let state = core.state(of: id, now: core.clockUs) else { continue }
                if json {
                    var object = JSONObject()
                    object.add("stack", state.jsonObject)
                    print(object.description)
                } else {
                    for line in TextFormat.lines(state) { print(line) }
                }
            }
        }
        print(summary(replay, json: json))
        Console.flush()
        if let torn = replay.tornTail, !replay.tailIsCorrupt, let offset = torn.truncatedAtOffset,
            let reason = torn.reason
        {
            Console.error(
                "segue: warning: \(torn.segmentPath ?? "the last segment") ends in \(torn.truncatedBytes) "
                    + "bytes that are not a whole record (\(reason.rawValue)) from byte \(offset), after position "
                    + "\(replay.headPosition): a torn write that segued cuts when it starts, or a record being written")
        }
        for problem in replay.problems.prefix(listedProblems) {
            Console.error("segue: replay: \(problem)")
        }
        if replay.problems.count > listedProblems {
            Console.error("segue: replay: and \(replay.problems.count - listedProblems) more problems")
        }
        if arguments.flag("verify"), let first = replay.problems.first {
            throw VerifyFailure(
                description: "replay: verify failed: \(replay.problems.count) problem(s), the first at "
                    + "\(first)")
        }
    }

    /// `summary events=N stacks=M first=F head=H snapshots=S torn_bytes=T ok=true`, or its JSON object.
    static func summary(_ replay: DirectoryReplay, json: Bool) -> String {
        let torn = replay.tornTail?.truncatedBytes ?? 0
        if json {
            var fields = JSONObject()
            fields.addRaw("events", String(replay.eventCount))
            fields.addRaw("stacks", String(replay.core.stacks.count))
            fields.addRaw("first", String(replay.firstPosition))
            fields.addRaw("head", String(replay.headPosition))
            fields.addRaw("snapshots", String(replay.snapshotsCompared))
            fields.addRaw("tornBytes", String(torn))
            fields.addRaw("ok", replay.isConsistent ? "true" : "false")
            var object = JSONObject()
            object.add("summary", fields)
            return object.description
        }
        return "summary events=\(replay.eventCount) stacks=\(replay.core.stacks.count) first=\(replay.firstPosition) "
            + "head=\(replay.headPosition) snapshots=\(replay.snapshotsCompared) torn_bytes=\(torn) "
            + "ok=\(replay.isConsistent)"
    }
}
