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

    /// `U+202E RIGHT-TO-LEFT OVERRIDE`: the code point, and the name when Unicode gives one.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let codePoint = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias else { return codePoint }
        return "\(codePoint) \(name)"
    }
}
