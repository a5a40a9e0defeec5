#if canImport(Glibc)
    import Glibc
#endif

/// Where nats-server is, for the cluster tests and the bench's cluster workload.
public enum NATSServerExecutable {
    /// `$NATS_SERVER`, else the first nats-server on PATH, else /usr/sbin (where Debian puts it) or /usr/local/bin;
    /// nil when there is none.
    public static func find() -> String? {
        var candidates: [String] = []
        if let path = getenv("NATS_SERVER").map({ String(cString: $0) }), !path.isEmpty { candidates.append(path) }
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        candidates += path.split(separator: ":").map { "\($0)/nats-server" }
        candidates += ["/usr/sbin/nats-server", "/usr/local/bin/nats-server"]
        return candidates.first { access($0, X_OK) == 0 }
    }
}
