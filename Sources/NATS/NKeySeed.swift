import CNats
import CSodium

#if canImport(Glibc)
    import Glibc
#endif

/// NATS user nkeys (Ed25519 keys in the nkeys text encoding: base32 of a prefix byte, the key and a CRC-16): the
/// public key that goes with a seed, which `natsOptions_SetNKeyFromSeed` must be given beside the seed file.
public enum NKeySeed {
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

    /// The public key of a user seed, nil when `seed` is not one (bad encoding, checksum or prefix).
    public static func publicKey(ofSeed seed: String) -> String? {
        guard let raw = Base32.decode(seed), raw.count == 36, checksum(raw[..<34]) == Array(raw[34..<36]) else {
            return nil
        }
        let seedPrefix = raw[0] & 0xF8
        let keyPrefix = (raw[0] & 0x07) << 5 | (raw[1] & 0xF8) >> 3
        guard seedPrefix == seedByte, keyPrefix == userByte, sodium_init() >= 0 else { return nil }
        var publicKey = [UInt8](repeating: 0, count: Int(crypto_sign_PUBLICKEYBYTES))
        var secretKey = [UInt8](repeating: 0, count: Int(crypto_sign_SECRETKEYBYTES))
        defer { sodium_memzero(&secretKey, secretKey.count) }
        let seedBytes = Array(raw[2..<34])
        guard crypto_sign_seed_keypair(&publicKey, &secretKey, seedBytes) == 0 else { return nil }
        let body = [userByte] + publicKey
        return Base32.encode(body + checksum(body[...]))
    }

    /// A new user key pair: its seed (the content of a seed file) and its public key (for the server's
    /// configuration).
    public static func generateUser() -> (seed: String, publicKey: String) {
        _ = sodium_init()
        var seed = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&seed, seed.count)
        let body = [seedByte | userByte >> 5, (userByte & 0x1F) << 3] + seed
        let encoded = Base32.encode(body + checksum(body[...]))
        return (encoded, publicKey(ofSeed: encoded)!)
    }

    /// `S` and `U` in the first base32 character: the seed and user prefix bytes of the nkeys encoding.
    private static let seedByte: UInt8 = 18 << 3
    private static let userByte: UInt8 = 20 << 3

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
