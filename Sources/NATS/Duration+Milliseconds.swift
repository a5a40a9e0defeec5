extension Duration {
    /// The duration in whole milliseconds (rounded up, so a short positive wait never becomes 0), as the NATS C
    /// client's timeouts take it.
    var roundedUpMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        let remainder = attoseconds % 1_000_000_000_000_000
        return seconds * 1000 + milliseconds + (remainder > 0 ? 1 : 0)
    }

    /// The duration in nanoseconds, as JetStream configurations (TTLs, thresholds) take it.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
