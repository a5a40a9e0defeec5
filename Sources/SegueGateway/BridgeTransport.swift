import SegueClient
import SegueWire
import WebSockets

/// What the bridge reads from and writes to: the daemon's sockets (`SocketBridgeTransport`), or queues in memory
/// in the tests. The bridge's decisions (`GatewayBridge`) are the same over both.
protocol BridgeTransport: AnyObject {
    /// Sends one encoded `Input` to the daemon's ingest without waiting.
    /// - Returns: false when it was not taken (the queue to the daemon is full).
    func sendInput(_ encoded: [UInt8]) -> Bool

    /// Sends one encoded `Request` under `tag` without waiting, on `page`'s own control connection, or on the
    /// gateway's shared one when `page` is nil. Its reply comes back from `takeReplies()` with the same tag.
    /// - Returns: false when it was not taken.
    func sendRequest(_ encoded: [UInt8], tag: UInt64, from page: ConnectionID?) -> Bool

    /// Gives `page` a control connection of its own.
    /// - Returns: false when it cannot be made (the page then uses the shared one).
    func openControl(for page: ConnectionID) -> Bool

    /// Closes `page`'s own control connection; replies still on their way to it are lost.
    func closeControl(of page: ConnectionID)

    /// Adds a topic prefix to the events subscription; subscriptions are counted, as libzmq counts them.
    func subscribe(_ prefix: String)

    /// Removes one subscription to `prefix`.
    func unsubscribe(_ prefix: String)

    /// The next publication waiting, nil when none is.
    func nextPublication() -> Publication?

    /// The replies waiting, from every control connection.
    func takeReplies() -> [TaggedReply]

    /// Closes every connection; the bridge's run has ended.
    func close()

    /// Waits up to `timeoutMs` for the daemon to send something or for `fileDescriptor` to become readable.
    func wait(timeoutMs: Int, orUntilReadable fileDescriptor: Int32)

    /// Who has not answered the request `tag` yet, for what the pages are told ("the daemon at EP", or a
    /// cluster's shards and their holders).
    func unanswered(_ tag: UInt64) -> String
}
