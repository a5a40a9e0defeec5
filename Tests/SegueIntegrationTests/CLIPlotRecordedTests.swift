import Foundation
import SegueClient
import SegueEngine
import SegueSystem
import SegueWire
import Testing

/// `segue plot --data`: a transition a daemon recorded, drawn from its data directory.
@Suite("segue plot --data")
struct CLIPlotRecordedTests {
    @Test("a recorded swipe is drawn with its regenerated frames, the decision and the DONE frame")
    func recordedSwipe() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(
            try runSegue(
                ["create", "demo", "--screens", "Home,Detail", "--profile", "classic"],
                daemon: daemon
            ).status == 0)
        let swipe = try runSegue(["swipe", "demo", "--to", "0.7"], daemon: daemon)
        #expect(swipe.status == 0, "\(swipe)")
        // Read while the daemon runs: the replay opens the directory read-only.
        let output = try runSegue(["plot", "--data", daemon.dataDirectory.path, "--stack", "demo"])
        #expect(output.status == 0, "\(output)")
        let svg = try ParsedSVG(output.stdout)
        let from = try #require(svg.elements("polyline", class: "screen-from").first)
        let points = (from.attributes["points"] ?? "").split(separator: " ")
        #expect(points.count > 5)
        #expect(svg.elements("circle", class: "tracking").count > 0)
        #expect(svg.elements("circle", class: "done").count == 3)
        let decision = try #require(svg.elements("text", class: "release-label").first)
        #expect(decision.text.contains("PASSED_THRESHOLD"), "\(decision.text)")
        let title = try #require(svg.elements("title").first)
        #expect(title.text.contains("transition 1: POP Detail"), "\(title.text)")

        // From the running daemon's history over its control socket: the same frames, so the same charts.
        let live = try runSegue(["plot", "--stack", "demo", "--transition", "1"], daemon: daemon)
        #expect(live.status == 0, "\(live)")
        let liveSVG = try ParsedSVG(live.stdout)
        #expect(
            liveSVG.elements("polyline", class: "screen-from").first?.attributes["points"]
                == from.attributes["points"])
        #expect(liveSVG.elements("circle", class: "frame").count == svg.elements("circle", class: "frame").count)
        #expect(daemon.stop() == 0)
    }

    @Test("pans decided at one engine time are drawn at their own timestamps, not on top of each other")
    func pansOfOneBatch() throws {
        let scratch = try ScratchDirectory(prefix: "segue-plot")
        var configuration = EngineConfiguration()
        configuration.dataDirectory = scratch.url.path
        let engine = try EmbeddedEngine(configuration: configuration)
        let create = CreateStack(screens: ["Home", "Detail"], config: StackConfig(size: Size(width: 390, height: 844)))
        #expect(try engine.request(Request(body: .command(Command(stackId: "demo", op: .create(create))))).error == nil)
        // The whole swipe at one engine time, as when a burst of pans (a recording played at --speed 0) is
        // decided in one turn; only the producer's timestamps keep it 250 ms long.
        let trace = SwipeTrace(stackId: "demo", gestureId: 7, width: 390, startTimestampUs: 5_000_000)
        for pan in trace.events { try engine.send(Input(body: .pan(pan))) }
        try engine.advance(byUs: 2_000_000)
        engine.close()

        let recorded = try runSegue(["plot", "--data", scratch.url.path, "--stack", "demo"])
        #expect(recorded.status == 0, "\(recorded)")
        let daemon = try DaemonProcess.start(dataDirectory: scratch.url)
        defer { daemon.kill() }
        let live = try runSegue(["plot", "--stack", "demo"], daemon: daemon)
        #expect(live.status == 0, "\(live)")
        for output in [recorded, live] {
            let svg = try ParsedSVG(output.stdout)
            let decision = try #require(svg.elements("polyline", class: "decision-progress").first)
            let sampleTimes = Self.xs(decision.attributes["points"] ?? "")
            #expect(sampleTimes.count > 20)
            #expect(zip(sampleTimes, sampleTimes.dropFirst()).allSatisfy { $0 < $1 }, "\(sampleTimes)")
            let dots = svg.elements("circle", class: "screen-from").filter { $0.classes.contains("tracking") }
            let dotTimes = dots.compactMap { $0.attributes["cx"].flatMap(Double.init) }
            #expect(dotTimes.count == sampleTimes.count)
            #expect(zip(dotTimes, dotTimes.dropFirst()).allSatisfy { $0 < $1 }, "\(dotTimes)")
            // The settle starts at the release, after the last tracking dot.
            let settling = svg.elements("circle", class: "screen-from").filter { $0.classes.contains("settling") }
            let firstSettle = try #require(settling.first?.attributes["cx"].flatMap(Double.init))
            #expect(firstSettle > (dotTimes.last ?? .infinity))
        }
        #expect(daemon.stop() == 0)
    }

    /// The x of each `x,y` pair of a polyline's points.
    private static func xs(_ points: String) -> [Double] {
        points.split(separator: " ").compactMap { pair in pair.split(separator: ",").first.flatMap { Double($0) } }
    }

    @Test("a command's transition is timed from the command, with no finish threshold: no finger decides it")
    func programmaticPush() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home", "--profile", "ios"], daemon: daemon).status == 0)
        #expect(try runSegue(["push", "demo", "Detail"], daemon: daemon).status == 0)
        for source in [["--data", daemon.dataDirectory.path], []] {
            let output = try runSegue(["plot", "--stack", "demo"] + source, daemon: daemon)
            #expect(output.status == 0, "\(output)")
            let svg = try ParsedSVG(output.stdout)
            let texts = svg.elements("text").map(\.text)
            #expect(texts.contains("time since the command (ms)"), "\(texts)")
            #expect(!texts.contains("time since touch-down (ms)"))
            #expect(svg.elements("line", class: "threshold").isEmpty)
            #expect(!texts.contains("finish threshold"))
        }
        // A swipe keeps its finger's axis and threshold.
        let swiped = ["create", "swiped", "--screens", "Home,Detail", "--profile", "ios"]
        #expect(try runSegue(swiped, daemon: daemon).status == 0)
        #expect(try runSegue(["swipe", "swiped", "--to", "0.7"], daemon: daemon).status == 0)
        let swipe = try ParsedSVG(try runSegue(["plot", "--stack", "swiped"], daemon: daemon).stdout)
        #expect(swipe.elements("text").map(\.text).contains("time since touch-down (ms)"))
        #expect(swipe.elements("line", class: "threshold").count == 1)
        #expect(daemon.stop() == 0)
    }

    @Test("a stack deleted and created again draws only its new transitions")
    func recreatedStack() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let create = ["create", "demo", "--screens", "Home,Detail"]
        #expect(try runSegue(create, daemon: daemon).status == 0)
        #expect(try runSegue(["swipe", "demo", "--to", "0.7"], daemon: daemon).status == 0)
        #expect(try runSegue(["delete", "demo"], daemon: daemon).status == 0)
        #expect(try runSegue(create, daemon: daemon).status == 0)
        for source in [["--data", daemon.dataDirectory.path], []] {
            let newest = try runSegue(["plot", "--stack", "demo"] + source, daemon: daemon)
            #expect(newest.status == 1, "\(newest)")
            #expect(newest.stderr.contains("stack 'demo' has no transition yet"), "\(newest)")
            let first = try runSegue(["plot", "--stack", "demo", "--transition", "1"] + source, daemon: daemon)
            #expect(first.status == 1, "\(first)")
            #expect(first.stderr.contains("stack 'demo' has no transition 1"), "\(first)")
        }
        #expect(daemon.stop() == 0)
    }

    @Test("a stack without that transition is an error naming it")
    func missingTransition() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        #expect(try runSegue(["create", "demo", "--screens", "Home"], daemon: daemon).status == 0)
        let output = try runSegue([
            "plot", "--data", daemon.dataDirectory.path, "--stack", "demo",
            "--transition", "4",
        ])
        #expect(output.status == 1)
        #expect(output.stderr.contains("transition 4"), "\(output)")
        let none = try runSegue(["plot", "--stack", "demo"], daemon: daemon)
        #expect(none.status == 1)
        #expect(none.stderr.contains("stack 'demo' has no transition yet"), "\(none)")
        for source in [["--data", daemon.dataDirectory.path], []] {
            let unknown = try runSegue(["plot", "--stack", "nosuch"] + source, daemon: daemon)
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("UNKNOWN_STACK: stack 'nosuch' does not exist"), "\(unknown)")
            #expect(unknown.stderr.contains("hint: segue stacks lists the stacks"), "\(unknown)")
        }
        let usage = try runSegue(["plot", "--data", daemon.dataDirectory.path])
        #expect(usage.status == 2)
        #expect(daemon.stop() == 0)
    }
}
