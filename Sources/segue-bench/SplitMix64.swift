/// A small, fast, seedable random number generator (Steele, Lea and Flood's SplitMix64, as in Java's
/// `SplittableRandom`), so that every run drives the same gestures in the same order.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        // The constants are SplitMix64's: the golden-ratio increment and the two mixing multipliers.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
