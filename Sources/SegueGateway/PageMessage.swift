import SegueClient
import SegueCore
import SegueJSON
import SegueWire

/// One message a page sends `segue web` (docs/protocol.md, "Browsers"): a JSON object with exactly one of the
/// members below, and optionally `"ref"`, a string of at most 128 bytes echoed in the answer so a page can match
/// answers to questions.
enum PageMessage: Sendable {
    /// `{"input": Input}`: a pan or a command for the ingest socket, fire and forget (refusals come back as
    /// rejections on the stacks the page watches).
    case input(Input)
    /// `{"request": Request}`: a control request, answered by `{"reply": Reply}`.
    case request(Request)
    /// `{"watch": {"stackId": "x", "frames": false}}` (frames default to true) or `{"watch": {"all": true}}` (the
    /// events of every stack, no frames): answered by `{"watching": …}` once the subscription is live.
    case watch(Watch)
    /// `{"unwatch": …}`, with the same members as the watch it ends.
    case unwatch(Watch)
    /// `{"history": {"stackId": "x"}}`: the stack's events from the log with the frames they imply, regenerated
    /// as `segue replay --frames` does.
    case history(stackId: String)
    /// `{"compare": {…}}`: one gesture run through several profiles (``GestureComparison``).
    case compare(GestureComparison)
    /// `{"recording": {"data": "<Base64>"}}`: the gestures of a recording file (``RecordedGestures``), for the page
    /// to compare.
    case recording(RecordedGestures)
    /// `{"gatewayStats": {}}`: the gateway's own counters.
    case gatewayStats
    /// `{"batching": {"on": true}}`: messages that wait for the page together are written as one `{"batch": [...]}`
    /// (``PageOutbox``), decided as they are written, so the answer itself may come in one; `false` turns it off.
    case batching(Bool)
    /// `{"scratch": {"stackId": "x"}}`: the page's own stack, which the gateway deletes when the page goes away
    /// (one per page: a later one takes its place); answered by `{"scratch": …}`.
    case scratch(stackId: String)

    /// What a page watches: one stack (with or without its frames) or every stack's events.
    struct Watch: Hashable, Sendable {
        var stackId: String
        var frames: Bool
        var all: Bool
    }

    /// Reads a message and its `ref`.
    /// - Throws: `JSONInputError` naming what is wrong; `ref` is then whatever could be read, for the error reply.
    static func parse(_ bytes: [UInt8]) throws(PageMessageError) -> (PageMessage, ref: String) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: bytes)
        } catch {
            throw PageMessageError(ref: "", error: error)
        }
        var ref = ""
        do throws(JSONInputError) {
            var body: (key: String, value: JSONValue)?
            for (key, value) in try json.members(at: "") {
                if key == "ref" {
                    let given = try value.string(at: "ref")
                    guard given.utf8.count <= 128 else { throw JSONInputError(path: "ref", message: "over 128 bytes") }
                    ref = given
                    continue
                }
                guard Self.kinds.contains(key) else {
                    throw JSONInputError(
                        path: "",
                        message: "unknown member \"\(key)\"; a message has one of "
                            + Self.kinds.joined(separator: ", ") + " (and optionally ref)")
                }
                guard body == nil else {
                    throw JSONInputError(
                        path: "",
                        message: "\"\(body!.key)\" and \"\(key)\" in one message; send one "
                            + "per message")
                }
                body = (key, value)
            }
            guard let body else {
                throw JSONInputError(
                    path: "",
                    message: "empty message; expected one of "
                        + Self.kinds.joined(separator: ", "))
            }
            return (try message(body.key, body.value), ref)
        } catch {
            throw PageMessageError(ref: ref, error: error)
        }
    }

    static let kinds = [
        "input", "request", "watch", "unwatch", "history", "compare", "recording", "gatewayStats",
        "scratch", "batching",
    ]

    private static func message(_ key: String, _ value: JSONValue) throws(JSONInputError) -> PageMessage {
        switch key {
        case "input": return .input(try Input(json: value, path: key))
        case "request": return .request(try Request(json: value, path: key))
        case "watch": return .watch(try watch(value, path: key))
        case "unwatch": return .unwatch(try watch(value, path: key))
        case "history": return .history(stackId: try stackId(value, path: key))
        case "scratch": return .scratch(stackId: try stackId(value, path: key))
        case "compare": return .compare(try GestureComparison(json: value, path: key))
        case "recording": return .recording(try RecordedGestures(json: value, path: key))
        case "batching": return .batching(try batching(value, path: key))
        default:
            _ = try value.members(at: key)
            return .gatewayStats
        }
    }

    /// The one member of `{"stackId": "x"}`, checked.
    private static func stackId(_ value: JSONValue, path: String) throws(JSONInputError) -> String {
        var stackId: String?
        if let member = try soleMember("stackId", of: value, path: path) {
            stackId = try member.string(at: JSONValue.member(path, "stackId"))
        }
        guard let stackId, !stackId.isEmpty else {
            throw JSONInputError(path: path, message: "stackId is required")
        }
        if let problem = Validation.checkStackId(stackId) {
            throw JSONInputError(path: JSONValue.member(path, "stackId"), message: problem.message)
        }
        return stackId
    }

    /// The one member of `{"on": true}`, which is required.
    private static func batching(_ value: JSONValue, path: String) throws(JSONInputError) -> Bool {
        guard let member = try soleMember("on", of: value, path: path) else {
            throw JSONInputError(path: path, message: "on is required: true or false")
        }
        return try member.bool(at: JSONValue.member(path, "on"))
    }

    /// The value of `name` in an object that may have no other member; nil when it is absent.
    private static func soleMember(_ name: String, of value: JSONValue, path: String) throws(JSONInputError)
        -> JSONValue?
    {
        var found: JSONValue?
        for (key, member) in try value.members(at: path) {
            guard key == name else {
                throw JSONInputError(path: path, message: "unknown field \"\(key)\" (\(path) has \(name))")
            }
            found = member
        }
        return found
    }

    private static func watch(_ value: JSONValue, path: String) throws(JSONInputError) -> Watch {
        var watch = Watch(stackId: "", frames: true, all: false)
        for (name, member) in try value.members(at: path) {
            let at = JSONValue.member(path, name)
            switch name {
            case "stackId": watch.stackId = try member.string(at: at)
            case "frames": watch.frames = try member.bool(at: at)
            case "all": watch.all = try member.bool(at: at)
            default:
                throw JSONInputError(
                    path: path, message: "unknown field \"\(name)\" (\(path) has stackId, frames, all)")
            }
        }
        guard watch.all != !watch.stackId.isEmpty else {
            throw JSONInputError(path: path, message: "give either a stackId or \"all\": true")
        }
        if watch.all {
            watch.frames = false
        } else if let problem = Validation.checkStackId(watch.stackId) {
            throw JSONInputError(path: JSONValue.member(path, "stackId"), message: problem.message)
        }
        return watch
    }
}

/// A page message that could not be read, with the `ref` it carried (if that much could be read).
struct PageMessageError: Error {
    let ref: String
    let error: JSONInputError
}
