/// One paced latency run of the engine beside the relay's at the same pace: what the engine adds to the trip the
/// transport and this machine allow anyway, a figure that holds on a slow host where absolute latencies do not.
struct LatencyPair: Sendable {
    var relay: RelayRun.Result?
    var engine: EngineRun.Result?

    /// The most the engine's p99 and p99.9 may add to the relay's (issue: performance that holds on any host).
    static let maxAddedP99Us = 500.0
    static let maxAddedP999Us = 2000.0

    /// The engine's pan -> frame p99 minus the relay's, in microseconds; nil unless both ran.
    var addedP99Us: Double? { added(atQuantile: 0.99) }
    /// The same at p99.9.
    var addedP999Us: Double? { added(atQuantile: 0.999) }

    var meetsP99: Bool? { Self.meetsP99(added: addedP99Us) }
    var meetsP999: Bool? { Self.meetsP999(added: addedP999Us) }

    /// Whether what a layer adds to a trip at p99 is within the target: the engine over the relay, `segue web`
    /// over a direct subscriber, cluster mode over the single machine. Nil when not measured.
    static func meetsP99(added: Double?) -> Bool? { added.map { $0 <= maxAddedP99Us } }
    /// The same at p99.9.
    static func meetsP999(added: Double?) -> Bool? { added.map { $0 <= maxAddedP999Us } }
    /// Whether both targets held; nil unless both were measured.
    static func meetsBoth(_ p99: Bool?, _ p999: Bool?) -> Bool? { p99.flatMap { p99 in p999.map { p99 && $0 } } }
    /// Both, as the report's target column states them.
    static let addedTargets = "p99 <= \(Format.grouped(maxAddedP99Us)) / p99.9 <= \(Format.grouped(maxAddedP999Us))"

    private func added(atQuantile quantile: Double) -> Double? {
        guard let engine = engine?.latency.microseconds(atQuantile: quantile),
            let relay = relay?.latency.microseconds(atQuantile: quantile)
        else { return nil }
        return engine - relay
    }
}

/// The `--latency-runs` pairs together: how many met each target. The p99 must hold in every run, the p99.9 in at
/// least four fifths of them (p99.9 of a few seconds' pans is a handful of samples, which one stall moves).
struct LatencyRunsTally: Sendable {
    let pairs: [LatencyPair]

    /// The share of runs the p99.9 target must hold in.
    static let p999RunShare = 0.8

    /// Pairs where both runs measured.
    var measured: Int { pairs.filter { $0.addedP99Us != nil }.count }
    var metP99: Int { pairs.filter { $0.meetsP99 == true }.count }
    var metP999: Int { pairs.filter { $0.meetsP999 == true }.count }

    /// Whether the p99 target held in every run; nil when a run has no pair to compare.
    var meetsP99: Bool? {
        guard !pairs.isEmpty, measured == pairs.count else { return nil }
        return metP99 == pairs.count
    }

    /// Whether the p99.9 target held in enough runs (1 of 1, 4 of 5); nil when a run has no pair to compare.
    var meetsP999: Bool? {
        guard !pairs.isEmpty, measured == pairs.count else { return nil }
        return Double(metP999) >= (Double(pairs.count) * Self.p999RunShare).rounded(.up)
    }
}
