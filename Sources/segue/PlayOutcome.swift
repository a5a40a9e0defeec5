import SegueClient
import SegueCore
import SegueJSON
import SegueWire

/// What segued made of the inputs `segue play` sent, told by the rejections it published.
///
/// An ingest input gets no reply: segued publishes a `Rejection` on `er/<stack>/` when it refuses one and nothing
/// when it applies it. Each rejection is matched to an input that was sent by what both carry: the stack and the
/// gesture id of a pan, the stack and the request id of a command. A rejection that matches no input sent (another
/// producer's, or one more of a kind than were sent) is not counted.
struct PlayOutcome {
    /// What a rejection shares with the input it refuses. Ids segued would not echo (an invalid stack id, a request
    /// id past its limits) are left empty on both sides, as are those of inputs that do not decode.
    struct Key: Hashable {
        var stackId = ""
        var gestureId: UInt64 = 0
        var requestId = ""

        /// The key of an input as sent; nil bytes that do not decode.
        init(_ input: Input?) {
            switch input?.body {
            case .pan(let pan)?:
                self.init(stackId: pan.stackId, gestureId: pan.gestureId)
            case .command(let command)?:
                self.init(stackId: command.stackId, requestId: command.requestId)
            case .probe?, nil:
                self.init()
            }
        }

        /// The key of a rejection.
        init(_ rejection: Rejection) {
            self.init(stackId: rejection.stackId, gestureId: rejection.gestureId, requestId: rejection.requestId)
        }

        private init(stackId: String = "", gestureId: UInt64 = 0, requestId: String = "") {
            self.stackId = Validation.checkStackId(stackId) == nil ? stackId : ""
            self.gestureId = gestureId
            self.requestId = Validation.checkRequestId(requestId) == nil ? requestId : ""
        }

        /// The topic segued publishes this key's rejections under: `er/<stack>/`, or `er//` without a valid stack.
        var rejectionTopic: String { Topic.rejection.prefix(stackId) }
    }

    /// The rejections of one error code.
    struct Refusals {
        let code: ErrorCode
        var count = 0
        /// The stacks they were for, in order of first rejection (empty: inputs that named no valid stack).
        var stacks: [String] = []
        /// The first one's message: what was wrong, in segued's words.
        let firstMessage: String
    }

    /// The most stacks whose rejections are subscribed to one topic each. A SUB socket sends its subscriptions
    /// within its send high-water mark (1000 messages) and drops the rest, the probe that proves them live too;
    /// past this many stacks, all rejections are subscribed to (`er/`), and those of inputs not sent are not counted.
    static let maxRejectionTopics = 64

    /// The topics to subscribe to for the rejections of `inputs` (as sent; nil for bytes that do not decode).
    static func rejectionPrefixes(of inputs: [Input?]) -> [String] {
        let topics = Set(inputs.map { Key($0).rejectionTopic })
        return topics.count > maxRejectionTopics ? [Topic.rejection.prefix] : topics.sorted()
    }

    private(set) var sent = 0
    private(set) var rejected = 0
    /// By error code, in order of first rejection.
    private(set) var refusals: [Refusals] = []
    /// How many inputs sent under each key have not been matched with a rejection yet.
    private var unmatched: [Key: Int] = [:]

    /// Inputs sent and not refused.
    var accepted: Int { sent - rejected }

    /// Counts an input just sent.
    mutating func sent(_ input: Input?) {
        sent += 1
        unmatched[Key(input), default: 0] += 1
    }

    /// Takes a publication read from the events socket; rejections of inputs sent are counted.
    mutating func observe(_ publication: Publication) {
        guard case .rejection(let rejection) = publication else { return }
        let key = Key(rejection)
        guard let left = unmatched[key], left > 0 else { return }
        unmatched[key] = left - 1
        rejected += 1
        let code = rejection.error?.code ?? .ok
        let index: Int
        if let known = refusals.firstIndex(where: { $0.code == code }) {
            index = known
        } else {
            refusals.append(Refusals(code: code, firstMessage: rejection.error?.message ?? ""))
            index = refusals.count - 1
        }
        refusals[index].count += 1
        if !refusals[index].stacks.contains(key.stackId) { refusals[index].stacks.append(key.stackId) }
    }

    /// `rejected 4 of 66: TRANSITION_IN_PROGRESS x2 (stack demo), NOTHING_TO_POP x2 (stacks a, b)`, then each
    /// code's first message on a line of its own.
    var rejectionSummary: String {
        let counts = refusals.map { "\($0.code) x\($0.count) (\(Self.describe(stacks: $0.stacks)))" }
        let messages = refusals.map { "  \($0.code): \($0.firstMessage)" }
        return (["rejected \(rejected) of \(sent): " + counts.joined(separator: ", ")] + messages)
            .joined(separator: "\n")
    }

    /// The rejections for `--json`: one object per code.
    var rejectionObjects: [JSONObject] {
        refusals.map { refusals in
            var object = JSONObject()
            object.add("code", "\(refusals.code)")
            object.add("count", UInt64(refusals.count))
            object.add("stacks", refusals.stacks)
            object.add("message", refusals.firstMessage)
            return object
        }
    }

    /// `stack demo`, `stacks a, b, c and 2 more`, `no valid stack`.
    private static func describe(stacks: [String]) -> String {
        let none = "no valid stack"
        if stacks == [""] { return none }
        let named = stacks.map { $0.isEmpty ? none : $0 }
        let more = named.count > 3 ? " and \(named.count - 3) more" : ""
        return (named.count == 1 ? "stack " : "stacks ") + named.prefix(3).joined(separator: ", ") + more
    }
}
