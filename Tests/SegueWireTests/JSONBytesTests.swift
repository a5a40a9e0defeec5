import SegueJSON
import SegueWire
import Testing

/// `JSONWriter` (what `segue web` relays: `jsonBytes`) against `JSONObject` (`--json`, and what the gateway sent
/// before): the very same text, byte for byte, for every message and for frames of every shape, since the pages,
/// the browser tests and the Python clients read both.
@Suite("JSON written into bytes, the same as JSONObject's")
struct JSONBytesTests {
    @Test(arguments: Samples.all + GoldenCases.all)
    func everyMessageWritesItsObjectsText(_ sample: Sample) throws {
        let writable = try #require(sample.value as? any JSONWritable & JSONRepresentable, "\(sample.name)")
        expectSame(writable)
    }

    @Test(arguments: Samples.all)
    func everyPublicationWritesItsObjectsText(_ sample: Sample) {
        let publication: Publication
        switch sample.value {
        case let event as Event: publication = .event(event)
        case let frame as Frame: publication = .frame(frame)
        case let rejection as Rejection: publication = .rejection(rejection)
        case let probe as PublishProbe: publication = .probe(probe)
        default: return
        }
        expectSame(publication)
    }

    @Test func undecodablePublicationsWriteTheirObjectsText() {
        expectSame(Publication.undecodable(topic: "zz/stack/", reason: "unknown topic"))
        expectSame(Publication.undecodable(topic: "fr/\"quoted\"\\/", reason: "line\nbreak\ttab\r\u{01}\u{1F}\u{7F}"))
        expectSame(Publication.undecodable(topic: "", reason: ""))
    }

    @Test(arguments: FramePhase.knownValues + [FramePhase(rawValue: 7), FramePhase(rawValue: -2)])
    func framesOfEveryPhase(_ phase: FramePhase) {
        for frame in Self.frameShapes {
            var frame = frame
            frame.phase = phase
            expectSame(Publication.frame(frame))
        }
    }

    @Test func stringsThatNeedEscapes() {
        let ids = [
            "", "a", "tab\there", "quote\"", "back\\slash", "new\nline", "cr\r", "\u{00}\u{01}\u{08}\u{0B}\u{0C}\u{1F}",
            "del\u{7F}", "caf\u{E9}", "\u{1F680}rocket", "\u{2028}\u{2029}", "mixed \"\\\n\u{E9}\u{7F}",
        ]
        for id in ids {
            expectSame(Publication.frame(Frame(stackId: id, from: ViewFrame(screen: id))))
        }
    }

    @Test func numbersAtTheirEdges() {
        for value in Self.edgeDoubles {
            expectSame(Publication.frame(Frame(progress: value, dimming: -value, shadow: value / 3)))
            expectSame(Rect(x: value, y: -value, width: value * 1e10, height: value * 1e-10))
        }
        for value: UInt64 in [0, 1, 9, 10, 99, 100, 9_999_999_999, 10_000_000_000, UInt64(Int64.max), .max - 1, .max] {
            expectSame(Publication.frame(Frame(transitionId: value, sequence: value / 7, position: value)))
        }
        for value: Int64 in [0, -1, 1, -9, -10, 1_000_000, -1_000_000_007, .max, .min, .min + 1] {
            expectSame(Publication.frame(Frame(timeUs: value)))
        }
    }

    /// Frames with random values, from a fixed seed: doubles of every magnitude and sign, fractions of the kind
    /// the engine computes, random bit patterns.
    @Test func randomFrames() {
        var random = SplitMix64(state: 0x5E6E_0EB)
        for _ in 0..<2000 {
            let frame = Frame(
                stackId: "s\(random.next() % 1000)", transitionId: random.next() >> (random.next() % 64),
                sequence: random.next() % 100_000, timeUs: Int64(bitPattern: random.next()) >> (random.next() % 64),
                progress: random.unit(), phase: FramePhase(rawValue: Int32(random.next() % 5)),
                from: random.next() % 4 == 0 ? nil : Self.viewFrame(&random),
                to: random.next() % 4 == 0 ? nil : Self.viewFrame(&random), dimming: random.double(),
                shadow: random.double(), position: random.next())
            expectSame(Publication.frame(frame))
        }
    }

    private func expectSame(
        _ value: some JSONWritable & JSONRepresentable, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = value.jsonObject.description
        let written = String(decoding: value.jsonBytes, as: UTF8.self)
        #expect(written == expected, sourceLocation: sourceLocation)
    }

    /// A frame with every member, one without its optional messages, one with a shadowed edge, and an empty one.
    static let frameShapes: [Frame] = [
        Frame(
            stackId: "s1", transitionId: 12, sequence: 3, timeUs: 1_733_300_000_123_456,
            progress: 0.123_456_789_012_345_67,
            from: ViewFrame(screen: "Home", rect: Rect(x: -97.5, y: 0, width: 390, height: 844), alpha: 1),
            to: ViewFrame(
                screen: "Detail", rect: Rect(x: 292.5, y: 0, width: 390, height: 844), alpha: 0.75, cornerRadius: 12),
            dimming: 0.1, shadow: 0.25, position: 4821),
        Frame(stackId: "bare", transitionId: 1, sequence: 1, timeUs: -5, progress: 1, position: 0),
        Frame(
            stackId: "flutter", progress: 0.5,
            from: ViewFrame(
                screen: "Upper", rect: Rect(x: 195, y: 0, width: 390, height: 844), alpha: 1,
                edgeShadow: EdgeShadow(
                    width: 30, stops: [GradientStop(position: 0, alpha: 0.04), GradientStop(position: 1, alpha: 0)])),
            to: ViewFrame(screen: "Lower", edgeShadow: EdgeShadow())),
        Frame(),
    ]

    static let edgeDoubles: [Double] = [
        0, -0.0, 1, -1, 0.5, -0.5, 0.1, 0.1 + 0.2, 1.0 / 3.0, -2.0 / 3.0, 1e-5, 1e-7, 0.0001, 123.456, 1e14, 1e15 - 1,
        -(1e15 - 1), 1e15, -1e15, 1e15 + 0.5, 1e16, 1e17, 123_456_789_012_345_680, 1e21, 1e300, -1e300, 2.5e-308,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .ulpOfOne, .pi, .nan, -.nan, .infinity, -.infinity, Double(Int64.max), Double(UInt64.max),
    ]

    static func viewFrame(_ random: inout SplitMix64) -> ViewFrame {
        ViewFrame(
            screen: "screen\(random.next() % 10)",
            rect: random.next() % 5 == 0
                ? nil
                : Rect(x: random.double(), y: random.unit() * 844, width: 390 * random.unit(), height: 844),
            alpha: random.unit(), cornerRadius: random.next() % 2 == 0 ? 0 : random.unit() * 40,
            edgeShadow: random.next() % 3 == 0
                ? EdgeShadow(
                    width: random.unit() * 30, stops: [GradientStop(position: random.unit(), alpha: random.double())])
                : nil)
    }
}

extension SplitMix64 {
    /// In [0, 1), as a layout's fractions are.
    fileprivate mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// Any double: a fraction scaled by a power of ten of either sign, a whole number, or any bit pattern.
    fileprivate mutating func double() -> Double {
        switch next() % 4 {
        case 0: (unit() - 0.5) * pow10(Int(next() % 40) - 20)
        case 1: Double(Int64(bitPattern: next()) >> (next() % 64))
        case 2: Double(bitPattern: next())
        default: unit()
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<abs(exponent) { value *= 10 }
        return exponent < 0 ? 1 / value : value
    }
}
