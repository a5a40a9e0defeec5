import FuzzSupport
import SegueWire

/// Seed scripts for FuzzReducer: each a plausible session against the stacks of `ReducerRun.setup`, so that the
/// fuzzer starts from inputs that get past validation and reach every kind of transition.
enum Scenarios {
    typealias Step = ReducerScript.Step

    static func pan(_ stack: String, _ gesture: UInt64, _ phase: PanPhase, x: Double = 8, y: Double = 400,
                    tx: Double = 0, ty: Double = 0, vx: Double = 0, vy: Double = 0, t: Int64,
                    target: PanTarget = .panTargetBack, after delay: UInt8 = 6) -> Step
    {
        .ingest(Input(body: .pan(PanEvent(
            stackId: stack, gestureId: gesture, phase: phase, location: Vec2(x: x + tx, y: y + ty),
            translation: Vec2(x: tx, y: ty), velocity: Vec2(x: vx, y: vy), timestampUs: t, target: target))),
            after: delay)
    }

    /// BEGAN, CHANGED at each of `moves`, then `end` (ENDED or CANCELLED), 16 ms apart.
    static func swipe(_ stack: String, gesture: UInt64, x: Double = 8, moves: [Double], velocity: Double,
                      end: PanPhase = .panEnded, target: PanTarget = .panTargetBack, vertical: Bool = false) -> [Step]
    {
        func step(_ phase: PanPhase, _ move: Double, _ index: Int) -> Step {
            pan(stack, gesture, phase, x: x, tx: vertical ? 0 : move, ty: vertical ? move : 0,
                vx: vertical ? 0 : velocity, vy: vertical ? velocity : 0, t: Int64(index) * 16_000, target: target,
                after: 8)
        }
        var steps = [step(.panBegan, moves.first.map { $0 / 4 } ?? 1, 0)]
        for (index, move) in moves.enumerated() { steps.append(step(.panChanged, move, index + 1)) }
        steps.append(step(end, moves.last ?? 0, moves.count + 1))
        return steps
    }

    static func command(_ stack: String, _ op: Command.Op, expected: UInt64? = nil, viaControl: Bool = true,
                        after delay: UInt8 = 4) -> Step
    {
        let command = Command(stackId: stack, expectedVersion: expected, op: op)
        if viaControl { return .request(Request(requestId: "r-\(stack)", body: .command(command)), after: delay) }
        return .ingest(Input(body: .command(command)), after: delay)
    }

    static func getStack(_ stack: String, after delay: UInt8 = 2) -> Step {
        .request(Request(requestId: "get", body: .getStack(GetStack(stackId: stack))), after: delay)
    }

    static func tick(_ delay: UInt8 = 63) -> Step {
        Step(delayCode: delay, kind: .tick)
    }

    static let rects = ScreenOptions(exclusionRects: [Rect(x: 0, y: 0, width: 40, height: 200)])

    /// Every seed script, by name.
    static var all: [(String, ReducerScript)] {
        [
            ("swipe-back-finish", ReducerScript(
                swipe("nav", gesture: 1, moves: [40, 120, 220, 300], velocity: 900) + [tick(), getStack("nav")])),
            ("swipe-back-cancel", ReducerScript(
                swipe("nav", gesture: 2, moves: [20, 40, 30], velocity: 40) + [tick()])),
            ("catch-settle", ReducerScript(
                swipe("nav", gesture: 3, moves: [60, 160], velocity: 300)
                    + swipe("nav", gesture: 4, x: 200, moves: [10, 80, 200], velocity: 1200) + [tick()])),
            ("classic-timeout", ReducerScript(
                Array(swipe("classic", gesture: 5, moves: [30, 90], velocity: 400).dropLast())
                    + [tick(30), tick(40), getStack("classic")])),
            ("classic-not-at-edge", ReducerScript(swipe("classic", gesture: 6, x: 200, moves: [50], velocity: 300))),
            ("tab-swipe-next", ReducerScript(
                swipe("tabs", gesture: 7, x: 200, moves: [-40, -160, -260], velocity: -900, target: .panTargetTabs)
                    + [tick()])),
            ("tab-swipe-previous", ReducerScript(
                swipe("tabs", gesture: 8, x: 100, moves: [40, 120], velocity: 100, target: .panTargetTabs)
                    + [tick()])),
            ("rtl-swipe", ReducerScript(
                swipe("rtl", gesture: 9, x: 316, moves: [-40, -150, -250], velocity: -800) + [tick()])),
            ("flutter-cancelled", ReducerScript(
                swipe("rtl", gesture: 10, x: 316, moves: [-60, -200], velocity: -600, end: .panCancelled)
                    + [tick()])),
            ("modal-dismiss", ReducerScript(
                swipe("modal", gesture: 11, x: 200, moves: [80, 300, 500], velocity: 1500, vertical: true)
                    + swipe("modal", gesture: 12, x: 8, moves: [80, 300], velocity: 1500) + [tick()])),
            ("time-goes-back", ReducerScript([
                pan("nav", 13, .panBegan, t: 50_000), pan("nav", 13, .panChanged, tx: 50, t: 10_000),
                pan("nav", 14, .panChanged, tx: 60, t: 60_000), pan("nav", 13, .panEnded, tx: 80, t: 70_000),
                tick(),
            ])),
            ("commands-nav", ReducerScript([
                command("nav", .push(Push(screen: "Next", options: rects))), tick(30),
                command("nav", .push(Push(screen: "Again", immediate: true)), viaControl: false),
                command("nav", .pop(Pop())), tick(30), command("nav", .popToRoot(PopToRoot(immediate: true))),
                command("nav", .resize(Resize(size: Size(width: 800, height: 600)))),
                command("nav", .setScreenOptions(SetScreenOptions(screen: "Home", options: ScreenOptions(
                    backGestureDisabled: true)))),
                getStack("nav"),
            ])),
            ("commands-modal", ReducerScript([
                command("modal", .present(Present(screen: "Second"))), tick(40),
                command("modal", .present(Present(screen: "Third", immediate: true))),
                command("modal", .present(Present(screen: "Fourth", immediate: true))),
                command("modal", .dismiss(Dismiss())), tick(40), command("modal", .dismiss(Dismiss(immediate: true))),
                command("modal", .push(Push(screen: "Under"))),
            ])),
            ("commands-tabs", ReducerScript([
                command("tabs", .selectTab(SelectTab(index: 2))), tick(20),
                command("tabs", .selectTab(SelectTab(index: 0, immediate: true))),
                command("tabs", .selectTab(SelectTab(index: 7))), command("tabs", .pop(Pop())),
                command("tabs", .present(Present(screen: "Over"))),
                command("tabs", .delete(DeleteStack()), expected: 3),
            ])),
            ("create-and-delete", ReducerScript([
                command("extra", .create(CreateStack(screens: ["One", "Two"], config: StackConfig(
                    size: Size(width: 300, height: 500), profile: "fullscreen",
                    tuning: Tuning(edgeWidth: 0, finishThreshold: 0.3, settleMs: 120, dampingRatio: 0.6))))),
                command("extra2", .create(CreateStack(tabs: ["x", "y"], selectedTab: 1, config: StackConfig(
                    size: Size(width: 300, height: 500), fps: 240)))),
                command("extra3", .create(CreateStack(screens: ["z"], config: StackConfig(
                    size: Size(width: 300, height: 500))))),
                command("extra4", .create(CreateStack(screens: ["z"], config: StackConfig(
                    size: Size(width: 300, height: 500))))),
                command("extra", .delete(DeleteStack()), expected: 1),
                command("nav", .create(CreateStack(screens: ["dup"], config: StackConfig(
                    size: Size(width: 1, height: 1))))),
            ])),
            ("swipe-then-command", ReducerScript(
                Array(swipe("nav", gesture: 15, moves: [50, 150], velocity: 700).dropLast())
                    + [command("nav", .pop(Pop())), command("nav", .delete(DeleteStack()))]
                    + [pan("nav", 15, .panEnded, tx: 150, t: 60_000), tick()])),
            ("push-to-limit", ReducerScript((0..<12).map {
                command("nav", .push(Push(screen: "S\($0)", immediate: true)), after: 1)
            })),
        ]
    }
}
