import NATS

/// How to reach a cluster's NATS servers: their URLs and the credentials and TLS files to connect with, from
/// `--cluster` and the `--nats-*` options (``ClusterAccessOptions``).
public struct ClusterAccess: Sendable, Equatable {
    /// The servers' URLs, which may hold a user and password or a token of their own.
    public var servers: [String]
    public var authentication: NATSAuthentication

    public init(servers: [String], authentication: NATSAuthentication = .none) {
        self.servers = servers
        self.authentication = authentication
    }

    /// The URLs as messages and logs show them: every password and token replaced by `***`.
    public var shown: String { authentication.shown(servers) }
}
