/// Builds SVG markup: one element per line, attributes in the order given, numbers with a fixed number of
/// decimals and text escaped, so the same drawing always gives the same bytes.
struct SVGWriter {
    /// The markup so far.
    private(set) var text = ""
    private var depth = 0

    /// Opens `<name ...>`; close it with `close(_:)`.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        line("<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    /// An element without children: `<name .../>`, or `<name ...>content</name>` with `content` escaped.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>, content: String? = nil) {
        if let content {
            line("<\(name)\(Self.attributes(attributes))>\(Self.escape(content))</\(name)>")
        } else {
            line("<\(name)\(Self.attributes(attributes))/>")
        }
    }

    /// A raw line (the XML declaration).
    mutating func line(_ markup: String) {
        text += String(repeating: "  ", count: max(depth, 0)) + markup + "\n"
    }

    private static func attributes(_ attributes: KeyValuePairs<String, String>) -> String {
        var text = ""
        for (name, value) in attributes {
            text += " \(name)=\"\(escape(value))\""
        }
        return text
    }

    /// Text and attribute values with `& < > " '` escaped.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `value` rounded to `decimals` places, trailing zeros dropped: `12.5`, `100`, `-3.25`. No Foundation, no
    /// locale: the digits depend on the value alone. Non-finite values (never drawn on purpose) become `0`.
    static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled < 9e15 else { return String(Int64(value.rounded())) }
        let units = Int64(scaled)
        var text = (value < 0 && units != 0 ? "-" : "") + String(units / scale)
        var fraction = units % scale
        guard fraction != 0 else { return text }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = String(fraction)
        text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }
}
