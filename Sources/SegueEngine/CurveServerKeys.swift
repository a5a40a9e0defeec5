import ZMQ

/// What CURVE needs on the server side: its secret key and where the allowlist lives.
public struct CurveServerKeys: Sendable, Hashable {
    /// The server's 40-character Z85 secret key.
    public var secretKey: String
    /// The authorized-keys file, re-read on SIGHUP.
    public var authorizedKeysPath: String

    /// Reads the secret key file (its first line) and checks that the allowlist parses.
    /// - Throws: `EngineError` naming the file and the problem.
    public init(secretKeyFile: String, authorizedKeysPath: String) throws(EngineError) {
        switch Curve.readSecretKey(fromFile: secretKeyFile, option: "--curve-secret-key") {
        case .success(let key): secretKey = key
        case .failure(let error): throw EngineError(error.message)
        }
        self.authorizedKeysPath = authorizedKeysPath
        _ = try loadAuthorizedKeys()
    }

    /// Reads the allowlist, refusing one that holds the server's own secret key (the secret key file given twice,
    /// or pasted into the list).
    /// - Throws: `EngineError` naming the file and the problem.
    func loadAuthorizedKeys() throws(EngineError) -> AuthorizedKeys {
        let keys = try AuthorizedKeys.load(path: authorizedKeysPath)
        if let secret = Z85.decode(secretKey), keys.allows(secret) {
            throw EngineError(
                "\(authorizedKeysPath) holds the server's secret key: the allowlist takes clients' "
                    + "public keys (.pub files), and the secret key goes only to --curve-secret-key")
        }
        return keys
    }

    /// Makes `socket` a CURVE server that asks the ZAP handler about every client.
    func apply(to socket: ZMQSocket) throws(ZMQError) {
        try socket.setOption(.curveServer, true)
        try socket.setOption(.curveSecretKey, secretKey)
        try socket.setOption(.zapDomain, ZAPAuthenticator.domain)
    }
}
