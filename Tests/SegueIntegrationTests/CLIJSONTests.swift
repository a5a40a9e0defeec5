import SegueClient
import SegueJSON
import SegueWire
import Testing

/// The hand-written proto3-style JSON of `--json` outputs.
@Suite("JSON rendering")
struct CLIJSONTests {
    @Test("strings are escaped")
    func escaping() {
        #expect(JSONObject.quoted("a\"b\\c\nd\u{1}é") == #""a\"b\\c\nd\u0001é""#)
    }

    @Test("numbers: whole doubles without a fraction, non-finite values as proto3 strings")
    func numbers() {
        #expect(JSONObject.number(390) == "390")
        #expect(JSONObject.number(0.25) == "0.25")
        #expect(JSONObject.number(-1.5) == "-1.5")
        #expect(JSONObject.number(.nan) == #""NaN""#)
        #expect(JSONObject.number(-.infinity) == #""-Infinity""#)
    }

    @Test("defaults are left out, enums are named, a set oneof member is written even when empty")
    func event() {
        let began = Event(
            position: 12, stackId: "demo", version: 5, timeUs: 0, requestId: "",
            body: .began(
                TransitionBegan(
                    transitionId: 1, operation: .pop, fromScreen: "Detail",
                    toScreen: "Home", interactive: true, gestureId: 7)))
        #expect(
            began.json == #"{"position":12,"stackId":"demo","version":5,"began":{"transitionId":1,"#
                + #""operation":"POP","fromScreen":"Detail","toScreen":"Home","interactive":true,"gestureId":7}}"#)
        let deleted = Event(position: 3, stackId: "x", version: 2, body: .deleted(StackDeleted()))
        #expect(deleted.json == #"{"position":3,"stackId":"x","version":2,"deleted":{}}"#)
        let unknown = ErrorDetail(code: ErrorCode(rawValue: 99), message: "")
        #expect(unknown.json == #"{"code":99}"#)
    }

    @Test("rejections, stats and replies")
    func others() {
        let rejection = Rejection(
            stackId: "demo", gestureId: 7,
            error: ErrorDetail(code: .gestureRejected, message: "edge_width"))
        #expect(
            rejection.json
                == #"{"stackId":"demo","gestureId":7,"error":{"code":"GESTURE_REJECTED","message":"edge_width"}}"#)
        #expect(Stats(headPosition: 4, stacks: 1).json == #"{"headPosition":4,"stacks":1}"#)
        let reply = Reply(requestId: "r1", body: .command(CommandResult(firstPosition: 2, lastPosition: 4, version: 4)))
        #expect(reply.json == #"{"requestId":"r1","command":{"firstPosition":2,"lastPosition":4,"version":4}}"#)
        #expect(Publication.rejection(rejection).json.hasPrefix(#"{"rejection":{"stackId":"demo""#))
        let tuning = Tuning(edgeWidth: 0, settleMs: 250)
        #expect(tuning.json == #"{"edgeWidth":0,"settleMs":250}"#)
    }
}
