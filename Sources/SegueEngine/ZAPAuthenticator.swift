import SegueLogging
import ZMQ

/// The ZAP handler (ZeroMQ RFC 27) that admits only the authorized CURVE keys.
///
/// libzmq 4.3 admits any client that knows the server's public key unless a handler answers on
/// `inproc://zeromq.zap.01`, so this is what makes `--authorized-keys` an allowlist. It lives in the engine's
/// context and is polled by the engine thread; handshakes wait for its answer in libzmq's I/O thread, never
/// blocking the engine.
final class ZAPAuthenticator {
    static let endpoint = "inproc://zeromq.zap.01"
    /// The ZAP domain set on every server socket.
    static let domain = "segue"

    let socket: ZMQSocket
    private(set) var authorized: AuthorizedKeys
    /// Handshakes refused so far.
    private(set) var refusedCount: UInt64 = 0
    private let log: Logger

    /// Binds the handler in `context`; do this before any CURVE server socket binds.
    init(context: ZMQContext, authorized: AuthorizedKeys, log: Logger)
        throws(ZMQError)
    {
        socket = try context.makeSocket(.rep) { socket throws(ZMQError) in
            try socket.setOption(.linger, 0)
            try socket.bind(Self.endpoint)
        }
        self.authorized = authorized
        self.log = log
    }

    /// Replaces the allowlist (SIGHUP); connections already admitted stay.
    func replace(_ keys: AuthorizedKeys) {
        authorized = keys
    }

    /// Answers every request waiting on the socket.
    func answerPending() throws(ZMQError) {
        while let request = try socket.receive(dontWait: true) {
            try socket.send(reply(to: request), dontWait: true)
        }
    }

    /// The ZAP reply: 200 for an authorized CURVE key, 400 for anything else.
    private func reply(to request: [[UInt8]]) -> [[UInt8]] {
        let requestId = request.count > 1 ? request[1] : []
        guard request.count >= 7, String(decoding: request[0], as: UTF8.self) == "1.0" else {
            return Self.answer(requestId, "500", "malformed ZAP request")
        }
        let address = String(decoding: request[3], as: UTF8.self)
        let mechanism = String(decoding: request[5], as: UTF8.self)
        let key = request[6]
        if mechanism == "CURVE" && authorized.allows(key) {
            return Self.answer(requestId, "200", "OK", userId: Z85.encode(key) ?? "")
        }
        refusedCount += 1
        let shown = mechanism == "CURVE" ? (Z85.encode(key) ?? "?") : "(none)"
        log.warn("handshake refused", ["peer": address, "mechanism": mechanism, "key": shown])
        return Self.answer(requestId, "400", "key not authorized")
    }

    private static func answer(_ requestId: [UInt8], _ code: String, _ text: String, userId: String = "")
        -> [[UInt8]]
    {
        [Array("1.0".utf8), requestId, Array(code.utf8), Array(text.utf8), Array(userId.utf8), []]
    }

    func close() {
        socket.close()
    }

    /// The engine closes the handler when it stops; this covers an engine whose setup failed after making it.
    deinit {
        close()
    }
}
