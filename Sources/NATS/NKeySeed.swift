import CNats
import Ed25519

#if canImport(Glibc)
    import Glibc
#endif

/// NATS nkeys (Ed25519 keys in the nkeys text encoding: base32 of a prefix byte, the key and a CRC-16): the public
/// key that goes with a user's seed, which `natsOptions_SetNKeyFromSeed` must be given beside the seed file; and,
/// for tools and tests, new keys and signatures.
public enum NKeySeed {
    /// Whose key it is: the first letter of its public key (`O`, `A`, `U`) and the second of its seed.
    public enum Role: UInt8, Sendable {
        case `operator` = 112  // 14 << 3
        case account = 0
        case user = 160  // 20 << 3
    }

    /// The public key (`U…`) of the user seed (`SU…`) on a line of the file at `path`.
    static func publicKey(ofSeedFile path: String, operation: String) throws(NATSError) -> String {
        guard let file = fopen(path, "r") else {
            throw NATSError(
                NATS_ERR, operation: operation,
                text: "cannot read the nkey seed file \(path): "
                    + String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        var text = ""
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            text += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let line = text.split(whereSeparator: \.isNewline).map { $0.filter { !$0.isWhitespace } }
            .first { $0.hasPrefix("SU") }
        guard let line, let publicKey = publicKey(ofSeed: line) else {
            throw NATSError(NATS_ERR, operation: operation, text: "\(path) holds no NATS user nkey seed (SU…)")
        }
        return publicKey
    }

    /// The public key of a seed, nil when `seed` is not one (bad encoding, checksum or prefix).
    public static func publicKey(ofSeed seed: String) -> String? {
        guard let (role, keys) = keyPair(seed) else { return nil }
        let body = [role.rawValue] + keys.publicKey.bytes
        return Base32.encode(body + checksum(body[...]))
    }

    /// The Ed25519 signature of `message` with the seed's key, nil when `seed` is not one.
    public static func sign(_ message: [UInt8], seed: String) -> [UInt8]? {
        keyPair(seed)?.keys.sign(message)
    }

    /// A new key pair: its seed (the content of a seed file) and its public key (for the server's configuration).
    public static func generate(_ role: Role = .user) -> (seed: String, publicKey: String) {
        let body = [seedByte | role.rawValue >> 5, (role.rawValue & 0x1F) << 3] + Ed25519KeyPair.generate().seed
        let encoded = Base32.encode(body + checksum(body[...]))
        return (encoded, publicKey(ofSeed: encoded)!)
    }

    /// The role and Ed25519 key pair of a seed.
    private static func keyPair(_ seed: String) -> (role: Role, keys: Ed25519KeyPair)? {
        guard let raw = Base32.decode(seed), raw.count == 36, checksum(raw[..<34]) == Array(raw[34..<36]),
            raw[0] & 0xF8 == seedByte, let role = Role(rawValue: (raw[0] & 0x07) << 5 | (raw[1] & 0xF8) >> 3),
            let keys = Ed25519KeyPair(seed: Array(raw[2..<34]))
        else { return nil }
        return (role, keys)
    }

    /// `S` in the first base32 character of a seed.
    private static let seedByte: UInt8 = 18 << 3

    /// CRC-16/XMODEM of `bytes`, little-endian, as nkeys appends it.
    private static func checksum(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte) << 8
            for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        }
        return [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }
}

/// RFC 4648 base32 without padding, as nkeys writes it.
private enum Base32 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var buffer = 0
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | Int(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text.utf8 {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xFFFF
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return output
    }
}
