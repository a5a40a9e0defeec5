import CNats

extension NATSError {
    /// The servers refused the connection's credentials (`Authorization Violation`), or none were given where the
    /// servers require some.
    public var isAuthenticationRefused: Bool { status == NATS_CONNECTION_AUTH_FAILED.rawValue }

    /// The servers refused a publish or a subscription the user is not permitted (`Permissions Violation`).
    public var isPermissionViolation: Bool { status == NATS_NOT_PERMITTED.rawValue }

    /// Nothing answered a request: for a JetStream API call, the servers run without JetStream.
    public var isNoResponders: Bool { status == NATS_NO_RESPONDERS.rawValue }

    /// The same error with every occurrence of `secrets` in its operation and text replaced by `***`: the C client
    /// may quote a URL, and a URL may hold a password.
    func withoutSecrets(_ secrets: [String]) -> NATSError {
        func scrubbed(_ text: String) -> String {
            secrets.reduce(text) { $0.replacing($1, with: "***") }
        }
        return NATSError(
            natsStatus(rawValue: status), jetStreamCode: jetStreamCode, operation: scrubbed(operation),
            text: scrubbed(text))
    }

    /// A refused authentication said for the operator, the server's words after it.
    func explainingRefusal() -> NATSError {
        guard isAuthenticationRefused else { return self }
        let detail = text == statusText ? "" : " (\(text))"
        return NATSError(
            natsStatus(rawValue: status), jetStreamCode: jetStreamCode, operation: operation,
            text: "the NATS servers refused the credentials\(detail): check --nats-user and --nats-password-file, "
                + "--nats-creds or --nats-nkey, and the servers' accounts")
    }
}
