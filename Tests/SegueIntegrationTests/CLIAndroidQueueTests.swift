import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

/// `segue push` on an `android` stack of a real segued while a push plays: the command is queued, `segue push`,
/// `segue state` and `segue replay` say so, a daemon stopped with commands waiting runs them after its restart, and
/// `segue replay --frames` draws every frame a subscriber saw.
@Suite struct CLIAndroidQueueTests {
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
            _ = try control.command(
                Command(
                    stackId: stack,
                    op: .create(
                        CreateStack(
                            screens: ["Home"],
                            config: StackConfig(
                                size: Size(width: 400, height: 800), profile: "android",
                                tuning: Tuning(settleMs: 2000))))))
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
}
