/// A log-linear histogram of latencies in nanoseconds: constant memory and O(1) recording, with every value kept
/// to within 1/128 (0.8 %) of itself, the precision HdrHistogram calls two significant digits.
///
/// Values below 256 ns get a bucket each; above, a value whose bit length is 8 + s falls in the bucket of its top
/// eight bits at shift s. Percentiles report the middle of the bucket the rank falls in.
struct LatencyHistogram: Sendable {
    /// 2^(mantissaBits - 1) buckets per doubling.
    private static let mantissaBits = 8
    private static let half = 1 << (mantissaBits - 1)

    private var counts: [UInt64]
    /// How many values were recorded.
    private(set) var count: UInt64 = 0
    private(set) var minimumNs: Int64 = .max
    private(set) var maximumNs: Int64 = 0
    private var totalNs: Double = 0

    init() {
        // Shifts up to 63 - 8 cover every non-negative Int64.
        counts = Array(repeating: 0, count: (64 - Self.mantissaBits + 2) * Self.half)
    }

    /// Records one latency; negative values (a clock read out of order) count as 0.
    mutating func record(_ nanoseconds: Int64) {
        let value = max(nanoseconds, 0)
        counts[Self.index(of: value)] += 1
        count += 1
        minimumNs = min(minimumNs, value)
        maximumNs = max(maximumNs, value)
        totalNs += Double(value)
    }

    /// Adds every value of `other`.
    mutating func merge(_ other: LatencyHistogram) {
        for i in counts.indices { counts[i] += other.counts[i] }
        count += other.count
        minimumNs = min(minimumNs, other.minimumNs)
        maximumNs = max(maximumNs, other.maximumNs)
        totalNs += other.totalNs
    }

    /// The mean in nanoseconds, nil when empty.
    var meanNs: Double? { count == 0 ? nil : totalNs / Double(count) }

    /// The value at quantile `q` (0...1) in nanoseconds: the smallest bucket holding at least `q` of the values.
    /// nil when empty.
    func valueAt(quantile q: Double) -> Int64? {
        guard count > 0 else { return nil }
        let rank = max(1, UInt64((q * Double(count)).rounded(.up)))
        var seen: UInt64 = 0
        for (index, n) in counts.enumerated() where n > 0 {
            seen += n
            if seen >= rank {
                let (low, high) = Self.bounds(of: index)
                // The extremes are exact: never report a value outside what was recorded.
                return min(max((low + high) / 2, minimumNs), maximumNs)
            }
        }
        return maximumNs
    }

    /// The value at quantile `q` in microseconds.
    func microseconds(atQuantile q: Double) -> Double? {
        valueAt(quantile: q).map { Double($0) / 1000 }
    }

    private static func index(of value: Int64) -> Int {
        let length = 64 - value.leadingZeroBitCount
        guard length > mantissaBits else { return Int(value) }
        let shift = length - mantissaBits
        return shift * half + Int(value >> shift)
    }

    /// The smallest and largest value of bucket `index`.
    private static func bounds(of index: Int) -> (Int64, Int64) {
        if index < 2 * half { return (Int64(index), Int64(index)) }
        let shift = index / half - 1
        let mantissa = Int64(index - shift * half)
        let low = mantissa << shift
        return (low, low + (Int64(1) << shift) - 1)
    }
}
