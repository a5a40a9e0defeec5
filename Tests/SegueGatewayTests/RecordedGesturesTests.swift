import SegueClient
import SegueJSON
import SegueWire
import Testing

@testable import SegueGateway

/// The Compare view's recordings: a file `segue record` wrote, read by the gateway into its swipes as the JSON the
/// page sends in `compare.pans`, and every way a file can be wrong told as such.
struct RecordedGesturesTests {
    /// A recording file of `inputs`, each at its offset, as `segue record` writes it.
    private func file(_ inputs: [(offsetUs: UInt64, input: Input)]) -> [UInt8] {
        var bytes = Recording.header
        for (offsetUs, input) in inputs {
            Recording.encode(Recording.Record(offsetUs: offsetUs, payload: input.encoded()), into: &bytes)
        }
        return bytes
    }

    private func pan(_ stackId: String, _ gestureId: UInt64, _ phase: PanPhase, x: Double, atUs: Int64) -> Input {
        Input(
            body: .pan(
                PanEvent(
                    stackId: stackId, gestureId: gestureId, phase: phase, location: Vec2(x: x, y: 300),
                    translation: Vec2(x: x - 10, y: 0), timestampUs: atUs)))
    }

    private func command(_ stackId: String, _ op: Command.Op) -> Input {
        Input(body: .command(Command(stackId: stackId, op: op)))
    }

    /// Two swipes on two stacks, their pans interleaved, with commands and a probe around them.
    private var twoSwipes: [(offsetUs: UInt64, input: Input)] {
        [
            (0, command("demo", .create(CreateStack(screens: ["Home", "Detail"])))),
            (1_000, pan("demo", 7, .panBegan, x: 20, atUs: 5_000)),
            (2_000, pan("demo", 7, .panChanged, x: 60, atUs: 21_000)),
            (2_500, pan("side", 9, .panBegan, x: 30, atUs: 22_000)),
            (3_000, pan("demo", 7, .panEnded, x: 120, atUs: 37_000)),
            (3_500, Input(body: .probe(PublishProbe(token: "t")))),
            (4_000, pan("side", 9, .panEnded, x: 90, atUs: 38_000)),
            (5_000, command("demo", .pop(Pop()))),
        ]
    }

    private func answer(_ bytes: [UInt8]) throws -> [String: JSONValue] {
        let text = try RecordedGestures(file: bytes).message().description
        return try #require(try JSONValue(parsing: Array(text.utf8)).object?["recording"]?.object)
    }

    private func refusal(_ bytes: [UInt8], maxBytes: Int = GatewayLimits.maxAnswerBytes) -> ErrorDetail? {
        do {
            _ = try RecordedGestures(file: bytes).message(maxBytes: maxBytes)
            return nil
        } catch {
            return error.detail
        }
    }

    @Test func groupsThePansOfEachGestureInTheOrderOfTheirFirstAndCountsTheRest() throws {
        let recording = try answer(file(twoSwipes))
        #expect(recording["inputs"] == .integer(8))
        #expect(recording["pans"] == .integer(5))
        #expect(recording["more"] == .bool(false) && recording["partial"] == .bool(false))
        let gestures = try #require(recording["gestures"]?.array)
        #expect(gestures.count == 2)
        let demo = try #require(gestures.first?.object)
        let side = try #require(gestures.last?.object)
        #expect(demo["stackId"] == .string("demo") && demo["gestureId"] == .integer(7))
        #expect(demo["offsetUs"] == .integer(1_000) && demo["more"] == .bool(false))
        #expect(side["stackId"] == .string("side") && side["gestureId"] == .integer(9))
        #expect(side["offsetUs"] == .integer(2_500))

        // Each pan reads back as the event recorded, in the JSON a page sends.
        let recorded = twoSwipes.compactMap { entry -> PanEvent? in
            guard case .pan(let pan) = entry.input.body, pan.stackId == "demo" else { return nil }
            return pan
        }
        let pans = try #require(demo["pans"]?.array)
        let read = try pans.enumerated().map { index, pan in try PanEvent(json: pan, path: "pans[\(index)]") }
        #expect(read == recorded)
    }

    @Test func aGesturesPansAreWhatACompareTakes() throws {
        let text = try RecordedGestures(file: file(twoSwipes)).message().description
        let gestures = try #require(try JSONValue(parsing: Array(text.utf8)).object?["recording"]?.object?["gestures"])
        let pans = try #require(gestures.array?.first?.object?["pans"])
        let compare = JSONValue.object(["profiles": .array([.string("ios")]), "pans": pans])
        let comparison = try GestureComparison(json: compare, path: "compare")
        #expect(comparison.pans.count == 3)
        #expect(
            try comparison.run(maxAnswerBytes: .max).description.hasPrefix(
                #"{"comparison":{"runs":[{"profile":"ios","events""#))
    }

    @Test func aPartialLastRecordIsLeftOutAndSaid() throws {
        let whole = file(twoSwipes)
        let recording = try answer(whole + [9, 0, 0, 0, 0, 0, 0, 0, 40, 0, 0, 0, 1, 2])
        #expect(recording["partial"] == .bool(true))
        #expect(recording["inputs"] == .integer(8))
        #expect(recording["gestures"] == (try answer(whole))["gestures"])
    }

    @Test func aDamagedFileNamesTheRecord() throws {
        var backwards = file(Array(twoSwipes.prefix(2)))
        Recording.encode(
            Recording.Record(offsetUs: 500, payload: pan("demo", 7, .panEnded, x: 0, atUs: 0).encoded()),
            into: &backwards)
        let damaged = try #require(refusal(backwards))
        #expect(damaged.code == .invalidArgument)
        #expect(damaged.message.hasPrefix("the file is damaged: record 3 at byte "), "\(damaged.message)")
        #expect(damaged.message.contains("offsets never decrease"), "\(damaged.message)")

        // A record that is whole but not an Input: a field of wire type 7, which protobuf does not have.
        var notAnInput = file(Array(twoSwipes.prefix(1)))
        let secondAt = notAnInput.count
        Recording.encode(Recording.Record(offsetUs: 10, payload: [0x0F, 0x01]), into: &notAnInput)
        let undecodable = try #require(refusal(notAnInput))
        #expect(undecodable.code == .invalidArgument)
        #expect(
            undecodable.message.hasPrefix(
                "the file is damaged: record 2 at byte \(secondAt) is not a segue.v1.Input ("),
            "\(undecodable.message)")
    }

    @Test func aFileThatIsNoRecordingSaysHowItStarts() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let detail = try #require(refusal(png))
        #expect(detail.code == .invalidArgument)
        let escaped = #""\x89PNG\r\n\x1A\n\x00\x00\x00\r""#
        #expect(
            detail.message
                == "the file is not a segue recording: it starts with \(escaped) where a recording starts with "
                + #""segue-record 1""#)
        #expect(try #require(refusal([])).message.hasPrefix("the file is empty"))
    }

    @Test func gesturesAndTheirPansAreCappedAndSaid() throws {
        let swipes = (0...RecordedGestures.maxGestures).map { index in
            (offsetUs: UInt64(index), input: pan("s", UInt64(index + 1), .panBegan, x: 1, atUs: Int64(index)))
        }
        let many = try answer(file(swipes))
        #expect(many["gestures"]?.array?.count == RecordedGestures.maxGestures)
        #expect(many["more"] == .bool(true) && many["pans"] == .integer(Int64(swipes.count)))

        let long = (0...RecordedGestures.maxPansPerGesture).map { index in
            (
                offsetUs: UInt64(index),
                input: pan("s", 1, index == 0 ? .panBegan : .panChanged, x: 1, atUs: Int64(index))
            )
        }
        let gesture = try #require(try answer(file(long))["gestures"]?.array?.first?.object)
        #expect(gesture["pans"]?.array?.count == RecordedGestures.maxPansPerGesture)
        #expect(gesture["more"] == .bool(true))
    }

    @Test func aBeganUnderAnIdSeenBeforeIsAGestureOfItsOwn() throws {
        let twice = [
            (offsetUs: UInt64(0), input: pan("s", 7, .panBegan, x: 1, atUs: 0)),
            (1, pan("s", 7, .panEnded, x: 2, atUs: 1)),
            (2, pan("s", 7, .panBegan, x: 1, atUs: 2)),
            (3, pan("s", 7, .panEnded, x: 2, atUs: 3)),
        ]
        let gestures = try #require(try answer(file(twice))["gestures"]?.array)
        #expect(gestures.map { $0.object?["offsetUs"] } == [.integer(0), .integer(2)])
    }

    @Test func anAnswerOverItsLimitIsRefused() throws {
        let detail = try #require(refusal(file(twoSwipes), maxBytes: 512))
        #expect(detail.code == .resourceExhausted)
        #expect(detail.message.hasPrefix("the recording's 2 gestures come to "), "\(detail.message)")
    }

    @Test func thePageSendsTheFileInBase64() throws {
        let bytes = file(twoSwipes)
        let message = #"{"ref":"5","recording":{"data":"\#(Base64Text.encode(bytes))"}}"#
        let (parsed, ref) = try PageMessage.parse(Array(message.utf8))
        #expect(ref == "5")
        guard case .recording(let recording) = parsed else {
            Issue.record("not a recording: \(parsed)")
            return
        }
        #expect(recording.file == bytes)

        for (data, expected) in [
            (#""not*base64""#, "recording.data: not Base64; give the recording file's bytes in Base64"),
            ("12", "recording.data: expected a string, found"),
        ] {
            do {
                _ = try PageMessage.parse(Array(#"{"ref":"6","recording":{"data":\#(data)}}"#.utf8))
                Issue.record("\(data) was read")
            } catch {
                #expect(error.ref == "6")
                #expect(error.error.description.hasPrefix(expected), "\(error.error)")
            }
        }
        do {
            _ = try PageMessage.parse(Array(#"{"recording":{}}"#.utf8))
            Issue.record("a recording without data was read")
        } catch {
            #expect(error.error.description == "recording: data is required (the recording file's bytes in Base64)")
        }
    }
}

/// Base64 as a page's `btoa` writes it, for the messages above (the gateway's own writer is internal to SegueJSON).
private enum Base64Text {
    static func encode(_ bytes: [UInt8]) -> String {
        var object = JSONObject()
        object.add("b", bytes)
        let quoted = object.members[0].json
        return String(quoted.dropFirst().dropLast())
    }
}
