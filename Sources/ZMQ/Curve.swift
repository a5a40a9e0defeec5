import CZeroMQ

/// CURVE (CurveZMQ) key utilities. Keys are 40-character Z85 strings, the form the CURVE socket options take.
public enum Curve {
    /// Whether this libzmq was built with CURVE support (`zmq_has("curve")`).
    public static var isAvailable: Bool { zmq_has("curve") == 1 }

    /// Generates a new long-term key pair (`zmq_curve_keypair`).
    /// - Throws: ``ZMQError/notSupported`` when libzmq lacks CURVE support.
    public static func generateKeyPair() throws(ZMQError) -> (publicKey: String, secretKey: String) {
        var publicKey = [CChar](repeating: 0, count: 41)
        var secretKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_keypair(&publicKey, &secretKey) == 0 else {
            throw ZMQError.current("zmq_curve_keypair")
        }
        return (keyString(publicKey), keyString(secretKey))
    }

    /// Derives the public key that belongs to a Z85 secret key (`zmq_curve_public`).
    /// - Throws: ``ZMQError/invalidArgument`` for a key that is not 40 Z85 characters; ``ZMQError/notSupported``
    ///   when libzmq lacks CURVE support.
    public static func publicKey(forSecretKey secretKey: String) throws(ZMQError) -> String {
        guard secretKey.utf8.count == 40, Z85.decode(secretKey) != nil else {
            throw ZMQError(EINVAL, operation: "zmq_curve_public (not a 40-character Z85 key)")
        }
        var publicKey = [CChar](repeating: 0, count: 41)
        let result = secretKey.withCString { zmq_curve_public(&publicKey, $0) }
        guard result == 0 else { throw ZMQError.current("zmq_curve_public") }
        return keyString(publicKey)
    }

    private static func keyString(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
