import SegueDisplay
import Testing

/// `DisplayWidth`: the terminal columns text takes, which is what pictures are fitted by.
@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test(
        "ASCII and Latin take one column each, CJK, fullwidth and emoji two, combining marks none",
        arguments: [
            ("Detail", 6), ("Café", 4), ("e\u{301}", 1), ("\u{301}", 0), ("首页", 4), ("详情页面", 8), ("한국어", 6),
            ("ｄｅｍｏ", 8), ("カタカナ", 8), ("🎉", 2), ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("❤", 1), ("❤️", 2), ("a\u{200B}b", 2),
            ("·…─│░", 5), ("", 0),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns, "\(text)")
    }

    @Test("prefix keeps the characters that fit whole")
    func prefix() {
        #expect(DisplayWidth.prefix("首页详情", columns: 5) == "首页")
        #expect(DisplayWidth.prefix("首页详情", columns: 4) == "首页")
        #expect(DisplayWidth.prefix("a🎉b", columns: 2) == "a")
        #expect(DisplayWidth.prefix("e\u{301}x", columns: 1) == "e\u{301}")
        #expect(DisplayWidth.prefix("Home", columns: 10) == "Home")
        #expect(DisplayWidth.prefix("Home", columns: 0) == "")
    }
}
