import SegueCore
import Testing

@Suite("characters that disguise text")
struct DisguisingCharacterTests {
    @Test("a request id with a bidi control or a line break is refused, naming the character")
    func requestIds() {
        #expect(Validation.checkRequestId("req-1") == nil)
        #expect(Validation.checkRequestId("") == nil)
        let bidi = Validation.checkRequestId("a\u{202E}b")
        #expect(
            bidi?.message.contains("U+202E RIGHT-TO-LEFT OVERRIDE at character 2") == true,
            "\(String(describing: bidi))")
        let lineBreak = Validation.checkRequestId("line1\u{2028}line2")
        #expect(lineBreak?.message.contains("a line break") == true, "\(String(describing: lineBreak))")
    }

    @Test("escaped text shows every disguising character as its code, and leaves emoji sequences alone")
    func escaping() {
        #expect(DisguisingCharacter.escaped("\u{1B}]0;pwned\u{7}RED\u{202E}x") == "\\u{1b}]0;pwned\\u{7}RED\\u{202e}x")
        #expect(DisguisingCharacter.escaped("de\u{200B}mo") == "de\\u{200b}mo")
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(DisguisingCharacter.escaped(family) == family)
        #expect(DisguisingCharacter.escaped("R\u{E9}glages") == "R\u{E9}glages")
    }
}
