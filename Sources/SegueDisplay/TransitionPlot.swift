import SegueWire

/// One transition drawn over time: the x of both screens, its progress, every frame as a dot, and the moments
/// that matter (the release with its decision, the end of the settle) as vertical lines. Screens charted by x that
/// also move vertically get a chart of their y, screens drawn smaller than the container one of their scale, and
/// screens that fade their alpha dotted in the progress chart.
///
/// ``svg(title:subtitles:plots:width:)`` draws one or more plots side by side with shared scales, as a
/// self-contained SVG document. Rendering is pure: no clock, no locale, numbers rounded to fixed decimals, so the
/// same plots always give the same bytes (the committed pictures in docs/img can be regenerated and diffed).
public struct TransitionPlot: Sendable, Hashable {
    /// A moment marked by a vertical line across both charts, labelled above them.
    public struct Marker: Sendable, Hashable {
        /// How the line is drawn: the release (with its decision) stands out, the end of the settle is quieter.
        public enum Kind: Sendable, Hashable {
            /// The release and its decision: a dark dashed line, a bold label in the upper label row.
            case release
            /// The DONE frame: a grey dotted line, a plain label in the lower label row.
            case done
        }

        /// Engine time of the moment, in microseconds.
        public var timeUs: Int64
        /// The text above the charts ("release: finish, PASSED_THRESHOLD, settle 500 ms").
        public var label: String
        public var kind: Kind

        /// A marker at engine time `timeUs` (microseconds), labelled `label`.
        public init(timeUs: Int64, label: String, kind: Kind) {
            self.timeUs = timeUs
            self.label = label
            self.kind = kind
        }
    }

    /// A value at a moment (decision progress of a `progressed` event).
    public struct Sample: Sendable, Hashable {
        /// Engine time in microseconds.
        public var timeUs: Int64
        public var value: Double

        /// The value `value` at engine time `timeUs` (microseconds).
        public init(timeUs: Int64, value: Double) {
            self.timeUs = timeUs
            self.value = value
        }
    }

    /// The line above this plot's charts (what happened: "finished (PASSED_THRESHOLD)").
    public var heading: String
    /// The transition's frames in order; each gives a dot per screen and one for the progress.
    public var frames: [Frame]
    /// Decision progress p while tracking, drawn dashed beside the visual fraction (they differ when the
    /// profile's progress distance is not the width).
    public var decisionProgress: [Sample]
    /// The finish threshold on decision progress, drawn as a dashed line in the progress chart.
    public var threshold: Double?
    /// Moments to mark with vertical lines (the release, the DONE frame).
    public var markers: [Marker]
    /// Engine time shown as 0 ms (the touch-down).
    public var originUs: Int64
    /// Legend text for the from and to screens ("upper: Detail (from)").
    public var fromLabel: String
    public var toLabel: String
    /// The coordinate of the screens the position chart shows: x, or y for screens that slide vertically.
    public var axis: Axis
    /// What time 0 is, for the time axis's title.
    public var origin: String
    /// The container's width, for screens drawn smaller than it: their scale (rect width / this) gets a chart.
    public var containerWidth: Double?
    /// Legend text of ``decisionProgress``.
    public var decisionLabel: String

    public enum Axis: String, Sendable {
        case x
        case y
    }

    /// - Parameters:
    ///   - heading: the line above this plot's charts.
    ///   - frames: the transition's frames, in order.
    ///   - decisionProgress: decision progress samples while tracking (may be empty).
    ///   - threshold: the finish threshold on decision progress, if it should be drawn.
    ///   - markers: moments to mark with a vertical line.
    ///   - originUs: engine time shown as 0 ms; defaults to the first frame's time.
    ///   - fromLabel: legend text of the from screen.
    ///   - toLabel: legend text of the to screen.
    ///   - axis: the screens' coordinate to chart.
    ///   - origin: what happened at time 0 ("touch-down").
    ///   - containerWidth: the container's width, when screens may be scaled.
    ///   - decisionLabel: legend text of the decision progress.
    public init(
        heading: String, frames: [Frame], decisionProgress: [Sample] = [], threshold: Double? = nil,
        markers: [Marker] = [], originUs: Int64? = nil, fromLabel: String = "from screen",
        toLabel: String = "to screen", axis: Axis = .x, origin: String = "touch-down", containerWidth: Double? = nil,
        decisionLabel: String = "gesture progress (the finger)"
    ) {
        self.axis = axis
        self.origin = origin
        self.containerWidth = containerWidth
        self.decisionLabel = decisionLabel
        self.heading = heading
        // A frame that is not finite (a tuning or size at the edge of the accepted) has no place on a chart.
        self.frames = frames.filter { frame in
            [
                frame.progress, frame.from?.rect?.x ?? 0, frame.from?.rect?.y ?? 0, frame.to?.rect?.x ?? 0,
                frame.to?.rect?.y ?? 0, frame.from?.rect?.width ?? 0, frame.to?.rect?.width ?? 0,
                frame.from?.alpha ?? 0, frame.to?.alpha ?? 0,
            ].allSatisfy(\.isFinite)
        }
        self.decisionProgress = decisionProgress
        self.threshold = threshold
        self.markers = markers
        self.originUs = originUs ?? frames.first?.timeUs ?? 0
        self.fromLabel = fromLabel
        self.toLabel = toLabel
    }

    /// An SVG document of `plots` side by side, under a title and subtitle lines, `width` points wide; the height
    /// follows from the content (about 470 for one line of subtitle and one legend row).
    ///
    /// Each plot has two charts sharing a time axis (ms since its origin): the x of both screens in points, and
    /// progress (visual progress solid, gesture progress dashed, the threshold dashed red; docs/semantics.md, "Two progress values"). Frames are dots:
    /// filled while tracking, hollow while settling, large for the DONE frame. Elements carry classes for tools
    /// and tests: polylines `screen-from`, `screen-to`, `progress`, `decision-progress`; circles `frame ...`;
    /// lines and texts `release`, `release-label`, `done`, `done-label`, `threshold`. Where they vary, polylines
    /// `screen-from-y`, `screen-to-y` and `scale-from`, `scale-to` (each pair in a chart of its own below the
    /// position chart) and `alpha-from`, `alpha-to` (dotted, in the progress chart), without dots.
    public static func svg(title: String, subtitles: [String] = [], plots: [TransitionPlot], width: Double = 800)
        -> String
    {
        let layout = Layout(
            width: max(width, 320), subtitleCount: subtitles.count, columns: max(plots.count, 1),
            legendRows: Legend.rows(for: Legend.combined(plots), width: max(width, 320)).count,
            yChart: plots.contains(where: \.showsY), scaleChart: plots.contains(where: \.showsScale))
        let scales = Scales(plots: plots)
        var svg = SVGWriter()
        svg.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        let size = [SVGWriter.number(layout.width), SVGWriter.number(layout.height)]
        svg.open(
            "svg",
            [
                "xmlns": "http://www.w3.org/2000/svg", "width": size[0], "height": size[1],
                "viewBox": "0 0 \(size[0]) \(size[1])", "font-family": Style.font, "role": "img",
            ])
        svg.element("title", [:], content: ([title] + subtitles).joined(separator: " | "))
        svg.element(
            "rect",
            [
                "class": "background", "x": "0", "y": "0", "width": size[0], "height": size[1],
                "fill": Style.background,
            ])
        svg.element(
            "text",
            [
                "x": n(Layout.margin), "y": n(Layout.titleBaseline), "font-size": "18",
                "font-weight": "600", "fill": Style.ink,
            ], content: title)
        for (index, subtitle) in subtitles.enumerated() {
            svg.element(
                "text",
                [
                    "x": n(Layout.margin), "y": n(Layout.subtitleBaseline(index)), "font-size": "12.5",
                    "fill": Style.muted,
                ], content: subtitle)
        }
        for (index, plot) in plots.enumerated() {
            plot.draw(into: &svg, panel: layout.panel(index), scales: scales)
        }
        Legend.draw(into: &svg, plot: Legend.combined(plots), layout: layout)
        svg.close("svg")
        return svg.text
    }
}

// MARK: - drawing one plot

extension TransitionPlot {
    private func draw(into svg: inout SVGWriter, panel: Panel, scales: Scales) {
        svg.open("g", ["class": "plot"])
        svg.element(
            "text",
            [
                "x": n(panel.left), "y": n(panel.headingBaseline), "font-size": "14",
                "font-weight": "600", "fill": Style.ink,
            ], content: heading)
        drawCharts(into: &svg, panel: panel, scales: scales)
        drawSeries(into: &svg, panel: panel, scales: scales)
        drawMarkers(into: &svg, panel: panel, scales: scales)
        svg.close("g")
    }

    /// Chart backgrounds, grid lines, tick labels and axis titles.
    private func drawCharts(into svg: inout SVGWriter, panel: Panel, scales: Scales) {
        for (top, bottom) in panel.charts {
            svg.element(
                "rect",
                [
                    "x": n(panel.left), "y": n(top), "width": n(panel.right - panel.left),
                    "height": n(bottom - top), "fill": "#ffffff", "stroke": Style.frameLine,
                ])
        }
        svg.open("g", ["class": "grid", "stroke": Style.grid, "stroke-width": "1"])
        for tick in scales.timeTicks {
            let x = panel.x(tick, scales)
            for (top, bottom) in panel.charts {
                svg.element("line", ["x1": n(x), "y1": n(top), "x2": n(x), "y2": n(bottom)])
            }
        }
        for tick in scales.positionTicks {
            let y = panel.positionY(tick, scales)
            svg.element(
                "line",
                [
                    "x1": n(panel.left), "y1": n(y), "x2": n(panel.right), "y2": n(y),
                    "stroke": tick == 0 ? Style.zeroLine : Style.grid,
                ])
        }
        for tick in scales.progressTicks {
            let y = panel.progressY(tick, scales)
            svg.element("line", ["x1": n(panel.left), "y1": n(y), "x2": n(panel.right), "y2": n(y)])
        }
        if panel.hasY {
            for tick in scales.yTicks {
                let y = panel.yY(tick, scales)
                svg.element(
                    "line",
                    [
                        "x1": n(panel.left), "y1": n(y), "x2": n(panel.right), "y2": n(y),
                        "stroke": tick == 0 ? Style.zeroLine : Style.grid,
                    ])
            }
        }
        if panel.hasScale {
            for tick in scales.scaleTicks {
                let y = panel.scaleY(tick, scales)
                svg.element("line", ["x1": n(panel.left), "y1": n(y), "x2": n(panel.right), "y2": n(y)])
            }
        }
        svg.close("g")

        svg.open("g", ["class": "axes", "font-size": "11", "fill": Style.muted])
        for tick in scales.positionTicks {
            svg.element(
                "text",
                [
                    "x": n(panel.left - 6), "y": n(panel.positionY(tick, scales) + 4),
                    "text-anchor": "end",
                ], content: SVGWriter.number(tick, decimals: 1))
        }
        /// The labels of a chart's value axis, right-aligned left of the panel.
        func valueLabels(_ ticks: [Double], decimals: Int, at y: (Double) -> Double) {
            for tick in ticks {
                svg.element(
                    "text", ["x": n(panel.left - 6), "y": n(y(tick) + 4), "text-anchor": "end"],
                    content: SVGWriter.number(tick, decimals: decimals))
            }
        }
        valueLabels(scales.progressTicks, decimals: 2) { panel.progressY($0, scales) }
        if panel.hasY {
            valueLabels(scales.yTicks, decimals: 1) { panel.yY($0, scales) }
            Self.axisTitle(into: &svg, "screen y (pt)", x: panel.left - 44, y: (panel.yTop + panel.yBottom) / 2)
        }
        if panel.hasScale {
            valueLabels(scales.scaleTicks, decimals: 2) { panel.scaleY($0, scales) }
            Self.axisTitle(into: &svg, "scale", x: panel.left - 44, y: (panel.scaleTop + panel.scaleBottom) / 2)
        }
        for tick in scales.timeTicks {
            svg.element(
                "text",
                [
                    "x": n(panel.x(tick, scales)), "y": n(panel.timeLabelBaseline),
                    "text-anchor": "middle",
                ], content: SVGWriter.number(tick, decimals: 1))
        }
        let positionMiddle = (panel.positionTop + panel.positionBottom) / 2
        let progressMiddle = (panel.progressTop + panel.progressBottom) / 2
        let titleX = panel.left - 44
        svg.element(
            "text",
            [
                "x": n(titleX), "y": n(positionMiddle), "text-anchor": "middle",
                "transform": "rotate(-90 \(n(titleX)) \(n(positionMiddle)))",
            ],
            content: "screen \(axis.rawValue) (pt)")
        svg.element(
            "text",
            [
                "x": n(titleX), "y": n(progressMiddle), "text-anchor": "middle",
                "transform": "rotate(-90 \(n(titleX)) \(n(progressMiddle)))",
            ],
            content: "progress")
        svg.element(
            "text",
            [
                "x": n((panel.left + panel.right) / 2), "y": n(panel.timeTitleBaseline),
                "text-anchor": "middle",
            ], content: "time since \(origin) (ms)")
        svg.close("g")
    }

    /// A chart's title, written upward at `x`, centred on `y`.
    private static func axisTitle(into svg: inout SVGWriter, _ text: String, x: Double, y: Double) {
        svg.element(
            "text",
            ["x": n(x), "y": n(y), "text-anchor": "middle", "transform": "rotate(-90 \(n(x)) \(n(y)))"],
            content: text)
    }

    /// A screen's charted coordinate.
    func coordinate(_ view: ViewFrame?) -> Double {
        axis == .x ? view?.rect?.x ?? 0 : view?.rect?.y ?? 0
    }

    /// Whether screens charted by x also move vertically (their y then gets a chart).
    var showsY: Bool {
        axis == .x && frames.contains { ($0.from?.rect?.y ?? 0) != 0 || ($0.to?.rect?.y ?? 0) != 0 }
    }

    /// A screen's scale: its width over the container's.
    func scale(_ view: ViewFrame?) -> Double {
        guard let containerWidth, containerWidth > 0, let width = view?.rect?.width else { return 1 }
        return width / containerWidth
    }

    /// Whether a screen is drawn at another scale than 1 in some frame.
    var showsScale: Bool {
        containerWidth != nil && frames.contains { scale($0.from) != 1 || scale($0.to) != 1 }
    }

    /// Whether a screen fades in some frame.
    var showsAlpha: Bool {
        frames.contains { ($0.from?.alpha ?? 1) != 1 || ($0.to?.alpha ?? 1) != 1 }
    }

    /// The lines drawn without dots, where they vary: y, scale and alpha of each screen. The lower screen's lines
    /// are wider, so that where both screens' agree (android scales and moves them alike) both colours show.
    private func secondarySeries(panel: Panel, scales: Scales, time: (Int64) -> Double)
        -> [(name: String, color: String, dash: String, width: String, points: [(Double, Double)])]
    {
        var series: [(name: String, color: String, dash: String, width: String, points: [(Double, Double)])] = []
        let sides: [(name: String, color: String, view: (Frame) -> ViewFrame?)] = [
            ("to", Style.toScreen, { $0.to }), ("from", Style.fromScreen, { $0.from }),
        ]
        for side in sides {
            let width = side.name == "to" ? "4" : "1.5"
            if panel.hasY && showsY {
                let points = frames.map { (time($0.timeUs), panel.yY(side.view($0)?.rect?.y ?? 0, scales)) }
                series.append(("screen-\(side.name)-y", side.color, "none", width, points))
            }
            if panel.hasScale && showsScale {
                let points = frames.map { (time($0.timeUs), panel.scaleY(scale(side.view($0)), scales)) }
                series.append(("scale-\(side.name)", side.color, "none", width, points))
            }
            if showsAlpha {
                let points = frames.map { (time($0.timeUs), panel.progressY(side.view($0)?.alpha ?? 1, scales)) }
                series.append(("alpha-\(side.name)", side.color, Style.alphaDash, width, points))
            }
        }
        return series
    }

    /// The lines and frame dots: screens in the position chart, progress and threshold in the progress chart.
    private func drawSeries(into svg: inout SVGWriter, panel: Panel, scales: Scales) {
        if let threshold {
            let y = panel.progressY(threshold, scales)
            svg.element(
                "line",
                [
                    "class": "threshold", "x1": n(panel.left), "y1": n(y), "x2": n(panel.right),
                    "y2": n(y), "stroke": Style.threshold, "stroke-width": "1.2",
                    "stroke-dasharray": "6 4",
                ])
            svg.element(
                "text",
                [
                    "class": "threshold-label", "x": n(panel.left + 4), "y": n(y - 4),
                    "font-size": "10.5", "fill": Style.threshold,
                ],
                content: "finish threshold \(SVGWriter.number(threshold, decimals: 3))")
        }
        let time = { (us: Int64) in panel.x(Double(us - originUs) / 1000, scales) }
        let series: [(name: String, color: String, points: [(Double, Double)])] = [
            (
                "screen-to", Style.toScreen,
                frames.map { (time($0.timeUs), panel.positionY(coordinate($0.to), scales)) }
            ),
            (
                "screen-from", Style.fromScreen,
                frames.map { (time($0.timeUs), panel.positionY(coordinate($0.from), scales)) }
            ),
            ("progress", Style.progress, frames.map { (time($0.timeUs), panel.progressY($0.progress, scales)) }),
        ]
        if !decisionProgress.isEmpty {
            let points = decisionProgress.map { (time($0.timeUs), panel.progressY($0.value, scales)) }
            svg.element(
                "polyline",
                [
                    "class": "decision-progress", "points": Self.points(points), "fill": "none",
                    "stroke": Style.decision, "stroke-width": "1.5", "stroke-dasharray": "4 3",
                ])
        }
        for line in secondarySeries(panel: panel, scales: scales, time: time) {
            svg.element(
                "polyline",
                [
                    "class": line.name, "points": Self.points(line.points), "fill": "none",
                    "stroke": line.color, "stroke-width": line.width, "stroke-linejoin": "round",
                    "stroke-dasharray": line.dash,
                ])
        }
        for line in series {
            svg.element(
                "polyline",
                [
                    "class": line.name, "points": Self.points(line.points), "fill": "none",
                    "stroke": line.color, "stroke-width": "2", "stroke-linejoin": "round",
                ])
        }
        for line in series {
            svg.open("g", ["class": "frames \(line.name)"])
            for (frame, point) in zip(frames, line.points) {
                Self.dot(
                    into: &svg, at: point, phase: frame.phase, color: line.color,
                    name: "frame \(line.name) \(Self.phaseName(frame.phase))")
            }
            svg.close("g")
        }
    }

    /// Vertical lines through both charts, labelled in the two rows above them.
    private func drawMarkers(into svg: inout SVGWriter, panel: Panel, scales: Scales) {
        for marker in markers {
            let x = panel.x(Double(marker.timeUs - originUs) / 1000, scales)
            let isRelease = marker.kind == .release
            let name = isRelease ? "release" : "done"
            let baseline = isRelease ? panel.releaseLabelBaseline : panel.doneLabelBaseline
            svg.element(
                "line",
                [
                    "class": name, "x1": n(x), "y1": n(baseline + 3), "x2": n(x),
                    "y2": n(panel.progressBottom),
                    "stroke": isRelease ? Style.ink : Style.muted,
                    "stroke-width": isRelease ? "1.3" : "1",
                    "stroke-dasharray": isRelease ? "5 3" : "2 3",
                ])
            // A label starts just right of its line; when it would run past the chart it ends at the chart's
            // right edge instead (the lines start below their own label row, so a moved label is never crossed by
            // its line). Bold text is wider: estimate generously.
            let fontSize = 11.5
            let estimate = Legend.textWidth(marker.label, fontSize: fontSize) * (isRelease ? 1.2 : 1)
            let fits = x + 5 + estimate <= panel.right
            svg.element(
                "text",
                [
                    "class": "\(name)-label", "x": n(fits ? x + 5 : panel.right), "y": n(baseline),
                    "text-anchor": fits ? "start" : "end", "font-size": SVGWriter.number(fontSize),
                    "font-weight": isRelease ? "600" : "400",
                    "fill": isRelease ? Style.ink : Style.muted,
                ], content: marker.label)
        }
    }

    /// A frame's dot: filled while tracking, hollow while settling, larger with a white ring when DONE.
    fileprivate static func dot(
        into svg: inout SVGWriter, at point: (Double, Double), phase: FramePhase,
        color: String, name: String
    ) {
        let (x, y) = point
        switch phase {
        case .settling:
            svg.element(
                "circle",
                [
                    "class": name, "cx": n(x), "cy": n(y), "r": "2.6", "fill": "#ffffff",
                    "stroke": color, "stroke-width": "1.3",
                ])
        case .done:
            svg.element(
                "circle",
                [
                    "class": name, "cx": n(x), "cy": n(y), "r": "4.5", "fill": color,
                    "stroke": "#ffffff", "stroke-width": "1.5",
                ])
        default:
            svg.element("circle", ["class": name, "cx": n(x), "cy": n(y), "r": "2.4", "fill": color])
        }
    }

    private static func phaseName(_ phase: FramePhase) -> String {
        switch phase {
        case .tracking: return "tracking"
        case .settling: return "settling"
        case .done: return "done"
        default: return "unspecified"
        }
    }

    private static func points(_ points: [(Double, Double)]) -> String {
        points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
    }
}

/// Coordinates with two decimals: finer than any screen's pixel, coarse enough to keep files small.
private func n(_ value: Double) -> String {
    SVGWriter.number(value, decimals: 2)
}

// MARK: - colours

private enum Style {
    static let font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif"
    static let background = "#f8fafc"
    static let ink = "#0f172a"
    static let muted = "#64748b"
    static let frameLine = "#cbd5e1"
    static let grid = "#eef2f7"
    static let zeroLine = "#cbd5e1"
    /// Blue and orange stay distinct for the common colour-vision deficiencies.
    static let fromScreen = "#2563eb"
    static let toScreen = "#ea580c"
    static let progress = "#7c3aed"
    static let decision = "#a78bfa"
    static let threshold = "#dc2626"
    /// How a screen's alpha is told from its progress chart's neighbours.
    static let alphaDash = "1.5 2.5"
}

// MARK: - scales shared by every plot of a document

private struct Scales {
    /// Milliseconds since each plot's origin.
    var timeEnd: Double
    var timeTicks: [Double]
    var positionLow: Double
    var positionHigh: Double
    var positionTicks: [Double]
    var progressLow: Double
    var progressHigh: Double
    var progressTicks: [Double]
    var yLow: Double
    var yHigh: Double
    var yTicks: [Double]
    var scaleLow: Double
    var scaleHigh: Double
    var scaleTicks: [Double]

    init(plots: [TransitionPlot]) {
        var latest = 0.0
        var xs: [Double] = []
        var progress: [Double] = [0, 1]
        var scaleValues: [Double] = [1]
        var ys: [Double] = [0]
        for plot in plots {
            let times = plot.frames.map(\.timeUs) + plot.markers.map(\.timeUs) + plot.decisionProgress.map(\.timeUs)
            for time in times { latest = max(latest, Double(time - plot.originUs) / 1000) }
            for frame in plot.frames {
                xs.append(plot.coordinate(frame.from))
                xs.append(plot.coordinate(frame.to))
                progress.append(frame.progress)
                if plot.showsY { ys += [frame.from?.rect?.y ?? 0, frame.to?.rect?.y ?? 0] }
                if plot.showsScale { scaleValues += [plot.scale(frame.from), plot.scale(frame.to)] }
            }
            progress += plot.decisionProgress.map(\.value)
            if let threshold = plot.threshold { progress.append(threshold) }
        }
        let timeStep = Self.niceStep(max(latest, 1) / 6)
        // A little room after the last frame, so the DONE dot does not sit on the border; ticks only inside.
        timeEnd = max(latest, 1) * 1.03
        timeTicks = Self.ticks(from: 0, to: (timeEnd / timeStep).rounded(.down) * timeStep, step: timeStep)

        let low = min(xs.min() ?? 0, 0)
        let high = max(xs.max() ?? 1, low + 1)
        let positionStep = Self.niceStep((high - low) / 6)
        positionLow = (low / positionStep).rounded(.down) * positionStep
        positionHigh = (high / positionStep).rounded(.up) * positionStep
        positionTicks = Self.ticks(from: positionLow, to: positionHigh, step: positionStep)

        progressLow = ((progress.min() ?? 0) / 0.5).rounded(.down) * 0.5
        progressHigh = ((progress.max() ?? 1) / 0.5).rounded(.up) * 0.5
        progressTicks = Self.ticks(from: progressLow, to: progressHigh, step: 0.5)

        let yStep = Self.niceStep(max((ys.max() ?? 0) - (ys.min() ?? 0), 1) / 3)
        yLow = ((ys.min() ?? 0) / yStep).rounded(.down) * yStep
        yHigh = max(((ys.max() ?? 0) / yStep).rounded(.up) * yStep, yLow + yStep)
        yTicks = Self.ticks(from: yLow, to: yHigh, step: yStep)

        // Scales near 1 (android's 0.9) would be a flat line on a chart from 0: the chart spans what is drawn.
        let scaleStep = 0.05
        scaleLow = min(((scaleValues.min() ?? 1) / scaleStep).rounded(.down) * scaleStep, 1 - scaleStep)
        scaleHigh = max(((scaleValues.max() ?? 1) / scaleStep).rounded(.up) * scaleStep, 1)
        scaleTicks = Self.ticks(from: scaleLow, to: scaleHigh, step: scaleStep)
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        for multiple in [1.0, 2.0, 5.0, 10.0] where multiple * power >= rough {
            return multiple * power
        }
        return 10 * power
    }

    /// low, low + step, ... up to high, computed by index so rounding errors do not accumulate.
    static func ticks(from low: Double, to high: Double, step: Double) -> [Double] {
        let count = Int(((high - low) / step).rounded())
        return (0...max(count, 0)).map { low + Double($0) * step }
    }
}

// MARK: - geometry

private struct Layout {
    static let margin = 20.0
    static let titleBaseline = 30.0
    static let subtitleStep = 17.0
    static let legendRowHeight = 18.0

    static func subtitleBaseline(_ index: Int) -> Double { 50 + Double(index) * subtitleStep }

    let width: Double
    let columns: Int
    /// Baseline of the plots' headings.
    let headingBaseline: Double
    let legendTop: Double
    let height: Double

    /// Whether the plots have a chart of the screens' y, and one of their scale.
    let yChart: Bool
    let scaleChart: Bool

    init(width: Double, subtitleCount: Int, columns: Int, legendRows: Int, yChart: Bool, scaleChart: Bool) {
        self.width = width
        self.columns = columns
        self.yChart = yChart
        self.scaleChart = scaleChart
        headingBaseline = Self.subtitleBaseline(subtitleCount) + 18
        let probe = Panel(left: 0, right: 1, headingBaseline: headingBaseline, hasY: yChart, hasScale: scaleChart)
        legendTop = probe.timeTitleBaseline + 14
        height = legendTop + Double(max(legendRows, 1)) * Self.legendRowHeight + 8
    }

    func panel(_ index: Int) -> Panel {
        let columnWidth = width / Double(columns)
        let columnLeft = columnWidth * Double(index)
        return Panel(
            left: columnLeft + 70, right: columnLeft + columnWidth - 22, headingBaseline: headingBaseline,
            hasY: yChart, hasScale: scaleChart)
    }
}

/// Where one plot's charts are.
private struct Panel {
    let left: Double
    let right: Double
    let headingBaseline: Double
    /// Whether charts of the screens' y and of their scale sit between the position and the progress charts.
    let hasY: Bool
    let hasScale: Bool

    var releaseLabelBaseline: Double { headingBaseline + 20 }
    var doneLabelBaseline: Double { headingBaseline + 35 }
    var positionTop: Double { headingBaseline + 42 }
    var positionBottom: Double { positionTop + 180 }
    var yTop: Double { positionBottom + 22 }
    var yBottom: Double { hasY ? yTop + 72 : positionBottom }
    var scaleTop: Double { yBottom + 22 }
    var scaleBottom: Double { hasScale ? scaleTop + 72 : yBottom }
    var progressTop: Double { scaleBottom + 22 }
    var progressBottom: Double { progressTop + 72 }
    var timeLabelBaseline: Double { progressBottom + 15 }
    var timeTitleBaseline: Double { timeLabelBaseline + 16 }

    /// The top and bottom of each chart, from the top.
    var charts: [(Double, Double)] {
        [(positionTop, positionBottom)] + (hasY ? [(yTop, yBottom)] : []) + (hasScale ? [(scaleTop, scaleBottom)] : [])
            + [(progressTop, progressBottom)]
    }

    func x(_ ms: Double, _ scales: Scales) -> Double {
        left + (right - left) * ms / scales.timeEnd
    }

    func positionY(_ points: Double, _ scales: Scales) -> Double {
        let span = scales.positionHigh - scales.positionLow
        return positionBottom - (positionBottom - positionTop) * (points - scales.positionLow) / span
    }

    /// Where a screen's y is drawn in its chart (larger y, lower on the screen, drawn lower).
    func yY(_ value: Double, _ scales: Scales) -> Double {
        let span = scales.yHigh - scales.yLow
        return yTop + (yBottom - yTop) * (value - scales.yLow) / span
    }

    func scaleY(_ value: Double, _ scales: Scales) -> Double {
        let span = scales.scaleHigh - scales.scaleLow
        return scaleBottom - (scaleBottom - scaleTop) * (value - scales.scaleLow) / span
    }

    func progressY(_ value: Double, _ scales: Scales) -> Double {
        let span = scales.progressHigh - scales.progressLow
        return progressBottom - (progressBottom - progressTop) * (value - scales.progressLow) / span
    }
}

// MARK: - legend

private enum Legend {
    enum Swatch {
        case line(color: String, dash: String)
        case dot(FramePhase)
    }

    struct Item {
        var swatch: Swatch
        var label: String

        var width: Double { 25 + Legend.textWidth(label, fontSize: fontSize) + 16 }
    }

    static let fontSize = 11.5

    /// The first plot, its screens named as every plot names them: panels whose screens differ (a present and a
    /// dismiss) each get their name in the one legend, in panel order.
    static func combined(_ plots: [TransitionPlot]) -> TransitionPlot? {
        guard var legend = plots.first else { return nil }
        func joined(_ label: KeyPath<TransitionPlot, String>) -> String {
            var seen: [String] = []
            for plot in plots where !seen.contains(plot[keyPath: label]) { seen.append(plot[keyPath: label]) }
            return seen.joined(separator: "; ")
        }
        legend.fromLabel = joined(\.fromLabel)
        legend.toLabel = joined(\.toLabel)
        return legend
    }

    static func items(for plot: TransitionPlot?) -> [Item] {
        var items: [Item] = [
            Item(swatch: .line(color: Style.fromScreen, dash: "none"), label: plot?.fromLabel ?? "from screen"),
            Item(swatch: .line(color: Style.toScreen, dash: "none"), label: plot?.toLabel ?? "to screen"),
        ]
        if plot?.showsAlpha == true {
            items.append(
                Item(swatch: .line(color: Style.muted, dash: Style.alphaDash), label: "alpha, in the screen's colour"))
        }
        items.append(Item(swatch: .line(color: Style.progress, dash: "none"), label: "visual progress (the screens)"))
        if let plot, !plot.decisionProgress.isEmpty {
            items.append(Item(swatch: .line(color: Style.decision, dash: "4 3"), label: plot.decisionLabel))
        }
        if plot?.threshold != nil {
            items.append(Item(swatch: .line(color: Style.threshold, dash: "4 3"), label: "finish threshold"))
        }
        items += [
            Item(swatch: .dot(.tracking), label: "tracking frame"),
            Item(swatch: .dot(.settling), label: "settling frame"),
            Item(swatch: .dot(.done), label: "DONE frame"),
        ]
        return items
    }

    /// The items laid out left to right, wrapping to a new row when the next one would pass the right margin.
    static func rows(for plot: TransitionPlot?, width: Double) -> [[Item]] {
        var rows: [[Item]] = [[]]
        var x = Layout.margin
        for item in items(for: plot) {
            if x + item.width > width - Layout.margin, !(rows.last?.isEmpty ?? true) {
                rows.append([])
                x = Layout.margin
            }
            rows[rows.count - 1].append(item)
            x += item.width
        }
        return rows
    }

    static func draw(into svg: inout SVGWriter, plot: TransitionPlot?, layout: Layout) {
        svg.open("g", ["class": "legend", "font-size": SVGWriter.number(fontSize), "fill": Style.ink])
        for (row, items) in rows(for: plot, width: layout.width).enumerated() {
            let y = layout.legendTop + Double(row) * Layout.legendRowHeight + 9
            var x = Layout.margin
            for item in items {
                switch item.swatch {
                case .line(let color, let dash):
                    svg.element(
                        "line",
                        [
                            "x1": n(x), "y1": n(y), "x2": n(x + 20), "y2": n(y), "stroke": color,
                            "stroke-width": "2", "stroke-dasharray": dash,
                        ])
                case .dot(let phase):
                    TransitionPlot.dot(
                        into: &svg, at: (x + 10, y), phase: phase, color: Style.muted,
                        name: "legend-dot")
                }
                svg.element("text", ["x": n(x + 26), "y": n(y + 4)], content: item.label)
                x += item.width
            }
        }
        svg.close("g")
    }

    /// A rough width of `text` in a sans-serif font: enough to lay out labels without measuring glyphs.
    static func textWidth(_ text: String, fontSize: Double) -> Double {
        Double(text.count) * fontSize * 0.52
    }
}
