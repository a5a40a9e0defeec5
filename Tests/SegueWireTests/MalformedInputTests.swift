import SegueWire
import Testing

/// One malformed input: the bytes, the type to decode them as, and text the error message must contain.
struct MalformedCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let type: any ProtoMessage.Type
    let expected: String

    var testDescription: String { name }

    static let all: [MalformedCase] = {
        let overlong: [UInt8] = Array(repeating: 0xFF, count: 10) + [0x01]
        var cases: [MalformedCase] = []
        func add(_ name: String, _ bytes: [UInt8], _ type: any ProtoMessage.Type, _ expected: String) {
            cases.append(MalformedCase(name: name, bytes: bytes, type: type, expected: expected))
        }
        add("varint value of 11 bytes", [0x10] + overlong, PanEvent.self, "varint longer than 10 bytes")
        add("tag of 11 bytes", overlong, PanEvent.self, "varint longer than 10 bytes")
        add("length of 11 bytes", [0x0A] + overlong, PanEvent.self, "varint longer than 10 bytes")
        add("truncated varint value", [0x10, 0x80], PanEvent.self, "truncated varint")
        add("truncated tag", [0x80], Vec2.self, "truncated varint")
        add("tag without value", [0x10], PanEvent.self, "truncated varint")
        add("string length past the end", [0x0A, 0x05, 0x61, 0x62], PanEvent.self, "runs past the end")
        add("huge string length", [0x0A] + varint(.max), PanEvent.self, "runs past the end")
        add("length just past the end", [0x0A, 0x02, 0x61], PanEvent.self, "runs past the end")
        add(
            "submessage length past the end", [0x22, 0x10, 0x09, 0, 0, 0, 0, 0, 0, 0, 0], PanEvent.self,
            "runs past the end")
        add(
            "submessage field runs past the submessage", [0x22, 0x02, 0x09, 0] + Array(repeating: 0, count: 8),
            PanEvent.self, "truncated field 1")
        add("varint runs past the submessage", [0x0A, 0x01, 0x80, 0x01], Input.self, "truncated varint")
        add("truncated fixed64", [0x09, 1, 2, 3], Vec2.self, "truncated field 1")
        add("truncated unknown fixed64", [0x19, 1, 2, 3, 4, 5, 6, 7], Vec2.self, "truncated field 3")
        add("truncated unknown fixed32", [0x1D, 1, 2, 3], Vec2.self, "truncated field 3")
        add("unknown length past the end", [0x1A, 0x09], Vec2.self, "runs past the end")
        add("varint for a double", [0x08, 0x01], Vec2.self, "wire type varint (0) for field 1, expected fixed64")
        add("fixed32 for a double", [0x0D, 0, 0, 0, 0], Vec2.self, "expected fixed64")
        add("fixed64 for a string", [0x09] + fixed64(1), PanEvent.self, "expected length-delimited")
        add("length-delimited for a uint64", [0x12, 0x00], PanEvent.self, "expected varint")
        add("fixed32 for a submessage", [0x25, 0, 0, 0, 0], PanEvent.self, "expected length-delimited")
        add("varint for a oneof member", [0x50, 0x01], Event.self, "expected length-delimited")
        add("varint for a repeated message", [0x08, 0x01], EventBatch.self, "expected length-delimited")
        add("varint for a repeated string", [0x08, 0x01], StackList.self, "expected length-delimited")
        add("length-delimited for a bool", [0x0A, 0x00], Pop.self, "expected varint")
        add("length-delimited for an enum", [0x1A, 0x00], PanEvent.self, "expected varint")
        add("start group on a known field", [0x0B, 0x0C], Vec2.self, "group wire type")
        add("end group on a known field", [0x0C], Vec2.self, "group wire type")
        add("start group on an unknown field", [0xFB, 0x01, 0xFC, 0x01], Vec2.self, "group wire type")
        add("group in an empty message", [0x0B], StackDeleted.self, "group wire type")
        add("wire type 6", [0x0E], Vec2.self, "invalid wire type 6")
        add("wire type 7", [0x0F], Vec2.self, "invalid wire type 7")
        add("field number 0, varint", [0x00, 0x00], Vec2.self, "field number 0")
        add("field number 0, length-delimited", [0x02, 0x00], StackDeleted.self, "field number 0")
        add("field number 0 inside a submessage", [0x22, 0x02, 0x00, 0x00], PanEvent.self, "field number 0")
        add("tag wider than 32 bits", [0x80, 0x80, 0x80, 0x80, 0x10, 0x00], Vec2.self, "wider than 32 bits")
        add("invalid UTF-8 byte", [0x0A, 0x01, 0xFF], PanEvent.self, "invalid UTF-8")
        add("UTF-8 continuation byte alone", [0x0A, 0x01, 0x80], PanEvent.self, "invalid UTF-8")
        add("overlong UTF-8", [0x0A, 0x02, 0xC0, 0x80], PanEvent.self, "invalid UTF-8")
        add("UTF-8 surrogate", [0x0A, 0x03, 0xED, 0xA0, 0x80], PanEvent.self, "invalid UTF-8")
        add("truncated UTF-8 sequence", [0x0A, 0x02, 0xE3, 0x83], PanEvent.self, "invalid UTF-8")
        add("UTF-8 beyond U+10FFFF", [0x0A, 0x04, 0xF4, 0x90, 0x80, 0x80], PanEvent.self, "invalid UTF-8")
        add("invalid UTF-8 in a nested string", [0x12, 0x03, 0x0A, 0x01, 0xFE], Input.self, "invalid UTF-8")
        add(
            "invalid UTF-8 in a repeated string", [0x1A, 0x01, 0x61, 0x1A, 0x01, 0xC3], TransitionCompleted.self,
            "invalid UTF-8")
        return cases
    }()
}

@Suite("Malformed input")
struct MalformedInputTests {
    @Test(arguments: MalformedCase.all)
    func malformedInputThrows(testCase: MalformedCase) {
        do {
            let decoded = try decodeAny(testCase.bytes, as: testCase.type)
            Issue.record("decoded \(decoded) instead of throwing")
        } catch {
            #expect(error.message.contains(testCase.expected), "\(error)")
            #expect(error.offset >= 0 && error.offset <= testCase.bytes.count)
        }
    }

    private func decodeAny(
        _ bytes: [UInt8],
        as type: any ProtoMessage.Type
    ) throws(WireDecodingError) -> any ProtoMessage {
        try decodeType(bytes, type)
    }

    private func decodeType<Message: ProtoMessage>(
        _ bytes: [UInt8],
        _ type: Message.Type
    ) throws(WireDecodingError) -> any ProtoMessage {
        try Message(decoding: bytes)
    }

    @Test func errorsSayWhereTheyAre() {
        let bytes: [UInt8] = [0x10, 0x01, 0x0A, 0x02, 0x61]
        #expect(throws: WireDecodingError(message: "length 2 of field 1 runs past the end (1 bytes left)", offset: 3)) {
            try PanEvent(decoding: bytes)
        }
        let error = WireDecodingError(message: "truncated varint", offset: 17)
        #expect(error.description == "truncated varint at byte 17")
    }

    @Test func nestingUpToTheLimitDecodesAndDeeperThrows() throws {
        #expect(try Nested(decoding: Nested.bytes(depth: ProtoReader.maxDepth)).depth == 64)
        #expect(throws: WireDecodingError.self) { try Nested(decoding: Nested.bytes(depth: ProtoReader.maxDepth + 1)) }
        #expect(throws: WireDecodingError.self) { try Nested(decoding: Nested.bytes(depth: 1000)) }
    }

    @Test(
        "every prefix of a valid encoding decodes or throws",
        arguments: [
            Sample("Event.screen_options_set", Samples.eventScreenOptionsSet),
            Sample("Event.completed", Samples.eventCompleted),
            Sample("Event", Samples.event),
            Sample("Request", Samples.request),
            Sample("Request.read_events", Samples.requestReadEvents),
            Sample("Reply.stack", Samples.replyStack),
            Sample("Reply.events", Samples.replyEvents),
            Sample("Input", Samples.input),
        ])
    func truncationAtEveryOffset(sample: Sample) {
        checkPrefixes(sample.value)
    }

    private func checkPrefixes<Message: ProtoMessage>(_ value: Message) {
        let bytes = value.encoded()
        var decodedPrefixes = 0
        for length in 0..<bytes.count {
            if decodeIfValid(Array(bytes[..<length]), as: Message.self) != nil {
                decodedPrefixes += 1
            }
        }
        #expect(decodedPrefixes > 0)  // at least the empty prefix
        #expect(decodedPrefixes < bytes.count)  // most cuts land inside a field
        #expect(decodeIfValid(bytes, as: Message.self) == value)
    }

    @Test func randomMutationsNeverCrash() {
        var random = SplitMix64(state: 0x5E9E_2024)
        let bases = Samples.all.map { $0.value.encoded() }
        var decoded = 0
        let iterations = 4000
        for _ in 0..<iterations {
            var bytes = bases[Int.random(in: 0..<bases.count, using: &random)]
            for _ in 0...Int.random(in: 0...3, using: &random) {
                mutate(&bytes, using: &random)
            }
            // Decode as the message types of each socket; the results only need to be self-consistent.
            for result in [
                decodeIfValid(bytes, as: Event.self) as (any ProtoMessage)?,
                decodeIfValid(bytes, as: Request.self),
                decodeIfValid(bytes, as: Reply.self),
                decodeIfValid(bytes, as: Input.self),
                decodeIfValid(bytes, as: Frame.self),
            ] where result != nil {
                decoded += 1
            }
        }
        #expect(decoded > 0)
        #expect(decoded < iterations * 5)
    }

    private func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0 where !bytes.isEmpty:
            bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1 where !bytes.isEmpty:
            bytes[index] = UInt8.random(in: 0...255, using: &random)
        case 2:
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
        case 3 where !bytes.isEmpty:
            bytes.remove(at: index)
        case 4:
            bytes.removeLast(Int.random(in: 0...min(bytes.count, 8), using: &random))
        case 5 where !bytes.isEmpty:
            let end = Int.random(in: index...bytes.count, using: &random)
            bytes.insert(contentsOf: bytes[index..<end], at: Int.random(in: 0...bytes.count, using: &random))
        default:
            // A plausible but wrong length or tag byte.
            bytes.insert(contentsOf: [0x0A, UInt8.random(in: 0...255, using: &random)], at: index)
        }
    }
}

/// A hand-written message that nests itself in field 1, to test the depth limit (no segue.proto message can
/// nest deeply).
struct Nested: ProtoMessage {
    var depth = 0

    init() {}

    static func bytes(depth: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<depth {
            bytes = lengthDelimited(1, bytes)
        }
        return bytes
    }

    func encode(to writer: inout ProtoWriter) {}

    mutating func decodeField(
        number: Int,
        wireType: WireType,
        from reader: inout ProtoReader
    ) throws(WireDecodingError) {
        guard number == 1 else { return try reader.skip(wireType) }
        var child = Nested()
        try reader.readMessage(wireType, into: &child)
        depth = max(depth, child.depth + 1)
    }
}
