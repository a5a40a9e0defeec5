// The engine core alone, in-process, on a fixed workload: what scripts/core-instructions.sh counts the instructions
// of. 1000 fluid stacks (settles tuned to 100 ms, as the bench's throughput run) each swipe back and spring back,
// round after round: BEGAN, 30 CHANGED, a slow short ENDED, then the settle's frames; every pan is encoded as the
// producer sends it and decoded as the engine reads it, and every event and frame is encoded as the engine
// publishes it. Time is simulated, so a run decides the same pans into the same events at any speed. Messages are
// encoded with `encode(into:)`, which every revision has; since 6dbdf67 the engine reuses one writer instead, so
// for those revisions the count includes an allocation per message that the daemon does not make.
//
// Usage: core-instructions ROUNDS (each round is 32,000 pans).
import SegueCore
import SegueWire

let stackCount = 1000
let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1
let ids = (0..<stackCount).map { "stack-\($0)" }

var core = EngineCore()
var now: Int64 = 1_700_000_000_000_000
var outcome = Outcome()
for id in ids {
    var size = Size()
    size.width = 390
    size.height = 844
    var tuning = Tuning()
    tuning.settleMs = 100
    var config = StackConfig()
    config.size = size
    config.profile = "fluid"
    config.tuning = tuning
    var create = CreateStack()
    create.screens = ["root", "inbox", "thread"]
    create.config = config
    var command = Command()
    command.stackId = id
    command.op = .create(create)
    core.apply(Input(body: .command(command)), now: now, into: &outcome)
}

/// A gesture's steps: BEGAN, CHANGED 1 to 30, ENDED at 31; the rest of the cycle waits for the settle.
let cycle = 72
var gestureIds = [UInt64](repeating: 0, count: stackCount)
var producerUs = [Int64](repeating: 5_000_000, count: stackCount)
var nextGesture: UInt64 = 1
var wire: [UInt8] = []
var published: [UInt8] = []
var pans = 0
var frames = 0

func publish() {
    for event in outcome.events { event.encode(into: &published) }
    for frame in outcome.frames { frame.encode(into: &published) }
    frames += outcome.frames.count
    if let rejection = outcome.rejections.first { fatalError("the workload was refused: \(rejection)") }
    outcome.removeAll()
    published.removeAll(keepingCapacity: true)
}

for step in 0..<rounds * cycle {
    let k = step % cycle
    if k > 31 {
        now += 3000
        core.advance(to: now, into: &outcome)
        publish()
        continue
    }
    for s in 0..<stackCount {
        now += 3
        producerUs[s] += 8333
        var pan = PanEvent()
        pan.stackId = ids[s]
        pan.timestampUs = producerUs[s]
        if k == 0 {
            gestureIds[s] = nextGesture
            nextGesture += 1
            pan.phase = .panBegan
            pan.location = Vec2(x: 5, y: 400)
            pan.translation = Vec2()
            pan.velocity = Vec2(x: 300, y: 0)
        } else {
            pan.phase = k == 31 ? .panEnded : .panChanged
            pan.translation = Vec2(x: Double(k) * 4, y: 0)
            if k == 31 { pan.velocity = Vec2() }
        }
        pan.gestureId = gestureIds[s]
        wire.removeAll(keepingCapacity: true)
        Input(body: .pan(pan)).encode(into: &wire)
        let input = try! Input(decoding: wire)
        core.apply(input, now: now, into: &outcome)
        pans += 1
        // A turn of 100 inputs, as the engine's loop takes them.
        if s % 100 == 99 {
            core.advance(to: now, into: &outcome)
            publish()
        }
    }
}
print("pans \(pans), frames \(frames)")
