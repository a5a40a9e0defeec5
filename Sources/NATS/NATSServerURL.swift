/// The parts of a NATS server URL (`nats://[USER:PASSWORD@|TOKEN@]HOST:PORT`) that matter for keeping secrets out of
/// messages: the password or token it may carry, and the URL as it may be shown.
public enum NATSServerURL {
    /// The URL with its password (or token) replaced by `***`: `nats://alice:***@host:4222`, `nats://***@host:4222`.
    /// Anything that is not a URL with user information is returned as it is.
    public static func redacted(_ url: String) -> String {
        guard let parts = split(url) else { return url }
        let shownInfo = parts.user.map { "\($0):***" } ?? "***"
        return "\(parts.scheme)\(shownInfo)@\(parts.rest)"
    }

    /// Several URLs (each possibly a comma-separated list), redacted and comma-separated.
    public static func redacted(_ urls: [String]) -> String {
        urls.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { redacted(String($0)) }
            .joined(separator: ",")
    }

    /// The password (after `USER:`) or the token (user information without a colon) in the URL, if any.
    public static func secret(of url: String) -> String? {
        guard let parts = split(url), !parts.secret.isEmpty else { return nil }
        return parts.secret
    }

    /// The user name of `nats://USER@HOST`, the URL without it, when `USER` has no colon: a user whose password comes
    /// from elsewhere (it would otherwise be a token).
    public static func loneUser(_ url: String) -> (user: String, url: String)? {
        guard let parts = split(url), parts.user == nil else { return nil }
        return (parts.secret, parts.scheme + parts.rest)
    }

    /// `scheme` ends with `://`; `user` is nil for a token, whose text is then `secret`; `rest` is the host onwards.
    private static func split(_ url: String) -> (scheme: String, user: String?, secret: String, rest: String)? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // The last @ ends the user information: a password may hold an @ of its own.
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let info = authority[..<at]
        let scheme = String(url[..<schemeEnd.upperBound])
        let rest = String(url[url.index(after: at)...])
        if let colon = info.firstIndex(of: ":") {
            return (scheme, String(info[..<colon]), String(info[info.index(after: colon)...]), rest)
        }
        return (scheme, nil, String(info), rest)
    }
}
