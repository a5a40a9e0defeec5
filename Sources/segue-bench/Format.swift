/// Number formatting for the table and the JSON line (the package does without Foundation's formatters).
enum Format {
    /// `value` with exactly `digits` decimals, e.g. fixed(3.14159, 2) = "3.14"; "-" for nil or non-finite.
    static func fixed(_ value: Double?, _ digits: Int) -> String {
        guard let value, value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else { return value < 0 ? "-inf" : "inf" }
        let whole = UInt64(scaled)
        let factor = UInt64(scale)
        let integer = whole / factor
        var text = value < 0 && whole > 0 ? "-\(integer)" : "\(integer)"
        if digits > 0 {
            let fraction = String(whole % factor)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }

    /// An integer with thin thousands separators: 1234567 -> "1,234,567"; "-" for nil.
    static func grouped(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        let digits = String(Int64(value.rounded()).magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return value < 0 ? "-" + out : out
    }

    /// Three significant digits, for ratios and figures of any size: 0.0123, 1.23, 123, 12300.
    static func significant(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        let magnitude = abs(value)
        if magnitude >= 100 { return fixed(value, 0) }
        if magnitude >= 10 { return fixed(value, 1) }
        if magnitude >= 1 { return fixed(value, 2) }
        if magnitude >= 0.1 { return fixed(value, 3) }
        return fixed(value, 4)
    }

    /// Pads `text` on the left (numbers) or right (labels) to `width`.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? text + fill : fill + text
    }
}
