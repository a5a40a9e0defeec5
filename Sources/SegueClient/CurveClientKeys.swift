import ZMQ

/// A client's CURVE keys and the server key it expects: with them every socket encrypts and authenticates.
public struct CurveClientKeys: Sendable, Hashable {
    /// The daemon's public key (Z85).
    public var serverPublicKey: String
    /// This client's key pair (Z85); the daemon admits it only if the public key is in its authorized keys.
    public var publicKey: String
    public var secretKey: String

    public init(serverPublicKey: String, publicKey: String, secretKey: String) {
        self.serverPublicKey = serverPublicKey
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// Keys from the command line's forms.
    /// - Parameters:
    ///   - serverKey: the daemon's 40-character Z85 public key, or a file holding it (`segue keygen`'s `.pub`).
    ///   - keyFile: this client's secret key file (`segue keygen`'s `.key`); the public key is derived from it.
    /// - Throws: `ClientError.configuration` naming the file or the value that is not a key.
    public init(serverKey: String, keyFile: String) throws(ClientError) {
        if serverKey.utf8.count == 40, Z85.decode(serverKey) != nil {
            serverPublicKey = serverKey
        } else {
            switch Curve.readKey(fromFile: serverKey) {
            case .success(let key): serverPublicKey = key
            case .failure(let error):
                throw .configuration("--curve-server-key is neither a 40-character Z85 key nor a key file: \(error)")
            }
        }
        switch Curve.readSecretKey(fromFile: keyFile, option: "--curve-key-file") {
        case .success(let key): secretKey = key
        case .failure(let error): throw .configuration(error.message)
        }
        do {
            publicKey = try Curve.publicKey(forSecretKey: secretKey)
        } catch {
            throw .configuration("cannot derive the public key of \(keyFile): \(error)")
        }
    }

    /// Makes `socket` a CURVE client of the daemon; call before connecting.
    public func apply(to socket: ZMQSocket) throws(ZMQError) {
        try socket.setOption(.curveServerKey, serverPublicKey)
        try socket.setOption(.curvePublicKey, publicKey)
        try socket.setOption(.curveSecretKey, secretKey)
    }
}
