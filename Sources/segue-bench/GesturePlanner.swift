import SegueClient
import SegueCore
import SegueWire

/// One swipe a producer sends on one stack: the encoded `Input`s of a `SwipeTrace`.
struct PlannedGesture {
    /// The producer's gesture id.
    var gestureId: UInt64
    /// Encoded `Input`s in order: PAN_BEGAN, PAN_CHANGED..., then PAN_ENDED or PAN_CANCELLED (empty when not
    /// asked for).
    var inputs: [[UInt8]]
    /// The pan events themselves (the log generator feeds them to the core without encoding).
    var pans: [PanEvent]
}

/// The mix of swipes every workload drives: what people do with a back swipe, at 120 Hz producer time.
///
/// | kind | share | finger moves | travel (widths) | release velocity (pt/s) | outcome (fluid) |
/// |---|---|---|---|---|---|
/// | flick | 30 % | 150-300 ms | 0.2-0.4 | +700 to +1500 | finish, FLUNG_FORWARD |
/// | drag | 30 % | 0.5-1.5 s | 0.55-0.9 | 0 to +300 | finish, PASSED_THRESHOLD |
/// | peek | 25 % | 1-3 s | 0.15-0.45 | -400 to -50 | cancel, FLUNG_BACK or BELOW_THRESHOLD |
/// | interrupted | 15 % | 0.3-1.2 s | 0.1-0.6 | ends with PAN_CANCELLED | cancel, GESTURE_CANCELLED |
///
/// About 120 pan events per gesture on average. The long peeks and drags matter for throughput: a stack waits
/// for its settle (500 ms in fluid) before its next gesture, so each stack can offer at most about one gesture
/// per (gesture time + 0.5 s).
struct GesturePlanner {
    /// The container every bench stack has: an iPhone-sized portrait screen, in points.
    static let width = 390.0
    static let height = 844.0
    /// Producer samples per second (a 120 Hz touch panel).
    static let rateHz = 120.0

    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The next gesture for `stackId`, its first sample at producer time `startUs`.
    /// - Parameter encoded: whether to encode the inputs (the log generator needs only the pan events).
    mutating func next(stackId: String, gestureId: UInt64, startUs: Int64, encoded: Bool = true) -> PlannedGesture {
        let roll = Double.random(in: 0..<1, using: &random)
        let durationMs: Int
        let fraction: Double
        var velocity = 0.0
        var cancel = false
        switch roll {
        case ..<0.30:
            durationMs = Int.random(in: 150...300, using: &random)
            fraction = Double.random(in: 0.2...0.4, using: &random)
            velocity = Double.random(in: 700...1500, using: &random)
        case ..<0.60:
            durationMs = Int.random(in: 500...1500, using: &random)
            fraction = Double.random(in: 0.55...0.9, using: &random)
            velocity = Double.random(in: 0...300, using: &random)
        case ..<0.85:
            durationMs = Int.random(in: 1000...3000, using: &random)
            fraction = Double.random(in: 0.15...0.45, using: &random)
            velocity = Double.random(in: -400 ... -50, using: &random)
        default:
            durationMs = Int.random(in: 300...1200, using: &random)
            fraction = Double.random(in: 0.1...0.6, using: &random)
            cancel = true
        }
        let trace = SwipeTrace(
            stackId: stackId, gestureId: gestureId, target: .panTargetBack, width: Self.width, fraction: fraction,
            releaseVelocity: velocity, durationMs: durationMs, rateHz: Self.rateHz, cancel: cancel,
            start: SwipeTrace.defaultStart(
                width: Self.width, height: Self.height, rightToLeft: false,
                target: .panTargetBack),
            startTimestampUs: startUs)
        let pans = trace.events
        let inputs = encoded ? pans.map { Input(body: .pan($0)).encoded() } : []
        return PlannedGesture(gestureId: gestureId, inputs: inputs, pans: pans)
    }
}

/// The stacks every workload creates, and the commands that keep them swipeable.
enum BenchStacks {
    /// The screens of a new stack: a back swipe pops `thread`, and a push after a finished swipe puts it back.
    static let screens = ["root", "inbox", "thread"]

    /// `s00042`: fixed width, so a frame's stack id parses to its index without a dictionary.
    static func id(_ index: Int) -> String {
        let digits = String(index)
        return "s" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// The index in a stack id made by `id(_:)`, nil for anything else.
    static func index(of id: String) -> Int? {
        var value = 0
        var seenDigit = false
        for (position, byte) in id.utf8.enumerated() {
            if position == 0 {
                guard byte == UInt8(ascii: "s") else { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            seenDigit = true
        }
        return seenDigit ? value : nil
    }

    /// The config of every bench stack: the default profile (fluid) at 60 fps, its settle duration overridden
    /// when `settleMs` is given.
    static func config(settleMs: UInt32? = nil) -> StackConfig {
        var config = StackConfig(
            size: Size(width: GesturePlanner.width, height: GesturePlanner.height),
            profile: "fluid")
        if let settleMs {
            var tuning = Tuning()
            tuning.settleMs = settleMs
            config.tuning = tuning
        }
        return config
    }

    /// CreateStack for stack `index`.
    static func create(_ index: Int, settleMs: UInt32? = nil) -> Command {
        Command(
            stackId: id(index), requestId: "bench-create-\(index)",
            op: .create(CreateStack(screens: screens, config: config(settleMs: settleMs))))
    }

    /// An immediate push of `thread` (after a finished back swipe popped it).
    static func pushBack(_ index: Int) -> Command {
        Command(stackId: id(index), op: .push(Push(screen: "thread", immediate: true)))
    }
}
