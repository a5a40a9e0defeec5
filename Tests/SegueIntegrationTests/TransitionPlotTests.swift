import Foundation
import SegueClient
import SegueWire
import Testing

@testable import SegueDisplay

/// The SVG renderer on its own, with frames made by hand: structure, escaping, scales, determinism.
@Suite("TransitionPlot renderer")
struct TransitionPlotTests {
    /// A pop of a 400 pt stack: four tracking frames to 0.4, three settling frames, DONE at 1.
    static func frames(overshoot: Double = 1) -> [Frame] {
        var frames: [Frame] = []
        let fractions: [(Double, FramePhase)] = [
            (0.1, .tracking), (0.2, .tracking), (0.3, .tracking), (0.4, .tracking),
            (0.7, .settling), (overshoot, .settling), (0.98, .settling), (1, .done),
        ]
        for (index, (f, phase)) in fractions.enumerated() {
            frames.append(
                Frame(
                    stackId: "s", transitionId: 1, sequence: UInt64(index + 1),
                    timeUs: 1_000_000 + Int64(index) * 16_667,
                    progress: f, phase: phase,
                    from: ViewFrame(screen: "Detail", rect: Rect(x: f * 400, y: 0, width: 400, height: 800), alpha: 1),
                    to: ViewFrame(
                        screen: "Home", rect: Rect(x: -0.3 * 400 * (1 - f), y: 0, width: 400, height: 800),
                        alpha: 1)))
        }
        return frames
    }

    static func plot(heading: String = "released", frames: [Frame] = frames()) -> TransitionPlot {
        TransitionPlot(
            heading: heading, frames: frames,
            decisionProgress: frames.prefix(4).map { TransitionPlot.Sample(timeUs: $0.timeUs, value: $0.progress) },
            threshold: 0.5,
            markers: [
                TransitionPlot.Marker(timeUs: 1_050_001, label: "release: finish, FLUNG_FORWARD", kind: .release),
                TransitionPlot.Marker(timeUs: frames.last?.timeUs ?? 0, label: "DONE", kind: .done),
            ],
            originUs: 1_000_000, fromLabel: "upper", toLabel: "lower")
    }

    @Test("one plot: root size, a polyline per series with a point per frame, a dot per frame and series")
    func structure() throws {
        let text = TransitionPlot.svg(title: "fluid", subtitles: ["one", "two"], plots: [Self.plot()], width: 640)
        let svg = try ParsedSVG(text)
        let root = try #require(svg.root)
        #expect(root.name == "svg")
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["width"] == "640")
        let height = try #require(root.attributes["height"])
        #expect(root.attributes["viewBox"] == "0 0 640 \(height)")
        for series in ["screen-from", "screen-to", "progress"] {
            let line = try #require(svg.elements("polyline", class: series).first, "\(series)")
            #expect((line.attributes["points"] ?? "").split(separator: " ").count == 8, "\(series)")
        }
        let decision = try #require(svg.elements("polyline", class: "decision-progress").first)
        #expect((decision.attributes["points"] ?? "").split(separator: " ").count == 4)
        #expect(svg.elements("circle", class: "frame").count == 24)
        #expect(svg.elements("circle", class: "done").count == 3)
        #expect(svg.elements("circle", class: "tracking").count == 12)
        #expect(svg.elements("line", class: "threshold").count == 1)
        #expect(svg.elements("line", class: "release").count == 1)
        #expect(svg.elements("text", class: "release-label").first?.text == "release: finish, FLUNG_FORWARD")
        #expect(svg.elements("title").first?.text == "fluid | one | two")
        let legend = svg.elements("text").map(\.text)
        #expect(legend.contains("upper") && legend.contains("lower") && legend.contains("DONE frame"))
    }

    @Test("screen x maps to the chart: larger x higher up, frames left to right in time")
    func geometry() throws {
        let svg = try ParsedSVG(TransitionPlot.svg(title: "t", plots: [Self.plot()]))
        let points = try #require(svg.elements("polyline", class: "screen-from").first?.attributes["points"])
            .split(separator: " ")
            .map { pair in pair.split(separator: ",").compactMap { Double($0) } }
        #expect(points.allSatisfy { $0.count == 2 })
        let xs = points.map { $0[0] }
        let ys = points.map { $0[1] }
        #expect(xs == xs.sorted())
        // The upper screen moves right (x grows) until the DONE frame: SVG y shrinks.
        #expect(ys.first! > ys.last!)
    }

    @Test("text is escaped, and the document still parses")
    func escaping() throws {
        let text = TransitionPlot.svg(title: "a < b & \"c\" 'd'", plots: [Self.plot(heading: "<script>&")])
        #expect(!text.contains("<script>"))
        let svg = try ParsedSVG(text)
        #expect(svg.elements("title").first?.text == "a < b & \"c\" 'd'")
        #expect(svg.elements("text").contains { $0.text == "<script>&" })
    }

    @Test("two plots side by side share scales; an overshoot widens the progress axis")
    func sideBySide() throws {
        let overshooting = Self.plot(frames: Self.frames(overshoot: 1.2))
        let text = TransitionPlot.svg(title: "pair", plots: [Self.plot(), overshooting], width: 1200)
        let svg = try ParsedSVG(text)
        #expect(svg.elements("g", class: "plot").count == 2)
        let labels = svg.elements("text").map(\.text)
        #expect(labels.contains("1.5"), "the progress axis reaches past 1: \(labels)")
        // Shared scales: the first frames of both plots sit at the same height in their own charts.
        let first = svg.elements("polyline", class: "screen-from").compactMap {
            $0.attributes["points"]?.split(separator: " ").first?.split(separator: ",").last
        }
        #expect(first.count == 2 && first[0] == first[1])
    }

    /// A pop whose screens shrink toward 0.9 of a 400 pt container and rise, the upper one fading at the end.
    static func scaledFrames() -> [Frame] {
        (0..<6).map { index in
            let f = Double(index) / 5
            let scale = 1 - 0.1 * f
            let rect = Rect(x: 10 * f, y: 40 * (1 - scale) - 8 * f, width: 400 * scale, height: 800 * scale)
            return Frame(
                stackId: "s", transitionId: 1, sequence: UInt64(index + 1), timeUs: 1_000_000 + Int64(index) * 16_667,
                progress: f, phase: index == 5 ? .done : .tracking,
                from: ViewFrame(screen: "Detail", rect: rect, alpha: index == 5 ? 0 : 1, cornerRadius: 18 * scale),
                to: ViewFrame(screen: "Home", rect: rect, alpha: 1, cornerRadius: 18 * scale))
        }
    }

    @Test("screens that scale, move vertically and fade get a y chart, a scale chart and dotted alpha, without dots")
    func scaledScreens() throws {
        let plot = TransitionPlot(
            heading: "android", frames: Self.scaledFrames(), originUs: 1_000_000, fromLabel: "upper",
            toLabel: "lower", containerWidth: 400, decisionLabel: "back progress p")
        let svg = try ParsedSVG(TransitionPlot.svg(title: "t", plots: [plot]))
        for series in ["screen-from-y", "screen-to-y", "scale-from", "scale-to", "alpha-from", "alpha-to"] {
            let line = try #require(svg.elements("polyline", class: series).first, "\(series)")
            #expect((line.attributes["points"] ?? "").split(separator: " ").count == 6, "\(series)")
        }
        // Dots stay on x and progress: two screens and the progress, six frames.
        #expect(svg.elements("circle", class: "frame").count == 18)
        let texts = svg.elements("text").map(\.text)
        #expect(texts.contains("screen x (pt)") && texts.contains("screen y (pt)") && texts.contains("scale"))
        #expect(texts.contains("alpha, in the screen's colour"))
        // The scale chart spans what is drawn, 0.9 to 1, with its ticks labelled.
        #expect(texts.contains("0.9") && texts.contains("0.95") && !texts.contains("0.85"))
        // Scale 1 at the top of its chart, 0.9 at the bottom; the alpha goes to 0 at the DONE frame.
        let scale = try #require(svg.elements("polyline", class: "scale-from").first?.attributes["points"])
            .split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(scale.first?[1] ?? 0 < scale.last?[1] ?? 0)
        let alpha = try #require(svg.elements("polyline", class: "alpha-from").first?.attributes["points"])
            .split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(alpha.first?[1] ?? 0 < alpha.last?[1] ?? 0)

        // Screens at full size and height 0, always opaque: none of these charts.
        let plain = try ParsedSVG(TransitionPlot.svg(title: "t", plots: [Self.plot()]))
        for series in ["screen-from-y", "scale-from", "alpha-from"] {
            #expect(plain.elements("polyline", class: series).isEmpty, "\(series)")
        }
        #expect(!plain.elements("text").map(\.text).contains("scale"))
        let height = { (svg: ParsedSVG) in Double(svg.root?.attributes["height"] ?? "") ?? 0 }
        #expect(height(svg) > height(plain) + 150, "two more charts make the picture taller")
    }

    @Test("no frames at all still gives a valid, empty chart")
    func empty() throws {
        let svg = try ParsedSVG(TransitionPlot.svg(title: "nothing", plots: [TransitionPlot(heading: "", frames: [])]))
        #expect(svg.root?.name == "svg")
        #expect(svg.elements("circle", class: "frame").isEmpty)
    }

    @Test("the same plots give the same bytes")
    func deterministic() {
        let a = TransitionPlot.svg(title: "x", subtitles: ["y"], plots: [Self.plot(), Self.plot()], width: 1000)
        let b = TransitionPlot.svg(title: "x", subtitles: ["y"], plots: [Self.plot(), Self.plot()], width: 1000)
        #expect(a == b)
    }

    @Test("numbers: fixed decimals, trailing zeros dropped, no negative zero")
    func numbers() {
        #expect(SVGWriter.number(12.5) == "12.5")
        #expect(SVGWriter.number(100) == "100")
        #expect(SVGWriter.number(-3.254) == "-3.25")
        #expect(SVGWriter.number(0.005, decimals: 2) == "0.01")
        #expect(SVGWriter.number(-0.001) == "0")
        #expect(SVGWriter.number(0.1 + 0.2) == "0.3")
        #expect(SVGWriter.number(.nan) == "0")
        #expect(SVGWriter.escape("<a href=\"x\">&'") == "&lt;a href=&quot;x&quot;&gt;&amp;&apos;")
    }
}
