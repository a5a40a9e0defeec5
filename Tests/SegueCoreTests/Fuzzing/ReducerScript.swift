// The reducer's fuzz check, shared by the libFuzzer target Fuzz/Sources/FuzzSupport (a symlink to this file) and
// the corpus replay in ReducerCorpusTests: it must compile in both, so it uses only the public API of SegueCore.

import SegueCore
import SegueWire

/// Bytes read as a short script of timed inputs for an `EngineCore`, and the invariants its outcomes must keep.
///
/// Each step is a header byte, then for inputs and requests a length and that many payload bytes:
/// - header bits 0-1: 0 or 3 an ingest `Input`, 1 a control `Request`, 2 a clock tick (no payload);
/// - header bits 2-7: d, the time before the step, d² × 250 µs (0 to about 1 s);
/// - length: one byte below 0x80, else two bytes, big-endian, of which the first has its top bit cleared.
///
/// Undecodable payloads are skipped, so every byte string is a script; a mutation that breaks one message still
/// runs the rest.
public struct ReducerScript: Sendable {
    /// What a step hands the core.
    public enum Kind: UInt8, Sendable {
        case ingest = 0
        case request = 1
        case tick = 2
    }

    /// One timed step.
    public struct Step: Sendable {
        public var delayCode: UInt8
        public var kind: Kind
        public var payload: [UInt8]

        /// A step `delayCode² × 250 µs` after the previous one.
        public init(delayCode: UInt8, kind: Kind, payload: [UInt8] = []) {
            self.delayCode = min(delayCode, 63)
            self.kind = kind
            self.payload = payload
        }

        /// An ingest input.
        public static func ingest(_ input: Input, after delayCode: UInt8 = 1) -> Step {
            Step(delayCode: delayCode, kind: .ingest, payload: input.encoded())
        }

        /// A control request.
        public static func request(_ request: Request, after delayCode: UInt8 = 1) -> Step {
            Step(delayCode: delayCode, kind: .request, payload: request.encoded())
        }

        /// The time before the step, in microseconds.
        public var delayUs: Int64 { Int64(delayCode) * Int64(delayCode) * 250 }
    }

    /// The most steps a script runs: longer inputs are cut, which keeps each run short.
    public static let maxSteps = 64

    public var steps: [Step]

    /// A script of `steps`.
    public init(_ steps: [Step]) {
        self.steps = steps
    }

    /// Reads a script from any bytes (see the type's description).
    public init(parsing bytes: UnsafeRawBufferPointer) {
        steps = []
        var index = 0
        while index < bytes.count && steps.count < Self.maxSteps {
            let header = bytes[index]
            index += 1
            let delayCode = header >> 2
            let kind: Kind
            switch header & 0x03 {
            case 1: kind = .request
            case 2: kind = .tick
            default: kind = .ingest
            }
            guard kind != .tick else {
                steps.append(Step(delayCode: delayCode, kind: .tick))
                continue
            }
            guard index < bytes.count else { break }
            var length = Int(bytes[index])
            index += 1
            if length >= 0x80 {
                guard index < bytes.count else { break }
                length = (length & 0x7F) << 8 | Int(bytes[index])
                index += 1
            }
            let end = min(bytes.count, index + length)
            steps.append(Step(delayCode: delayCode, kind: kind, payload: Array(bytes[index..<end])))
            index = end
        }
    }

    /// The bytes `init(parsing:)` reads back as this script.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        for step in steps {
            bytes.append(step.delayCode << 2 | step.kind.rawValue)
            guard step.kind != .tick else { continue }
            let length = min(step.payload.count, 0x7FFF)
            if length < 0x80 {
                bytes.append(UInt8(length))
            } else {
                bytes.append(UInt8(0x80 | length >> 8))
                bytes.append(UInt8(length & 0xFF))
            }
            bytes.append(contentsOf: step.payload.prefix(length))
        }
        return bytes
    }
}

/// Runs a `ReducerScript` through an `EngineCore` that starts with a few stacks, the way the engine loop drives it,
/// and reports every broken invariant.
public struct ReducerRun {
    /// Engine time at the start: an epoch-like value, so that nothing relies on time starting at 0.
    public static let startUs: Int64 = 1_700_000_000_000_000
    /// Small limits, so that scripts reach them.
    public static let limits = Limits(maxStacks: 8, maxScreensPerStack: 12, maxPresentedDepth: 3)
    /// Longer than any transition can last: the longest gesture timeout (600 s) plus the longest settle.
    static let drainUs: Int64 = 700_000_000
    /// More wake-ups than the longest settle has frames (60 s at 240 fps) for every stack.
    static let maxWakes = 200_000

    /// The stacks every run starts with, each with a different profile and shape.
    public static let setup: [Command] = [
        Command(
            stackId: "nav",
            op: .create(
                CreateStack(
                    screens: ["Home", "List", "Detail"], config: StackConfig(size: Size(width: 390, height: 844))))),
        Command(
            stackId: "classic",
            op: .create(
                CreateStack(
                    screens: ["Home", "Detail"],
                    config: StackConfig(
                        size: Size(width: 400, height: 800), profile: "classic", fps: 30,
                        tuning: Tuning(gestureTimeoutMs: 300))))),
        Command(
            stackId: "tabs",
            op: .create(
                CreateStack(
                    tabs: ["One", "Two", "Three"], selectedTab: 1,
                    config: StackConfig(size: Size(width: 390, height: 844), profile: "ios")))),
        Command(
            stackId: "rtl",
            op: .create(
                CreateStack(
                    screens: ["A", "B"],
                    config: StackConfig(size: Size(width: 320, height: 640), profile: "flutter", rightToLeft: true)))),
        Command(
            stackId: "modal",
            op: .create(
                CreateStack(
                    screens: ["Root"], config: StackConfig(size: Size(width: 390, height: 844), profile: "modal")))),
        Command(stackId: "modal", op: .present(Present(screen: "Sheet", immediate: true))),
    ]

    public private(set) var core = EngineCore(limits: ReducerRun.limits)
    /// A fresh core that every event is restored into, as recovery would.
    public private(set) var restored = EngineCore(limits: ReducerRun.limits)
    public private(set) var now = ReducerRun.startUs
    public private(set) var problems: [String] = []
    /// How many rejections the script caused (seed scripts should cause few).
    public private(set) var rejectionCount = 0
    private var versions: [String: UInt64] = [:]
    private var lastTimeUs: Int64 = .min

    /// A core with the `setup` stacks.
    public init() {
        var outcome = Outcome()
        for command in Self.setup {
            if case .refused(let error) = core.apply(command, requestId: "setup", now: now, into: &outcome) {
                problems.append("setup command for '\(command.stackId)' refused: \(error.message)")
            }
        }
        check(outcome)
    }

    /// The problems a script of `bytes` runs into.
    public static func problems(in bytes: UnsafeRawBufferPointer) -> [String] {
        var run = ReducerRun()
        run.run(ReducerScript(parsing: bytes))
        return run.problems
    }

    /// `problems(in:)` for an array.
    public static func problems(in bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBytes { problems(in: $0) }
    }

    /// Runs every step, then the clock until everything has settled, checking the invariants as it goes.
    public mutating func run(_ script: ReducerScript) {
        for step in script.steps {
            now += step.delayUs
            var outcome = Outcome()
            switch step.kind {
            case .tick:
                // An idle engine wakes at each deadline; a busy one (the other kinds) catches up in one go.
                while let deadline = core.nextDeadline(), deadline <= now {
                    core.advance(to: deadline, into: &outcome)
                }
                core.advance(to: now, into: &outcome)
            case .ingest:
                core.advance(to: now, into: &outcome)
                if let input = try? Input(decoding: step.payload) {
                    core.apply(input, now: now, into: &outcome)
                }
            case .request:
                core.advance(to: now, into: &outcome)
                if let request = try? Request(decoding: step.payload) {
                    answer(request, into: &outcome)
                }
            }
            check(outcome)
        }
        // Then idle, waking at each deadline as the engine does, until every transition must have ended.
        let end = now + Self.drainUs
        var wakes = 0
        while let deadline = core.nextDeadline(), deadline <= end, wakes < Self.maxWakes {
            now = max(now, deadline)
            var outcome = Outcome()
            core.advance(to: now, into: &outcome)
            check(outcome)
            wakes += 1
        }
        if wakes == Self.maxWakes { problems.append("the clock still had work after \(wakes) wake-ups") }
        now = end
        checkSettled()
    }

    /// What the control socket does with a request that reaches the core.
    private mutating func answer(_ request: Request, into outcome: inout Outcome) {
        switch request.body {
        case .command(let command):
            let before = outcome.events.count
            let result = core.apply(command, requestId: request.requestId, now: now, into: &outcome)
            guard case .applied(let applied) = result, applied.lastPosition != 0 else { return }
            // A result names the positions of the command's own events, which end the outcome.
            if outcome.events.last?.position != applied.lastPosition
                || !outcome.events[before...].contains(where: { $0.position == applied.firstPosition })
            {
                problems.append("command result \(applied) does not match the events appended")
            }
        case .getStack(let get):
            if let state = core.state(of: get.stackId, now: now), state.version != core.stacks[get.stackId]?.version {
                problems.append("state of '\(get.stackId)' reports version \(state.version)")
            }
        default:
            break
        }
    }

    /// The invariants every outcome keeps: positions and per-stack versions without gaps, event times that never
    /// go back, and events that a fresh core restores.
    private mutating func check(_ outcome: Outcome) {
        rejectionCount += outcome.rejections.count
        for event in outcome.events {
            if event.position != restored.headPosition + 1 {
                problems.append("event at position \(event.position) follows \(restored.headPosition)")
            }
            let expected: UInt64
            if case .stackCreated = event.body { expected = 1 } else { expected = (versions[event.stackId] ?? 0) + 1 }
            if event.version != expected {
                problems.append(
                    "event \(event.position) of '\(event.stackId)' has version \(event.version), not \(expected)")
            }
            if case .deleted = event.body {
                versions[event.stackId] = nil
            } else {
                versions[event.stackId] = event.version
            }
            if event.timeUs < lastTimeUs {
                problems.append("event \(event.position) at \(event.timeUs) µs goes back from \(lastTimeUs) µs")
            }
            lastTimeUs = max(lastTimeUs, event.timeUs)
            do {
                try restored.restore(event)
            } catch {
                problems.append("a fresh core does not restore event \(event.position): \(error)")
                // Keep checking the rest against the live state rather than reporting every later event.
                restored = core
                return
            }
        }
        if core.headPosition != restored.headPosition {
            problems.append("the core's head \(core.headPosition) differs from its events' \(restored.headPosition)")
        }
    }

    /// After the long final wait: nothing moves any more, and the restored core holds the same stacks.
    private mutating func checkSettled() {
        if let deadline = core.nextDeadline() {
            problems.append("a deadline at \(deadline) µs remains \(Self.drainUs) µs after the last input")
        }
        for (id, stack) in core.stacks {
            if let transition = stack.transition {
                problems.append("stack '\(id)' still has transition \(transition.id) in flight")
            }
        }
        if core.stacks != restored.stacks {
            let differing = Set(core.stacks.keys).union(restored.stacks.keys)
                .filter { core.stacks[$0] != restored.stacks[$0] }.sorted()
            problems.append("restoring the events gives other stacks: \(differing)")
        }
    }
}
