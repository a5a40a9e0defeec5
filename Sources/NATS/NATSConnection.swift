import CNats

/// A connection to a NATS cluster (`natsConnection`).
///
/// It is given every server's URL, tries them in turn to connect, and once connected never gives up: when its
/// server goes away it reconnects to another (or the same) forever, waiting `reconnectWait` between rounds, and
/// buffers what is published meanwhile. Calls made while it reconnects wait up to their own timeouts. A server that
/// keeps the connection open but answers nothing (hung, paused) is left the same way once two pings in a row,
/// `pingInterval` apart, went unanswered.
///
/// Thread safety: the C client's connections are thread-safe, hence `@unchecked Sendable`.
public final class NATSConnection: @unchecked Sendable {
    /// The `natsConnection *`, valid until `deinit`.
    let handle: OpaquePointer

    /// The pause between two rounds of reconnection attempts, unless told otherwise: about what a connection whose
    /// server went away takes to be on another.
    public static let defaultReconnectWait = Duration.milliseconds(100)

    /// Connects to the first server of `servers` that answers.
    /// - Parameters:
    ///   - servers: the servers' URLs, such as `["nats://127.0.0.1:4222", "nats://127.0.0.1:4223"]`; one entry may
    ///     also hold several, comma-separated.
    ///   - name: the name the servers show for this client (in their monitoring and logs).
    ///   - authentication: the credentials and TLS files, beside those the URLs may hold.
    ///   - connectTimeout: how long each server gets to accept the first connection.
    ///   - reconnectWait: the pause between two rounds of reconnection attempts once connected.
    ///   - pingInterval: how often the server is pinged; the client's default, two minutes, would keep a daemon on a
    ///     hung server for four.
    /// - Throws: ``NATSError`` (``NATSError/isNoServer`` when none answered, ``NATSError/isAuthenticationRefused``
    ///   when the servers refused the credentials) naming the servers, with every password and token replaced by
    ///   `***`, in the operation and in the client's own text alike.
    public init(
        servers: [String], name: String, authentication: NATSAuthentication = .none,
        connectTimeout: Duration = .seconds(2), reconnectWait: Duration = defaultReconnectWait,
        pingInterval: Duration = .seconds(1)
    ) throws(NATSError) {
        let urls = servers.flatMap { $0.split(separator: ",") }.map { String($0).trimmed }.filter { !$0.isEmpty }
        let operation = "connect to \(authentication.shown(urls))"
        do {
            handle = try Self.connect(
                urls, name: name, authentication: authentication, operation: operation,
                connectTimeout: connectTimeout, reconnectWait: reconnectWait, pingInterval: pingInterval)
        } catch {
            throw error.withoutSecrets(authentication.secrets(in: urls)).explainingRefusal()
        }
    }

    /// The C client's connection to `urls`, made with every option above.
    private static func connect(
        _ urls: [String], name: String, authentication: NATSAuthentication, operation: String,
        connectTimeout: Duration, reconnectWait: Duration, pingInterval: Duration
    ) throws(NATSError) -> OpaquePointer {
        guard !urls.isEmpty else { throw NATSError(NATS_ADDRESS_MISSING, operation: operation, text: "no server URL") }
        var options: OpaquePointer?
        try check(operation) { natsOptions_Create(&options) }
        defer { natsOptions_Destroy(options) }
        try withCStrings(urls) { (pointers) throws(NATSError) in
            try check(operation) {
                natsOptions_SetServers(options, pointers.baseAddress, Int32(pointers.count))
            }
        }
        try check(operation) { natsOptions_SetName(options, name) }
        try check(operation) { natsOptions_SetTimeout(options, connectTimeout.roundedUpMilliseconds) }
        try check(operation) { natsOptions_SetAllowReconnect(options, true) }
        // -1: reconnect forever; a cluster member going away must never close the connection.
        try check(operation) { natsOptions_SetMaxReconnect(options, -1) }
        try check(operation) { natsOptions_SetReconnectWait(options, reconnectWait.roundedUpMilliseconds) }
        try check(operation) { natsOptions_SetPingInterval(options, pingInterval.roundedUpMilliseconds) }
        try check(operation) { natsOptions_SetMaxPingsOut(options, 2) }
        // The client watches a follower's heartbeats (and recreates its consumer when they stop) only when an
        // asynchronous error handler is set. The errors themselves reach the caller through the calls it makes.
        try check(operation) { natsOptions_SetErrorHandler(options, { _, _, _, _ in }, nil) }
        try authentication.apply(to: options, urls: urls, operation: operation)
        var connection: OpaquePointer?
        try check(operation) { natsConnection_Connect(&connection, options) }
        return connection!
    }

    deinit {
        natsConnection_Destroy(handle)
    }

    /// Whether the connection is up now (not reconnecting, not closed).
    public var isConnected: Bool {
        natsConnection_Status(handle) == NATS_CONN_STATUS_CONNECTED
    }

    /// The URL of the server the connection uses now, its password or token shown as `***`; nil while it reconnects.
    public var connectedURL: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard natsConnection_GetConnectedUrl(handle, &buffer, buffer.count) == NATS_OK, buffer[0] != 0 else {
            return nil
        }
        return NATSServerURL.redacted(
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Closes the connection: pending calls fail, subscriptions stop. Idempotent; `deinit` also closes it.
    public func close() {
        natsConnection_Close(handle)
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
