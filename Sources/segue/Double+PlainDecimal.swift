extension Double {
    /// A number as typed in a size or an inset: digits and a decimal point only. `Double(_:)` alone would also
    /// take signs, exponents, hex, `inf` and `nan`.
    init?(plainDecimal text: some StringProtocol) {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(text)
        else { return nil }
        self = value
    }
}
