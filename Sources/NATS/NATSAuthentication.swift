/// How a client proves who it is to the NATS servers and secures its connection to them (docs/security.md, "NATS
/// (cluster mode)"): at most one of a user and password, a credentials file (JWT and seed) and an nkey seed file,
/// and optionally TLS. A user and password or a token may also come in the servers' URLs instead.
///
/// Files are read by the C client when it connects (and again when it reconnects), not here.
public struct NATSAuthentication: Sendable, Equatable {
    /// The user, with ``password``; nil when the URLs carry it or another method is used.
    public var user: String?
    /// The user's password; never shown (see ``shown(_:)``).
    public var password: String?
    /// A `.creds` file holding a user JWT and its nkey seed (`natsOptions_SetUserCredentialsFromFiles`).
    public var credentialsFile: String?
    /// A file holding a user nkey seed, `SU…` (`natsOptions_SetNKeyFromSeed`).
    public var nkeySeedFile: String?
    /// TLS to the servers, nil for plaintext (unless a URL's scheme is `tls://`).
    public var tls: NATSTLSFiles?

    /// Plaintext, with no credentials but those the URLs may hold.
    public static let none = NATSAuthentication()

    public init(
        user: String? = nil, password: String? = nil, credentialsFile: String? = nil, nkeySeedFile: String? = nil,
        tls: NATSTLSFiles? = nil
    ) {
        self.user = user
        self.password = password
        self.credentialsFile = credentialsFile
        self.nkeySeedFile = nkeySeedFile
        self.tls = tls
    }

    /// `url` as it may appear in a message or a log line: its own password or token replaced by `***`, and the user
    /// given here shown with a `***` password when the URL names none (`nats://alice:***@host:4222`).
    public func shown(_ url: String) -> String {
        guard NATSServerURL.secret(of: url) == nil, let user, let schemeEnd = url.firstRange(of: "://") else {
            return NATSServerURL.redacted(url)
        }
        return url[..<schemeEnd.upperBound] + "\(user):***@" + url[schemeEnd.upperBound...]
    }

    /// Every URL of `servers` (each possibly comma-separated) as ``shown(_:)`` shows it, comma-separated.
    public func shown(_ servers: [String]) -> String {
        servers.flatMap { $0.split(separator: ",") }.map { shown(String($0)) }.joined(separator: ",")
    }

    /// The secrets that must never appear in a message: the password, and the passwords and tokens of `urls`.
    func secrets(in urls: [String]) -> [String] {
        ([password] + urls.map(NATSServerURL.secret(of:))).compactMap { $0 }.filter { !$0.isEmpty }
    }
}

/// The files of a TLS connection to the NATS servers (PEM).
public struct NATSTLSFiles: Sendable, Equatable {
    /// The certificate authorities trusted for the servers' certificates; nil for the system's.
    public var caFile: String?
    /// The client's certificate chain, with ``keyFile``, for servers that verify clients.
    public var certificateFile: String?
    /// The client certificate's private key.
    public var keyFile: String?

    public init(caFile: String? = nil, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
