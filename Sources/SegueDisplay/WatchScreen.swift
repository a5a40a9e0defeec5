import SegueWire

/// What `segue watch` draws: a pure function from a stack's state, its latest frame and latest event to the lines of
/// a terminal screen, so it can be tested without a terminal.
///
/// ```
/// segue watch demo  v5 · fluid · 390x844                    Ctrl-C quits
/// ┌──────────────────────────────────────────────────────────────────────┐
/// │▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓┃                                          │
/// │▓▓▓▓▓▓▓▓▓▓ Home ▓▓▓▓▓▓▓▓▓▓▓┃                 Detail                   │
/// │▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓┃                 x=152                    │
/// └─ dimming: ░ ~0.03  ▒ ~0.07  ▓ 0.1+ ─────────────────────────────────┘
/// visual [██████████████████████████░░░░░░░░░░░░░░░░░░░░░░░░░░░░]  39%  TRACKING
/// POP Detail -> Home · interactive · dimming 0.061
/// last: #14 demo v9 progressed t2 gesture=0.390
/// ```
///
/// The box is the container, scaled to the terminal's width (and, keeping the container's proportions for cells
/// about twice as tall as wide, to at most the terminal's height). The two screens of a transition are blocks the
/// width of the container, placed at the x of the latest frame's rects: the upper screen (the one leaving on a pop,
/// the one arriving on a push) drawn over the lower one, with an edge where it ends. The lower screen is dim and
/// shaded by the frame's dimming (the scrim over it): `░ ▒ ▓` for the nearest of a third, two thirds and all of
/// the 0.1 scrim of the `fluid` and `ios` profiles, nothing for a dimming nearer none; a legend in the box's lower
/// border says so while a scrim is drawn. Without a frame of the running transition (before the first, or in a
/// one-off `--once` render) the screens are placed from the state's progress alone, without parallax. When idle the
/// box shows the stack's top screen.
///
/// Screens a frame draws smaller than the container (android's, shrinking toward 0.9 and moving with the finger's
/// height) are drawn as boxes of their own at their rect, with rounded corners (`╭╮╰╯`, ASCII `.` and `'`) where the
/// frame rounds them, the rest of the container left plain; a screen faded out is not drawn, one fading is dim.
///
/// ```
/// │▓▓▓▓▓┃ ╭────────────────────────────╮  │
/// │▓▓▓▓▓┃ │           Detail           │  │
/// │▓▓▓▓▓┃ │      x=31.5 y=38.2         │  │
/// │▓▓▓▓▓┃ │         scale 0.91         │  │
/// │▓▓▓▓▓┃ ╰────────────────────────────╯  │
/// ```
public struct WatchScreen: Sendable, Hashable {
    /// The characters used for borders, edges, shading and the progress bar.
    public enum Glyphs: Sendable, Hashable {
        /// Box drawing and block elements (any UTF-8 terminal, tmux included).
        case unicode
        /// ASCII only, for terminals without UTF-8.
        case ascii
    }

    /// How a released gesture is going to end, once the engine has decided.
    public enum Release: Sendable, Hashable {
        /// The transition is settling toward its end.
        case finishing(Reason)
        /// The transition is settling back to where it began.
        case cancelling(Reason)
    }

    /// The stack watched.
    public var stackId: String
    /// Its latest known state; nil while unknown or after the stack was deleted.
    public var state: StackState?
    /// The latest frame; used while its transition is the state's running transition.
    public var frame: Frame?
    /// How the running transition's gesture was decided, once it was.
    public var release: Release?
    /// The latest event (or rejection) as one line of text.
    public var latestEvent: String?
    /// The colour of ``latestEvent`` (``TextColour/of(_:)`` for an event, ``TextColour/rejection`` for a rejection).
    public var latestEventColour: TextColour?
    /// A short note for the title line's right side: `Ctrl-C quits`, `daemon not answering`, ...
    public var notice: String?
    /// Whether ``notice`` reports a problem (drawn as a warning).
    public var noticeIsProblem = false

    /// The smallest terminal the screen is drawn in; smaller ones get a note saying so.
    public static let minimumColumns = 24
    /// The smallest terminal height the screen is drawn in.
    public static let minimumRows = 8
    /// The lines around the box: title, two borders, progress, transition, latest event.
    static let chromeRows = 6
    /// The scrim alpha drawn as the darkest shade: `fluid`'s and `ios`'s dimming at progress 0.
    static let fullShadeDimming = 0.1

    /// A screen for `stackId` with what is known so far.
    public init(stackId: String, state: StackState? = nil) {
        self.stackId = stackId
        self.state = state
    }

    /// Renders the screen for a terminal of `columns` x `rows` cells.
    /// - Parameters:
    ///   - style: which ANSI SGR sequences to emit: none, bold and dim, or colours too.
    ///   - glyphs: Unicode box drawing or ASCII.
    /// - Returns: at most `rows` lines, none wider than `columns` terminal columns (not counting SGR sequences).
    public func render(columns: Int, rows: Int, style: TerminalStyle, glyphs: Glyphs = .unicode) -> [String] {
        guard columns >= Self.minimumColumns, rows >= Self.minimumRows else {
            return Self.tooSmallNote(columns: columns, rows: rows)
        }
        let size = containerSize
        let innerWidth = columns - 2
        // Terminal cells are about twice as tall as wide: keep the container's proportions if the height allows.
        let proportional = Int((Double(innerWidth) * size.height / size.width / 2).rounded())
        let innerHeight = max(1, min(rows - Self.chromeRows, max(3, proportional)))
        var grid = CellGrid(width: columns, height: innerHeight + Self.chromeRows)
        let symbols = Symbols(glyphs)

        drawTitle(into: &grid, symbols: symbols)
        drawBox(into: &grid, innerWidth: innerWidth, innerHeight: innerHeight, symbols: symbols)
        drawScreens(into: &grid, innerWidth: innerWidth, innerHeight: innerHeight, container: size, symbols: symbols)
        drawShadeLegend(into: &grid, row: innerHeight + 2, innerWidth: innerWidth, symbols: symbols)
        let status = innerHeight + 3
        drawProgress(into: &grid, row: status, symbols: symbols)
        grid.write(transitionText(symbols), column: 0, row: status + 1)
        if let latestEvent {
            grid.write("last: ", column: 0, row: status + 2, [.dim])
            grid.write(latestEvent, column: 6, row: status + 2, latestEventColour.map(CellGrid.Attributes.init) ?? [])
        } else {
            grid.write("last: (none yet)", column: 0, row: status + 2, [.dim])
        }
        return grid.lines(style: style)
    }

    /// What a terminal smaller than the minimum shows instead: its size and the size needed, word-wrapped to fit,
    /// in the longest wording that fits (only a terminal too small for the shortest gets it cut).
    static func tooSmallNote(columns: Int, rows: Int) -> [String] {
        guard columns > 0, rows > 0 else { return [] }
        let actual = "\(columns)x\(rows)"
        let needed = "\(minimumColumns)x\(minimumRows)"
        let wordings = [
            "terminal too small for segue watch: \(actual), needs at least \(needed) (columns x rows)",
            "terminal too small: \(actual), needs \(needed)",
            "too small: \(actual) < \(needed)",
            "\(actual) < \(needed)",
        ]
        for wording in wordings {
            if let lines = wrapped(wording, width: columns), lines.count <= rows { return lines }
        }
        return [String(wordings[wordings.count - 1].prefix(columns))]
    }

    /// `text` broken into lines of at most `width` characters at its spaces; nil when a word is wider.
    static func wrapped(_ text: String, width: Int) -> [String]? {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            guard word.count <= width else { return nil }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `line` without its SGR sequences (`ESC [ ... m`), as a terminal would show its characters.
    public static func plainText(_ line: String) -> String {
        var text = ""
        var inSequence = false
        for scalar in line.unicodeScalars {
            if inSequence {
                if scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" { inSequence = false }
                continue
            }
            if scalar == "\u{1B}" {
                inSequence = true
                continue
            }
            text.unicodeScalars.append(scalar)
        }
        return text
    }

    // MARK: - What is shown

    /// The container size: the stack's, else the frame's rects', else a phone's (390 x 844).
    var containerSize: (width: Double, height: Double) {
        if let size = state?.config?.size, size.width > 0, size.height > 0 { return (size.width, size.height) }
        if let rect = frame?.from?.rect, rect.width > 0, rect.height > 0 { return (rect.width, rect.height) }
        return (390, 844)
    }

    /// The frame of the running transition, if the latest frame belongs to it.
    var activeFrame: Frame? {
        guard let frame, let transition = state?.transition, frame.stackId == stackId,
            frame.transitionId == transition.transitionId
        else { return nil }
        return frame
    }

    /// The screen on top of an idle stack: the top presented screen, the selected tab, or the top of the stack.
    static func topScreen(of state: StackState) -> String {
        if let presented = state.presented.last { return presented }
        if !state.tabs.isEmpty {
            let index = Int(state.selectedTab)
            return index < state.tabs.count ? state.tabs[index] : "tab \(index)"
        }
        return state.screens.last ?? "(empty)"
    }

    /// One screen placed in the container: its name, its x and y in points, and whether it is drawn on top.
    struct Placement: Hashable {
        var screen: String
        var x: Double
        var y: Double = 0
        var isUpper: Bool
        /// The rect's size, when a frame gave one.
        var size: Size?
        var alpha: Double = 1
        var cornerRadius: Double = 0
    }

    /// Where the screens are: from the active frame, else from the state's progress, else the idle top screen.
    func placements(width: Double) -> (screens: [Placement], dimming: Double) {
        guard let state else { return ([], 0) }
        guard let transition = state.transition else {
            return ([Placement(screen: Self.topScreen(of: state), x: 0, isUpper: true)], 0)
        }
        let rightToLeft = state.config?.rightToLeft ?? false
        let from: (screen: String, x: Double, y: Double)
        let to: (screen: String, x: Double, y: Double)
        let dimming: Double
        var looks: (from: ViewFrame?, to: ViewFrame?) = (nil, nil)
        if let frame = activeFrame {
            from = (frame.from?.screen ?? transition.fromScreen, frame.from?.rect?.x ?? 0, frame.from?.rect?.y ?? 0)
            to = (frame.to?.screen ?? transition.toScreen, frame.to?.rect?.x ?? 0, frame.to?.rect?.y ?? 0)
            dimming = frame.dimming
            looks = (frame.from, frame.to)
        } else {
            // No frame yet: place by progress alone (no parallax, no scrim), mirrored for right-to-left.
            let f = min(max(transition.progress, 0), 1)
            let mirror: Double = rightToLeft ? -1 : 1
            switch transition.operation {
            case .push, .present:
                from = (transition.fromScreen, 0, 0)
                to = (transition.toScreen, mirror * (1 - f) * width, 0)
            case .selectTab:
                from = (transition.fromScreen, -mirror * f * width, 0)
                to = (transition.toScreen, mirror * (1 - f) * width, 0)
            default:
                from = (transition.fromScreen, mirror * f * width, 0)
                to = (transition.toScreen, 0, 0)
            }
            dimming = 0
        }
        let toIsUpper: Bool
        switch transition.operation {
        case .push, .present, .selectTab:
            toIsUpper = true
        case .pop, .popToRoot, .dismiss:
            toIsUpper = false
        default:
            // An operation this build does not know: the screen farther toward the trailing side is on top.
            toIsUpper = rightToLeft ? to.x < from.x : to.x > from.x
        }
        let lower = toIsUpper ? from : to
        let upper = toIsUpper ? to : from
        func placed(_ side: (screen: String, x: Double, y: Double), _ view: ViewFrame?, isUpper: Bool) -> Placement {
            var placement = Placement(screen: side.screen, x: side.x, y: side.y, isUpper: isUpper)
            if let view {
                placement.size = view.rect.map { Size(width: $0.width, height: $0.height) }
                placement.alpha = view.alpha
                placement.cornerRadius = view.cornerRadius
            }
            return placement
        }
        return (
            [
                placed(lower, toIsUpper ? looks.from : looks.to, isUpper: false),
                placed(upper, toIsUpper ? looks.to : looks.from, isUpper: true),
            ], dimming
        )
    }

    /// The visual fraction and phase shown by the progress bar, or nil when idle.
    var progress: (fraction: Double, phase: FramePhase)? {
        guard let transition = state?.transition else { return nil }
        if let frame = activeFrame { return (frame.progress, frame.phase) }
        return (transition.progress, transition.phase)
    }

    // MARK: - Drawing

    private func drawTitle(into grid: inout CellGrid, symbols: Symbols) {
        let title = "segue watch \(stackId)"
        grid.write(title, column: 0, row: 0, [.bold])
        var details = ""
        if let state {
            let config = state.config ?? StackConfig()
            let profile = config.profile.isEmpty ? "fluid" : config.profile
            let size = containerSize
            details =
                "  v\(state.version) \(symbols.dot) \(profile) \(symbols.dot) \(Self.short(size.width))x"
                + "\(Self.short(size.height))" + (config.rightToLeft ? " \(symbols.dot) rtl" : "")
        }
        grid.write(details, column: DisplayWidth.of(title), row: 0, [.dim])
        if let notice {
            let used = DisplayWidth.of(title) + DisplayWidth.of(details) + 2
            let room = grid.width - used
            if room > 0 {
                let shown = Self.truncated(notice, to: room, ellipsis: symbols.ellipsis)
                grid.write(
                    shown, column: grid.width - DisplayWidth.of(shown), row: 0,
                    noticeIsProblem ? [.yellow, .bold] : [.dim])
            }
        }
    }

    private func drawBox(into grid: inout CellGrid, innerWidth: Int, innerHeight: Int, symbols: Symbols) {
        let top = 1
        let bottom = innerHeight + 2
        grid.put(symbols.topLeft, column: 0, row: top)
        grid.fill(symbols.horizontal, columns: 1..<(innerWidth + 1), row: top)
        grid.put(symbols.topRight, column: innerWidth + 1, row: top)
        for row in (top + 1)..<bottom {
            grid.put(symbols.vertical, column: 0, row: row)
            grid.put(symbols.vertical, column: innerWidth + 1, row: row)
        }
        grid.put(symbols.bottomLeft, column: 0, row: bottom)
        grid.fill(symbols.horizontal, columns: 1..<(innerWidth + 1), row: bottom)
        grid.put(symbols.bottomRight, column: innerWidth + 1, row: bottom)
    }

    private func drawScreens(
        into grid: inout CellGrid, innerWidth: Int, innerHeight: Int,
        container: (width: Double, height: Double), symbols: Symbols
    ) {
        let firstRow = 2
        let labelRow = firstRow + (innerHeight - 1) / 2
        guard state != nil else {
            let text = noticeIsProblem ? "stack '\(stackId)' unavailable" : "no stack '\(stackId)'"
            let shown = Self.truncated(text, to: innerWidth, ellipsis: symbols.ellipsis)
            grid.write(shown, column: 1 + (innerWidth - DisplayWidth.of(shown)) / 2, row: labelRow, [.dim])
            return
        }
        let (placements, dimming) = placements(width: container.width)
        if placements.contains(where: { Self.isScaled($0, in: container) }) {
            drawScaledScreens(
                placements, dimming: dimming, into: &grid, innerWidth: innerWidth, innerHeight: innerHeight,
                container: container, symbols: symbols)
            return
        }
        /// The cells a span of `size` points at `offset` covers in `cells` cells for `total` points: where it
        /// starts and ends, and the part inside the box.
        func cells(_ offset: Double, size: Double, cells: Int) -> (start: Int, end: Int, visible: Range<Int>) {
            // Far off-screen is off-screen: bounding the offset keeps the cells integers whatever a frame says.
            let scale = Double(cells) / size
            let bounded = offset.isFinite ? min(max(offset, -2 * size), 2 * size) : 0
            let start = Int((bounded * scale).rounded())
            let end = Int(((bounded + size) * scale).rounded())
            return (start, end, max(start, 0)..<max(min(end, cells), max(start, 0)))
        }
        func columns(_ placement: Placement) -> (start: Int, end: Int, visible: Range<Int>) {
            cells(placement.x, size: container.width, cells: innerWidth)
        }
        // Presentations that slide up move by rows.
        func rows(_ placement: Placement) -> Range<Int> {
            cells(placement.y, size: container.height, cells: innerHeight).visible
        }
        let upperColumns = placements.last(where: \.isUpper).map { columns($0).visible } ?? 0..<0
        for placement in placements {
            let (start, end, visible) = columns(placement)
            let placedRows = rows(placement)
            guard !visible.isEmpty && !placedRows.isEmpty else { continue }
            let fill: Character = placement.isUpper ? " " : symbols.shades[Self.shadeLevel(dimming)]
            let body: CellGrid.Attributes = placement.isUpper ? [] : [.dim]
            for row in placedRows.map({ firstRow + $0 }) {
                grid.fill(fill, columns: (visible.lowerBound + 1)..<(visible.upperBound + 1), row: row, body)
            }
            if placement.isUpper && placements.count > 1 && placedRows.lowerBound > 0 {
                // The top edge of a screen sliding up.
                grid.fill(
                    symbols.topEdge, columns: (visible.lowerBound + 1)..<(visible.upperBound + 1),
                    row: firstRow + placedRows.lowerBound, [.bold])
            }
            if placement.isUpper && placements.count > 1 {
                // The edge where the upper screen ends, unless the container's border is there anyway.
                for row in placedRows.map({ firstRow + $0 }) {
                    if start == visible.lowerBound && start > 0 {
                        grid.put(symbols.edge, column: start + 1, row: row, [.bold])
                    }
                    if end == visible.upperBound && end < innerWidth {
                        grid.put(symbols.edge, column: end, row: row, [.bold])
                    }
                }
            }
            // The lower screen's label goes in the part the upper one leaves uncovered: beside it, or above it.
            let vertical = placements.contains { $0.y != 0 }
            let labelColumns = placement.isUpper || vertical ? visible : Self.uncovered(visible, by: upperColumns)
            let upperRows = placements.last(where: \.isUpper).map(rows) ?? 0..<0
            let lowerLabelRow =
                vertical && !placement.isUpper ? max(upperRows.lowerBound / 2 - 1, 0) : labelRow - firstRow
            let placedLabelRow =
                placement.isUpper && vertical
                ? placedRows.lowerBound + (placedRows.count - 1) / 2 : lowerLabelRow
            guard placedRows.contains(placedLabelRow) else { continue }
            let labelAttributes: CellGrid.Attributes = placement.isUpper ? [.bold] : [.dim]
            writeCentered(
                " \(placement.screen) ", in: labelColumns, row: firstRow + placedLabelRow, labelAttributes,
                into: &grid, symbols: symbols)
            let coordinate =
                vertical
                ? "y=\(Self.short((placement.y * 10).rounded() / 10))"
                : "x=\(Self.short((placement.x * 10).rounded() / 10))"
            if innerHeight >= 3 && placements.count > 1 && placedRows.contains(placedLabelRow + 1)
                && (!vertical || placement.isUpper || placedLabelRow + 1 < upperRows.lowerBound)
            {
                writeCentered(
                    " \(coordinate) ", in: labelColumns, row: firstRow + placedLabelRow + 1, [.dim],
                    into: &grid, symbols: symbols)
            }
        }
    }

    /// Whether a frame draws the screen smaller than the container.
    static func isScaled(_ placement: Placement, in container: (width: Double, height: Double)) -> Bool {
        guard let size = placement.size, size.width > 0, size.height > 0 else { return false }
        return size.width < container.width || size.height < container.height
    }

    /// The cells from `offset` to `offset + span` points cover, of `cells` cells for `total` points; bounded, so
    /// that any frame's numbers make integers.
    static func cellSpan(_ offset: Double, span: Double, total: Double, cells: Int) -> Range<Int> {
        let scale = Double(cells) / total
        let bound = { (value: Double) in value.isFinite ? min(max(value, -2 * total), 3 * total) : 0 }
        let start = Int((bound(offset) * scale).rounded())
        let end = Int((bound(offset + span) * scale).rounded())
        return start..<max(start, end)
    }

    /// Screens drawn at their own size: each a box at its rect, the lower one shaded by the scrim, the upper one
    /// over it; the container around them plain.
    private func drawScaledScreens(
        _ placements: [Placement], dimming: Double, into grid: inout CellGrid, innerWidth: Int, innerHeight: Int,
        container: (width: Double, height: Double), symbols: Symbols
    ) {
        let firstRow = 2
        let boxes = placements.map { placement in
            let size = placement.size ?? Size(width: container.width, height: container.height)
            return (
                placement,
                columns: Self.cellSpan(placement.x, span: size.width, total: container.width, cells: innerWidth),
                rows: Self.cellSpan(placement.y, span: size.height, total: container.height, cells: innerHeight)
            )
        }
        let upperColumns = boxes.last(where: { $0.0.isUpper && $0.0.alpha > 0 }).map(\.columns) ?? 0..<0
        for (placement, columns, rows) in boxes where placement.alpha > 0 {
            let visibleColumns = columns.clamped(to: 0..<innerWidth)
            let visibleRows = rows.clamped(to: 0..<innerHeight)
            guard !visibleColumns.isEmpty, !visibleRows.isEmpty else { continue }
            let fill: Character = placement.isUpper ? " " : symbols.shades[Self.shadeLevel(dimming)]
            let body: CellGrid.Attributes = placement.isUpper ? [] : [.dim]
            let edge: CellGrid.Attributes = placement.isUpper && placement.alpha >= 1 ? [.bold] : [.dim]
            for row in visibleRows {
                grid.fill(
                    fill, columns: (visibleColumns.lowerBound + 1)..<(visibleColumns.upperBound + 1),
                    row: firstRow + row, body)
            }
            // The box's outline where it lies inside the container; a corner where two sides meet, rounded when
            // the frame rounds the screen by a point or more.
            let rounded = placement.cornerRadius >= 1
            let left = columns.lowerBound >= 0 ? columns.lowerBound : nil
            let right = columns.upperBound <= innerWidth ? columns.upperBound - 1 : nil
            let top = rows.lowerBound >= 0 ? rows.lowerBound : nil
            let bottom = rows.upperBound <= innerHeight ? rows.upperBound - 1 : nil
            for row in [top, bottom].compactMap({ $0 }) where columns.count > 1 {
                grid.fill(
                    symbols.horizontal, columns: (visibleColumns.lowerBound + 1)..<(visibleColumns.upperBound + 1),
                    row: firstRow + row, edge)
            }
            for column in [left, right].compactMap({ $0 }) {
                for row in visibleRows { grid.put(symbols.vertical, column: column + 1, row: firstRow + row, edge) }
            }
            let corners: [(Int?, Int?, Character, Character)] = [
                (left, top, symbols.topLeft, symbols.roundTopLeft),
                (right, top, symbols.topRight, symbols.roundTopRight),
                (left, bottom, symbols.bottomLeft, symbols.roundBottomLeft),
                (right, bottom, symbols.bottomRight, symbols.roundBottomRight),
            ]
            for case (let column?, let row?, let square, let round) in corners {
                grid.put(rounded ? round : square, column: column + 1, row: firstRow + row, edge)
            }
            // The label inside the box (the lower one's in the part the upper one leaves uncovered), then where
            // the screen is and how large.
            let inside = (columns.lowerBound + 1)..<(columns.upperBound - 1)
            let labelColumns = placement.isUpper ? inside : Self.uncovered(inside, by: upperColumns)
            let labelRows = (rows.lowerBound + 1)..<(rows.upperBound - 1)
            let middle = labelRows.lowerBound + (labelRows.count - 1) / 2
            let scale = (placement.size?.width ?? container.width) / container.width
            var lines = [(" \(placement.screen) ", placement.isUpper ? CellGrid.Attributes.bold : [.dim])]
            if placement.isUpper {
                let position =
                    "x=\(Self.short((placement.x * 10).rounded() / 10)) y=\(Self.short((placement.y * 10).rounded() / 10))"
                var size = "scale \(Self.short((scale * 100).rounded() / 100))"
                if placement.alpha < 1 {
                    size += " \(symbols.dot) alpha \(Self.short((placement.alpha * 100).rounded() / 100))"
                }
                lines += [(" \(position) ", [.dim]), (" \(size) ", [.dim])]
            }
            for (index, line) in lines.enumerated() {
                let row = middle + index
                guard labelRows.contains(row), visibleRows.contains(row) else { break }
                writeCentered(
                    line.0, in: labelColumns.clamped(to: 0..<innerWidth), row: firstRow + row, line.1,
                    into: &grid, symbols: symbols)
            }
        }
    }

    /// The longer piece of `range` outside `cover` (all of it when they do not overlap).
    static func uncovered(_ range: Range<Int>, by cover: Range<Int>) -> Range<Int> {
        guard range.overlaps(cover) else { return range }
        let before = range.lowerBound..<max(range.lowerBound, cover.lowerBound)
        let after = min(range.upperBound, cover.upperBound)..<range.upperBound
        return before.count >= after.count ? before : after
    }

    /// Writes `text` centred in the box columns `visible` (0-based inside the box), shortened to fit, or not at all
    /// when fewer than four columns are free.
    private func writeCentered(
        _ text: String, in visible: Range<Int>, row: Int, _ attributes: CellGrid.Attributes,
        into grid: inout CellGrid, symbols: Symbols
    ) {
        // Leave the edge columns alone, so a label never hides where a screen ends.
        let room = visible.count - 2
        guard room >= 4 else { return }
        var shown = text
        if DisplayWidth.of(shown) > room {
            shown =
                " " + Self.truncated(String(text.dropFirst().dropLast()), to: room - 2, ellipsis: symbols.ellipsis)
                + " "
        }
        let column = 1 + visible.lowerBound + 1 + (room - DisplayWidth.of(shown)) / 2
        grid.write(shown, column: column, row: row, attributes)
    }

    /// The legend of the shading, in the box's lower border while the running transition's frame has a scrim:
    /// `└─ dimming: ░ ~0.03  ▒ ~0.07  ▓ 0.1+ ───┘`, shorter in a narrow box, left out in one too narrow.
    private func drawShadeLegend(into grid: inout CellGrid, row: Int, innerWidth: Int, symbols: Symbols) {
        guard let frame = activeFrame, frame.dimming > 0 else { return }
        // What each shade stands for: the dimming of its level, to two decimals.
        let levels = (1...3).map { level in
            Self.short((Self.fullShadeDimming * Double(level) / 3 * 100).rounded() / 100)
        }
        let wordings = [
            " dimming: \(symbols.shades[1]) ~\(levels[0])  \(symbols.shades[2]) ~\(levels[1])  "
                + "\(symbols.shades[3]) \(levels[2])+ ",
            " \(symbols.shades[1])~\(levels[0]) \(symbols.shades[2])~\(levels[1]) \(symbols.shades[3])\(levels[2])+ ",
        ]
        // One border character stays on each side, so the corners still read as corners.
        guard let legend = wordings.first(where: { $0.count <= innerWidth - 2 }) else { return }
        grid.write(legend, column: 2, row: row, [.dim])
    }

    private func drawProgress(into grid: inout CellGrid, row: Int, symbols: Symbols) {
        let label = "visual "
        grid.write(label, column: 0, row: row, [.dim])
        let fraction = progress?.fraction
        let percent = fraction.map { String(Int(($0 * 100).rounded())) + "%" } ?? "-"
        let phase = progress.map { "\($0.phase)" } ?? "idle"
        let suffix = " " + String(repeating: " ", count: max(4 - percent.count, 0)) + percent + "  " + phase
        let barWidth = max(grid.width - label.count - 2 - suffix.count, 4)
        let filled = Int((min(max(fraction ?? 0, 0), 1) * Double(barWidth)).rounded())
        let colour: CellGrid.Attributes
        switch release {
        case .finishing?: colour = [.green]
        case .cancelling?: colour = [.yellow]
        case nil: colour = [.cyan]
        }
        var column = label.count
        grid.put("[", column: column, row: row)
        column += 1
        grid.fill(symbols.barFilled, columns: column..<(column + filled), row: row, colour)
        grid.fill(symbols.barEmpty, columns: (column + filled)..<(column + barWidth), row: row, [.dim])
        column += barWidth
        grid.put("]", column: column, row: row)
        grid.write(suffix, column: column + 1, row: row, fraction == nil ? [.dim] : [.bold])
    }

    /// `POP Detail -> Home · interactive · finishing (PASSED_THRESHOLD) · dimming 0.061`, or what an idle stack
    /// holds.
    func transitionText(_ symbols: Symbols) -> String {
        guard let state else { return "waiting for the stack to exist" }
        let dot = " \(symbols.dot) "
        guard let transition = state.transition else {
            var text = "idle" + dot
            if state.tabs.isEmpty {
                text += "screens " + state.screens.joined(separator: " > ")
            } else {
                text +=
                    "tabs "
                    + state.tabs.enumerated().map { index, tab in
                        index == Int(state.selectedTab) ? "[\(tab)]" : tab
                    }.joined(separator: " ")
            }
            if !state.presented.isEmpty { text += " + presented " + state.presented.joined(separator: " > ") }
            return text
        }
        var text = "\(transition.operation) \(transition.fromScreen) \(symbols.arrow) \(transition.toScreen)"
        if transition.interactive { text += dot + "interactive" }
        switch release {
        case .finishing(let reason)?: text += dot + "finishing (\(reason))"
        case .cancelling(let reason)?: text += dot + "cancelling (\(reason))"
        case nil: break
        }
        if let frame = activeFrame, Self.shownDimming(frame.dimming) > 0 {
            text += dot + "dimming " + Self.short(Self.shownDimming(frame.dimming))
        }
        return text
    }

    // MARK: - Dimming

    /// A dimming as the transition line shows it, to three decimals: what rounds to 0 there is none.
    static func shownDimming(_ dimming: Double) -> Double {
        dimming.isFinite ? (dimming * 1000).rounded() / 1000 : 0
    }

    /// The shade drawn for a dimming: the nearest of none, a third, two thirds and all of ``fullShadeDimming``
    /// (an index into ``Symbols/shades``), so a dimming nearer none than a third draws nothing.
    static func shadeLevel(_ dimming: Double) -> Int {
        // Bounded before the conversion, so any frame's dimming makes an index.
        let thirds = min(max(shownDimming(dimming) / fullShadeDimming * 3, 0), 3)
        return Int(thirds.rounded())
    }

    // MARK: - Text helpers

    /// `text` cut to `width` terminal columns, ending in `ellipsis` when cut.
    static func truncated(_ text: String, to width: Int, ellipsis: String) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        guard width > ellipsisWidth else { return DisplayWidth.prefix(text, columns: width) }
        return DisplayWidth.prefix(text, columns: width - ellipsisWidth) + ellipsis
    }

    /// A number with at most three decimals and no trailing zeros: `390`, `0.061`, `-117`.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let thousandths = (value * 1000).rounded()
        guard abs(thousandths) < 9e15 else { return "\(value)" }
        let units = Int64(thousandths)
        let sign = units < 0 ? "-" : ""
        let whole = abs(units) / 1000
        var fraction = String(abs(units) % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// The characters of one glyph set.
    struct Symbols {
        let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical, edge, topEdge, barFilled,
            barEmpty: Character
        /// The corners of a screen drawn with rounded corners.
        let roundTopLeft, roundTopRight, roundBottomLeft, roundBottomRight: Character
        let shades: [Character]
        let dot: String
        let arrow: String
        let ellipsis: String

        init(_ glyphs: Glyphs) {
            switch glyphs {
            case .unicode:
                (topLeft, topRight, bottomLeft, bottomRight) = ("┌", "┐", "└", "┘")
                (roundTopLeft, roundTopRight, roundBottomLeft, roundBottomRight) = ("╭", "╮", "╰", "╯")
                (horizontal, vertical, edge, topEdge) = ("─", "│", "┃", "━")
                (barFilled, barEmpty) = ("█", "░")
                shades = [" ", "░", "▒", "▓"]
                (dot, arrow, ellipsis) = ("·", "->", "…")
            case .ascii:
                (topLeft, topRight, bottomLeft, bottomRight) = ("+", "+", "+", "+")
                (roundTopLeft, roundTopRight, roundBottomLeft, roundBottomRight) = (".", ".", "'", "'")
                (horizontal, vertical, edge, topEdge) = ("-", "|", "#", "=")
                (barFilled, barEmpty) = ("#", "-")
                shades = [" ", ".", ":", "="]
                (dot, arrow, ellipsis) = ("|", "->", "~")
            }
        }
    }
}
