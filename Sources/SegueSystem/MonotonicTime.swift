#if canImport(Glibc)
    import Glibc
#endif

/// `CLOCK_MONOTONIC`: time that only moves forward, whatever is done to the system clock. Two readings in one
/// process give an interval (a pan's send time and its frame's receipt, a sync's duration, a deadline).
public enum MonotonicTime {
    /// Now, in nanoseconds since an arbitrary start (boot).
    @inline(__always)
    public static func nowNs() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }

    /// Now, in microseconds: the producer clock that pan timestamps use.
    public static func nowUs() -> Int64 {
        nowNs() / 1000
    }

    /// Sleeps for about `nanoseconds` (at least the kernel's timer slack, usually 50 us, when positive).
    public static func sleep(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        // A signal cuts the sleep short; the callers loop on their own deadlines, so that is harmless.
        _ = nanosleep(&request, &remaining)
    }

    /// Seconds between two readings.
    public static func seconds(from start: Int64, to end: Int64) -> Double {
        Double(end - start) / 1e9
    }
}
