import SegueClient
import SegueWire
import Testing

/// `segue swipe --edge` and `--drift` against a real `segued`: where the finger starts and how it slants, as the
/// engine logged it.
@Suite("segue swipe --edge and --drift")
struct CLISwipeEdgeTests {
    /// The logged `began` and `progressed` events of the stack's transitions, in order.
    private func gestureEvents(_ stack: String, daemon: DaemonProcess) throws -> (
        began: [TransitionBegan], progressed: [TransitionProgressed]
    ) {
        let control = try ControlClient(endpoint: daemon.endpoints.control)
        defer { control.close() }
        var began: [TransitionBegan] = []
        var progressed: [TransitionProgressed] = []
        var position: UInt64 = 0
        while true {
            let batch = try control.readEvents(from: position, stack: stack)
            for event in batch.events {
                switch event.body {
                case .began(let event): began.append(event)
                case .progressed(let event): progressed.append(event)
                default: break
                }
            }
            guard !batch.events.isEmpty, batch.nextPosition > position else { break }
            position = batch.nextPosition
        }
        return (began, progressed)
    }

    @Test("an android stack swiped from the right edge, the finger drifting down, pops; its began says RIGHT")
    func androidRightEdge() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let created = try runSegue(
            ["create", "phone", "--screens", "Home,Detail", "--profile", "android"], daemon: daemon)
        #expect(created.status == 0, "\(created)")

        let swiped = try runSegue(
            ["swipe", "phone", "--edge", "right", "--to", "0.6", "--drift", "0.05"], daemon: daemon)
        #expect(swiped.status == 0, "\(swiped)")
        #expect(
            swiped.lines == ["finished (PASSED_THRESHOLD) after 0.6 of the width", "completed: stack is now Home"],
            "\(swiped)")

        let logged = try gestureEvents("phone", daemon: daemon)
        #expect(logged.began.map(\.swipeEdge) == [.swipeEdgeRight])
        #expect(!logged.progressed.isEmpty)
        // Leftward, away from the right edge, and down by 0.05 of the default 844 pt height at the end.
        #expect(logged.progressed.allSatisfy { ($0.translation?.x ?? 0) < 0 && ($0.translation?.y ?? 0) > 0 })
        let last = try #require(logged.progressed.last?.translation)
        #expect(abs(last.x + 0.6 * 390) < 1e-6 && abs(last.y - 0.05 * 844) < 1e-6, "\(last)")
    }

    @Test("without --edge an android swipe starts at the leading edge: left, or right for a right-to-left stack")
    func leadingEdgeByDefault() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        for (stack, extra) in [("ltr", [String]()), ("rtl", ["--rtl"])] {
            let created = try runSegue(
                ["create", stack, "--screens", "Home,Detail", "--profile", "android"] + extra, daemon: daemon)
            #expect(created.status == 0, "\(created)")
            let swiped = try runSegue(["swipe", stack, "--to", "0.6"], daemon: daemon)
            #expect(swiped.lines.last == "completed: stack is now Home", "\(swiped)")
        }
        #expect(try gestureEvents("ltr", daemon: daemon).began.map(\.swipeEdge) == [.swipeEdgeLeft])
        #expect(try gestureEvents("rtl", daemon: daemon).began.map(\.swipeEdge) == [.swipeEdgeRight])
        // Elsewhere the default is what it was: a fluid stack's back swipe from the leading edge, level.
        #expect(try runSegue(["create", "fluid", "--screens", "Home,Detail"], daemon: daemon).status == 0)
        #expect(try runSegue(["swipe", "fluid", "--to", "0.8"], daemon: daemon).status == 0)
        let fluid = try gestureEvents("fluid", daemon: daemon)
        #expect(fluid.began.map(\.swipeEdge) == [.swipeEdgeUnspecified])
        #expect(fluid.progressed.allSatisfy { ($0.translation?.x ?? 0) > 0 && $0.translation?.y == 0 })
    }

    @Test(
        "a bad --edge or --drift is a usage error that says what is accepted",
        arguments: [
            (["--edge", "top"], "segue swipe: --edge"), (["--edge", "left", "--target", "tabs"], "--edge is for back"),
            (["--drift", "1.5"], "--drift"), (["--drift", "-2"], "--drift"), (["--drift", "down"], "--drift"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let output = try runSegue(["swipe", "demo"] + arguments, environment: ["SEGUE_CONTROL": "tcp://127.0.0.1:1"])
        #expect(output.status == 2, "\(arguments): \(output)")
        #expect(output.stderr.contains(message), "\(arguments): \(output)")
    }

    @Test("--help and the manual page describe --edge and --drift")
    func documented() throws {
        let help = try runSegue(["swipe", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--edge left|right") && help.stdout.contains("--drift FRACTION"), "\(help)")
        #expect(help.stdout.contains("moves leftward") && help.stdout.contains("in heights"), "\(help)")
        let manual = try runSegue(["man", "swipe"])
        #expect(manual.status == 0)
        #expect(manual.stdout.contains("edge") && manual.stdout.contains("drift"), "\(manual)")
        #expect(manual.stdout.contains("one of left, right"), "\(manual)")
    }
}
