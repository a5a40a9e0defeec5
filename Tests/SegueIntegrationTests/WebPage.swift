import Dispatch
import Foundation
import SegueClient
import SegueSystem
import SegueTestSupport
import Synchronization
import WebSockets

/// A page of a running `segue web`, as a test speaks to it: one WebSocket (libwebsockets' client side, on a thread
/// of its own), the messages to send queued until it can write, and every message received kept in order.
final class WebPage {
    private let service: WebSocketService
    private let state = State()
    private var thread: JoinableThread<Void>?

    /// What the connection's callbacks and the test share.
    private final class State: Sendable {
        let outgoing = Mutex<[[UInt8]]>([])
        let connection = Mutex<ConnectionID?>(nil)
        let received = Mutex<[String]>([])
        let arrived = DispatchSemaphore(value: 0)
    }

    /// Opens the WebSocket to the gateway serving on loopback at `port`.
    init(port: Int) throws {
        var handlers = WebSocketService.Handlers()
        let state = state
        nonisolated(unsafe) var client: WebSocketService!
        handlers.opened = { id in
            state.connection.withLock { $0 = id }
            client.requestWrite(id)
        }
        handlers.writable = { id in
            let (next, more) = state.outgoing.withLock { queue in
                queue.isEmpty ? (nil, false) : (queue.removeFirst(), !queue.isEmpty)
            }
            if more { client.requestWrite(id) }
            return next
        }
        handlers.woken = {
            if let id = state.connection.withLock({ $0 }) { client.requestWrite(id) }
        }
        handlers.received = { _, message in
            state.received.withLock { $0.append(String(decoding: message, as: UTF8.self)) }
            state.arrived.signal()
        }
        handlers.closed = { _ in
            state.connection.withLock { $0 = nil }
            state.arrived.signal()
        }
        client = try WebSocketService(clientsWithMaxMessageBytes: 16 << 20, handlers: handlers)
        service = client
        guard client.connect(host: "127.0.0.1", port: port, path: "/", origin: "127.0.0.1:\(port)") != nil else {
            throw HarnessError("cannot open a WebSocket to 127.0.0.1:\(port)")
        }
        thread = try JoinableThread(name: "web page") { [client] in client!.run() }
    }

    deinit {
        service.stop()
        thread?.join()
        service.shutDown()
    }

    /// Sends one JSON message, once the connection can take it.
    func send(_ json: String) {
        state.outgoing.withLock { $0.append(Array(json.utf8)) }
        service.wake()
    }

    /// Every message received so far.
    var messages: [String] { state.received.withLock { $0 } }

    /// Waits until the messages received satisfy `condition`, for at most `timeoutMs`.
    /// - Returns: whether they did.
    func waitUntil(timeoutMs: Int = 15000, _ condition: ([String]) -> Bool) -> Bool {
        let deadline = Deadline(inMilliseconds: timeoutMs)
        while !condition(messages) {
            guard deadline.remainingMs > 0 else { return false }
            _ = state.arrived.wait(timeout: .now() + .milliseconds(deadline.remainingMs))
        }
        return true
    }

    /// The first message received with `"ref": ref`, parsed, waiting for it.
    func answer(to ref: String, timeoutMs: Int = 15000) throws -> [String: Any] {
        let marker = "\"ref\":\"\(ref)\""
        guard waitUntil(timeoutMs: timeoutMs, { $0.contains { $0.contains(marker) } }),
            let message = messages.first(where: { $0.contains(marker) })
        else { throw HarnessError("no answer to \(ref) within \(timeoutMs) ms; received: \(messages)") }
        return try jsonObject(message)
    }
}
