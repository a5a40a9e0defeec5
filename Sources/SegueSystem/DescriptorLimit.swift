#if canImport(Glibc)
    import Glibc
#endif

/// The process's limit on open descriptors (RLIMIT_NOFILE), and how the servers (segued, `segue web`) share it
/// between connections and the rest.
///
/// Every connection holds a descriptor, and so do the log's segments, the snapshots being written, and libzmq
/// itself. Connections are the only ones a stranger can multiply, so each socket's connections are capped
/// (`ConnectionLimiter`) at a share of the limit that leaves `reserved` descriptors for everything else: the log
/// never runs out because of connections.
public enum DescriptorLimit {
    /// Descriptors kept out of the connections' share: the segment appended to, four cached for reads and a new
    /// one, a snapshot and the manifest being written, directory syncs, libzmq's own (a few per socket and thread),
    /// and the connections accepted in a burst before the engine shuts those over the maximum down (each socket's
    /// listen backlog is 100).
    public static let reserved = 512
    /// The fewest connections per socket segued runs with.
    public static let minimumConnectionsPerSocket = 16
    /// The default maximum per socket, when the limit leaves room for it.
    public static let defaultConnectionsPerSocket = 1024

    /// The most connections each of the three sockets may hold under a descriptor `limit`, `reserved` kept.
    public static func connectionsPerSocket(limit: Int) -> Int {
        limit == .max ? .max : max(0, (limit - reserved) / 3)
    }

    /// Raises the soft limit to the hard one (no privilege needed).
    /// - Returns: the limit in force afterwards (`Int.max` for none), or nil when it cannot be read.
    public static func raiseToHard() -> Int? {
        var limits = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limits) == 0 else { return nil }
        if limits.rlim_cur < limits.rlim_max {
            var raised = limits
            raised.rlim_cur = limits.rlim_max
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        // RLIM_INFINITY is all ones.
        return limits.rlim_cur == rlim_t.max ? Int.max : Int(clamping: limits.rlim_cur)
    }
}
