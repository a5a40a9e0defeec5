import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

/// `segue push` on an `android` stack of a real segued while a push plays: the command is queued, `segue push`,
/// `segue state` and `segue replay` say so, a daemon stopped with commands waiting runs them after its restart, and
/// `segue replay --frames` draws every frame a subscriber saw; `segue swipe` during a released swipe's settle is
/// held, and says what its back key did.
@Suite struct CLIAndroidQueueTests {
    /// A 400 x 800 android stack of `screens` whose transitions take `settleMs`.
    static func createSlowAndroidStack(_ control: ControlClient, screens: [String], settleMs: UInt32) throws {
        _ = try control.command(
            Command(
                stackId: AndroidDaemonTests.stack,
                op: .create(
                    CreateStack(
                        screens: screens,
                        config: StackConfig(
                            size: Size(width: 400, height: 800), profile: "android",
                            tuning: Tuning(settleMs: settleMs))))))
    }

    @Test("a push during an android push is queued, told by push, state and replay, run after a restart")
    func queuedPush() throws {
        let scratch = try ScratchDirectory(prefix: "segued-android-queue")
        let directory = scratch.url.appendingPathComponent("data")
        let stack = AndroidDaemonTests.stack
        var frames: [Frame] = []
        var events: [Event] = []
        do {
            let daemon = try DaemonProcess.start(dataDirectory: directory, extraArguments: ["--snapshot-every", "0"])
            defer { daemon.kill() }
            let (control, _, subscriber) = try AndroidDaemonTests.subscribe(daemon)
            // Transitions of 2 s: the commands below arrive while the first one plays.
            try Self.createSlowAndroidStack(control, screens: ["Home"], settleMs: 2000)
            _ = try control.command(Command(stackId: stack, op: .push(Push(screen: "Detail"))))
            let pushed = try runSegue(["push", stack, "More"], daemon: daemon)
            #expect(
                pushed.stdout
                    == "pushed More onto \(stack) once transition 1 completes: queued at position 4, version 4\n",
                "\(pushed)")
            let json = try runSegue(["push", stack, "Third", "--immediate", "--json"], daemon: daemon)
            #expect(json.stdout.contains(#""queuedBehind":1}"#), "\(json)")
            let state = try runSegue(["state", stack], daemon: daemon)
            #expect(state.stdout.contains("  queued #4 PUSH More\n  queued #5 PUSH Third immediate\n"), "\(state)")
            // A tab switch is not a command android queues: refused as before.
            let tab = try runSegue(["tab", stack, "1"], daemon: daemon)
            #expect(tab.status != 0 && tab.stderr.contains("TRANSITION_IN_PROGRESS"), "\(tab)")
            try AndroidDaemonTests.collect(subscriber, into: &frames, events: &events) {
                $0.contains { $0.transitionId == 1 && $0.phase == .settling }
            }
            #expect(daemon.stop() == 0)
        }
        do {
            let daemon = try DaemonProcess.start(dataDirectory: directory)
            defer { daemon.kill() }
            let (control, _, subscriber) = try AndroidDaemonTests.subscribe(daemon)
            // The restart completed the push and began the first queued one; the second still waits.
            let state = try control.stack(stack)
            #expect(state.screens == ["Home", "Detail"] && state.transition?.toScreen == "More", "\(state)")
            #expect(state.queued.map(\.position) == [5])
            try AndroidDaemonTests.collect(subscriber, into: &frames, events: &events) {
                $0.contains { $0.transitionId == 3 && $0.phase == .done }
            }
            #expect(try control.stack(stack).screens == ["Home", "Detail", "More", "Third"])
            #expect(daemon.stop() == 0)
        }
        let log = try runSegue(["replay", directory.path])
        #expect(log.stdout.contains(" v4 queued PUSH More behind t1\n"), "\(log)")
        #expect(log.stdout.contains(" began PUSH Detail -> More queued_at=#4\n"), "\(log)")
        #expect(log.stdout.contains(" began PUSH More -> Third queued_at=#5\n"), "\(log)")
        let (replayed, _) = try AndroidRestartTests.replay(directory)
        #expect(frames.contains { $0.transitionId == 2 } && frames.contains { $0.transitionId == 3 })
        for frame in frames {
            let again = replayed["\(frame.transitionId)/\(frame.sequence)"]
            #expect(again?.encoded() == frame.encoded(), "frame \(frame.transitionId)/\(frame.sequence)")
        }
    }

    @Test("segue swipe during an android swipe's settle is held: its back key is queued, told by swipe and replay")
    func heldSwipeSendsABackKey() throws {
        let scratch = try ScratchDirectory(prefix: "segued-android-back-key")
        let directory = scratch.url.appendingPathComponent("data")
        let stack = AndroidDaemonTests.stack
        let daemon = try DaemonProcess.start(dataDirectory: directory)
        defer { daemon.kill() }
        let (control, producer, subscriber) = try AndroidDaemonTests.subscribe(daemon)
        // Settles of 3 s: each `segue swipe` below begins while the swipe before it settles.
        try Self.createSlowAndroidStack(control, screens: ["Home", "Detail", "More", "Last"], settleMs: 3000)
        var frames: [Frame] = []
        var events: [Event] = []
        /// A swipe of 300 pt from the left edge, released at rest: its commit, transition `id`, settles.
        func commit(gesture: UInt64, transition id: UInt64) throws {
            let start = Vec2(x: 5, y: 400)
            let now = MonotonicTime.nowUs()
            for (index, x) in [0.0, 150, 300].enumerated() {
                try producer.send(
                    pan: AndroidDaemonTests.pan(
                        index == 0 ? .panBegan : index == 1 ? .panChanged : .panEnded, gesture: gesture, start: start,
                        translation: Vec2(x: x, y: 0), timeUs: now + Int64(index) * 16_000))
            }
            // Until its release has decided: the commit settles for 3 s from here.
            try AndroidDaemonTests.collect(subscriber, into: &frames, events: &events) {
                $0.contains { $0.transitionId == id && $0.phase == .settling }
            }
        }

        try commit(gesture: 1001, transition: 1)
        let swiped = try runSegue(
            ["swipe", stack, "--no-wait", "--gesture-id", "7", "--to", "0.7", "--wait-ms", "10000"], daemon: daemon)
        #expect(swiped.status == 0, "\(swiped)")
        #expect(
            swiped.stdout.hasPrefix("held behind transition 1; its release sent a back key: POP, queued\n"),
            "\(swiped.stdout)")
        #expect(swiped.stdout.contains("the back key's POP finished (PROGRAMMATIC)"), "\(swiped.stdout)")
        #expect(swiped.stdout.contains("completed: stack is now Home > Detail\n"), "\(swiped.stdout)")
        #expect(try control.stack(stack).screens == ["Home", "Detail"])

        // Released with the arrow off, a held swipe sends nothing, and swipe says why nothing came.
        try commit(gesture: 1002, transition: 3)
        let short = try runSegue(
            ["swipe", stack, "--no-wait", "--gesture-id", "8", "--to", "0.02", "--wait-ms", "300"], daemon: daemon)
        #expect(short.status != 0, "\(short)")
        #expect(short.stderr.contains("profile 'android' held it"), "\(short.stderr)")
        #expect(daemon.stop() == 0)

        let log = try runSegue(["replay", directory.path])
        #expect(log.stdout.contains(" queued POP behind t1 back_key gesture_id=7\n"), "\(log)")
        #expect(log.stdout.contains(" began POP More -> Detail back_key gesture_id=7 queued_at=#"), "\(log)")
        #expect(!log.stdout.contains("gesture_id=8"), "\(log)")
    }
}
