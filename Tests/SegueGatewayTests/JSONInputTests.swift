import SegueClient
import SegueJSON
import SegueWire
import Testing

/// The proto3 JSON readers the gateway decodes pages' messages with.
struct JSONInputTests {
    private func read<Message: ProtoJSONDecodable>(_ text: String, as type: Message.Type = Message.self) throws
        -> Message
    {
        try Message(jsonText: Array(text.utf8))
    }

    private func error<Message: ProtoJSONDecodable>(_ text: String, as type: Message.Type) -> String {
        do {
            _ = try Message(jsonText: Array(text.utf8))
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func readsAPanInEitherNamingWithEnumsByNameOrNumber() throws {
        let camel: PanEvent = try read(
            """
            {"stackId":"main","gestureId":"18446744073709551615","phase":"PAN_CHANGED","location":{"x":12.5,"y":300},
             "translation":{"x":-4},"timestampUs":1796082333269053,"target":1}
            """)
        #expect(
            camel
                == PanEvent(
                    stackId: "main", gestureId: .max, phase: .panChanged,
                    location: Vec2(x: 12.5, y: 300), translation: Vec2(x: -4, y: 0),
                    timestampUs: 1_796_082_333_269_053, target: .panTargetTabs))
        let snake: PanEvent = try read(
            """
            {"stack_id":"main","gesture_id":18446744073709551615,"phase":2,"location":{"x":12.5,"y":300},
             "translation":{"x":-4,"y":null},"timestamp_us":"1796082333269053","target":"PAN_TARGET_TABS",
             "velocity":null}
            """)
        #expect(snake == camel)
    }

    @Test func readsNestedCommandsAndRequests() throws {
        let request: Request = try read(
            """
            {"requestId":"r1","command":{"stackId":"s","expectedVersion":0,"create":{"screens":["Home","Detail"],
             "config":{"size":{"width":390,"height":844},"profile":"ios","rightToLeft":true,
             "safeArea":{"left":44}}}}}
            """)
        let config = StackConfig(
            size: Size(width: 390, height: 844), profile: "ios", rightToLeft: true,
            safeArea: Insets(left: 44))
        #expect(
            request
                == Request(
                    requestId: "r1",
                    body: .command(
                        Command(
                            stackId: "s", expectedVersion: 0,
                            op: .create(CreateStack(screens: ["Home", "Detail"], config: config))))))
        let empty: Request = try read(#"{"getStats":{}}"#)
        #expect(empty.body == .getStats(GetStats()))
    }

    @Test func whatTheJSONPrinterWritesReadsBackAsTheSameMessage() throws {
        let frame = Frame(
            stackId: "s", transitionId: 3, sequence: 9, timeUs: -5, progress: 0.25, phase: .settling,
            from: ViewFrame(screen: "A", rect: Rect(x: 97.5, y: 0, width: 390, height: 844), alpha: 1),
            to: ViewFrame(screen: "B", rect: Rect(x: -29.25, width: 390, height: 844), alpha: 1),
            dimming: 0.075, shadow: .infinity, position: 12)
        #expect(try read(frame.json, as: Frame.self) == frame)
        let event = Event(
            position: 4, stackId: "s", version: 2, timeUs: 1_796_082_333_269_053, requestId: "q",
            body: .finished(
                TransitionFinished(
                    transitionId: 1, progress: 0.7, velocity: -1.5,
                    reason: .releasedAtRest, settleUs: 350_000)))
        #expect(try read(event.json, as: Event.self) == event)
    }

    @Test func refusalsNameTheMemberAndWhatIsAccepted() {
        #expect(
            error(#"{"stackId":"a","bogus":1}"#, as: PanEvent.self)
                .hasPrefix(#"unknown field "bogus" (PanEvent has stackId, gestureId, phase"#))
        #expect(
            error(#"{"phase":"PAN_SIDEWAYS"}"#, as: PanEvent.self)
                == #"phase: "PAN_SIDEWAYS" is not one of PAN_PHASE_UNSPECIFIED, PAN_BEGAN, PAN_CHANGED, PAN_ENDED, PAN_CANCELLED"#
        )
        #expect(error(#"{"gestureId":1.5}"#, as: PanEvent.self) == "gestureId: 1.5 is not a whole uint64")
        #expect(error(#"{"gestureId":-1}"#, as: PanEvent.self) == "gestureId: out of uint64's range (0 or more)")
        #expect(
            error(#"{"location":{"x":true}}"#, as: PanEvent.self) == "location.x: expected a number, found a Boolean")
        #expect(error(#"{"pop":{},"push":{}}"#, as: Command.self).contains("only one of create, push, pop"))
        #expect(error(#"{"screens":["a",2]}"#, as: CreateStack.self) == "screens[1]: expected a string, found a number")
        #expect(
            error(#"{"deleted":{"x":1}}"#, as: Event.self) == #"deleted: unknown field "x" (StackDeleted has none)"#)
        #expect(error("[1]", as: Vec2.self) == "expected an object, found an array")
        #expect(error("{", as: Vec2.self).hasPrefix("not JSON"))
        #expect(error(#"{"fps":4294967296}"#, as: StackConfig.self) == "fps: out of uint32's range (0 to 4294967295)")
    }

    @Test func keepsNumbersThatOnlyStringsCanHold() throws {
        let progressed: TransitionProgressed = try read(#"{"progress":"NaN","translation":{"x":"-Infinity"}}"#)
        #expect(progressed.progress.isNaN && progressed.translation?.x == -.infinity)
    }

    @Test func refusesNestingDeeperThanThirtyTwoLevels() throws {
        func nested(_ depth: Int) -> [UInt8] {
            Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        }
        _ = try JSONValue(parsing: nested(JSONValue.maxDepth))
        #expect(throws: JSONInputError(path: "", message: "nested deeper than 32 levels at byte 32")) {
            try JSONValue(parsing: nested(JSONValue.maxDepth + 1))
        }
        // Brackets inside strings, escaped quotes included, are text.
        let brackets = String(repeating: "[", count: 40) + "{{{{"
        let inString = #"{"ref":"\""# + brackets + #""}"#
        #expect(try JSONValue(parsing: Array(inString.utf8)) == .object(["ref": .string("\"" + brackets)]))
    }
}
