import Foundation
import SegueWire
import Testing

/// The values of scripts/make_golden.py's `cases()`, built in Swift. Golden/<name>.bin holds the bytes Google's
/// protobuf encoder produced for each (Golden/<name>.txt shows the value in text format).
enum GoldenCases {
    static let all: [Sample] = {
        var cases: [Sample] = []
        func add(_ name: String, _ value: any ProtoMessage) {
            cases.append(Sample(name, value))
        }
        add("vec2_negative_zero", Vec2(x: -0.0, y: 0.0))
        add("vec2_nan_infinity", Vec2(x: .nan, y: -.infinity))
        add(
            "rect_extremes",
            Rect(
                x: .leastNonzeroMagnitude,
                y: .greatestFiniteMagnitude,
                width: 1.0 / 3.0,
                height: -1e-300
            ))
        add(
            "pan_event_negative",
            PanEvent(
                stackId: "\u{30CA}\u{30D3}-\u{DF}-\u{1F680}",
                gestureId: .max,
                phase: .panBegan,
                location: Vec2(),
                translation: Vec2(x: -3.25),
                timestampUs: -1,
                target: .panTargetBack
            ))
        add(
            "pan_event_unknown_enums",
            PanEvent(
                stackId: "s",
                phase: PanPhase(rawValue: 7),
                target: PanTarget(rawValue: -2)
            ))
        add(
            "tuning_present_zeros",
            Tuning(
                edgeWidth: 0,
                progressDistance: 0,
                finishThreshold: 0,
                flingVelocity: 0,
                settleMs: 0,
                dampingRatio: 0,
                parallax: 0,
                dimming: 0,
                gestureTimeoutMs: 0
            ))
        add("tuning_partial", Tuning(edgeWidth: 20, settleMs: 350, dimming: 0.1))
        add("stack_config_empty_submessages", StackConfig(size: Size(), rightToLeft: true, tuning: Tuning()))
        add(
            "screen_options_rects",
            ScreenOptions(
                exclusionRects: [Rect(), Rect(x: 1, y: 2, width: 3, height: 4), Rect()]
            ))
        add(
            "input_pan",
            Input(
                body: .pan(
                    PanEvent(
                        stackId: "nav",
                        gestureId: 42,
                        phase: .panChanged,
                        location: Vec2(x: 120.5, y: 300),
                        translation: Vec2(x: 80.25, y: -4),
                        velocity: Vec2(x: 950, y: 12.5),
                        timestampUs: 123_456_789,
                        target: .panTargetTabs
                    ))))
        add("input_command_delete", Input(body: .command(Command(stackId: "nav", op: .delete(DeleteStack())))))
        add(
            "command_create",
            Command(
                stackId: "nav",
                requestId: "req-1",
                expectedVersion: 0,
                op: .create(
                    CreateStack(
                        screens: ["home", "detail"],
                        config: StackConfig(
                            size: Size(width: 390, height: 844),
                            profile: "ios",
                            fps: 120,
                            tuning: Tuning(dimming: 0.1)
                        )
                    ))
            ))
        add("command_select_tab_default", Command(stackId: "tabs", op: .selectTab(SelectTab())))
        add(
            "command_push_options",
            Command(
                stackId: "nav",
                expectedVersion: 7,
                op: .push(
                    Push(
                        screen: "detail",
                        options: ScreenOptions(
                            backGestureDisabled: true,
                            exclusionRects: [Rect(x: 0, y: 0, width: 20, height: 844)]
                        )
                    ))
            ))
        add("event_empty", Event())
        add(
            "event_stack_created",
            Event(
                position: 1,
                stackId: "nav",
                version: 1,
                timeUs: 1_700_000_000_000_000,
                requestId: "req-1",
                body: .stackCreated(
                    StackCreated(
                        tabs: ["a", "b", "c"],
                        selectedTab: 2,
                        config: StackConfig(size: Size(width: 390, height: 844))
                    ))
            ))
        add(
            "event_progressed",
            Event(
                position: 9,
                stackId: "nav",
                version: 4,
                timeUs: 5,
                body: .progressed(
                    TransitionProgressed(
                        transitionId: 3,
                        progress: 0.42,
                        translation: Vec2(x: 163.8),
                        velocity: Vec2(x: -120)
                    ))
            ))
        add(
            "event_finished_negative_settle",
            Event(
                position: 10,
                body: .finished(
                    TransitionFinished(
                        transitionId: 3,
                        progress: 0.8,
                        velocity: -0.0,
                        reason: .flungBack,
                        settleUs: -5
                    ))
            ))
        add(
            "event_completed_empty_strings",
            Event(
                position: 11,
                body: .completed(TransitionCompleted(transitionId: 3, screens: ["", "a"], presented: [""]))
            ))
        add("event_deleted", Event(position: 12, body: .deleted(StackDeleted())))
        let rects = (0..<12).map { Rect(x: Double($0), y: Double($0) * 2.5, width: 10, height: Double($0) + 0.125) }
        add(
            "event_screen_options_many_rects",
            Event(
                position: 13,
                body: .screenOptionsSet(
                    ScreenOptionsSet(screen: "detail", options: ScreenOptions(exclusionRects: rects)))
            ))
        add("request_get_stats", Request(requestId: "r1", body: .getStats(GetStats())))
        add("request_read_events", Request(body: .readEvents(ReadEvents(maxCount: 1000))))
        add(
            "reply_error",
            Reply(
                requestId: "r2",
                error: ErrorDetail(code: .versionConflict, message: "expected version 3, stack is at 4")
            ))
        add(
            "reply_error_unknown_code_empty",
            Reply(
                error: ErrorDetail(code: ErrorCode(rawValue: 99)),
                body: .stats(Stats())
            ))
        add(
            "reply_stack_state",
            Reply(
                requestId: "r3",
                body: .stack(
                    StackState(
                        stackId: "nav",
                        version: 8,
                        screens: ["home", "detail"],
                        presented: ["sheet"],
                        selectedTab: 0,
                        config: StackConfig(size: Size(width: 390, height: 844), profile: "fluid"),
                        transition: TransitionState(
                            transitionId: 5,
                            operation: .pop,
                            fromScreen: "detail",
                            toScreen: "home",
                            interactive: true,
                            phase: .tracking,
                            progress: 0.25
                        )
                    ))))
        let events = (1...400).map { (position: Int) in
            Event(
                position: UInt64(position),
                stackId: "stack-\(position % 7)",
                version: UInt64(position),
                timeUs: 1_700_000_000_000_000 + Int64(position),
                body: .progressed(
                    TransitionProgressed(
                        transitionId: UInt64(position),
                        progress: Double(position) / 400,
                        translation: Vec2(x: Double(position) * 0.5)
                    ))
            )
        }
        add(
            "reply_events_large",
            Reply(
                requestId: "r4",
                body: .events(EventBatch(events: events, nextPosition: 401, headPosition: 1 << 40))
            ))
        add("reply_stack_list", Reply(body: .stacks(StackList(stackIds: ["a", "nav", "tabs"]))))
        add(
            "stats_extremes",
            Stats(
                headPosition: .max,
                stacks: 1,
                inputsReceived: 1 << 63,
                inputsRejected: 127,
                eventsAppended: 128,
                framesPublished: 16_384,
                logBytes: 1 << 35,
                fsyncP99Us: 1234.5,
                uptimeUs: .min
            ))
        add(
            "frame_full",
            Frame(
                stackId: "nav",
                transitionId: 5,
                sequence: 17,
                timeUs: 99,
                progress: 0.5,
                phase: .settling,
                from: ViewFrame(screen: "detail", rect: Rect(x: 195, width: 390, height: 844), alpha: 1),
                to: ViewFrame(screen: "home", rect: Rect(x: -58.5, width: 390, height: 844), alpha: 1),
                dimming: 0.05,
                shadow: 0.2,
                position: 40
            ))
        add(
            "rejection_unknown_code",
            Rejection(
                stackId: "nav",
                gestureId: 9,
                requestId: "q",
                error: ErrorDetail(code: ErrorCode(rawValue: 1000), message: "?"),
                timeUs: -7
            ))
        return cases
    }()
}

enum GoldenFiles {
    static let directory: URL = Bundle.module.resourceURL!.appendingPathComponent("Golden")

    static func bytes(_ fileName: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(fileName)))
    }

    /// Golden/samples.bin: records of varint(name length) name varint(encoding length) encoding.
    static func samples() throws -> [String: [UInt8]] {
        let data = try bytes("samples.bin")
        var records: [String: [UInt8]] = [:]
        var index = 0
        func readVarint() throws -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = try #require(index < data.count ? data[index] : nil)
                index += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
        while index < data.count {
            let nameLength = try readVarint()
            let name = String(decoding: data[index..<index + nameLength], as: UTF8.self)
            index += nameLength
            let length = try readVarint()
            records[name] = Array(data[index..<index + length])
            index += length
        }
        return records
    }
}

@Suite("Golden bytes from Google's encoder")
struct GoldenTests {
    @Test("hand-picked cases encode to Google's bytes and decode back", arguments: GoldenCases.all)
    func goldenCase(sample: Sample) throws {
        let golden = try GoldenFiles.bytes("\(sample.name).bin")
        try check(sample.value, golden: golden)
    }

    @Test("every generated sample encodes to Google's bytes and decodes back")
    func goldenSamples() throws {
        let golden = try GoldenFiles.samples()
        #expect(Set(golden.keys) == Set(Samples.all.map(\.name)), "rerun scripts/make_golden.py")
        for sample in Samples.all {
            let bytes = try #require(golden[sample.name], "no golden bytes for \(sample.name)")
            try check(sample.value, golden: bytes, name: sample.name)
        }
    }

    @Test func everyGoldenFileHasASwiftCase() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: GoldenFiles.directory.path)
            .filter { $0.hasSuffix(".bin") && $0 != "samples.bin" }
            .map { String($0.dropLast(4)) }
        #expect(Set(names) == Set(GoldenCases.all.map(\.name)))
        #expect(names.count >= 20)
    }

    @Test func nanAndNegativeZeroDecodeWithTheirBits() throws {
        let vector = try Vec2(decoding: GoldenFiles.bytes("vec2_nan_infinity.bin"))
        #expect(vector.x.bitPattern == Double.nan.bitPattern)
        #expect(vector.y == -.infinity)
        let zero = try Vec2(decoding: GoldenFiles.bytes("vec2_negative_zero.bin"))
        #expect(zero.x.sign == .minus && zero.x == 0)
    }

    private func check<Message: ProtoMessage>(_ value: Message, golden: [UInt8], name: String = "") throws {
        let encoded = value.encoded()
        #expect(encoded == golden, "\(name): Swift encoding differs from Google's")
        if encoded != golden {
            let shorter = min(encoded.count, golden.count)
            let index = (0..<shorter).first { encoded[$0] != golden[$0] } ?? shorter
            Issue.record("\(name): first difference at byte \(index) of \(golden.count)")
        }
        let decoded = try Message(decoding: golden)
        #expect(decoded.encoded() == golden)
        // NaN is not equal to itself, so a value holding one is compared through its bytes only.
        if value == value {
            #expect(decoded == value, "\(name): decoding Google's bytes gives a different value")
        }
    }
}
