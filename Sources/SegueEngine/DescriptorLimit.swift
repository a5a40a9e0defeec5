/// How the process's limit on open descriptors (`OpenFileLimit`) is shared between connections and the rest.
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
}
