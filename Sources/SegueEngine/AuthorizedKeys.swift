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
    /// - Throws: `EngineError` naming the line that is neither a key nor a comment, or when the text is a secret key
    ///   file as `segue keygen` writes it (a key, then a `# public KEY` comment with the key's public half).
    public init(parsing text: String, source: String) throws(EngineError) {
        keys = []
        var keyLines: [(line: Int, key: String)] = []
        var publicComments: Set<String> = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let word = words.first else { continue }
            if word.utf8.count == 40, let key = Z85.decode(String(word)) {
                keys.insert(key)
                keyLines.append((index + 1, String(word)))
            } else if !word.hasPrefix("#") {
                throw EngineError(
                    "\(source) line \(index + 1): '\(word.prefix(48))' is not a 40-character Z85 public key")
            } else if words.count >= 3 && word == "#" && words[1] == "public" {
                publicComments.insert(String(words[2]))
            }
        }
        // Admitting the holder of a secret key's public half is harmless, but a secret key in an allowlist means
        // the wrong file was given, and a file an operator shares as "the allowlist" must never carry a secret.
        for (line, key) in keyLines where !publicComments.isEmpty {
            if let derived = try? Curve.publicKey(forSecretKey: key), publicComments.contains(derived) {
                throw EngineError(
                    "\(source) line \(line) is a secret key (the file is a `segue keygen` .key file): "
                        + "list clients' public keys, the contents of their .pub files")
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
