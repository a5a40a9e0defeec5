#if canImport(Glibc)
    import Glibc
#endif

/// The process's limit on open descriptors (RLIMIT_NOFILE), for the servers: segued and `segue web`.
public enum OpenFileLimit {
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
