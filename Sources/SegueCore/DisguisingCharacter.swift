/// The characters an id may not hold because they do not show as themselves: a terminal or browser would display
/// an id holding one as some other text (a right-to-left override reverses what follows, a zero-width space is
/// not seen at all, a line separator breaks the line a listing prints).
public enum DisguisingCharacter {
    /// Why `scalar` may not appear in an id, or nil when it shows as itself.
    static func reason(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .control: return "a control character"
        case .format: return "an invisible formatting character (a bidi control or zero-width character)"
        case _ where scalar.properties.isDefaultIgnorableCodePoint:
            // Variation selectors, the combining grapheme joiner, the Hangul fillers: drawn as nothing.
            return "an invisible character (one a font draws as nothing)"
        case .lineSeparator, .paragraphSeparator: return "a line break"
        case .privateUse: return "a private-use character, which shows differently from font to font"
        case .surrogate, .unassigned: return "a character Unicode does not assign"
        default: return nil
        }
    }

    /// The first character of `text` that may not appear in an id, with its position (counted in scalars) and why.
    /// Two invisible characters are allowed where emoji need them and they hide nothing: the emoji-style selector
    /// (U+FE0F) right after an emoji, and a zero-width joiner between two emoji (a family, a heart on fire), which
    /// shows as one picture. A combining mark may not come first: it would draw on whatever precedes the id.
    static func first(in text: String) -> (offset: Int, scalar: Unicode.Scalar, reason: String)? {
        if isPrintableASCII(text) { return nil }
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            if offset == 0, [.nonspacingMark, .enclosingMark].contains(scalar.properties.generalCategory) {
                return (offset, scalar, "a combining mark with no character before it to combine with")
            }
            guard let reason = reason(scalar) else { continue }
            if isAllowedInEmoji(at: offset, in: scalars) { continue }
            return (offset, scalar, reason)
        }
        return nil
    }

    /// `text` with every character `first` would refuse written as `\u{202e}`: safe to print on a terminal, for
    /// ids that were accepted before these rules, or that arrive from elsewhere.
    public static func escaped(_ text: String) -> String {
        // Most lines hold none: those are returned without copying their scalars.
        guard !isPrintableASCII(text), text.unicodeScalars.contains(where: { reason($0) != nil }) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = ""
        for (offset, scalar) in scalars.enumerated() {
            if reason(scalar) != nil && !isAllowedInEmoji(at: offset, in: scalars) {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Printable ASCII shows as itself, and is nearly every id: its Unicode properties need no looking up.
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    private static func isAllowedInEmoji(at offset: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let previous = offset > 0 ? scalars[offset - 1] : nil
        switch scalars[offset].value {
        case 0xFE0F:
            return previous.map(isPictographic) ?? false
        case 0x200D:
            guard let previous, offset + 1 < scalars.count, isPictographic(scalars[offset + 1]) else { return false }
            if isPictographic(previous) || previous.properties.isEmojiModifier { return true }
            // An emoji-style selector ends the emoji before it only when it follows one itself.
            return previous.value == 0xFE0F && offset >= 2 && isPictographic(scalars[offset - 2])
        default:
            return false
        }
    }

    /// An emoji drawn as a picture: `isEmoji` outside ASCII and Latin-1 (it is also true of the digits, `#`, `*`,
    /// `©` and `®`, which are text unless a selector asks otherwise).
    private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0xFF && scalar.properties.isEmoji
    }

    /// `U+202E RIGHT-TO-LEFT OVERRIDE`: the code point, and the name when Unicode gives one.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias else { return codePoint }
        return "\(codePoint) \(name)"
    }
}
