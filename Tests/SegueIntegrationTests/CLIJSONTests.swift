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

    @Test("defaults are written, enums are named, a set oneof member is written even when empty")
    func event() {
        let began = Event(
            position: 12, stackId: "demo", version: 5, timeUs: 0, requestId: "",
            body: .began(
                TransitionBegan(
                    transitionId: 1, operation: .pop, fromScreen: "Detail",
                    toScreen: "Home", interactive: true, gestureId: 7)))
        #expect(
            began.json == #"{"position":12,"stackId":"demo","version":5,"timeUs":0,"requestId":"","began":"#
                + #"{"transitionId":1,"operation":"POP","fromScreen":"Detail","toScreen":"Home","interactive":true,"#
                + #""gestureId":7,"swipeEdge":"SWIPE_EDGE_UNSPECIFIED"}}"#)
        let deleted = Event(position: 3, stackId: "x", version: 2, timeUs: 9, body: .deleted(StackDeleted()))
        #expect(deleted.json == #"{"position":3,"stackId":"x","version":2,"timeUs":9,"requestId":"","deleted":{}}"#)
        let unknown = ErrorDetail(code: ErrorCode(rawValue: 99), message: "")
        #expect(unknown.json == #"{"code":99,"message":""}"#)
        #expect(ErrorDetail().json == #"{"code":"OK","message":""}"#)
    }

    @Test("rejections, stats and replies")
    func others() {
        let rejection = Rejection(
            stackId: "demo", gestureId: 7,
            error: ErrorDetail(code: .gestureRejected, message: "edge_width"))
        #expect(
            rejection.json
                == #"{"stackId":"demo","gestureId":7,"requestId":"","#
                + #""error":{"code":"GESTURE_REJECTED","message":"edge_width"},"timeUs":0}"#)
        #expect(StackList().json == #"{"stackIds":[],"more":false}"#)
        let reply = Reply(requestId: "r1", body: .command(CommandResult(firstPosition: 2, lastPosition: 4, version: 4)))
        #expect(reply.json == #"{"requestId":"r1","command":{"firstPosition":2,"lastPosition":4,"version":4}}"#)
        #expect(Publication.rejection(rejection).json.hasPrefix(#"{"rejection":{"stackId":"demo""#))
        // proto3 `optional` fields are written when set, zero included, and left out when not.
        let tuning = Tuning(edgeWidth: 0, settleMs: 250)
        #expect(tuning.json == #"{"edgeWidth":0,"settleMs":250}"#)
    }
}

/// `--json` through the built `segue`: every object of a kind has the same members, zeros and empty lists included.
@Suite("JSON outputs keep their shape")
struct CLIJSONShapeTests {
    @Test("stacks --json on a daemon without stacks prints an empty list")
    func emptyStackList() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let stacks = try runSegue(["stacks", "--json"], daemon: daemon)
        #expect(stacks.status == 0, "\(stacks)")
        let list = try jsonObject(stacks.lines.first ?? "")
        #expect(list["stackIds"] as? [String] == [], "\(stacks)")
        #expect(list["more"] as? Bool == false, "\(stacks)")
        #expect(daemon.stop() == 0)
    }

    @Test("stats --json prints every counter, those at 0 too")
    func everyStatsCounter() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let output = try runSegue(["stats", "--json"], daemon: daemon)
        #expect(output.status == 0, "\(output)")
        let stats = try jsonObject(output.lines.first ?? "")
        let counters = [
            "headPosition", "stacks", "inputsReceived", "inputsRejected", "eventsAppended", "framesPublished",
            "logBytes", "fsyncP99Us", "uptimeUs", "handshakesRefused", "framesSkipped", "repliesDropped",
            "messagesDropped", "connectionsRefused", "publicationsRefused",
        ]
        #expect(Set(stats.keys) == Set(counters), "\(output)")
        #expect(stats["headPosition"] as? Int == 0 && stats["stacks"] as? Int == 0, "\(output)")
        #expect(stats["inputsRejected"] as? Int == 0 && stats["publicationsRefused"] as? Int == 0, "\(output)")
        #expect(daemon.stop() == 0)
    }

    @Test("a frame whose screen is at x 0 says so")
    func frameAtZero() throws {
        let data = try CLIReplayTests.makeDirectory()
        let replay = try runSegue(["replay", data.path, "--frames", "--json"])
        #expect(replay.status == 0, "\(replay)")
        let frames = try replay.lines.compactMap { try jsonObject($0)["frame"] as? [String: Any] }
        #expect(!frames.isEmpty, "\(replay)")
        let rects = frames.flatMap { frame in
            ["from", "to"].compactMap { (frame[$0] as? [String: Any])?["rect"] as? [String: Any] }
        }
        #expect(rects.allSatisfy { Set($0.keys) == ["x", "y", "width", "height"] }, "\(replay)")
        // The pushed screen ends where the container begins.
        let done = try #require(frames.last { $0["phase"] as? String == "DONE" }, "\(replay)")
        let to = try #require(done["to"] as? [String: Any], "\(done)")
        #expect((to["rect"] as? [String: Any])?["x"] as? Int == 0, "\(done)")
        #expect(done["dimming"] != nil && done["shadow"] != nil, "\(done)")
    }
}
