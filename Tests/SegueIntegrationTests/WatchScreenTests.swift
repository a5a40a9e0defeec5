import SegueClient
import SegueDisplay
import SegueWire
import Testing

/// `WatchScreen` is pure: pictures are checked cell by cell, without a terminal or a daemon.
@Suite("WatchScreen")
struct WatchScreenTests {
    private static let width = 400.0

    private func state(
        operation: Operation? = nil, progress: Double = 0, rightToLeft: Bool = false,
        screens: [String] = ["Home", "Detail"]
    ) -> StackState {
        let config = StackConfig(
            size: Size(width: Self.width, height: 800), profile: "fluid",
            rightToLeft: rightToLeft)
        let transition = operation.map {
            TransitionState(
                transitionId: 3, operation: $0, fromScreen: $0 == .push ? "Home" : "Detail",
                toScreen: $0 == .push ? "Detail" : "Home", interactive: $0 == .pop, phase: .tracking,
                progress: progress)
        }
        return StackState(stackId: "demo", version: 9, screens: screens, config: config, transition: transition)
    }

    /// A frame of a pop at visual fraction `f`, laid out as the fluid profile does (parallax 0.3, dimming 0.1).
    private func popFrame(_ f: Double, rightToLeft: Bool = false, phase: FramePhase = .tracking) -> Frame {
        let mirror: Double = rightToLeft ? -1 : 1
        return Frame(
            stackId: "demo", transitionId: 3, sequence: 1, progress: f, phase: phase,
            from: ViewFrame(
                screen: "Detail",
                rect: Rect(
                    x: mirror * f * Self.width, width: Self.width,
                    height: 800), alpha: 1),
            to: ViewFrame(
                screen: "Home",
                rect: Rect(
                    x: -mirror * 0.3 * Self.width * (1 - f),
                    width: Self.width, height: 800), alpha: 1),
            dimming: 0.1 * (1 - f))
    }

    private func plain(_ screen: WatchScreen, columns: Int = 42, rows: Int = 16) -> [String] {
        screen.render(columns: columns, rows: rows, style: .plain)
    }

    @Test("idle: the box holds the top screen, the status says idle")
    func idle() throws {
        let lines = plain(WatchScreen(stackId: "demo", state: state()))
        try #require(lines.count == 16)
        #expect(lines[0].hasPrefix("segue watch demo  v9 · fluid · 400x800"))
        #expect(lines[1] == "┌" + String(repeating: "─", count: 40) + "┐")
        let box = lines[2..<(lines.count - 4)]
        #expect(box.contains { $0.contains(" Detail ") })
        #expect(!box.contains { $0.contains("Home") })
        #expect(lines[lines.count - 3].hasSuffix("-  idle"))
        #expect(lines[lines.count - 2] == "idle · screens Home > Detail")
        #expect(lines[lines.count - 1] == "last: (none yet)")
    }

    @Test("a pop halfway: the upper screen from the middle with its edge, the lower one shaded by the dimming")
    func popHalfway() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.5))
        screen.frame = popFrame(0.5)
        screen.latestEvent = "#7 demo v7 progressed t3 gesture=0.500"
        let lines = plain(screen)
        try #require(lines.count == 16)
        let box = Array(lines[2..<(lines.count - 4)])
        // 40 box columns for 400 pt: Detail starts at x = 200 pt, box column 20, drawn at line column 21.
        for row in box {
            let cells = Array(row)
            #expect(cells[21] == "┃", "\(row)")
            // Dimming 0.05 is half the darkest scrim: the middle shade, on the lower screen only.
            #expect(cells[1] == "▒" && cells[38] == " ", "\(row)")
        }
        let label = try #require(box.first { $0.contains("Detail") })
        #expect(label.contains("Home"), "the lower label sits in its uncovered part: \(label)")
        #expect(label.firstRange(of: "Home")!.lowerBound < label.firstRange(of: "┃")!.lowerBound)
        #expect(box.contains { $0.contains("x=200") } && box.contains { $0.contains("x=-60") })
        #expect(lines[lines.count - 3].hasSuffix(" 50%  TRACKING"))
        let wide = plain(screen, columns: 82)
        #expect(wide[wide.count - 2] == "POP Detail -> Home · interactive · dimming 0.05")
        #expect(wide[wide.count - 1] == "last: #7 demo v7 progressed t3 gesture=0.500")
        let bar = lines[lines.count - 3]
        #expect(bar.filter { $0 == "█" }.count == bar.filter { $0 == "░" }.count)
    }

    @Test("a presentation sliding up from the bottom: the upper screen from the middle row, its top edge drawn")
    func presentFromTheBottom() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .present, progress: 0.5))
        screen.frame = Frame(
            stackId: "demo", transitionId: 3, sequence: 1, progress: 0.5, phase: .settling,
            from: ViewFrame(screen: "Home", rect: Rect(width: Self.width, height: 800), alpha: 1),
            to: ViewFrame(
                screen: "Detail", rect: Rect(y: 400, width: Self.width, height: 800),
                alpha: 1))
        let lines = plain(screen)
        let box = Array(lines[2..<(lines.count - 4)])
        try #require(box.count == 10)
        // Ten rows for 800 pt: Detail's top at 400 pt is the sixth row, drawn as its edge across the box.
        #expect(box[5] == "│" + String(repeating: "━", count: 40) + "│", "\(box)")
        #expect(box[6...].contains { $0.contains(" Detail ") } && box[6...].contains { $0.contains("y=400") })
        #expect(box[..<5].contains { $0.contains(" Home ") } && !box[6...].contains { $0.contains("Home") })
    }

    /// A frame of an android pop: both screens at 0.9 of the container, rounded, the closing one toward the right
    /// edge and risen 20 pt, the entering one 96 pt to the left, the scrim over it; `alpha` of the closing one.
    private func scaledFrame(alpha: Double = 1) -> Frame {
        Frame(
            stackId: "demo", transitionId: 3, sequence: 1, progress: 0.9, phase: .tracking,
            from: ViewFrame(
                screen: "Detail", rect: Rect(x: 32, y: 20, width: 360, height: 720), alpha: alpha,
                cornerRadius: 16),
            to: ViewFrame(
                screen: "Home", rect: Rect(x: -76, y: 20, width: 360, height: 720), alpha: 1, cornerRadius: 16),
            dimming: 0.2)
    }

    @Test("scaled screens: a box each at its rect, rounded corners, the lower one shaded, the container plain around")
    func scaledScreens() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.9))
        screen.frame = scaledFrame()
        let lines = plain(screen, columns: 42, rows: 26)
        let box = Array(lines[2..<(lines.count - 4)])
        try #require(box.count == 20)
        // 40 columns and 20 rows for 400 x 800 pt: Detail spans columns 3-38 and rows 1-18 (drawn one column
        // right, inside the border), Home columns 0-27 from off the left edge.
        #expect(box[0] == "│" + String(repeating: " ", count: 40) + "│", "the container is plain above: \(box[0])")
        // Both boxes' top and bottom sides on the same rows: the two screens scale alike.
        #expect(box[1] == "│───╭" + String(repeating: "─", count: 34) + "╮ │", "\(box[1])")
        #expect(box[18] == "│───╰" + String(repeating: "─", count: 34) + "╯ │", "\(box[18])")
        #expect(box[19] == "│" + String(repeating: " ", count: 40) + "│", "\(box[19])")
        for row in box[2...17] {
            #expect(Array(row)[4] == "│" && Array(row)[39] == "│" && Array(row)[40] == " ", "\(row)")
            #expect(row.hasPrefix("│▓▓▓"), "the scrim of 0.2 is past the darkest shade: \(row)")
        }
        let label = try #require(box.firstIndex { $0.contains(" Detail ") })
        #expect(box[label + 1].contains("x=32 y=20") && box[label + 2].contains("scale 0.9"), "\(box)")
        // The ASCII glyphs round the corners with '.' and '\''.
        let ascii = screen.render(columns: 42, rows: 26, style: .plain, glyphs: .ascii)
        #expect(ascii[3] == "|---." + String(repeating: "-", count: 34) + ". |", "\(ascii[3])")
        #expect(ascii[20] == "|---'" + String(repeating: "-", count: 34) + "' |", "\(ascii[20])")
        #expect(ascii[4].hasPrefix("|===|"), "\(ascii[4])")
    }

    @Test("a closing screen fading: dim with its alpha told, and gone once transparent")
    func fadingScreen() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.9))
        screen.frame = scaledFrame(alpha: 0.4)
        let fading = plain(screen, columns: 42, rows: 26)
        #expect(fading.contains { $0.contains("scale 0.9 · alpha 0.4") }, "\(fading)")
        screen.frame = scaledFrame(alpha: 0)
        let gone = plain(screen, columns: 42, rows: 26)
        #expect(!gone[2..<22].contains { $0.contains("Detail") }, "\(gone)")
        // Home's box is whole now, its label in it.
        #expect(gone[3] == "│" + String(repeating: "─", count: 27) + "╮" + String(repeating: " ", count: 12) + "│")
        #expect(gone[4] == "│" + String(repeating: "▓", count: 27) + "│" + String(repeating: " ", count: 12) + "│")
        #expect(gone.contains { $0.contains(" Home ") })
    }

    @Test("right to left: the upper screen leaves to the left, its edge on its right side")
    func rightToLeft() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.25, rightToLeft: true))
        screen.frame = popFrame(0.25, rightToLeft: true)
        let box = Array(plain(screen).dropFirst(2).prefix(10))
        for row in box {
            // Detail spans x -100...300 pt: box columns 0-29, its edge in the last, line column 30.
            #expect(Array(row)[30] == "┃", "\(row)")
        }
        #expect(Array(box[0])[35] == "▒", "dimming 0.075 is nearest two thirds of the darkest: \(box[0])")
        #expect(plain(screen, columns: 82)[0].hasSuffix("rtl"))
    }

    @Test("a push draws the incoming screen on top; the release is shown once decided")
    func pushAndRelease() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .push, progress: 0.25))
        screen.frame = Frame(
            stackId: "demo", transitionId: 3, sequence: 4, progress: 0.25, phase: .settling,
            from: ViewFrame(screen: "Home", rect: Rect(x: -30, width: Self.width, height: 800)),
            to: ViewFrame(screen: "Detail", rect: Rect(x: 300, width: Self.width, height: 800)), dimming: 0.025)
        screen.release = .finishing(.programmatic)
        let lines = plain(screen)
        #expect(lines.dropFirst(2).prefix(10).allSatisfy { Array($0)[31] == "┃" })
        #expect(lines[lines.count - 3].hasSuffix(" 25%  SETTLING"))
        #expect(plain(screen, columns: 82).contains("PUSH Home -> Detail · finishing (PROGRAMMATIC) · dimming 0.025"))
    }

    @Test("without a frame the screens are placed by the state's progress")
    func withoutFrame() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.75))
        // A frame of another transition is not this one's.
        screen.frame = popFrame(0.1)
        screen.frame?.transitionId = 2
        let box = Array(plain(screen).dropFirst(2).prefix(10))
        #expect(box.allSatisfy { Array($0)[31] == "┃" })
    }

    @Test("styled lines carry SGR sequences and show the same characters")
    func styled() {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.5))
        screen.frame = popFrame(0.5)
        screen.latestEvent = "!  rejected demo gesture_id=9 GESTURE_REJECTED: nope"
        screen.latestEventColour = .rejection
        let styled = screen.render(columns: 42, rows: 16, style: .colour)
        #expect(styled.joined().contains("\u{1B}[0;1m"))
        #expect(styled.last?.contains("\u{1B}[0;31m!  rejected") == true)
        let stripped = styled.map { line in
            var text = WatchScreen.plainText(line)
            while text.last == " " { text.removeLast() }
            return text
        }
        #expect(stripped == plain(screen))
    }

    @Test(
        "no line is wider than the terminal, and there are no more lines than rows",
        arguments: [(24, 8), (30, 9), (42, 16), (80, 24), (133, 41), (200, 60), (300, 12)])
    func fits(columns: Int, rows: Int) {
        var screen = WatchScreen(stackId: "a-very-long-stack-identifier-that-goes-on", state: state(operation: .pop))
        screen.frame = popFrame(0.97)
        screen.latestEvent = String(repeating: "long event text ", count: 30)
        screen.notice = "daemon not answering"
        for glyphs in [WatchScreen.Glyphs.unicode, .ascii] {
            let lines = screen.render(columns: columns, rows: rows, style: .colour, glyphs: glyphs)
            #expect(lines.count <= rows)
            #expect(lines.allSatisfy { WatchScreen.plainText($0).count == columns }, "\(columns)x\(rows)")
            if glyphs == .ascii {
                #expect(lines.allSatisfy { WatchScreen.plainText($0).unicodeScalars.allSatisfy(\.isASCII) })
            }
        }
    }

    @Test("wide screen names are cut by the columns they take: every line is exactly as wide as the terminal")
    func wideNames() {
        for screens in [["首页", "详情页面非常长的名字在这里"], ["Home", String(repeating: "🎉", count: 30)]] {
            for operation in [nil, Operation.pop] {
                var screen = WatchScreen(stackId: "wide", state: state(operation: operation, screens: screens))
                screen.latestEvent = "#2 wide v2 created screens=" + screens.joined(separator: ",")
                screen.notice = "守护进程没有回应"
                for (columns, rows) in [(24, 8), (40, 12), (41, 12), (81, 20)] {
                    let lines = screen.render(columns: columns, rows: rows, style: .colour)
                    #expect(
                        lines.allSatisfy { DisplayWidth.of(WatchScreen.plainText($0)) == columns },
                        "\(columns)x\(rows): \(lines.map(WatchScreen.plainText))")
                }
            }
        }
    }

    @Test("a terminal too small says so in full, with its size and the size needed; an unknown stack says so")
    func edges() {
        let screen = WatchScreen(stackId: "demo", state: state())
        let small = screen.render(columns: 20, rows: 5, style: .plain)
        #expect(small.allSatisfy { $0.count <= 20 } && small.count <= 5, "\(small)")
        #expect(
            small.joined(separator: " ")
                == "terminal too small for segue watch: 20x5, needs at least 24x8 (columns x rows)", "\(small)")
        // Too small for that: a shorter wording, still whole.
        let tiny = screen.render(columns: 10, rows: 3, style: .plain)
        #expect(tiny == ["too small:", "10x3 <", "24x8"], "\(tiny)")
        let missing = plain(WatchScreen(stackId: "gone"))
        #expect(missing.contains { $0.contains("no stack 'gone'") })
    }

    @Test("the shading has a legend in the box's border; a dimming that rounds to nothing draws no shade")
    func shadeLegend() throws {
        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.5))
        screen.frame = popFrame(0.5)
        let lines = plain(screen)
        #expect(lines[12] == "└─ dimming: ░ ~0.03  ▒ ~0.07  ▓ 0.1+ ────┘", "\(lines)")
        let ascii = screen.render(columns: 42, rows: 16, style: .plain, glyphs: .ascii)
        #expect(ascii[12] == "+- dimming: . ~0.03  : ~0.07  = 0.1+ ----+", "\(ascii)")
        // A narrow box gets the short legend, and one too narrow none.
        #expect(plain(screen, columns: 30)[12].hasPrefix("└─ ░~0.03 ▒~0.07 ▓0.1+ ─"), "\(plain(screen, columns: 30))")
        #expect(!plain(screen, columns: 24).joined().contains("~0.03"))
        // Idle: no scrim, no legend.
        #expect(
            plain(WatchScreen(stackId: "demo", state: state()))[12] == "└" + String(repeating: "─", count: 40) + "┘")

        let shades: Set<Character> = ["░", "▒", "▓"]
        for (fraction, shade) in [(0.996, nil), (0.9, nil), (0.8, "░" as Character), (0.1, "▓")] {
            screen.frame = popFrame(fraction)
            let drawn = plain(screen, columns: 82)
            let box = drawn[2..<(drawn.count - 4)].joined()
            let dimming = 0.1 * (1 - fraction)
            #expect(Set(box).intersection(shades) == Set(shade.map { [$0] } ?? []), "dimming \(dimming): \(drawn)")
            // The transition line names a dimming only when it shows one that is not 0.
            #expect(drawn[drawn.count - 2].contains("dimming") == (dimming >= 0.0005), "\(drawn)")
        }
    }

    @Test("the colour decision: colours on a terminal, bold and dim only under NO_COLOR, nothing into a pipe")
    func colourDecision() {
        #expect(TerminalStyle.decide(outputIsTerminal: true, noColor: nil) == .colour)
        #expect(TerminalStyle.decide(outputIsTerminal: true, noColor: "") == .colour)
        #expect(TerminalStyle.decide(outputIsTerminal: true, noColor: "1") == .monochrome)
        #expect(TerminalStyle.decide(outputIsTerminal: false, noColor: nil) == .plain)
        #expect(TerminalStyle.decide(outputIsTerminal: true, noColor: nil, term: "dumb") == .plain)
        #expect(TerminalStyle.decide(outputIsTerminal: true, noColor: nil, term: "xterm-256color") == .colour)
        #expect(TerminalStyle.colour.paint("finished", .green) == "\u{1B}[32mfinished\u{1B}[0m")
        #expect(TerminalStyle.monochrome.paint("finished", .green) == "finished")
        #expect(TerminalStyle.plain.paint("finished", .green) == "finished")

        var screen = WatchScreen(stackId: "demo", state: state(operation: .pop, progress: 0.5))
        screen.frame = popFrame(0.5)
        screen.latestEvent = "#8 demo v8 finished t3 gesture=0.500 PASSED_THRESHOLD settle=300ms"
        screen.latestEventColour = .green
        let coloured = screen.render(columns: 82, rows: 16, style: .colour).joined()
        #expect(coloured.contains("\u{1B}[0;32m#8 demo v8 finished"))
        let monochrome = screen.render(columns: 82, rows: 16, style: .monochrome).joined()
        #expect(monochrome.contains("\u{1B}[0;1m") && !monochrome.contains("32m") && !monochrome.contains("36m"))
    }
}
