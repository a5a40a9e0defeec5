/// A strict RFC 8259 reader of UTF-8 JSON text into a ``JSONValue``: one pass over the bytes, recursive descent,
/// so its cost is linear in the input (a 64 KiB message reads in well under a millisecond; docs/performance.md).
///
/// - Nesting deeper than ``JSONValue/maxDepth`` is refused at the bracket that opens the level too many.
/// - Strings must be valid UTF-8 without control characters; escapes include surrogate pairs, and a lone
///   surrogate is refused.
/// - A number without fraction or exponent is kept exact as `Int64`, or `UInt64` above `Int64.max`; any other,
///   and integers beyond 64 bits, are `Double`. A number too large for a `Double` is refused.
/// - A name given twice in one object is refused (proto3 JSON has no use for it, and either reading could be
///   the one another parser picks).
///
/// Every error names the byte offset where the text went wrong.
struct JSONParser: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0

    /// Parses the whole of `bytes`: one value, with only whitespace around it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONInputError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.failure("text after the value") }
        return value
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func failure(_ what: String) -> JSONInputError {
        JSONInputError(path: "", message: "not JSON: \(what) at byte \(offset)")
    }

    /// What is wrong at `offset`: the end of the text, or the byte found there.
    private func unexpected(expecting expected: String) -> JSONInputError {
        guard offset < bytes.count else { return failure("the text ends where \(expected) should be") }
        let byte = bytes[offset]
        let found = (0x20..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
        return failure("\(found) where \(expected) should be")
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONInputError) -> JSONValue {
        guard let byte = current else { throw unexpected(expecting: "a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw unexpected(expecting: "a value")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONInputError) -> JSONValue {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - offset >= expected.count,
            expected.indices.allSatisfy({ bytes[offset + $0] == expected[$0] })
        else { throw failure("not \(word)") }
        offset += expected.count
        return value
    }

    /// Counts one more level of nesting at an opening bracket.
    private mutating func enter() throws(JSONInputError) {
        depth += 1
        guard depth <= JSONValue.maxDepth else {
            throw JSONInputError(
                path: "", message: "nested deeper than \(JSONValue.maxDepth) levels at byte \(offset)")
        }
        offset += 1
    }

    private mutating func object() throws(JSONInputError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw unexpected(expecting: "a member's name in quotes") }
            let nameOffset = offset
            let name = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw unexpected(expecting: "':' after a member's name") }
            offset += 1
            skipWhitespace()
            let member = try value()
            guard members.updateValue(member, forKey: name) == nil else {
                throw JSONInputError(
                    path: "",
                    message: "not JSON: the name \"\(name)\" appears twice in one object at byte \(nameOffset)")
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            default: throw unexpected(expecting: "',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONInputError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default: throw unexpected(expecting: "',' or ']'")
            }
        }
    }

    // MARK: strings

    /// A string at `offset` (its opening quote). Text without escapes is copied in one step, and checked as UTF-8
    /// only when it has bytes beyond ASCII.
    private mutating func string() throws(JSONInputError) -> String {
        offset += 1
        let start = offset
        var ascii = true
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text =
                    ascii
                    ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                    : try validated(start..<offset)
                offset += 1
                return text
            }
            ascii = ascii && byte < 0x80
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw failure("a control character (0x\(hex(byte))) in a string") }
            offset += 1
        }
        throw failure("the text ends inside a string")
    }

    private func validated(_ range: Range<Int>) throws(JSONInputError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw JSONInputError(path: "", message: "not JSON: a string that is not UTF-8 at byte \(range.lowerBound)")
        }
        return text
    }

    /// The rest of a string that has an escape at `offset`: raw runs are validated and appended, escapes decoded.
    private mutating func escapedString(from start: Int) throws(JSONInputError) -> String {
        var text = try validated(start..<offset)
        var runStart = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                text += try validated(runStart..<offset)
                offset += 1
                return text
            case UInt8(ascii: "\\"):
                text += try validated(runStart..<offset)
                text.unicodeScalars.append(try escape())
                runStart = offset
            case ..<0x20:
                throw failure("a control character (0x\(hex(byte))) in a string")
            default:
                offset += 1
            }
        }
        throw failure("the text ends inside a string")
    }

    /// One escape at `offset` (its backslash), a surrogate pair as one scalar.
    private mutating func escape() throws(JSONInputError) -> Unicode.Scalar {
        let escapeOffset = offset
        offset += 1
        guard let letter = current else { throw failure("the text ends inside a string") }
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default:
            offset = escapeOffset
            throw failure("an escape other than \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
        let unit = try hexUnit()
        switch unit {
        case 0xD800..<0xDC00:
            guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else {
                offset = escapeOffset
                throw failure("a high surrogate \\u\(String(unit, radix: 16)) without its low surrogate")
            }
            offset += 2
            let low = try hexUnit()
            guard (0xDC00..<0xE000).contains(low) else {
                offset = escapeOffset
                throw failure("a high surrogate \\u\(String(unit, radix: 16)) without its low surrogate")
            }
            return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        case 0xDC00..<0xE000:
            offset = escapeOffset
            throw failure("a low surrogate \\u\(String(unit, radix: 16)) without a high one before it")
        default:
            return Unicode.Scalar(unit)!
        }
    }

    /// The four hex digits of a `\u` escape.
    private mutating func hexUnit() throws(JSONInputError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw failure("a \\u escape cut short") }
        var unit: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hex digits")
            }
            unit = unit << 4 | UInt32(digit)
            offset += 1
        }
        return unit
    }

    // MARK: numbers

    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, with the integer part accumulated as it is read.
    private mutating func number() throws(JSONInputError) -> JSONValue {
        let start = offset
        let negative = current == UInt8(ascii: "-")
        if negative { offset += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw unexpected(expecting: "a digit")
        }
        var magnitude: UInt64 = 0
        var fits = true
        if first == UInt8(ascii: "0") {
            offset += 1
            if let next = current, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                throw failure("a number with a leading zero")
            }
        } else {
            while let digit = current, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
                if overflow1 || overflow2 { fits = false }
                magnitude = sum
                offset += 1
            }
        }
        var integral = true
        // The digits as one integer and a power of ten, for the exact fast path below.
        var significand = magnitude
        var exactDigits = fits
        var scale = 0
        if current == UInt8(ascii: ".") {
            integral = false
            offset += 1
            let fractionStart = offset
            try digits(after: "'.'")
            for index in fractionStart..<offset {
                let (times10, overflow1) = significand.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
                if overflow1 || overflow2 { exactDigits = false }
                significand = sum
            }
            scale = fractionStart - offset
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            offset += 1
            let sign = current == UInt8(ascii: "-") ? -1 : 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            let exponentStart = offset
            try digits(after: "an exponent")
            if offset - exponentStart > 4 {
                exactDigits = false
            } else {
                var exponent = 0
                for index in exponentStart..<offset { exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")) }
                scale += sign * exponent
            }
        }
        if integral, fits {
            if !negative { return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsigned(magnitude) }
            if magnitude <= UInt64(Int64.max) { return .integer(-Int64(magnitude)) }
            if magnitude == UInt64(Int64.max) + 1 { return .integer(.min) }
        }
        // Clinger's fast path: a significand below 2^53 and a power of ten up to 10^22 are both exact doubles, so
        // one multiplication or division rounds once, correctly (IEEE 754). Most numbers a page sends take it.
        if exactDigits, significand < 1 << 53, (-22...22).contains(scale) {
            let power = Self.powersOfTen[abs(scale)]
            let value = scale < 0 ? Double(significand) / power : Double(significand) * power
            return .number(negative ? -value : value)
        }
        // The grammar was checked above, so the standard library's reader sees only what JSON allows.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            offset = start
            throw failure("a number beyond a double's range")
        }
        return .number(value)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }  // each product is exact up to 10^22
    }

    private mutating func digits(after what: String) throws(JSONInputError) {
        guard let digit = current, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else {
            throw unexpected(expecting: "a digit after \(what)")
        }
        while let digit = current, digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") { offset += 1 }
    }
}
