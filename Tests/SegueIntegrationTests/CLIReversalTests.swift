import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing

/// `segue pop` on a `flutter` stack of a real segued, during a push (the pop turns it back) and during a back swipe
/// (it takes the swipe over), and `segue push` during a back swipe (it ends the drag and waits): `segue tail` says
/// so, and `segue replay --frames` of the data directory draws every frame a subscriber saw.
@Suite struct CLIReversalTests {
    static let stack = "demo"

    /// A daemon on a data directory of its own with an 800 x 600 flutter stack of `screens`, what a subscriber saw
    /// of it, and `segue tail` from the start.
    final class Watched {
        let directory: URL
        let daemon: DaemonProcess
        let tail: ChildProcess
        private let scratch: ScratchDirectory
        private let subscriber: Subscriber
        private(set) var frames: [Frame] = []
        private(set) var events: [Event] = []

        init(screens: [String], tuning: Tuning? = nil) throws {
            scratch = try ScratchDirectory(prefix: "segued-interrupted")
            directory = scratch.url.appendingPathComponent("data")
            daemon = try DaemonProcess.start(dataDirectory: directory)
            let control = try ControlClient(endpoint: daemon.endpoints.control)
            _ = try control.command(
                Command(
                    stackId: CLIReversalTests.stack,
                    op: .create(
                        CreateStack(
                            screens: screens,
                            config: StackConfig(
                                size: Size(width: 800, height: 600), profile: "flutter", tuning: tuning)))))
            subscriber = try Subscriber(
                endpoint: daemon.endpoints.events,
                prefixes: [Topic.event.prefix(CLIReversalTests.stack), Topic.frame.prefix(CLIReversalTests.stack)])
            try SubscriptionProbe.awaitLive(subscriber, control: control, timeoutMs: 5000)
            tail = try startSegue(["tail", "--from", "1"], daemon: daemon)
        }

        deinit {
            tail.kill()
            daemon.kill()
        }

        /// Reads what the subscriber gets until `done` holds of it (20 s at most).
        func read(until done: (Watched) -> Bool) throws {
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline && !done(self) {
                switch try subscriber.next(timeoutMs: 100) {
                case .frame(let frame)?: frames.append(frame)
                case .event(let event)?: events.append(event)
                default: break
                }
            }
        }

        /// A finger down at the edge, dragged to 200 pt and held there (or `releasing` at rest), once the daemon
        /// has logged its progress.
        func drag(releasing: Bool = false) throws {
            let producer = try Producer(endpoint: daemon.endpoints.ingest)
            for (phase, x) in [(PanPhase.panBegan, 0.0), (.panChanged, 200)] + (releasing ? [(.panEnded, 200)] : []) {
                try producer.send(
                    pan: PanEvent(
                        stackId: CLIReversalTests.stack, gestureId: 7, phase: phase, location: Vec2(x: 5 + x, y: 300),
                        translation: Vec2(x: x, y: 0), velocity: Vec2(x: phase == .panEnded ? 0 : 300, y: 0),
                        timestampUs: 1_000_000 + Int64(x) * 100 + (phase == .panEnded ? 16_000 : 0)))
            }
            try read { $0.events.contains { if case .progressed = $0.body { true } else { false } } }
        }

        /// The lines `segue tail` printed, up to the first `completed`.
        func tailLines() -> [String] {
            var lines: [String] = []
            while lines.last?.contains(" completed ") != true, let line = tail.readLine(timeoutMs: 10000) {
                lines.append(line)
            }
            return lines
        }

        /// Stops tail and the daemon, then checks that every frame seen live is one `segue replay --frames` draws,
        /// to the byte (a loaded daemon may skip late settle frames); returns the replayed frames.
        func stopAndReplay() throws -> [String: Frame] {
            #expect(tail.stop() == 0)
            #expect(daemon.stop() == 0)
            let (replayed, _) = try AndroidRestartTests.replay(directory)
            #expect(frames.count > 2)
            for frame in frames {
                let again = replayed["\(frame.transitionId)/\(frame.sequence)"]
                #expect(again?.encoded() == frame.encoded(), "frame \(frame.transitionId)/\(frame.sequence)")
            }
            return replayed
        }
    }

    @Test("a pop during a push: reversed live, told by tail and state, replayed byte for byte")
    func popDuringPushReplays() throws {
        // A push of 5 s (settle_ms), so that the pop lands during it however slowly `segue` starts.
        var tuning = Tuning()
        tuning.settleMs = 5000
        let watched = try Watched(screens: ["Home"], tuning: tuning)
        let daemon = watched.daemon
        #expect(try runSegue(["push", Self.stack, "Detail"], daemon: daemon).status == 0)
        // A fifth of the way in, so that the way back lasts about a second and `segue state` finds it.
        try watched.read { $0.frames.contains { $0.progress >= 0.2 } }
        #expect(try runSegue(["pop", Self.stack], daemon: daemon).status == 0)
        let state = try runSegue(["state", Self.stack], daemon: daemon)
        #expect(state.stdout.contains(" PUSH Home -> Detail SETTLING visual="), "\(state)")
        #expect(state.stdout.contains(" going back"), "\(state)")
        try watched.read { $0.frames.contains { $0.phase == .done } }
        let cancelled = try #require(watched.events.compactMap(\.cancelled).first, "\(watched.events)")
        #expect(cancelled.reason == .reversedByCommand && cancelled.settleUs < 5_000_000)
        let completed = try #require(watched.events.compactMap(\.completed).first)
        #expect(!completed.finished && completed.screens == ["Home"])
        let done = try #require(watched.frames.last)
        #expect(done.phase == .done && done.progress == 0)

        let lines = watched.tailLines()
        let reversal = try #require(lines.first { $0.contains(" cancelled t1 ") }, "\(lines)")
        #expect(reversal.contains(" visual=") && reversal.contains(" REVERSED_BY_COMMAND settle="), "\(reversal)")
        #expect(lines.last?.hasSuffix(" completed t1 reverted screens=Home") == true, "\(lines)")
        let replayed = try watched.stopAndReplay()
        #expect(replayed.values.contains { $0.phase == .done && $0.progress == 0 })
    }

    @Test("a pop while a finger drags a back swipe: taken over live, told by tail, replayed byte for byte")
    func popDuringSwipeReplays() throws {
        let watched = try Watched(screens: ["Home", "Detail"])
        // A finger down at the edge, dragged to 200 pt, and held there.
        try watched.drag()
        #expect(try runSegue(["pop", Self.stack], daemon: watched.daemon).status == 0)
        try watched.read { $0.frames.contains { $0.phase == .done } }

        let finished = try #require(watched.events.compactMap(\.finished).first, "\(watched.events)")
        #expect(finished.reason == .takenOverByCommand && finished.settleUs == 375_000)
        let completed = try #require(watched.events.compactMap(\.completed).first)
        #expect(completed.finished && completed.screens == ["Home"])
        #expect(watched.frames.last?.phase == .done && watched.frames.last?.progress == 1)

        let lines = watched.tailLines()
        let takeOver = try #require(lines.first { $0.contains(" finished t1 ") }, "\(lines)")
        #expect(takeOver.contains(" gesture=0.250 TAKEN_OVER_BY_COMMAND settle="), "\(takeOver)")
        _ = try watched.stopAndReplay()
    }

    @Test(
        "a push while a finger drags a back swipe ends the drag and waits for it: told by push, replayed byte for byte")
    func pushDuringSwipeReplays() throws {
        let watched = try Watched(screens: ["Home", "Detail"])
        try watched.drag()
        let pushed = try runSegue(["push", Self.stack, "More"], daemon: watched.daemon)
        #expect(
            pushed.stdout
                == "ended the drag of transition 1; pushed More onto \(Self.stack) once transition 1 completes: "
                + "queued at position 5, version 5\n", "\(pushed)")
        try watched.read { $0.frames.contains { $0.transitionId == 2 && $0.phase == .done } }

        let cancelled = try #require(watched.events.compactMap(\.cancelled).first, "\(watched.events)")
        // min(floor(800 x 0.25), 300) ms back in place.
        #expect(cancelled.reason == .cancelledByCommand && cancelled.settleUs == 200_000)
        #expect(
            watched.events.compactMap(\.completed).map(\.screens) == [["Home", "Detail"], ["Home", "Detail", "More"]])
        let lines = watched.tailLines()
        #expect(lines.contains { $0.contains(" cancelled t1 ") && $0.contains(" CANCELLED_BY_COMMAND ") }, "\(lines)")
        _ = try watched.stopAndReplay()
    }

    @Test("a pop while a dropped swipe springs back: taken over from where the page is, replayed byte for byte")
    func popDuringSpringBackReplays() throws {
        // Settles of 5 s: the pop below arrives while the page springs back.
        var tuning = Tuning()
        tuning.settleMs = 5000
        let watched = try Watched(screens: ["Home", "Detail"], tuning: tuning)
        try watched.drag(releasing: true)
        try watched.read { $0.frames.contains { $0.phase == .settling } }
        #expect(try runSegue(["pop", Self.stack], daemon: watched.daemon).status == 0)
        try watched.read { $0.frames.contains { $0.phase == .done } }

        let cancelled = try #require(watched.events.compactMap(\.cancelled).first, "\(watched.events)")
        #expect(cancelled.reason == .belowThreshold)
        let finished = try #require(watched.events.compactMap(\.finished).first, "\(watched.events)")
        #expect(finished.reason == .takenOverByCommand && finished.progress < 0.25)
        #expect(finished.settleUs == Int64(((1 - finished.progress) * 5_000_000).rounded()))
        let completed = try #require(watched.events.compactMap(\.completed).first)
        #expect(completed.finished && completed.screens == ["Home"])

        let lines = watched.tailLines()
        #expect(lines.contains { $0.contains(" finished t1 ") && $0.contains(" TAKEN_OVER_BY_COMMAND ") }, "\(lines)")
        _ = try watched.stopAndReplay()
    }
}

extension Event {
    fileprivate var finished: TransitionFinished? {
        if case .finished(let finished) = body { return finished }
        return nil
    }

    fileprivate var cancelled: TransitionCancelled? {
        if case .cancelled(let cancelled) = body { return cancelled }
        return nil
    }

    fileprivate var completed: TransitionCompleted? {
        if case .completed(let completed) = body { return completed }
        return nil
    }
}
