import CSodium

#if canImport(Glibc)
    import Glibc
#endif

/// An Ed25519 key pair (libsodium's `crypto_sign`): the cluster's signing key (SegueCluster) and NATS nkeys are
/// such keys.
public struct Ed25519KeyPair: Sendable {
    /// libsodium's form of the secret key: the 32-byte seed followed by the public key.
    private let secretKey: [UInt8]
    public let publicKey: Ed25519PublicKey

    /// A new random key pair.
    public static func generate() -> Ed25519KeyPair {
        Sodium.ready()
        var seed = [UInt8](repeating: 0, count: Int(crypto_sign_SEEDBYTES))
        randombytes_buf(&seed, seed.count)
        return Ed25519KeyPair(seed: seed)!
    }

    /// The key pair of a 32-byte seed; nil for another length.
    public init?(seed: [UInt8]) {
        guard seed.count == Int(crypto_sign_SEEDBYTES) else { return nil }
        Sodium.ready()
        var publicBytes = [UInt8](repeating: 0, count: Int(crypto_sign_PUBLICKEYBYTES))
        var secret = [UInt8](repeating: 0, count: Int(crypto_sign_SECRETKEYBYTES))
        guard crypto_sign_seed_keypair(&publicBytes, &secret, seed) == 0 else { return nil }
        secretKey = secret
        publicKey = Ed25519PublicKey(bytes: publicBytes)!
    }

    /// The 32-byte seed the pair is made from.
    public var seed: [UInt8] { Array(secretKey.prefix(Int(crypto_sign_SEEDBYTES))) }

    /// The signature of `message` (64 bytes).
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Int(crypto_sign_BYTES))
        _ = crypto_sign_detached(&signature, nil, message, UInt64(message.count), secretKey)
        return signature
    }
}

/// An Ed25519 public key: what verifies the signatures of its key pair.
public struct Ed25519PublicKey: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// nil unless `bytes` is 32 bytes long.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Int(crypto_sign_PUBLICKEYBYTES) else { return nil }
        self.bytes = bytes
    }

    /// Whether `signature` is this key's signature of `message`.
    public func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
        guard signature.count == Int(crypto_sign_BYTES) else { return false }
        Sodium.ready()
        return crypto_sign_verify_detached(signature, message, UInt64(message.count), bytes) == 0
    }

    /// Lowercase hexadecimal.
    public var description: String { Hex.encode(bytes) }
}

/// libsodium needs `sodium_init()` once before use; it is idempotent and thread-safe.
enum Sodium {
    private static let initialized: Bool = sodium_init() >= 0

    static func ready() {
        precondition(initialized, "libsodium cannot initialize")
    }
}

/// Hexadecimal text of bytes, for keys in files and on command lines.
public enum Hex {
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// nil unless `text` is an even number of hexadecimal digits.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
