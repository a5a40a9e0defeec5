/// Segue's log against Redis Streams on the same machine in the same invocation: durable appends with a sync
/// before each acknowledgement on both sides, and Segue's default interval sync against Redis's once a second.
struct RedisComparison: Sendable {
    /// Events appended per second by Segue with `--fsync always` (the durable run).
    var segueDurable: Double?
    /// Events appended per second by Segue with `--fsync interval:10` (the throughput run).
    var segueInterval: Double?
    var redisAlways: Double?
    var redisEverysec: Double?

    /// Segue's interval sync must carry at least this share of Redis's everysec.
    static let minIntervalToEverysec = 0.6

    /// Segue durable over Redis `appendfsync always`.
    var durableToAlways: Double? { ratio(segueDurable, redisAlways) }
    /// Segue `interval:10` over Redis `appendfsync everysec`.
    var intervalToEverysec: Double? { ratio(segueInterval, redisEverysec) }

    /// Segue durable >= Redis always.
    var meetsDurable: Bool? { durableToAlways.map { $0 >= 1 } }
    /// Segue interval:10 >= 0.6 x Redis everysec.
    var meetsInterval: Bool? { intervalToEverysec.map { $0 >= Self.minIntervalToEverysec } }

    private func ratio(_ segue: Double?, _ redis: Double?) -> Double? {
        guard let segue, let redis, redis > 0 else { return nil }
        return segue / redis
    }
}
