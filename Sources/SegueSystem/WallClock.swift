#if canImport(Glibc)
    import Glibc
#endif

/// `CLOCK_REALTIME`: the system's idea of the date, which an operator or NTP may step. Only for times that are
/// read as dates (an engine's anchor, a log's timestamps); intervals use `MonotonicTime`.
public enum WallClock {
    /// Now, in microseconds since the Unix epoch.
    public static func nowUs() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }
}
