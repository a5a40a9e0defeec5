/// The pace of the latency runs: half of the engine's throughput measured in the same invocation (`auto`), so that
/// on any host the engine has headroom and the p99 measures a pan's trip rather than a queue; or a fixed rate.
enum LatencyPace: Equatable, Sendable {
    case auto
    case fixed(Double)

    /// The pace when no throughput could be measured for `auto`: the bench's former fixed pace.
    static let fallbackPerSecond = 120_000.0
    /// The share of the measured throughput `auto` paces at.
    static let shareOfThroughput = 0.5

    /// `auto`'s rate for a measured `throughput` (pans per second): half of it, to the hundred below, at least 100.
    static func autoRate(throughput: Double) -> Double {
        max(100, (throughput * shareOfThroughput / 100).rounded(.down) * 100)
    }

    /// `--rate`'s value: `auto` or pans per second from 100 to 10,000,000.
    init?(argument: String) {
        if argument == "auto" {
            self = .auto
        } else if let rate = Double(argument), rate.isFinite, (100...10_000_000).contains(rate) {
            self = .fixed(rate)
        } else {
            return nil
        }
    }
}
