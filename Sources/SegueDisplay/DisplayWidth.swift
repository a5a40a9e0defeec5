/// How many terminal columns text takes, as terminals draw it (wcwidth's rules, without a locale): 2 for East Asian
/// Wide and Fullwidth characters and for emoji shown as emoji, 0 for combining marks and other invisible characters,
/// 1 for the rest. Text is measured by grapheme cluster (`Character`): what combines with a character adds nothing.
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns `character` takes: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let properties = first.properties
        if properties.isEmojiPresentation { return 2 }
        // VARIATION SELECTOR-16 asks for an emoji (❤️, 1️⃣) where the text form is the default.
        if properties.isEmoji, character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        if isWide(first.value) { return 2 }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// The longest start of `text` that fits in `columns` columns.
    public static func prefix(_ text: String, columns: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += of(text[index])
            guard used <= columns else { break }
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    /// East Asian Wide (W) and Fullwidth (F) code points: Hangul, CJK, Yi, fullwidth forms (Markus Kuhn's wcwidth
    /// ranges); the emoji among W come from the emoji properties.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329, 0x232A, 0x2E80...0x303E, 0x3040...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
