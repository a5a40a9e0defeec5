import SegueWire
import Testing

@Suite("Round trips")
struct RoundTripTests {
    @Test("every message with every field set, and every oneof member", arguments: Samples.all)
    func sampleRoundTrips(sample: Sample) throws {
        try checkRoundTrip(sample.value)
    }

    private func checkRoundTrip<Message: ProtoMessage>(_ value: Message) throws {
        let bytes = value.encoded()
        let decoded = try Message(decoding: bytes)
        #expect(decoded == value)
        #expect(decoded.encoded() == bytes)
        // Only messages without fields (DeleteStack, StackDeleted, ListStacks, GetStats) have empty samples.
        #expect(bytes.isEmpty == (value == Message()))
    }

    @Test("an empty message encodes to no bytes and decodes from none", arguments: Samples.all)
    func emptyMessages(sample: Sample) throws {
        try checkEmpty(sample.value)
    }

    private func checkEmpty<Message: ProtoMessage>(_: Message) throws {
        #expect(Message().encoded() == [])
        #expect(try Message(decoding: []) == Message())
        #expect(
            try [UInt8]().withUnsafeBytes { buffer throws(WireDecodingError) in try Message(decoding: buffer) }
                == Message())
    }

    @Test func unknownEnumNumbersRoundTrip() throws {
        let pan = PanEvent(phase: PanPhase(rawValue: 99), target: PanTarget(rawValue: -7))
        let decodedPan = try PanEvent(decoding: pan.encoded())
        #expect(decodedPan.phase.rawValue == 99)
        #expect(decodedPan.target.rawValue == -7)
        #expect(!decodedPan.phase.isKnown)
        #expect(decodedPan.phase.description == "PanPhase(99)")

        let reply = Reply(error: ErrorDetail(code: ErrorCode(rawValue: Int32.min), message: "m"))
        #expect(try Reply(decoding: reply.encoded()) == reply)
        let state = TransitionState(operation: Operation(rawValue: Int32.max), phase: FramePhase(rawValue: -1))
        #expect(try TransitionState(decoding: state.encoded()) == state)
        let finished = TransitionFinished(reason: Reason(rawValue: 9))
        #expect(try TransitionFinished(decoding: finished.encoded()) == finished)
    }

    @Test func everyOneofCaseRoundTripsEvenWhenEmpty() throws {
        let inputs: [Input.Body] = [.pan(PanEvent()), .command(Command())]
        for body in inputs {
            let input = Input(body: body)
            #expect(input.encoded().count == 2)
            #expect(try Input(decoding: input.encoded()) == input)
        }
        let ops: [Command.Op] = [
            .create(CreateStack()), .push(Push()), .pop(Pop()), .popToRoot(PopToRoot()), .present(Present()),
            .dismiss(Dismiss()), .selectTab(SelectTab()), .resize(Resize()), .setScreenOptions(SetScreenOptions()),
            .delete(DeleteStack()),
        ]
        for (index, op) in ops.enumerated() {
            let command = Command(op: op)
            #expect(command.encoded() == tag(10 + index, 2) + [0])
            #expect(try Command(decoding: command.encoded()) == command)
        }
        let bodies: [Event.Body] = [
            .stackCreated(StackCreated()), .began(TransitionBegan()), .progressed(TransitionProgressed()),
            .finished(TransitionFinished()), .cancelled(TransitionCancelled()), .completed(TransitionCompleted()),
            .interrupted(TransitionInterrupted()), .resized(StackResized()), .screenOptionsSet(ScreenOptionsSet()),
            .deleted(StackDeleted()),
        ]
        for (index, body) in bodies.enumerated() {
            let event = Event(body: body)
            #expect(event.encoded() == tag(10 + index, 2) + [0])
            #expect(try Event(decoding: event.encoded()) == event)
        }
        let requests: [Request.Body] = [
            .command(Command()), .getStack(GetStack()), .readEvents(ReadEvents()), .listStacks(ListStacks()),
            .getStats(GetStats()),
        ]
        for (index, body) in requests.enumerated() {
            let request = Request(body: body)
            #expect(request.encoded() == tag(10 + index, 2) + [0])
            #expect(try Request(decoding: request.encoded()) == request)
        }
        let replies: [Reply.Body] = [
            .command(CommandResult()), .stack(StackState()), .events(EventBatch()), .stacks(StackList()),
            .stats(Stats()),
        ]
        for (index, body) in replies.enumerated() {
            let reply = Reply(body: body)
            #expect(reply.encoded() == tag(10 + index, 2) + [0])
            #expect(try Reply(decoding: reply.encoded()) == reply)
        }
    }

    @Test func optionalPresenceSurvivesRoundTrip() throws {
        let tuning = Tuning(edgeWidth: 0, settleMs: 0)
        let decoded = try Tuning(decoding: tuning.encoded())
        #expect(decoded.edgeWidth == 0)
        #expect(decoded.settleMs == 0)
        #expect(decoded.progressDistance == nil)
        let command = Command(expectedVersion: 0)
        #expect(command.encoded() == [0x18, 0x00])
        #expect(try Command(decoding: [0x18, 0x00]).expectedVersion == 0)
        #expect(try Command(decoding: []).expectedVersion == nil)
    }

    @Test func negativeZeroAndNaNKeepTheirBits() throws {
        let vector = Vec2(x: -0.0, y: Double(bitPattern: 0x7FF0_0000_0000_0001))  // a signalling NaN payload
        let bytes = vector.encoded()
        #expect(bytes == [0x09] + fixed64(-0.0) + [0x11, 0x01, 0, 0, 0, 0, 0, 0xF0, 0x7F])
        let decoded = try Vec2(decoding: bytes)
        #expect(decoded.x.bitPattern == (-0.0 as Double).bitPattern)
        #expect(decoded.y.bitPattern == 0x7FF0_0000_0000_0001)
        #expect(Vec2(x: 0.0).encoded() == [])
    }

    @Test func encodeIntoAppendsToTheBuffer() {
        var buffer: [UInt8] = [1, 2, 3]
        Samples.event.encode(into: &buffer)
        #expect(buffer == [1, 2, 3] + Samples.event.encoded())
        Samples.request.encode(into: &buffer)
        #expect(buffer == [1, 2, 3] + Samples.event.encoded() + Samples.request.encoded())
    }

    @Test(
        "nested lengths that need one to four varint bytes",
        arguments: [
            0, 1, 123, 124, 125, 126, 127, 128, 16_378, 16_379, 16_380, 16_381, 16_382, 16_383, 2_097_147, 2_097_148,
            2_097_149, 2_097_150, 2_097_151,
        ])
    func nestedLengthBoundaries(stringLength: Int) throws {
        let id = String(repeating: "x", count: stringLength)
        let reply = Reply(requestId: "r", body: .stacks(StackList(stackIds: [id])))
        let inner = lengthDelimited(1, Array(id.utf8))
        let expected = lengthDelimited(1, Array("r".utf8)) + lengthDelimited(13, inner)
        #expect(reply.encoded() == expected)
        #expect(try Reply(decoding: expected) == reply)
    }
}

@Suite("Decoding rules")
struct DecodingRuleTests {
    @Test func lastValueWinsForScalars() throws {
        let bytes = [0x10, 0x01] + [0x10, 0x02] + lengthDelimited(1, [0x61]) + lengthDelimited(1, [0x62])
        let pan = try PanEvent(decoding: bytes)
        #expect(pan.gestureId == 2)
        #expect(pan.stackId == "b")
    }

    @Test func repeatedOccurrencesOfAMessageFieldMerge() throws {
        let first = lengthDelimited(4, [0x09] + fixed64(1.5))
        let second = lengthDelimited(4, [0x11] + fixed64(2.5))
        let pan = try PanEvent(decoding: first + [0x10, 0x07] + second)
        #expect(pan.location == Vec2(x: 1.5, y: 2.5))
        #expect(pan.gestureId == 7)
    }

    @Test func nestedMergeAppendsRepeatedFieldsAndMergesDeeperMessages() throws {
        let create1 = lengthDelimited(1, Array("a".utf8)) + lengthDelimited(4, lengthDelimited(1, [0x09] + fixed64(3)))
        let create2 = lengthDelimited(1, Array("b".utf8)) + lengthDelimited(4, lengthDelimited(1, [0x11] + fixed64(4)))
        let command = try Command(decoding: lengthDelimited(10, create1) + lengthDelimited(10, create2))
        let config = StackConfig(size: Size(width: 3, height: 4))
        #expect(command.op == .create(CreateStack(screens: ["a", "b"], config: config)))
    }

    @Test func oneofLastMemberWinsAndTheSameMemberMerges() throws {
        let began1 = lengthDelimited(11, [0x08, 0x05])  // began { transition_id: 5 }
        let began2 = lengthDelimited(11, [0x10, 0x02])  // began { operation: POP }
        let progressed = lengthDelimited(12, [0x08, 0x06])
        #expect(try Event(decoding: began1 + began2).body == .began(TransitionBegan(transitionId: 5, operation: .pop)))
        #expect(try Event(decoding: began1 + progressed).body == .progressed(TransitionProgressed(transitionId: 6)))
        #expect(try Event(decoding: began1 + progressed + began2).body == .began(TransitionBegan(operation: .pop)))
    }

    @Test func repeatedFieldsAppendAcrossInterleavedFields() throws {
        let bytes = lengthDelimited(3, [0x61]) + [0x08, 0x01] + lengthDelimited(3, []) + lengthDelimited(3, [0x62])
        let completed = try TransitionCompleted(decoding: bytes)
        #expect(completed.screens == ["a", "", "b"])
        #expect(completed.transitionId == 1)
        let options = try ScreenOptions(decoding: lengthDelimited(2, []) + [0x08, 0x01] + lengthDelimited(2, []))
        #expect(options == ScreenOptions(backGestureDisabled: true, exclusionRects: [Rect(), Rect()]))
    }

    @Test func unknownFieldsOfEveryWireTypeAreSkipped() throws {
        let unknown: [UInt8] =
            [0x18, 0xAC, 0x02]  // field 3 varint
            + tag(4, 1) + fixed64(9.75)  // field 4 fixed64
            + lengthDelimited(5, [0xFF, 0xFE])  // field 5 bytes, not UTF-8: never inspected
            + tag(6, 5) + [1, 2, 3, 4]  // field 6 fixed32
            + tag(536_870_911, 0) + [0x01]  // the highest field number
        let vector = try Vec2(decoding: unknown + [0x09] + fixed64(1.5) + unknown)
        #expect(vector == Vec2(x: 1.5))
        #expect(try StackDeleted(decoding: unknown) == StackDeleted())
    }

    @Test func varintFieldsFollowProtobufConversions() throws {
        // bool: any nonzero varint is true; uint32 and enums keep the low 32 bits of a wider varint.
        #expect(try Pop(decoding: [0x08, 0x02]).immediate)
        #expect(try Pop(decoding: [0x08] + varint(1 << 40)).immediate)
        #expect(try SelectTab(decoding: [0x08] + varint(0x1_0000_0007)).index == 7)
        #expect(try PanEvent(decoding: [0x18] + varint(0xFFFF_FFFF_FFFF_FFFE)).phase.rawValue == -2)
        #expect(try PanEvent(decoding: [0x18] + varint(0xFFFF_FFFE)).phase.rawValue == -2)
        #expect(try PanEvent(decoding: [0x38] + varint(UInt64.max)).timestampUs == -1)
        #expect(
            try PanEvent(decoding: [0x10] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]).gestureId
                == .max)
        // A tenth byte with bits beyond the 64th is accepted and the extra bits dropped, as Google's parser does.
        #expect(
            try PanEvent(decoding: [0x10] + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]).gestureId
                == .max)
        // Non-minimal varints (padding with 0x80) are accepted.
        #expect(try PanEvent(decoding: [0x10, 0x81, 0x80, 0x80, 0x00]).gestureId == 1)
    }

    @Test func packedAndUnpackedRepeatedNumerics() throws {
        // The example of the protobuf encoding guide: field 4, packed [3, 270, 86942].
        var writer = ProtoWriter()
        writer.writePacked([3, 270, 86_942] as [Int32], field: 4)
        #expect(writer.bytes == [0x22, 0x06, 0x03, 0x8E, 0x02, 0x9E, 0xA7, 0x05])

        let lists = NumberLists(
            doubles: [1.5, -0.0, .infinity],
            uint64s: [0, 1, .max],
            int64s: [-1, .min, .max],
            uint32s: [0, 128, .max],
            int32s: [-1, 300, .min],
            bools: [true, false, true]
        )
        let packed = lists.encoded()
        #expect(packed.starts(with: [0x0A, 24] + fixed64(1.5)))
        #expect(try NumberLists(decoding: packed) == lists)
        #expect(NumberLists().encoded() == [])

        // The same values unpacked, one tag per element, and a mix of both forms, all decode the same.
        var unpacked: [UInt8] = []
        for value in lists.doubles { unpacked += [0x09] + fixed64(value) }
        for value in lists.uint64s { unpacked += [0x10] + varint(value) }
        for value in lists.int64s { unpacked += [0x18] + varint(UInt64(bitPattern: value)) }
        for value in lists.uint32s { unpacked += [0x20] + varint(UInt64(value)) }
        for value in lists.int32s { unpacked += [0x28] + varint(UInt64(bitPattern: Int64(value))) }
        for value in lists.bools { unpacked += [0x30, value ? 1 : 0] }
        #expect(try NumberLists(decoding: unpacked) == lists)
        let mixed = [0x10, 0x00] + lengthDelimited(2, [0x01] + varint(.max))
        #expect(try NumberLists(decoding: mixed).uint64s == [0, 1, .max])
        #expect(try NumberLists(decoding: lengthDelimited(2, [])).uint64s == [])

        #expect(throws: WireDecodingError.self) { try NumberLists(decoding: lengthDelimited(1, [0, 0, 0])) }
        #expect(throws: WireDecodingError.self) { try NumberLists(decoding: lengthDelimited(2, [0x80])) }
        #expect(throws: WireDecodingError.self) { try NumberLists(decoding: [0x15, 0, 0, 0, 0]) }
    }
}

/// A hand-written message with every kind of packed repeated numeric, which segue.proto does not (yet) use.
struct NumberLists: ProtoMessage {
    var doubles: [Double] = []
    var uint64s: [UInt64] = []
    var int64s: [Int64] = []
    var uint32s: [UInt32] = []
    var int32s: [Int32] = []
    var bools: [Bool] = []

    init() {}

    init(doubles: [Double], uint64s: [UInt64], int64s: [Int64], uint32s: [UInt32], int32s: [Int32], bools: [Bool]) {
        self.doubles = doubles
        self.uint64s = uint64s
        self.int64s = int64s
        self.uint32s = uint32s
        self.int32s = int32s
        self.bools = bools
    }

    func encode(to writer: inout ProtoWriter) {
        writer.writePacked(doubles, field: 1)
        writer.writePacked(uint64s, field: 2)
        writer.writePacked(int64s, field: 3)
        writer.writePacked(uint32s, field: 4)
        writer.writePacked(int32s, field: 5)
        writer.writePacked(bools, field: 6)
    }

    mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        switch number {
        case 1: try reader.readRepeated(wireType, into: &doubles)
        case 2: try reader.readRepeated(wireType, into: &uint64s)
        case 3: try reader.readRepeated(wireType, into: &int64s)
        case 4: try reader.readRepeated(wireType, into: &uint32s)
        case 5: try reader.readRepeated(wireType, into: &int32s)
        case 6: try reader.readRepeated(wireType, into: &bools)
        default: try reader.skip(wireType)
        }
    }
}
