/// The characters an id may not hold because they do not show as themselves: a terminal or browser would display
/// an id holding one as some other text (a right-to-left override reverses what follows, a zero-width space is
/// not seen at all, a line separator breaks the line a listing prints).
enum DisguisingCharacter {
    /// Why `scalar` may not appear in an id, or nil when it shows as itself.
    static func reason(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .control: return "a control character"
        case .format: return "an invisible formatting character (a bidi control or zero-width character)"
        case .lineSeparator, .paragraphSeparator: return "a line break"
        case .privateUse: return "a private-use character, which shows differently from font to font"
        case .surrogate, .unassigned: return "a character Unicode does not assign"
        default: return nil
        }
    }

    /// The first character of `text` that may not appear in an id, with its position (counted in scalars) and why.
    /// A zero-width joiner between two emoji is allowed: it is how emoji sequences (a family, a flag-holding person)
    /// are spelled, and it shows as one picture rather than hiding anything.
    static func first(in text: String) -> (offset: Int, scalar: Unicode.Scalar, reason: String)? {
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            guard let reason = reason(scalar) else { continue }
            if scalar == zeroWidthJoiner, offset > 0, offset + 1 < scalars.count,
                joinsEmoji(after: scalars[offset - 1]), isPictographic(scalars[offset + 1])
            {
                continue
            }
            return (offset, scalar, reason)
        }
        return nil
    }

    private static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    /// An emoji outside ASCII (`isEmoji` is also true of the digits, `#` and `*`).
    private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
    }

    /// What may end an emoji before a joiner: the emoji, its skin-tone modifier or its emoji-style selector (U+FE0F).
    private static func joinsEmoji(after scalar: Unicode.Scalar) -> Bool {
        isPictographic(scalar) || scalar.properties.isEmojiModifier || scalar.value == 0xFE0F
    }

    /// `U+202E RIGHT-TO-LEFT OVERRIDE`: the code point, and the name when Unicode gives one.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias else { return codePoint }
        return "\(codePoint) \(name)"
    }
}
