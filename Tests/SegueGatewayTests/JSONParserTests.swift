import SegueJSON
import Testing

/// The byte-level JSON reader under pages' messages: RFC 8259 exactly, numbers exact where they can be, and errors
/// that say where the text went wrong.
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    private func error(_ bytes: [UInt8]) -> String {
        do {
            let value = try JSONValue(parsing: bytes)
            return "no error: \(value)"
        } catch {
            return error.description
        }
    }

    private func error(_ text: String) -> String { error(Array(text.utf8)) }

    @Test func readsEveryKindOfValueWithWhitespaceAround() throws {
        #expect(
            try parse(" {\"a\" : [true, false, null, \"x\", 1, -2, 0.5, {}, []],\n\t\"b\":{\"c\":\"\"}}\r\n")
                == .object([
                    "a": .array([
                        .bool(true), .bool(false), .null, .string("x"), .integer(1), .integer(-2), .number(0.5),
                        .object([:]), .array([]),
                    ]),
                    "b": .object(["c": .string("")]),
                ]))
    }

    @Test func keepsIntegersExactAcrossSixtyFourBits() throws {
        #expect(try parse("9223372036854775807") == .integer(.max))
        #expect(try parse("-9223372036854775808") == .integer(.min))
        #expect(try parse("9223372036854775808") == .unsigned(1 << 63))
        #expect(try parse("18446744073709551615") == .unsigned(.max))
        #expect(try parse("-0") == .integer(0))
        // Beyond 64 bits, or with a fraction or an exponent: a double.
        #expect(try parse("18446744073709551616") == .number(18_446_744_073_709_551_616))
        #expect(try parse("-9223372036854775809") == .number(-9_223_372_036_854_775_808))  // the nearest double
        #expect(try parse("1.0") == .number(1))
        #expect(try parse("25e-1") == .number(2.5))
        #expect(try parse("-1.5E+3") == .number(-1500))
        #expect(try parse("0.1") == .number(0.1))
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\b\f\n\r\t""#) == .string("a\"b\\c/d\u{08}\u{0C}\n\r\t"))
        #expect(try parse(#""\u00e9\u00E9 \u2603 \ud83d\ude00""#) == .string("éé ☃ 😀"))
        #expect(try parse(#""é and 😀 raw, \n after""#) == .string("é and 😀 raw, \n after"))
        #expect(try parse(#"{"\u0041":1}"#) == .object(["A": .integer(1)]))
    }

    @Test func refusalsSayWhatWasWrongAndAtWhichByte() {
        #expect(error("") == "not JSON: the text ends where a value should be at byte 0")
        #expect(error("[1,]") == "not JSON: ']' where a value should be at byte 3")
        #expect(error("[1 2]") == "not JSON: '2' where ',' or ']' should be at byte 3")
        #expect(error(#"{"a" 1}"#) == "not JSON: '1' where ':' after a member's name should be at byte 5")
        #expect(error("{a:1}") == "not JSON: 'a' where a member's name in quotes should be at byte 1")
        #expect(error("{\"a\":1") == "not JSON: the text ends where ',' or '}' should be at byte 6")
        #expect(error("1 2") == "not JSON: text after the value at byte 2")
        #expect(error("tru") == "not JSON: not true at byte 0")
        #expect(error("01") == "not JSON: a number with a leading zero at byte 1")
        #expect(error("1.") == "not JSON: the text ends where a digit after '.' should be at byte 2")
        #expect(error("-x") == "not JSON: 'x' where a digit should be at byte 1")
        #expect(error("+1") == "not JSON: '+' where a value should be at byte 0")
        #expect(error("1e999") == "not JSON: a number beyond a double's range at byte 0")
        #expect(error("NaN") == "not JSON: 'N' where a value should be at byte 0")
        #expect(error("\"abc") == "not JSON: the text ends inside a string at byte 4")
        #expect(error("\"a\tb\"") == "not JSON: a control character (0x09) in a string at byte 2")
        #expect(error(#""\x""#).hasPrefix(#"not JSON: an escape other than"#))
        #expect(error(#""\u12"#) == #"not JSON: a \u escape cut short at byte 3"#)
        #expect(error(#""\u12g4""#) == #"not JSON: a \u escape needs four hex digits at byte 5"#)
        #expect(error(#""\ud83d""#) == #"not JSON: a high surrogate \ud83d without its low surrogate at byte 1"#)
        #expect(error(#""\ud83d\u0041""#) == #"not JSON: a high surrogate \ud83d without its low surrogate at byte 1"#)
        #expect(error(#""\ude00""#) == #"not JSON: a low surrogate \ude00 without a high one before it at byte 1"#)
        #expect(error([0x22, 0x61, 0xFF, 0x22]) == "not JSON: a string that is not UTF-8 at byte 1")
        #expect(error([0x22, 0xC3, 0x22]) == "not JSON: a string that is not UTF-8 at byte 1")
        #expect(error([0xEF, 0xBB, 0xBF, 0x31]) == "not JSON: byte 0xef where a value should be at byte 0")
        #expect(
            error(#"{"a":1,"b":2,"a":3}"#) == #"not JSON: the name "a" appears twice in one object at byte 13"#)
    }

    @Test func refusesNestingAtTheBracketThatGoesTooDeep() throws {
        let deep = String(repeating: "{\"a\":", count: JSONValue.maxDepth) + "[1]" + String(repeating: "}", count: 32)
        #expect(error(deep) == "nested deeper than 32 levels at byte \(5 * JSONValue.maxDepth)")
        // Depth is nesting, not a count of brackets: many siblings at one level are fine.
        let wide = "[" + Array(repeating: "[[]]", count: 1000).joined(separator: ",") + "]"
        #expect(try parse(wide) == .array(Array(repeating: .array([.array([])]), count: 1000)))
    }

    @Test func readsALargeArrayOfNumbersElementByElement() throws {
        let numbers = (0..<10_000).map { $0 % 3 == 0 ? "\($0)" : $0 % 3 == 1 ? "-\($0).25" : "\($0)e-2" }
        guard case .array(let values) = try parse("[" + numbers.joined(separator: ",") + "]") else {
            Issue.record("not an array")
            return
        }
        #expect(values.count == 10_000)
        #expect(values[2997] == .integer(2997) && values[2998] == .number(-2998.25) && values[2999] == .number(29.99))
    }
}
