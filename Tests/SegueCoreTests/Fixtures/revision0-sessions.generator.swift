// Writes revision0-sessions.bin: random sessions run on the engine before profile revisions (revision 09c5b58),
// with a manual clock, recording each input and everything the engine answered. Build it against that revision
// (git worktree add /tmp/rev0 09c5b58; a package depending on /tmp/rev0's SegueCore and SegueWire with this file
// as its main.swift), then `N=400 SEED=1 OUT=revision0-sessions.bin oldprobe; gzip -9 revision0-sessions.bin`.
//
// Records: tag (1 byte), engine time (Int64 LE), length (UInt32 LE), bytes. Tags: 0 a command and 1 a pan event
// applied at that time; 2 an event, 3 a frame, 5 a rejection the engine answered; 6 a snapshot taken then, followed
// by 7 events, 8 frames and 9 the final snapshot of a restart from it; 4 the end of a session.

import Foundation
import SegueCore
import SegueWire

struct RNG {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func double() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
    mutating func chance(_ p: Double) -> Bool { double() < p }
}

nonisolated(unsafe) var out: [UInt8] = []
func put(_ tag: UInt8, _ now: Int64, _ bytes: [UInt8]) {
    out.append(tag)
    withUnsafeBytes(of: now.littleEndian) { out += $0 }
    withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { out += $0 }
    out += bytes
}

struct Runner {
    var core = EngineCore()
    var now: Int64 = 1_700_000_000_000_000
    var producer: Int64 = 5_000_000
    mutating func collect(_ o: Outcome) {
        for e in o.events { put(2, 0, e.encoded()) }
        for f in o.frames { put(3, 0, f.encoded()) }
        for r in o.rejections { put(5, 0, r.encoded()) }
    }
    mutating func runClock(to target: Int64) {
        while let d = core.nextDeadline(), d <= target {
            var o = Outcome()
            core.advance(to: d, into: &o)
            collect(o)
        }
        var o = Outcome()
        core.advance(to: target, into: &o)
        collect(o)
    }
    mutating func advance(us: Int64) {
        now += us
        producer += us
        runClock(to: now)
    }
    mutating func cmd(_ op: Command.Op) {
        let c = Command(stackId: "s", requestId: "", op: op)
        runClock(to: now)
        put(0, now, c.encoded())
        var o = Outcome()
        _ = core.apply(c, requestId: "rq", now: now, into: &o)
        collect(o)
    }
    mutating func pan(_ p: PanEvent) {
        runClock(to: now)
        put(1, now, p.encoded())
        var o = Outcome()
        core.apply(p, now: now, into: &o)
        collect(o)
    }
    mutating func idle() {
        var n = 0
        while let d = core.nextDeadline(), n < 1_000_000 {
            advance(us: max(d - now, 0))
            n += 1
        }
    }
}

let profiles = ["fluid", "classic", "fullscreen", "modal", "ios", "flutter"]
let n = Int(ProcessInfo.processInfo.environment["N"] ?? "200")!
let base = UInt64(ProcessInfo.processInfo.environment["SEED"] ?? "1")!
for i in 0..<n {
    var r = RNG(state: base &+ UInt64(i) &* 7919)
    var run = Runner()
    var tuning: Tuning? = nil
    if r.chance(0.3) {
        var t = Tuning()
        if r.chance(0.4) { t.settleMs = r.pick([0, 100, 1000]) }
        if r.chance(0.4) { t.dampingRatio = r.pick([0.5, 1, 2]) }
        if r.chance(0.3) { t.progressDistance = r.pick([0, 100]) }
        if r.chance(0.3) { t.edgeWidth = r.pick([0, 40]) }
        if r.chance(0.3) { t.finishThreshold = r.pick([0.3, 0.7]) }
        tuning = t
    }
    let rtl = r.chance(0.2)
    let config = StackConfig(
        size: Size(width: r.pick([390.0, 320]), height: 844), profile: r.pick(profiles),
        rightToLeft: rtl, fps: r.pick([0, 60, 30]), tuning: tuning)
    let sign: Double = rtl ? -1 : 1
    run.cmd(.create(CreateStack(screens: ["A", "B", "C"], config: config)))
    var gesture: UInt64 = 0
    var tracking = false
    var k = 0
    for _ in 0..<(r.int(30) + 5) {
        switch r.int(11) {
        case 0:
            k += 1
            run.cmd(.push(Push(screen: "P\(k)", immediate: r.chance(0.2))))
        case 1: run.cmd(.pop(Pop(immediate: r.chance(0.2))))
        case 2:
            k += 1
            run.cmd(.present(Present(screen: "M\(k)", immediate: r.chance(0.2))))
        case 3: run.cmd(.dismiss(Dismiss(immediate: r.chance(0.2))))
        case 4, 5:
            gesture += 1
            tracking = true
            run.pan(
                PanEvent(
                    stackId: "s", gestureId: gesture, phase: .panBegan,
                    location: Vec2(
                        x: rtl ? config.size!.width - r.pick([5.0, 15, 100]) : r.pick([5.0, 15, 100]), y: 400),
                    translation: Vec2(x: sign * r.pick([0.0, 4, -4]), y: 0),
                    velocity: r.chance(0.8) ? Vec2(x: sign * r.pick([0.0, 300, -300]), y: r.pick([0.0, 50])) : nil,
                    timestampUs: run.producer))
        case 6, 7, 8:
            if tracking {
                let x = sign * r.pick([-50.0, 0, 20, 100, 160, 195, 200, 260, 400])
                run.pan(
                    PanEvent(
                        stackId: "s", gestureId: gesture, phase: .panChanged, location: Vec2(x: 10 + x, y: 400),
                        translation: r.chance(0.9) ? Vec2(x: x, y: 0) : nil,
                        velocity: r.chance(0.5) ? Vec2(x: sign * r.pick([0.0, 50, -50, 500, -500, 3000]), y: 0) : nil,
                        timestampUs: run.producer))
            }
        case 9:
            if tracking {
                let x = sign * r.pick([-50.0, 0, 20, 100, 160, 195, 200, 260, 400])
                run.pan(
                    PanEvent(
                        stackId: "s", gestureId: gesture, phase: r.chance(0.7) ? .panEnded : .panCancelled,
                        location: Vec2(x: 10 + x, y: 400), translation: r.chance(0.8) ? Vec2(x: x, y: 0) : nil,
                        velocity: r.chance(0.7) ? Vec2(x: sign * r.pick([0.0, 50, -50, 500, -500, 3000]), y: 0) : nil,
                        timestampUs: run.producer))
                tracking = false
            }
        default: break
        }
        run.advance(us: r.pick([0, 1000, 8000, 16667, 50_000, 200_000, 1_200_000]))
        if r.chance(0.15) {
            // a restart here: snapshot, restore, end transitions in flight, run until idle
            let snap = run.core.snapshot()
            put(6, run.now, snap.encoded())
            var rc = try! EngineCore(snapshot: Snapshot(decoding: snap.encoded()))
            var o = Outcome()
            rc.endTransitionsInFlight(now: run.now, into: &o)
            var t = run.now
            var guardN = 0
            while let d = rc.nextDeadline(), guardN < 100000 {
                t = max(t, d)
                rc.advance(to: t, into: &o)
                guardN += 1
            }
            for e in o.events { put(7, 0, e.encoded()) }
            for f in o.frames { put(8, 0, f.encoded()) }
            put(9, 0, rc.snapshot().encoded())
        }
    }
    run.idle()
    put(4, 0, [])
}
FileManager.default.createFile(
    atPath: ProcessInfo.processInfo.environment["OUT"] ?? "/tmp/old.bin", contents: Data(out))
print("wrote \(out.count) bytes")
