import Foundation
import SegueSystem
import Testing

/// `segue plot` as users run it: a simulated swipe drawn as SVG, no daemon involved.
@Suite("segue plot")
struct CLIPlotTests {
    static let knownProfiles = [
        "fluid", "percent-1s", "percent-250ms", "slide-left", "fullscreen", "modal", "modal-percent", "ios", "flutter",
        "android",
    ]
    /// The profiles with their own present and dismiss, drawn in <profile>-present.svg.
    static let presentingProfiles = ["modal", "modal-percent", "flutter"]
    /// The profiles that swipe from either edge, drawn from the right one too in <profile>-right.svg.
    static let eitherEdgeProfiles = ["android"]

    @Test("--profile writes a well-formed SVG with both screens, frame dots and the release")
    func singlePlot() throws {
        let output = try runSegue(["plot", "--profile", "fluid"])
        #expect(output.status == 0, "\(output)")
        let svg = try ParsedSVG(output.stdout)
        let root = try #require(svg.root)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "800")
        let height = try #require(root.attributes["height"].flatMap(Double.init))
        #expect(height > 300)
        #expect(root.attributes["viewBox"] == "0 0 800 \(root.attributes["height"] ?? "")")

        let from = try #require(svg.elements("polyline", class: "screen-from").first)
        let to = try #require(svg.elements("polyline", class: "screen-to").first)
        let fromPoints = (from.attributes["points"] ?? "").split(separator: " ")
        #expect(fromPoints.count > 20, "one point per frame")
        #expect((to.attributes["points"] ?? "").split(separator: " ").count == fromPoints.count)
        // One dot per frame on each screen's line and on the progress line.
        #expect(svg.elements("circle", class: "frame").count == 3 * fromPoints.count)
        #expect(svg.elements("circle", class: "tracking").count > 0)
        #expect(svg.elements("circle", class: "settling").count > 0)
        #expect(svg.elements("circle", class: "done").count == 3)

        #expect(svg.elements("line", class: "release").count == 1)
        let release = try #require(svg.elements("text", class: "release-label").first)
        #expect(release.text.contains("finish"), "\(release.text)")
        #expect(release.text.contains("PASSED_THRESHOLD"), "\(release.text)")
        #expect(svg.elements("line", class: "done").count == 1)
        let title = try #require(svg.elements("title").first)
        #expect(title.text.hasPrefix("fluid"), "\(title.text)")
        #expect(title.text.contains("finished (PASSED_THRESHOLD)"), "\(title.text)")
        #expect(svg.elements("g", class: "legend").count == 1)
    }

    @Test("every profile's default swipe finishes, released at the finger's average speed as --help says")
    func defaultsFinish() throws {
        for profile in Self.knownProfiles {
            let output = try runSegue(["plot", "--profile", profile])
            #expect(output.status == 0, "\(output)")
            let title = try #require(ParsedSVG(output.stdout).elements("title").first).text
            #expect(title.contains("back swipe finished"), "\(profile): \(title)")
            #expect(title.contains("released at 936 pt/s"), "\(profile): \(title)")
        }
        let slower = try runSegue(["plot", "--profile", "ios", "--to", "0.5", "--duration-ms", "500"])
        #expect(try #require(ParsedSVG(slower.stdout).elements("title").first).text.contains("released at 390 pt/s"))
        let help = try runSegue(["plot", "--help"]).stdout
        #expect(help.contains("default the finger's average speed"), "\(help)")
        #expect(help.contains("936"), "\(help)")
        #expect(!help.contains("default 300)"), "\(help)")

        let scratch = try ScratchDirectory(prefix: "segue-plot-defaults")
        #expect(try runSegue(["plot", "--profiles", "--out-dir", scratch.url.path]).status == 0)
        let ios = try ParsedSVG(String(contentsOf: scratch.url.appendingPathComponent("ios.svg"), encoding: .utf8))
        let headings = ios.elements("text").map(\.text).filter { $0.hasPrefix("released at") }
        #expect(headings.first?.hasPrefix("released at 0.6 W, 936 pt/s") == true, "\(headings)")
    }

    @Test("a present and a dismiss: the legend names each panel's screens, the subtitle the curves drawn")
    func presentAndDismiss() throws {
        let scratch = try ScratchDirectory(prefix: "segue-plot-present")
        #expect(try runSegue(["plot", "--profiles", "--out-dir", scratch.url.path]).status == 0)
        let flutter = try ParsedSVG(
            String(contentsOf: scratch.url.appendingPathComponent("flutter-present.svg"), encoding: .utf8))
        let legend = flutter.elements("text").map(\.text)
        #expect(legend.contains("present: lower Detail (from); dismiss: upper Sheet (from)"), "\(legend)")
        #expect(legend.contains("present: upper Sheet (to); dismiss: lower Detail (to)"), "\(legend)")
        let subtitles = try #require(flutter.elements("title").first).text
        #expect(
            subtitles.contains(
                "present: 500 ms, linear progress; the upper screen along cubic-bezier(0.35, 0.91, 0.33, 0.97), "
                    + "the lower along linear"), "\(subtitles)")
        #expect(!subtitles.contains("cubic-bezier(0, 0, 1, 1)"), "\(subtitles)")
        // Without a curve per screen, the settle's curve is what the screens follow.
        let modal = try #require(
            ParsedSVG(String(contentsOf: scratch.url.appendingPathComponent("modal-present.svg"), encoding: .utf8))
                .elements("title").first
        ).text
        #expect(modal.contains("dismiss: 400 ms, ") && !modal.contains("progress;"), "\(modal)")
    }

    @Test("the progress chart names the gesture progress and the visual progress apart")
    func twoProgressValues() throws {
        let texts = try ParsedSVG(try runSegue(["plot", "--profile", "fullscreen"]).stdout).elements("text").map(\.text)
        #expect(texts.contains("visual progress (the screens)"), "\(texts)")
        #expect(texts.contains("gesture progress (the finger)"), "\(texts)")
    }

    @Test("a seed article's profile names what the article is about beside its file name, in plots and in help")
    func seedSourcesHaveTitles() throws {
        let fullscreen = "LBTransitionManager's full-screen swipe back (003_4a43ebb7871f4f2c.txt)"
        let plotted = try runSegue(["plot", "--profile", "fullscreen", "--to", "0.7"])
        #expect(plotted.status == 0, "\(plotted)")
        let title = try #require(ParsedSVG(plotted.stdout).elements("title").first).text
        #expect(title.hasPrefix("fullscreen: back swipe finished"), "\(title)")
        #expect(title.contains("source: \(fullscreen)"), "\(title)")

        let help = try runSegue(["create", "--help"])
        #expect(help.status == 0, "\(help)")
        // Help wraps its lines: compare with the whitespace folded.
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("fullscreen, \(fullscreen)"), "\(help.stdout)")
        #expect(
            words.contains(
                "modal-percent, custom modal present and dismiss with PanPresentAnimation and PanDimissAnimation "
                    + "(004_52fd9526dceceade.txt, percent-driven dismiss)"), "\(help.stdout)")
    }

    @Test("the same options give the same bytes, on stdout and with --out")
    func deterministic() throws {
        let arguments = ["plot", "--profile", "ios", "--to", "0.35", "--velocity", "700"]
        let first = try runSegue(arguments)
        let second = try runSegue(arguments)
        #expect(first.status == 0, "\(first)")
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)

        let scratch = try ScratchDirectory(prefix: "segue-plot")
        let file = scratch.url.appendingPathComponent("ios.svg")
        let written = try runSegue(arguments + ["--out", file.path])
        #expect(written.status == 0, "\(written)")
        #expect(written.lines == ["wrote \(file.path)"])
        #expect(try Data(contentsOf: file) == Data(first.stdout.utf8))
        // A fast flick from short of the threshold: the projection rule finishes it.
        #expect(first.stdout.contains("finished (FLUNG_FORWARD)"))
    }

    @Test("--cancel ends with PAN_CANCELLED: fluid cancels, flutter decides it at zero velocity")
    func cancelled() throws {
        let fluid = try runSegue(["plot", "--profile", "fluid", "--to", "0.7", "--cancel"])
        #expect(fluid.status == 0, "\(fluid)")
        let fluidSVG = try ParsedSVG(fluid.stdout)
        #expect(try #require(fluidSVG.elements("title").first).text.contains("cancelled (GESTURE_CANCELLED)"))
        #expect(try #require(fluidSVG.elements("text", class: "release-label").first).text.hasPrefix("PAN_CANCELLED"))

        let flutter = try runSegue(["plot", "--profile", "flutter", "--to", "0.7", "--cancel"])
        #expect(flutter.status == 0, "\(flutter)")
        #expect(
            try #require(ParsedSVG(flutter.stdout).elements("title").first).text
                .contains("finished (PASSED_THRESHOLD)"))
    }

    @Test(
        "--profiles writes one SVG per profile, each a finish beside a cancel, and the present and dismiss of those that have their own"
    )
    func everyProfile() throws {
        let scratch = try ScratchDirectory(prefix: "segue-plot")
        let directory = scratch.url.appendingPathComponent("img/profiles")
        let output = try runSegue(["plot", "--profiles", "--out-dir", directory.path])
        #expect(output.status == 0, "\(output)")
        let names = Self.knownProfiles.flatMap { name in
            [name] + (Self.eitherEdgeProfiles.contains(name) ? [name + "-right"] : [])
                + (Self.presentingProfiles.contains(name) ? [name + "-present"] : [])
        }
        #expect(output.lines == names.map { "wrote \(directory.path)/\($0).svg" })
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == names.map { "\($0).svg" }.sorted())
        for profile in Self.presentingProfiles {
            let text = try String(
                contentsOf: directory.appendingPathComponent("\(profile)-present.svg"), encoding: .utf8)
            let svg = try ParsedSVG(text)
            #expect(svg.elements("g", class: "plot").count == 2, "\(profile)")
            let labels = svg.elements("text", class: "release-label").map(\.text)
            #expect(
                labels.first?.hasPrefix("present Sheet") == true && labels.last?.hasPrefix("dismiss Sheet") == true,
                "\(profile): \(labels)")
        }
        // Flutter presents fullscreen dialogs from the bottom: that chart follows y.
        let flutter = try String(contentsOf: directory.appendingPathComponent("flutter-present.svg"), encoding: .utf8)
        #expect(flutter.contains("screen y (pt)") && !flutter.contains("screen x (pt)"))
        for profile in Self.knownProfiles {
            let text = try String(contentsOf: directory.appendingPathComponent("\(profile).svg"), encoding: .utf8)
            let svg = try ParsedSVG(text)
            #expect(svg.root?.attributes["width"] == "1200", "\(profile)")
            #expect(svg.elements("g", class: "plot").count == 2, "\(profile)")
            #expect(svg.elements("polyline", class: "screen-from").count == 2, "\(profile)")
            #expect(svg.elements("polyline", class: "screen-to").count == 2, "\(profile)")
            let releases = svg.elements("text", class: "release-label").map(\.text)
            #expect(releases.count == 2, "\(profile)")
            #expect(releases.first?.hasPrefix("release: finish") == true, "\(profile): \(releases)")
            #expect(releases.last?.hasPrefix("release: cancel") == true, "\(profile): \(releases)")
            #expect(try #require(svg.elements("title").first).text.hasPrefix(profile), "\(profile)")
        }
        // A second run rewrites the same bytes.
        let before = try Data(contentsOf: directory.appendingPathComponent("fluid.svg"))
        #expect(try runSegue(["plot", "--profiles", "--out-dir", directory.path]).status == 0)
        #expect(try Data(contentsOf: directory.appendingPathComponent("fluid.svg")) == before)
    }

    @Test(
        "android: its screens' scale and y charted beside x, its cancel a finger back at the edge, no finish threshold"
    )
    func android() throws {
        let scratch = try ScratchDirectory(prefix: "segue-plot-android")
        let output = try runSegue(["plot", "--profiles", "--out-dir", scratch.url.path])
        #expect(output.status == 0, "\(output)")
        let text = try String(contentsOf: scratch.url.appendingPathComponent("android.svg"), encoding: .utf8)
        let svg = try ParsedSVG(text)
        for series in ["screen-from-y", "screen-to-y", "scale-from", "scale-to"] {
            #expect(svg.elements("polyline", class: series).count == 2, "\(series)")
        }
        // Only the finish fades the closing screen out.
        #expect(svg.elements("polyline", class: "alpha-from").count == 1)
        #expect(svg.elements("line", class: "threshold").isEmpty, "the back arrow decides, not a threshold on p")
        let texts = svg.elements("text").map(\.text)
        #expect(texts.contains("to 0.3 W, back to 0.05 W, -390 pt/s \u{2192} cancelled (RETURNED_TO_EDGE)"))
        #expect(texts.contains("gesture progress (BackEvent)") && !texts.contains("gesture progress (the finger)"))
        #expect(texts.contains("upper: Detail (from)") && texts.contains("lower: Home (to)"))
        let right = try ParsedSVG(
            String(contentsOf: scratch.url.appendingPathComponent("android-right.svg"), encoding: .utf8))
        #expect(try #require(right.elements("title").first).text.contains("a finish and a cancel from the right edge"))
        // From the right edge the closing screen shrinks about its centre: it starts right of x = 0 and stays
        // left of where the left edge's margin puts it.
        let rightX = try #require(right.elements("polyline", class: "screen-from").first?.attributes["points"])
        let leftX = try #require(svg.elements("polyline", class: "screen-from").first?.attributes["points"])
        #expect(rightX != leftX)
        let subtitles = try #require(svg.elements("title").first).text
        #expect(subtitles.contains("rising 84.4 pt; the cancel turns back to the edge"), "\(subtitles)")
        #expect(subtitles.contains("both scale to 0.9"), "\(subtitles)")

        // One plot with its source on a line of its own, and the way back told.
        let single = try runSegue([
            "plot", "--profile", "android", "--edge", "right", "--to", "0.3", "--back-to", "0.05", "--drift", "-0.1",
        ])
        #expect(single.status == 0, "\(single)")
        let title = try #require(ParsedSVG(single.stdout).elements("title").first).text
        #expect(title.hasPrefix("android: back swipe cancelled (RETURNED_TO_EDGE) | source: AOSP"), "\(title)")
        #expect(title.contains("finger from the right edge to 0.3 W moving -84.4 pt in y in 250 ms"), "\(title)")
        #expect(title.contains("then back to 0.05 W in another 250 ms, released at -390 pt/s"), "\(title)")
        let backward = try runSegue(["plot", "--profile", "android", "--to", "0.3", "--back-to", "0.4"])
        #expect(backward.status == 2 && backward.stderr.contains("--back-to must be less than --to"), "\(backward)")
    }

    @Test("--profiles without --out-dir writes into the directory it runs in, and nowhere else")
    func profilesIntoWorkingDirectory() throws {
        let scratch = try ScratchDirectory(prefix: "segue-plot-here")
        let output = try runSegue(["plot", "--profiles"], directory: scratch.url)
        #expect(output.status == 0, "\(output)")
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(written.contains("fluid.svg") && written.contains("ios.svg"), "\(written)")
        #expect(written.allSatisfy { $0.hasSuffix(".svg") }, "\(written)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("docs").path))
    }

    @Test("an unknown profile is a usage error that lists the known ones")
    func unknownProfile() throws {
        let output = try runSegue(["plot", "--profile", "springy"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("'springy'"), "\(output)")
        #expect(output.stderr.contains(Self.knownProfiles.joined(separator: ", ")), "\(output)")
    }

    @Test("usage errors exit 2, a refused swipe exits 1, --help exits 0 with examples")
    func exitCodes() throws {
        let neither = try runSegue(["plot"])
        #expect(neither.status == 2, "\(neither)")
        #expect(neither.stderr.contains("--profile NAME"), "\(neither)")
        let both = try runSegue(["plot", "--profiles", "--to", "0.5"])
        #expect(both.status == 2, "\(both)")
        let range = try runSegue(["plot", "--profile", "fluid", "--to", "1.5"])
        #expect(range.status == 2, "\(range)")

        // A finger that never moves begins no swipe in any profile: 0 is outside the range, and says why.
        let unmoved = try runSegue(["plot", "--profile", "fluid", "--to", "0"])
        #expect(unmoved.status == 2, "\(unmoved)")
        #expect(unmoved.stderr.contains("--to must be more than 0; a finger that does not move"), "\(unmoved)")
        let least = try runSegue(["plot", "--profile", "fluid", "--to", "0.001"])
        #expect(least.status == 0, "\(least)")

        let unwritable = try runSegue(["plot", "--profile", "fluid", "--out", "/nonexistent-dir/plot.svg"])
        #expect(unwritable.status == 1, "\(unwritable)")
        #expect(unwritable.stderr.contains("/nonexistent-dir/plot.svg"), "\(unwritable)")

        let help = try runSegue(["plot", "--help"])
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("examples:"))
        #expect(help.stdout.contains("segue plot --profiles --out-dir docs/img/profiles"))
        #expect(try runSegue(["--help"]).lines.contains { $0.hasPrefix("  plot ") })
    }
}
