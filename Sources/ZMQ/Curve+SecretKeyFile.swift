extension Curve {
    /// Reads a secret key file, refusing a public key file given in its place: both hold one 40-character Z85
    /// key, and a public key taken for a secret one starts a server (or client) that no peer can reach.
    /// A file is taken for a public one when it is named `.pub` and lacks the `# public` line `segue keygen` puts
    /// under a secret key.
    /// - Parameter option: the option that named the file, for the message.
    /// - Returns: the 40-character secret key, or why the file does not hold one.
    public static func readSecretKey(fromFile path: String, option: String) -> Result<String, KeyFileError> {
        let key: String
        switch readKey(fromFile: path) {
        case .success(let read): key = read
        case .failure(let error): return .failure(error)
        }
        let text = readText(path) ?? ""
        if publicKeyComment(text) != nil { return .success(key) }
        guard path.hasSuffix(".pub") else { return .success(key) }
        let secretBeside = String(path.dropLast(4)) + ".key"
        var message = "\(option) \(path) holds a public key, not a secret key; "
        if readText(secretBeside) != nil {
            message += "the secret key is in \(secretBeside)"
        } else {
            message += "give the PREFIX.key file `segue keygen --out PREFIX` wrote with it"
        }
        return .failure(KeyFileError(message))
    }

    /// The key of a `# public KEY` line, which `segue keygen` writes under a secret key.
    private static func publicKeyComment(_ text: String) -> String? {
        for line in text.split(separator: "\n").dropFirst() {
            let trimmed = line.trimmingCharacters(in: " \t\r")
            if trimmed.hasPrefix("# public ") { return String(trimmed.dropFirst("# public ".count)) }
        }
        return nil
    }
}
