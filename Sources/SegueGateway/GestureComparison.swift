import SegueClient
import SegueCore
import SegueJSON
import SegueWire

/// One recorded gesture run through several profiles on a fresh engine each, with manual times: the page's
/// side-by-side comparison. Nothing reaches the daemon or its log, and the same gesture always gives the same
/// frames.
///
/// The stack is [Home, Detail] of `size` (default 390 x 844), or the tabs [Tab 1, Tab 2, Tab 3] on the first for a
/// swipe between tabs. The pans keep their gesture id, positions and
/// spacing in time; the first one happens at engine time 1 s, and the engine's clock runs between them as it
/// would live, then through every deadline until the transition has completed.
struct GestureComparison: Sendable {
    var profiles: [String] = []
    var size = Size(width: 390, height: 844)
    var rightToLeft = false
    var fps: UInt32 = 60
    var pans: [PanEvent] = []

    static let maxProfiles = 4
    static let maxPans = 5000
    /// Ten minutes: far longer than any swipe, short enough that the engine's clock never nears overflow.
    static let maxSpanUs: Int64 = 600_000_000
    static let originUs: Int64 = 1_000_000

    /// Reads `{"profiles": [..], "size": {..}, "rightToLeft": bool, "fps": n, "pans": [PanEvent, ..]}`.
    init(json: JSONValue, path: String) throws(JSONInputError) {
        for (name, member) in try json.members(at: path) {
            let at = JSONValue.member(path, name)
            switch name {
            case "profiles":
                profiles = try member.elements(at: at).enumerated().map { (index, element) throws(JSONInputError) in
                    try element.string(at: at + "[\(index)]")
                }
            case "size": size = try Size(json: member, path: at)
            case "rightToLeft": rightToLeft = try member.bool(at: at)
            case "fps": fps = try member.uint32(at: at)
            case "pans":
                pans = try member.elements(at: at).enumerated().map { (index, element) throws(JSONInputError) in
                    try PanEvent(json: element, path: at + "[\(index)]")
                }
            default:
                throw JSONInputError(
                    path: path,
                    message: "unknown field \"\(name)\" (compare has profiles, size, "
                        + "rightToLeft, fps, pans)")
            }
        }
        if let long = profiles.firstIndex(where: { $0.utf8.count > 64 }) {
            throw JSONInputError(
                path: JSONValue.member(path, "profiles") + "[\(long)]",
                message: "over 64 bytes; "
                    + "profile names are short")
        }
        guard (1...Self.maxProfiles).contains(profiles.count) else {
            throw JSONInputError(
                path: JSONValue.member(path, "profiles"),
                message: "give 1 to \(Self.maxProfiles) "
                    + "profile names")
        }
        guard (1...Self.maxPans).contains(pans.count) else {
            throw JSONInputError(path: JSONValue.member(path, "pans"), message: "give 1 to \(Self.maxPans) pan events")
        }
        try checkTimes(path: JSONValue.member(path, "pans"))
    }

    /// The pans are replayed on the engine's clock, which only runs forward: their times must not go back, and
    /// the gesture must last at most `maxSpanUs`.
    private func checkTimes(path: String) throws(JSONInputError) {
        let firstUs = pans[0].timestampUs
        var previousUs = firstUs
        for (index, pan) in pans.enumerated() {
            let at = JSONValue.member(path + "[\(index)]", "timestampUs")
            guard pan.timestampUs >= previousUs else {
                throw JSONInputError(path: at, message: "goes back in time (\(pan.timestampUs) after \(previousUs))")
            }
            let (spanUs, overflow) = pan.timestampUs.subtractingReportingOverflow(firstUs)
            guard !overflow, spanUs <= Self.maxSpanUs else {
                throw JSONInputError(
                    path: at, message: "is more than \(Self.maxSpanUs / 1_000_000) s after the first pan")
            }
            previousUs = pan.timestampUs
        }
    }

    /// Fewer bytes of JSON than one frame or event of a comparison takes: a frame's members with its two screens
    /// (Home and Detail) and their rects come to 294 bytes or more, an event of the stack "compare" to 175 or more
    /// (GestureComparisonTests checks both); the margins cover the shortest numbers and sizes. Counted against
    /// the answer's limit while the engine runs, they refuse an answer that cannot fit before any JSON is built
    /// (and before the engine has made much more than the limit's worth of frames), never one that would.
    static let minFrameJSONBytes = 260
    static let minEventJSONBytes = 150

    /// `{"comparison": {"runs": [{"profile": p, "events": [..], "frames": [..]} or {"profile": p, "error": {..}}]}}`.
    /// - Throws: `Refusal` (RESOURCE_EXHAUSTED) as soon as the events and frames of all runs so far must come to
    ///   more than `maxAnswerBytes` of JSON, before it is built.
    func run(maxAnswerBytes: Int) throws(Refusal) -> JSONObject {
        var outcomes: [(profile: String, outcome: Result<Outcome, Refusal>)] = []
        var budget = AnswerBudget(maxBytes: maxAnswerBytes)
        for profile in profiles {
            do throws(Refusal) {
                outcomes.append((profile, .success(try run(profile: profile, budget: &budget))))
            } catch  where error.detail.code == .resourceExhausted && budget.isExceeded {
                throw error
            } catch {
                outcomes.append((profile, .failure(error)))
            }
        }
        var runs: [JSONObject] = []
        for (profile, result) in outcomes {
            var object = JSONObject()
            object.addRaw("profile", JSONObject.quoted(profile))
            switch result {
            case .success(let outcome):
                object.add("events", outcome.events.map(\.jsonObject))
                object.add("frames", outcome.frames.map(\.jsonObject))
            case .failure(let error):
                object.add("error", error.detail.jsonObject)
            }
            runs.append(object)
        }
        var comparison = JSONObject()
        comparison.add("runs", runs)
        var message = JSONObject()
        message.add("comparison", comparison)
        return message
    }

    private static let stackId = "compare"
    /// The tabs of a comparison of tab swipes, as the page's playground names them.
    static let tabs = ["Tab 1", "Tab 2", "Tab 3"]

    /// The least the answer's JSON can come to so far, from the counts of events and frames made.
    struct AnswerBudget {
        let maxBytes: Int
        var events = 0
        var frames = 0

        var leastBytes: Int {
            events * GestureComparison.minEventJSONBytes + frames * GestureComparison.minFrameJSONBytes
        }
        var isExceeded: Bool { leastBytes > maxBytes }

        /// - Throws: `Refusal` once the answer cannot fit.
        mutating func count(_ outcome: Outcome, since counted: inout (events: Int, frames: Int)) throws(Refusal) {
            events += outcome.events.count - counted.events
            frames += outcome.frames.count - counted.frames
            counted = (outcome.events.count, outcome.frames.count)
            guard isExceeded else { return }
            throw Refusal(
                ErrorDetail(
                    code: .resourceExhausted,
                    message: "the comparison's answer would be over \(maxBytes) bytes of JSON (\(events) events and "
                        + "\(frames) frames made when it was stopped, at least \(leastBytes) bytes); compare fewer "
                        + "profiles or a shorter gesture"))
        }
    }

    func run(profile: String, budget: inout AnswerBudget) throws(Refusal) -> Outcome {
        var core = EngineCore()
        var outcome = Outcome()
        var counted = (events: 0, frames: 0)
        let config = StackConfig(size: size, profile: profile, rightToLeft: rightToLeft, fps: fps)
        // A swipe between tabs needs a tab stack; a back swipe a screen to go back to.
        let stack =
            pans.contains { $0.target == .panTargetTabs }
            ? CreateStack(tabs: Self.tabs, selectedTab: 0, config: config)
            : CreateStack(screens: ["Home", "Detail"], config: config)
        let create = Command(stackId: Self.stackId, op: .create(stack))
        if case .refused(let error) = core.apply(create, requestId: "compare", now: Self.originUs, into: &outcome) {
            throw Refusal(error)
        }
        let firstUs = pans[0].timestampUs
        for var pan in pans {
            pan.stackId = Self.stackId
            pan.timestampUs = Self.originUs + (pan.timestampUs - firstUs)
            core.runClock(to: pan.timestampUs, into: &outcome)
            core.apply(pan, now: pan.timestampUs, into: &outcome)
            if let rejection = outcome.rejections.first {
                throw Refusal(rejection.error ?? ErrorDetail(code: .gestureRejected, message: "refused"))
            }
            try budget.count(outcome, since: &counted)
        }
        core.runUntilIdle(into: &outcome)
        try budget.count(outcome, since: &counted)
        return outcome
    }
}
