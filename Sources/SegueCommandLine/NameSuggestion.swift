/// The "did you mean" of a mistyped command or option name.
public enum NameSuggestion {
    /// The names among `names` that `typed` most likely meant: those closest by edit distance, if within a third
    /// of the name's length (at least one edit), or else those `typed` begins; empty when none is close.
    public static func closest(to typed: String, among names: [String]) -> [String] {
        let typedCharacters = Array(typed)
        let distances = names.map { editDistance(typedCharacters, Array($0)) }
        let near = zip(names, distances).filter { name, distance in distance <= max(1, name.count / 3) }
        if let best = near.map(\.1).min() { return near.filter { $0.1 == best }.map(\.0) }
        return typed.isEmpty ? [] : names.filter { $0.hasPrefix(typed) }
    }

    /// The value among `values` that `typed` meant when they differ only in case (`iOS` for `ios`), or else the
    /// closest ones, as `closest` finds them.
    public static func meant(by typed: String, among values: [String]) -> [String] {
        let sameLetters = values.filter { $0.lowercased() == typed.lowercased() }
        return sameLetters.isEmpty ? closest(to: typed, among: values) : sameLetters
    }

    /// `; did you mean 'state' or 'stats'?` for the names `closest` found (each written as `quote` makes it), or
    /// nil for none.
    public static func question(for names: [String], quote: (String) -> String) -> String? {
        guard !names.isEmpty else { return nil }
        let quoted = names.map(quote)
        let listed = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
        return "; did you mean \(listed)?"
    }

    /// Optimal string alignment distance: the fewest insertions, deletions, substitutions and swaps of two
    /// neighbouring characters turning `a` into `b`. A swap counts as one edit because it is the commonest slip
    /// of the fingers (`swpie`, `--form`), which plain Levenshtein would count as two and leave unanswered.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var beforePrevious: [Int] = []
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, right) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
                if i > 0 && j > 0 && left == b[j - 1] && a[i - 1] == right {
                    current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
