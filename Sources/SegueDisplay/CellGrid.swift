/// A rectangle of terminal cells, each a character with text attributes, turned into lines with ANSI SGR
/// sequences (``TerminalStyle`` says which, if any). Only the common attributes every terminal and tmux understand
/// are used: bold, dim, reverse and basic foreground colours. A character two columns wide (``DisplayWidth``) takes
/// two cells, as on the terminal.
struct CellGrid {
    /// Text attributes of one cell.
    struct Attributes: OptionSet, Hashable {
        let rawValue: UInt16

        static let bold = Attributes(rawValue: 1 << 0)
        static let dim = Attributes(rawValue: 1 << 1)
        static let reverse = Attributes(rawValue: 1 << 2)
        static let red = Attributes(rawValue: 1 << 3)
        static let green = Attributes(rawValue: 1 << 4)
        static let yellow = Attributes(rawValue: 1 << 5)
        static let cyan = Attributes(rawValue: 1 << 6)

        init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        /// The foreground colour `colour`.
        init(_ colour: TextColour) {
            switch colour {
            case .red: self = .red
            case .green: self = .green
            case .yellow: self = .yellow
            case .cyan: self = .cyan
            }
        }

        /// The colours among these attributes.
        static let colours: Attributes = [.red, .green, .yellow, .cyan]

        /// The SGR parameters that turn these attributes on (after a reset).
        var sgrParameters: [String] {
            var parameters: [String] = []
            if contains(.bold) { parameters.append(SGR.bold) }
            if contains(.dim) { parameters.append(SGR.dim) }
            if contains(.reverse) { parameters.append(SGR.reverse) }
            for colour in TextColour.allCases where contains(Attributes(colour)) {
                parameters.append(colour.sgrParameter)
            }
            return parameters
        }
    }

    struct Cell: Hashable {
        var character: Character = " "
        var attributes: Attributes = []
        /// Whether this cell is the right half of the wide character to its left, and draws nothing of its own.
        var isRightHalf = false
    }

    let width: Int
    let height: Int
    private var cells: [Cell]

    /// A grid of blank cells.
    init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    subscript(column: Int, row: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    /// Sets one cell, or two for a wide character (a blank when its right half would be outside); positions outside
    /// the grid are ignored, so callers can draw shapes that are clipped. A character without width draws nothing.
    mutating func put(_ character: Character, column: Int, row: Int, _ attributes: Attributes = []) {
        guard column >= 0, column < width, row >= 0, row < height else { return }
        switch DisplayWidth.of(character) {
        case 0:
            return
        case 2 where column + 1 < width:
            separate(column: column, row: row)
            separate(column: column + 1, row: row)
            self[column, row] = Cell(character: character, attributes: attributes)
            self[column + 1, row] = Cell(attributes: attributes, isRightHalf: true)
        case 2:
            put(" ", column: column, row: row, attributes)
        default:
            separate(column: column, row: row)
            self[column, row] = Cell(character: character, attributes: attributes)
        }
    }

    /// Blanks the other half of a wide character that covers this cell, which is about to be drawn over.
    private mutating func separate(column: Int, row: Int) {
        if self[column, row].isRightHalf {
            self[column - 1, row].character = " "
            self[column, row].isRightHalf = false
        } else if column + 1 < width, self[column + 1, row].isRightHalf {
            self[column + 1, row].isRightHalf = false
        }
    }

    /// Writes `text` from `column` on `row`, each character in as many cells as it takes columns, clipped at the
    /// grid's edges.
    mutating func write(_ text: String, column: Int, row: Int, _ attributes: Attributes = []) {
        var x = column
        for character in text {
            put(character, column: x, row: row, attributes)
            x += DisplayWidth.of(character)
        }
    }

    /// Fills columns `columns` of `row` with `character`.
    mutating func fill(_ character: Character, columns: Range<Int>, row: Int, _ attributes: Attributes = []) {
        for column in columns { put(character, column: column, row: row, attributes) }
    }

    /// One line per row: the characters, with SGR sequences where the attributes change (colours only in the
    /// ``TerminalStyle/colour`` style) and a reset at the end of any line that set one; in the ``TerminalStyle/plain``
    /// style, plain text without trailing blanks.
    func lines(style: TerminalStyle) -> [String] {
        let styled = style != .plain
        let hidden: Attributes = style.coloursText ? [] : .colours
        return (0..<height).map { row in
            var line = ""
            var current: Attributes = []
            for column in 0..<width {
                let cell = self[column, row]
                if cell.isRightHalf { continue }
                let attributes = cell.attributes.subtracting(hidden)
                if styled && attributes != current {
                    line += SGR.sequence([SGR.reset] + attributes.sgrParameters)
                    current = attributes
                }
                line.append(cell.character)
            }
            if styled && !current.isEmpty { line += SGR.sequence([SGR.reset]) }
            // Plain text goes to pipes and files, where trailing blanks are only noise.
            if !styled {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }
}
