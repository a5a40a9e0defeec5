import CZeroMQ

/// Z85, ZeroMQ's printable encoding of binary data (RFC 32/Z85), as used for CURVE keys (`zmq_z85_*`).
public enum Z85 {
    /// Encodes bytes as Z85 text (5 characters per 4 bytes).
    /// - Returns: `nil` when the length is not a multiple of 4.
    public static func encode(_ bytes: [UInt8]) -> String? {
        guard bytes.count % 4 == 0 else { return nil }
        if bytes.isEmpty { return "" }
        var text = [CChar](repeating: 0, count: bytes.count / 4 * 5 + 1)
        guard zmq_z85_encode(&text, bytes, bytes.count) != nil else { return nil }
        return String(decoding: text.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Decodes Z85 text.
    /// - Returns: `nil` when the length is not a multiple of 5 or a character is outside the Z85 alphabet.
    public static func decode(_ string: String) -> [UInt8]? {
        let characters = Array(string.utf8)
        guard characters.count % 5 == 0 else { return nil }
        if characters.isEmpty { return [] }
        // zmq_z85_decode reads up to a NUL, so an embedded NUL would silently shorten the input.
        guard !characters.contains(0) else { return nil }
        var bytes = [UInt8](repeating: 0, count: characters.count / 5 * 4)
        let decoded = string.withCString { zmq_z85_decode(&bytes, $0) }
        return decoded == nil ? nil : bytes
    }
}
