import Ed25519

/// The files `segue keygen --cluster` writes: `PREFIX.key` holds the seed of the cluster's signing key on its first
/// line (64 hexadecimal digits) and, on the second, a comment that marks it as one (so that a CURVE key file is not
/// taken for it); `PREFIX.pub` holds the public key the same way.
public enum ClusterKeyFiles {
    static let secretMark = "# segue cluster signing key"
    static let publicMark = "# segue cluster public key"

    /// The key's seed in hexadecimal, the secret key's first line.
    public static func seedText(_ key: ClusterSigningKey) -> String { Hex.encode(key.seed) }

    /// The text of `PREFIX.key` for `key`.
    public static func secretText(_ key: ClusterSigningKey) -> String {
        "\(seedText(key))\n\(secretMark) (secret: only the cluster's daemons may read it); public \(key.publicKey)\n"
    }

    /// The text of `PREFIX.pub` for `key`.
    public static func publicText(_ key: ClusterSigningKey) -> String {
        "\(key.publicKey)\n\(publicMark)\n"
    }

    /// Reads a signing key file (`segued --cluster-key`).
    /// - Throws: `ClusterError` naming the file and what is wrong with it.
    public static func signingKey(fromFile path: String) throws(ClusterError) -> ClusterSigningKey {
        let lines = try readLines(path)
        guard lines.count >= 2, lines[1].hasPrefix(secretMark) else {
            throw ClusterError(
                "\(path) is not a cluster signing key (make one with `segue keygen --cluster --out PREFIX`)")
        }
        guard let seed = Hex.decode(lines[0]), let key = ClusterSigningKey(seed: seed) else {
            throw ClusterError("\(path) does not start with a 64-digit hexadecimal seed")
        }
        return key
    }

    /// Reads a public key given as 64 hexadecimal digits or as the path of a file that starts with them
    /// (`--cluster-public-key`).
    /// - Throws: `ClusterError` when it is neither.
    public static func publicKey(_ value: String) throws(ClusterError) -> ClusterPublicKey {
        if let bytes = Hex.decode(value), let key = ClusterPublicKey(bytes: bytes) { return key }
        let lines = try readLines(value)
        guard let first = lines.first, let bytes = Hex.decode(first), let key = ClusterPublicKey(bytes: bytes) else {
            throw ClusterError("\(value) does not start with a 64-digit hexadecimal public key")
        }
        return key
    }

    /// The lines of a small text file, without trailing spaces.
    private static func readLines(_ path: String) throws(ClusterError) -> [Substring] {
        let text: String
        switch SmallTextFile.read(path) {
        case .success(let read): text = read
        case .failure(let error): throw ClusterError("cannot read \(path)", cause: error)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map {
            var line = $0
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            return line
        }
    }
}
