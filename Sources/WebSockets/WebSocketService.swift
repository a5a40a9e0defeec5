import CWebSockets
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// WebSocket connections on libwebsockets that exchange whole messages: either a server, which also serves
/// documents its owner makes (`Handlers.document`) and a directory of static files on its listening socket
/// (``AssetDirectory``: regular files only, never through a link), or a set of client connections (`connect`).
///
/// Thread safety: one thread calls `run()`, and every handler is called on that thread, as are `requestWrite`
/// and `close`. `wake()` and `stop()` may be called from any thread: `wake()` makes the running thread call
/// `Handlers.woken` soon, which is how another thread hands it work (libwebsockets' `lws_cancel_service`). Once a
/// thread is in `run()`, a call that touches connections from any other thread stops the process, as swift-nio's
/// `NIOLoopBound` checks its event loop, instead of racing libwebsockets.
///
/// Writes never block: a write the socket does not take whole is held by libwebsockets, and the connection gets
/// nothing more (nor is it read) until that is sent (`Handlers.writable`, after `requestWrite`), so one slow client
/// holds up nobody else, and whoever fills the queue decides what a slow client gets.
public final class WebSocketService: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// The address to listen on, such as `127.0.0.1`.
        public var host: String
        /// The port; 0 picks a free one (see `port`).
        public var port: Int
        /// Files served at `/` (`index.html` for the directory itself), by GET; only regular files under it,
        /// never through a symbolic link. Nil serves no files.
        public var assetsDirectory: String?
        /// A message larger than this closes its connection with status 1009.
        public var maxMessageBytes: Int
        /// Upgrades beyond this many open connections are refused.
        public var maxConnections: Int
        /// Descriptors the service may hold, listening socket and HTTP connections included. At the limit it stops
        /// accepting until one closes; kept below the process's limit, that is before accept fails with EMFILE
        /// (which libwebsockets retries in a loop, logging each time).
        public var maxDescriptors: Int
        /// Seconds a connection may take to send its request, or stay idle between requests, before it is closed;
        /// 0 keeps libwebsockets' defaults (10 s for the request, 5 s idle).
        public var requestTimeoutSeconds = 0

        public init(
            host: String, port: Int, assetsDirectory: String?, maxMessageBytes: Int, maxConnections: Int,
            maxDescriptors: Int
        ) {
            self.host = host
            self.port = port
            self.assetsDirectory = assetsDirectory
            self.maxMessageBytes = maxMessageBytes
            self.maxConnections = maxConnections
            self.maxDescriptors = maxDescriptors
        }
    }

    /// What the service asks of its owner, always on the thread in `run()`.
    public struct Handlers {
        /// Whether to accept an upgrade (the connection limit is checked before).
        public var accept: (WebSocketHandshake) -> Bool = { _ in true }
        /// Whether to serve a plain HTTP request (a file); refused with 403. The token is the request's own
        /// query argument, if any.
        public var acceptRequest: (WebSocketHandshake) -> Bool = { _ in true }
        /// The document to answer a GET of this path with, made now; nil looks for a file instead.
        public var document: (String) -> AssetDirectory.File? = { _ in nil }
        public var opened: (ConnectionID) -> Void = { _ in }
        /// One whole message (text or binary).
        public var received: (ConnectionID, [UInt8]) -> Void = { _, _ in }
        /// The connection is gone, whoever closed it.
        public var closed: (ConnectionID) -> Void = { _ in }
        /// The connection can take a message: the next one to send, or nil when there is none (then it is not
        /// asked again until `requestWrite`).
        public var writable: (ConnectionID) -> [UInt8]? = { _ in nil }
        /// Another thread called `wake()`.
        public var woken: () -> Void = {}

        public init() {}
    }

    /// The port the server listens on (0 for clients).
    public private(set) var port = 0
    private let handlers: Handlers
    private var context: OpaquePointer?
    /// The libev loop libwebsockets runs the context's connections on, made here and run by `run()`: libwebsockets
    /// then waits in `epoll_wait` for the sockets that have something, where its own loop polled every socket at
    /// every wake (45 % of the gateway's WebSocket thread with 100 pages).
    private var loop: OpaquePointer?
    /// Keeps libwebsockets' timeouts (a request that never ends, a client that does not read its close) firing on
    /// the libev loop, within a quarter of a second (`segue_lws_tick`).
    private var timeoutTick: UnsafeMutablePointer<segue_lws_tick>?
    private var connections: [ConnectionID: OpaquePointer] = [:]
    /// Each connection's id by its libwebsockets handle (clients get theirs at `connect`).
    private var ids: [OpaquePointer: ConnectionID] = [:]
    private let maxMessageBytes: Int
    private var partial: [ConnectionID: [UInt8]] = [:]
    private var closing: [ConnectionID: (status: lws_close_status, reason: String)] = [:]
    private var lastID: UInt64 = 0
    private var pendingClient: ConnectionID?
    private var shuttingDown = false
    /// The context as other threads see it (for `wake`), cleared before the context is destroyed.
    private let wakeContext = Mutex<UInt>(0)  // a pointer's bits: OpaquePointer is not Sendable
    private let maxConnections: Int
    private let stopped = Atomic<Bool>(false)
    /// The `pthread_t` of the thread in `run()`, 0 before one entered it.
    private let servingThread = Atomic<UInt>(0)
    /// C strings and structures libwebsockets keeps pointers to for the context's life.
    private var retained: [UnsafeMutableRawPointer] = []
    private var assets: AssetDirectory?
    /// What is left to send of each HTTP response, by connection.
    private var responses: [OpaquePointer: (bytes: [UInt8], sent: Int)] = [:]
    /// Connections whose reading is paused (`pauseReceiving`).
    private var paused: Set<ConnectionID> = []
    /// Connections libwebsockets holds part of a write for, whose input is not read until it has sent it. When 4.1
    /// reads the end of a connection's input while it holds output for it, it tries to close it, keeps it open to
    /// flush, and tries again at once, for good (its own loop never returns; on libev it spins).
    private var heldWrites: Set<OpaquePointer> = []
    /// Where each message up to `keptBufferBytes` is laid behind the LWS_PRE bytes for `lws_write`, kept from one
    /// write to the next (the gateway writes thousands of frames a second): libwebsockets has sent or copied it by
    /// the time it returns. A larger message (a history) gets a buffer of its own, so this one stays small.
    private var outgoing: [UInt8] = []
    private static let keptBufferBytes = 64 << 10

    /// A server: binds the listening socket.
    /// - Throws: `WebSocketError` when libwebsockets cannot create its context (the address is taken, say).
    public init(server configuration: Configuration, handlers: Handlers) throws(WebSocketError) {
        self.handlers = handlers
        maxMessageBytes = configuration.maxMessageBytes
        maxConnections = configuration.maxConnections
        let protocols = makeProtocols()
        // Files are served from the protocol's own HTTP callback, not a libwebsockets mount: a mount follows
        // symbolic links out of its directory.
        if let path = configuration.assetsDirectory { assets = try AssetDirectory(path: path) }

        var info = lws_context_creation_info()
        info.port = Int32(configuration.port)
        info.max_http_header_pool = 64
        info.fd_limit_per_thread = UInt32(clamping: configuration.maxDescriptors)
        if configuration.requestTimeoutSeconds > 0 {
            info.timeout_secs_ah_idle = UInt32(configuration.requestTimeoutSeconds)
            info.keepalive_timeout = Int32(configuration.requestTimeoutSeconds)
            info.timeout_secs = UInt32(configuration.requestTimeoutSeconds)
        }
        info.iface = UnsafePointer(retain(strdup(configuration.host)))
        info.protocols = UnsafePointer(protocols)
        // Security headers on every HTTP response (a content security policy that allows only this origin's
        // scripts, styles and WebSocket), and text frames that are not UTF-8 close their connection.
        info.options =
            UInt64(LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE)
            | UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        // With IPv6 on, libwebsockets 4.1 ignores an IPv4 interface and listens on every address
        // (warmcat/libwebsockets#2290): an IPv4 host is served over IPv4 only.
        if !configuration.host.contains(":") { info.options |= UInt64(LWS_SERVER_OPTION_DISABLE_IPV6) }
        try create(
            &info,
            description: "cannot listen on \(configuration.host):\(configuration.port) (the address is "
                + "in use or not this machine's)")
        port = Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(context, "default")))
        guard port > 0 else {
            throw WebSocketError(
                "cannot listen on \(configuration.host):\(configuration.port) (not an address of "
                    + "this machine)")
        }
    }

    /// Client connections only (`connect`).
    public init(clientsWithMaxMessageBytes maxMessageBytes: Int, handlers: Handlers) throws(WebSocketError) {
        self.handlers = handlers
        self.maxMessageBytes = maxMessageBytes
        maxConnections = Int.max
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.protocols = UnsafePointer(makeProtocols())
        try create(&info, description: "cannot create a libwebsockets client context")
    }

    private func makeProtocols() -> UnsafeMutablePointer<lws_protocols> {
        lws_set_log_level(Int32(LLL_ERR), nil)
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        // One protocol serves both plain HTTP and upgrades that name no subprotocol.
        protocols[0].name = UnsafePointer(retain(strdup("segue")))
        protocols[0].callback = serviceCallback
        retained.append(UnsafeMutableRawPointer(protocols))
        return protocols
    }

    private func create(_ info: inout lws_context_creation_info, description: String) throws(WebSocketError) {
        info.user = Unmanaged.passUnretained(self).toOpaque()
        guard let made = ev_loop_new(UInt32(EVFLAG_AUTO)) else {
            releaseRetained()
            throw WebSocketError(description + ": libev cannot make a loop")
        }
        info.options |= UInt64(LWS_SERVER_OPTION_LIBEV)
        var foreign: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(made)
        let created = withUnsafeMutablePointer(to: &foreign) { loops in
            info.foreign_loops = loops
            defer { info.foreign_loops = nil }
            return lws_create_context(&info)
        }
        guard let created else {
            ev_loop_destroy(made)
            releaseRetained()
            throw WebSocketError(description)
        }
        loop = made
        context = created
        let tick = UnsafeMutablePointer<segue_lws_tick>.allocate(capacity: 1)
        tick.initialize(to: segue_lws_tick())
        segue_lws_tick_start(tick, created)
        timeoutTick = tick
        wakeContext.withLock { $0 = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(created))) }
    }

    deinit {
        shutDown()
        releaseRetained()
    }

    /// Closes every connection and the listening socket, without calling the handlers (their owner may be on
    /// its way out); the serving thread, after `run()` returned. Idempotent.
    public func shutDown() {
        guard let context else { return }
        shuttingDown = true
        wakeContext.withLock { $0 = 0 }
        if let timeoutTick {
            segue_lws_tick_stop(timeoutTick)
            timeoutTick.deallocate()
        }
        timeoutTick = nil
        lws_context_destroy(context)
        self.context = nil
        if let loop { ev_loop_destroy(loop) }
        loop = nil
        connections.removeAll()
        ids.removeAll()
        responses.removeAll()
    }

    private func retain(_ pointer: UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
        if let pointer { retained.append(UnsafeMutableRawPointer(pointer)) }
        return pointer
    }

    private func releaseRetained() {
        for pointer in retained { free(pointer) }
        retained.removeAll()
    }

    /// Serves until `stop()`, then closes every connection with 1001.
    public func run() {
        guard let context, let loop else { return }
        servingThread.store(UInt(pthread_self()), ordering: .relaxed)
        // One pass of the loop at a time (it returns once it has handled what woke it), so a stop is seen. The
        // first pass runs libwebsockets' timers, which arms its libev timer for them (`timeoutTick`).
        lws_cancel_service(context)
        while !stopped.load(ordering: .acquiring) {
            ev_run(loop, Int32(EVRUN_ONCE))
        }
        // Going away: each open connection gets a close frame (1001), within a second.
        for id in Array(connections.keys) { close(id, status: 1001, reason: "the server is stopping") }
        let deadline = ContinuousClock.now.advanced(by: .seconds(1))
        while !connections.isEmpty, ContinuousClock.now < deadline {
            lws_cancel_service(context)  // the loop would otherwise wait for traffic that may never come
            ev_run(loop, Int32(EVRUN_ONCE))
        }
    }

    /// Makes `run()` return soon; any thread.
    public func stop() {
        stopped.store(true, ordering: .releasing)
        wake()
    }

    /// Makes the serving thread call `Handlers.woken` soon; any thread.
    public func wake() {
        wakeContext.withLock { bits in
            if let context = OpaquePointer(bitPattern: bits) { lws_cancel_service(context) }
        }
    }

    /// Opens a client connection to `ws://host:port/path`; on the serving thread, or before `run()`.
    /// `Handlers.opened` follows, or `Handlers.closed` if it fails. libwebsockets sends `Origin: http://<origin>`,
    /// so `origin` is a host and port, without a scheme.
    @discardableResult
    public func connect(host: String, port: Int, path: String, origin: String) -> ConnectionID? {
        checkServingThread()
        guard let context else { return nil }
        lastID += 1
        let id = ConnectionID(rawValue: lastID)
        var info = lws_client_connect_info()
        let texts: [String] = [host, path, "\(host):\(port)", origin]
        let strings = texts.map { strdup($0) }
        defer { for string in strings { free(string) } }
        info.context = context
        info.address = UnsafePointer(strings[0])
        info.port = Int32(port)
        info.path = UnsafePointer(strings[1])
        info.host = UnsafePointer(strings[2])
        info.origin = UnsafePointer(strings[3])
        // Callbacks during the call (a refused connection, say) come before the handle is known.
        pendingClient = id
        defer { pendingClient = nil }
        guard let handle = lws_client_connect_via_info(&info) else { return nil }
        if ids[handle] == nil { ids[handle] = id }
        return id
    }

    /// How many connections are open.
    public var connectionCount: Int {
        checkServingThread()
        return connections.count
    }

    /// Asks for `Handlers.writable` on the connection as soon as it can take a message.
    public func requestWrite(_ id: ConnectionID) {
        checkServingThread()
        if let wsi = connections[id] { lws_callback_on_writable(wsi) }
    }

    /// Writes what `Handlers.writable` gives for the connection until a write is not taken whole, then asks for a
    /// writable callback. Saves a turn of the event loop per message when the socket has room, which it nearly
    /// always has; on the serving thread.
    public func flush(_ id: ConnectionID) {
        checkServingThread()
        guard let wsi = connections[id], closing[id] == nil else {
            requestWrite(id)
            return
        }
        // The socket is not asked first (`lws_send_pipe_choked` is a poll of its own, for every flush): a write it
        // does not take whole is held by libwebsockets (`heldWrites`), and the rest waits for a writable callback.
        guard lws_partial_buffered(wsi) == 0 else {
            lws_callback_on_writable(wsi)
            return
        }
        guard writeQueued(id, to: wsi) else {
            close(id, status: 1011, reason: "write failed")
            return
        }
    }

    /// Stops reading the connection's socket: what the client sends waits in the kernel's buffers, then in the
    /// client's, until `resumeReceiving`. On the serving thread.
    public func pauseReceiving(_ id: ConnectionID) {
        checkServingThread()
        guard let wsi = connections[id], paused.insert(id).inserted else { return }
        _ = lws_rx_flow_control(wsi, 0)
    }

    /// Reads the connection's socket again after `pauseReceiving`; on the serving thread.
    public func resumeReceiving(_ id: ConnectionID) {
        checkServingThread()
        guard let wsi = connections[id], paused.remove(id) != nil, !heldWrites.contains(wsi) else { return }
        _ = lws_rx_flow_control(wsi, 1)
    }

    /// Closes the connection with a WebSocket close status (1008 policy violation, 1009 too large, ...) and a
    /// reason of at most 123 bytes; a client that does not read is dropped after 2 s anyway.
    public func close(_ id: ConnectionID, status: UInt16, reason: String) {
        checkServingThread()
        guard let wsi = connections[id] else { return }
        closing[id] = (lws_close_status(UInt32(status)), reason)
        lws_callback_on_writable(wsi)
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, 2)
    }

    /// Stops the process when a thread other than the one in `run()` touches the connections.
    private func checkServingThread(_ function: StaticString = #function) {
        let serving = servingThread.load(ordering: .relaxed)
        precondition(
            serving == 0 || pthread_equal(pthread_t(serving), pthread_self()) != 0,
            "WebSocketService.\(function) called off the thread in run()")
    }

    fileprivate func handle(
        _ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?, _ length: Int
    ) -> Int32 {
        if shuttingDown { return lws_callback_http_dummy(wsi, reason, user, input, length) }
        switch reason {
        case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
            // Only WebSocket upgrades: over HTTP/2 (h2c) libwebsockets ignores rx flow control, on which the pages'
            // backpressure rests, so the connection is dropped instead.
            let name = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
            return name.lowercased() == "websocket" ? 0 : -1
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            guard connections.count < maxConnections else { return 1 }
            return handlers.accept(handshake(wsi)) ? 0 : 1
        case LWS_CALLBACK_HTTP:
            let path = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
            return serveHTTP(wsi, path: path)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeResponse(wsi)
        case LWS_CALLBACK_CLOSED_HTTP:
            responses[wsi] = nil
        case LWS_CALLBACK_ESTABLISHED, LWS_CALLBACK_CLIENT_ESTABLISHED:
            let id: ConnectionID
            if let known = ids[wsi] ?? pendingClient {
                id = known
            } else {
                lastID += 1
                id = ConnectionID(rawValue: lastID)
            }
            ids[wsi] = id
            connections[id] = wsi
            handlers.opened(id)
        case LWS_CALLBACK_RECEIVE, LWS_CALLBACK_CLIENT_RECEIVE:
            guard let id = ids[wsi] else { return -1 }
            return receive(id, wsi: wsi, input: input, length: length)
        case LWS_CALLBACK_SERVER_WRITEABLE, LWS_CALLBACK_CLIENT_WRITEABLE:
            guard let id = ids[wsi] else { return -1 }
            releaseHeldWrite(wsi)
            return writable(id, wsi: wsi)
        case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLIENT_CLOSED, LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
            heldWrites.remove(wsi)
            guard let id = ids.removeValue(forKey: wsi) ?? pendingClient else { return 0 }
            connections[id] = nil
            partial[id] = nil
            closing[id] = nil
            paused.remove(id)
            handlers.closed(id)
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            handlers.woken()
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, length)
        }
        return 0
    }

    /// A GET of a document or of a file under the assets directory, its headers written now and its body as the socket takes it;
    /// anything else gets its HTTP status. The security headers come from libwebsockets
    /// (`LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE`) with every status it writes.
    private func serveHTTP(_ wsi: OpaquePointer, path: String) -> Int32 {
        guard handlers.acceptRequest(handshake(wsi)) else { return status(wsi, HTTP_STATUS_FORBIDDEN) }
        guard lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 else {
            return status(wsi, HTTP_STATUS_METHOD_NOT_ALLOWED)
        }
        guard let file = handlers.document(path) ?? assets?.file(at: path) else {
            return status(wsi, HTTP_STATUS_NOT_FOUND)
        }
        var headers = [UInt8](repeating: 0, count: segue_lws_pre + 2048)
        let written = headers.withUnsafeMutableBufferPointer { buffer -> Int32 in
            let start = buffer.baseAddress! + segue_lws_pre
            let end = buffer.baseAddress! + buffer.count
            var position: UnsafeMutablePointer<UInt8>? = start
            guard
                lws_add_http_common_headers(
                    wsi, UInt32(HTTP_STATUS_OK.rawValue), file.contentType, lws_filepos_t(file.bytes.count),
                    &position, end) == 0,
                // Never cached, as libwebsockets' own file serving does: a page left stays out of the browser's
                // back-forward cache, which would keep its WebSocket open.
                lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL, "no-store", 8, &position, end) == 0
            else { return -1 }
            return lws_finalize_write_http_header(wsi, start, &position, end)
        }
        guard written == 0 else { return -1 }
        responses[wsi] = (file.bytes, 0)
        lws_callback_on_writable(wsi)
        return 0
    }

    /// The next piece of a response's body; the last one ends the transaction (the connection may carry another).
    private func writeResponse(_ wsi: OpaquePointer) -> Int32 {
        guard let (bytes, sent) = responses[wsi] else { return 0 }
        let count = min(bytes.count - sent, 16_384)
        let last = sent + count == bytes.count
        var buffer = [UInt8](repeating: 0, count: segue_lws_pre + count)
        let result = buffer.withUnsafeMutableBufferPointer { buffer -> Int32 in
            bytes.withUnsafeBufferPointer { source in
                _ = memcpy(buffer.baseAddress! + segue_lws_pre, source.baseAddress! + sent, count)
            }
            return lws_write(
                wsi, buffer.baseAddress! + segue_lws_pre, count, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        }
        guard result >= 0 else { return -1 }
        guard !last else {
            responses[wsi] = nil
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        responses[wsi]!.sent = sent + count
        lws_callback_on_writable(wsi)
        return 0
    }

    /// An HTTP status with libwebsockets' short body, ending the transaction.
    private func status(_ wsi: OpaquePointer, _ code: http_status) -> Int32 {
        guard lws_return_http_status(wsi, UInt32(code.rawValue), nil) == 0 else { return -1 }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    private func receive(_ id: ConnectionID, wsi: OpaquePointer, input: UnsafeMutableRawPointer?, length: Int)
        -> Int32
    {
        var message = partial.removeValue(forKey: id) ?? []
        guard message.count + length <= maxMessageBytes else {
            refuse(wsi, status: LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, reason: "message over \(maxMessageBytes) bytes")
            return -1
        }
        if let input, length > 0 {
            message.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else {
            partial[id] = message
            return 0
        }
        handlers.received(id, message)
        return 0
    }

    private func writable(_ id: ConnectionID, wsi: OpaquePointer) -> Int32 {
        if let (status, reason) = closing[id] {
            refuse(wsi, status: status, reason: reason)
            return -1
        }
        return writeQueued(id, to: wsi) ? 0 : -1
    }

    /// Writes what `Handlers.writable` gives until it gives nothing or a write was not sent whole: libwebsockets
    /// keeps the rest of that one (`lws_partial_buffered`, which asks the socket nothing, as its header says to do
    /// between writes), and the connection waits for a writable callback. A message each time round the event
    /// loop cost a poll of every socket per message.
    /// - Returns: false when a write failed.
    private func writeQueued(_ id: ConnectionID, to wsi: OpaquePointer) -> Bool {
        while let message = handlers.writable(id) {
            guard write(message, to: wsi) >= 0 else { return false }
            if holdReceivingIfWriteHeld(wsi) {
                lws_callback_on_writable(wsi)
                return true
            }
        }
        return true
    }

    /// One text message, behind the LWS_PRE bytes libwebsockets writes its frame header into.
    private func write(_ message: [UInt8], to wsi: OpaquePointer) -> Int32 {
        let size = segue_lws_pre + message.count
        guard size <= Self.keptBufferBytes else {
            var buffer = [UInt8](repeating: 0, count: size)
            return Self.write(message, in: &buffer, to: wsi)
        }
        if outgoing.isEmpty { outgoing = [UInt8](repeating: 0, count: Self.keptBufferBytes) }
        return Self.write(message, in: &outgoing, to: wsi)
    }

    /// `message` behind the LWS_PRE bytes of `buffer`, which has room for both.
    private static func write(_ message: [UInt8], in buffer: inout [UInt8], to wsi: OpaquePointer) -> Int32 {
        buffer.withUnsafeMutableBufferPointer { buffer in
            _ = message.withUnsafeBytes { memcpy(buffer.baseAddress! + segue_lws_pre, $0.baseAddress!, $0.count) }
            return lws_write(wsi, buffer.baseAddress! + segue_lws_pre, message.count, LWS_WRITE_TEXT)
        }
    }

    /// Stops reading the connection while libwebsockets holds part of the write just made (`heldWrites`).
    /// - Returns: whether it holds part of it.
    private func holdReceivingIfWriteHeld(_ wsi: OpaquePointer) -> Bool {
        guard lws_partial_buffered(wsi) != 0 else { return false }
        if heldWrites.insert(wsi).inserted { _ = lws_rx_flow_control(wsi, 0) }
        return true
    }

    /// Reads the connection again once libwebsockets has sent what it held (it asks for a writable callback then),
    /// unless its owner paused it.
    private func releaseHeldWrite(_ wsi: OpaquePointer) {
        guard heldWrites.remove(wsi) != nil else { return }
        if let id = ids[wsi], paused.contains(id) { return }
        _ = lws_rx_flow_control(wsi, 1)
    }

    private func refuse(_ wsi: OpaquePointer, status: lws_close_status, reason: String) {
        var bytes = Array(reason.utf8.prefix(123))
        bytes.withUnsafeMutableBufferPointer { lws_close_reason(wsi, status, $0.baseAddress, $0.count) }
    }

    private func handshake(_ wsi: OpaquePointer) -> WebSocketHandshake {
        func header(_ token: lws_token_indexes) -> String {
            let length = Int(lws_hdr_total_length(wsi, token))
            guard length > 0, length < 4096 else { return "" }
            var buffer = [CChar](repeating: 0, count: length + 1)
            let copied = Int(lws_hdr_copy(wsi, &buffer, Int32(buffer.count), token))
            guard copied >= 0 else { return "" }
            // All of it, a NUL included: a value cut at a NUL would match what it only starts with.
            return String(decoding: buffer.prefix(copied).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        // The buffer gets "token=VALUE"; the returned pointer is VALUE's start within it.
        var buffer = [CChar](repeating: 0, count: 256)
        let tokenText =
            buffer.withUnsafeMutableBufferPointer { buffer in
                lws_get_urlarg_by_name(wsi, "token=", buffer.baseAddress, Int32(buffer.count)).map {
                    String(cString: $0)
                }
            } ?? ""
        return WebSocketHandshake(origin: header(WSI_TOKEN_ORIGIN), host: header(WSI_TOKEN_HOST), token: tokenText)
    }
}

/// The protocol callback libwebsockets calls for everything on the service's connections.
private func serviceCallback(
    wsi: OpaquePointer?, reason: lws_callback_reasons, user: UnsafeMutableRawPointer?,
    input: UnsafeMutableRawPointer?, length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let owner = lws_context_user(context) else {
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
    return Unmanaged<WebSocketService>.fromOpaque(owner).takeUnretainedValue().handle(wsi, reason, user, input, length)
}
