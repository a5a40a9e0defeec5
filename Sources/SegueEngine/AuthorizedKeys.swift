import ZMQ

/// The CURVE public keys allowed to connect: Z85 keys one a line, each optionally followed by white space and a
/// label such as the owner's name; other lines starting with `#` are comments. (Z85 itself uses `#`, so a line is
/// a key whenever its first word is one.)
public struct AuthorizedKeys: Sendable, Hashable {
    /// The decoded 32-byte keys.
    public private(set) var keys: Set<[UInt8]>

    public init(keys: Set<[UInt8]> = []) {
        self.keys = keys
    }

    /// Parses the text of an authorized-keys file.
    /// - Throws: `EngineError` naming the line that is neither a key nor a comment.
    public init(parsing text: String, source: String) throws(EngineError) {
        keys = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).first else {
                continue
            }
            if word.utf8.count == 40, let key = Z85.decode(String(word)) {
                keys.insert(key)
            } else if !word.hasPrefix("#") {
                throw EngineError("\(source) line \(index + 1): '\(word.prefix(48))' is not a 40-character Z85 public key")
            }
        }
    }

    /// Reads and parses an authorized-keys file.
    public static func load(path: String) throws(EngineError) -> AuthorizedKeys {
        guard let text = Curve.readText(path) else {
            throw EngineError("cannot read the authorized keys file \(path)")
        }
        return try AuthorizedKeys(parsing: text, source: path)
    }

    /// Whether a client's 32-byte public key is allowed.
    public func allows(_ key: [UInt8]) -> Bool {
        keys.contains(key)
    }
}
