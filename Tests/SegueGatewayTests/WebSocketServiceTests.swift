import SegueSystem
import Synchronization
import Testing
import WebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// libwebsockets through `WebSocketService`: a server and a client in one process, each on its own thread.
struct WebSocketServiceTests {
    @Test func aConnectionTouchedOffTheServingThreadStopsTheProcess() async {
        let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Serving: Sendable {
                let woken = Mutex(false)
            }
            let serving = Serving()
            var handlers = WebSocketService.Handlers()
            handlers.woken = { serving.woken.withLock { $0 = true } }
            let service = try WebSocketService(clientsWithMaxMessageBytes: 1024, handlers: handlers)
            let runner = try JoinableThread(name: "serving") { [service] in service.run() }
            // Woken means the thread is in run(): from then on only it may touch the connections.
            while !serving.woken.withLock({ $0 }) {
                service.wake()
                _ = sched_yield()
            }
            service.requestWrite(ConnectionID(rawValue: 1))
            service.stop()
            runner.join()
        }
        let said = String(decoding: exit?.standardErrorContent ?? [], as: UTF8.self)
        #expect(said.contains("WebSocketService.requestWrite(_:) called off the thread in run()"), "\(said)")
    }

    /// What the client saw, shared between its thread and the test.
    final class Seen: Sendable {
        let messages = Mutex<[String]>([])
        let closed = Mutex(false)
    }

    /// Serves `server` on a thread, connects `client` to it and runs the client until it stops, then the server.
    private func run(_ client: WebSocketService, against server: WebSocketService) throws {
        let port = server.port
        let serving = try JoinableThread(name: "server") { [server] in server.run() }
        #expect(client.connect(host: "127.0.0.1", port: port, path: "/", origin: "127.0.0.1:\(port)") != nil)
        client.run()
        server.stop()
        serving.join()
    }

    /// An echo server, and a client that sends `outgoing` once open and stops after `expected` answers or a close.
    private func exchange(_ outgoing: [UInt8], expected: Int, maxMessageBytes: Int = 1024) throws -> Seen {
        var template = Array("/tmp/segue-ws.XXXXXX".utf8CString)
        let directory = String(cString: mkdtemp(&template)!)
        defer { rmdir(directory) }
        let echoes = Mutex<[ConnectionID: [[UInt8]]]>([:])
        var server: WebSocketService!
        var serverHandlers = WebSocketService.Handlers()
        serverHandlers.received = { id, message in
            echoes.withLock { $0[id, default: []].append(message) }
            server.requestWrite(id)
        }
        serverHandlers.writable = { id in
            echoes.withLock { queue in queue[id]?.isEmpty == false ? queue[id]!.removeFirst() : nil }
        }
        server = try WebSocketService(
            server: .init(
                host: "127.0.0.1", port: 0, assetsDirectory: directory, maxMessageBytes: maxMessageBytes,
                maxConnections: 4, maxDescriptors: 64),
            handlers: serverHandlers)
        let seen = Seen()
        var client: WebSocketService!
        var sent = false
        var clientHandlers = WebSocketService.Handlers()
        clientHandlers.opened = { id in client.requestWrite(id) }
        clientHandlers.writable = { _ in
            defer { sent = true }
            return sent ? nil : outgoing
        }
        clientHandlers.received = { _, message in
            let count = seen.messages.withLock { messages in
                messages.append(String(decoding: message, as: UTF8.self))
                return messages.count
            }
            if count >= expected { client.stop() }
        }
        clientHandlers.closed = { _ in
            seen.closed.withLock { $0 = true }
            client.stop()
        }
        client = try WebSocketService(clientsWithMaxMessageBytes: 1 << 20, handlers: clientHandlers)
        try run(client, against: server)
        return seen
    }

    @Test func aMessageComesBackWhole() throws {
        let text = String(repeating: "segue ", count: 150)  // several TCP-sized pieces on loopback is fine too
        let seen = try exchange(Array(text.utf8), expected: 1)
        #expect(seen.messages.withLock { $0 } == [text])
    }

    @Test func aMessageOverTheLimitClosesTheConnection() throws {
        let seen = try exchange([UInt8](repeating: UInt8(ascii: "x"), count: 2048), expected: 1)
        #expect(seen.messages.withLock { $0 }.isEmpty)
        #expect(seen.closed.withLock { $0 })
    }

    /// Streams `count` messages from a server to a client that reads them all, and returns what it read. The
    /// server's handlers come from `serverHandlers`, given the server (made after them) and the next message to
    /// write; `eachReceipt` runs on the client's thread at every message.
    private func streamed(
        count: Int, message: @escaping (Int) -> [UInt8],
        serverHandlers: (_ server: @escaping () -> WebSocketService, _ next: @escaping () -> [UInt8]?) ->
            WebSocketService.Handlers,
        eachReceipt: @escaping (WebSocketService) -> Void = { _ in }
    ) throws -> [[UInt8]] {
        var template = Array("/tmp/segue-ws.XXXXXX".utf8CString)
        let directory = String(cString: mkdtemp(&template)!)
        defer { rmdir(directory) }
        let written = Mutex(0)
        var server: WebSocketService!
        let next = {
            written.withLock { written -> [UInt8]? in
                guard written < count else { return nil }
                defer { written += 1 }
                return message(written)
            }
        }
        let handlers = serverHandlers({ server }, next)
        server = try WebSocketService(
            server: .init(
                host: "127.0.0.1", port: 0, assetsDirectory: directory, maxMessageBytes: 1024, maxConnections: 4,
                maxDescriptors: 64),
            handlers: handlers)
        let received = Mutex<[[UInt8]]>([])
        var client: WebSocketService!
        var clientHandlers = WebSocketService.Handlers()
        clientHandlers.received = { _, bytes in
            let total = received.withLock { received in
                received.append(bytes)
                return received.count
            }
            eachReceipt(server)
            if total >= count { client.stop() }
        }
        clientHandlers.closed = { _ in client.stop() }
        client = try WebSocketService(clientsWithMaxMessageBytes: 1 << 20, handlers: clientHandlers)
        try run(client, against: server)
        return received.withLock { $0 }
    }

    /// 2000 messages of 4 KiB, every 400th of 100 KB (larger than the buffer the service keeps for writing).
    private static func streamedMessage(_ index: Int) -> [UInt8] {
        let head = Array("message \(index) ".utf8)
        let size = index % 400 == 7 ? 100_000 : 4096
        return head + [UInt8](repeating: UInt8(ascii: "."), count: size - head.count)
    }

    /// Far more than the sockets hold: the server writes until a write is only partly sent, then waits for the
    /// socket, so every message still arrives whole and in order.
    @Test func messagesPastWhatTheSocketTakesArriveWholeAndInOrder() throws {
        let messages = try streamed(count: 2000, message: Self.streamedMessage) { server, next in
            var handlers = WebSocketService.Handlers()
            handlers.opened = { id in server().requestWrite(id) }
            handlers.writable = { _ in next() }
            return handlers
        }
        #expect(messages.count == 2000)
        #expect(messages.enumerated().allSatisfy { $0.element == Self.streamedMessage($0.offset) })
    }

    /// The same through `flush`, as the gateway writes: a flush writes what it is given while the socket takes it
    /// and leaves the rest to the writable callback once a write is only partly sent. The client's every receipt
    /// asks the server for a flush, so many come while the socket is full.
    @Test func flushesPastWhatTheSocketTakesArriveWholeAndInOrder() throws {
        let flushes = Atomic(0)
        let messages = try streamed(
            count: 2000, message: Self.streamedMessage,
            serverHandlers: { server, next in
                var connection: ConnectionID?
                var handlers = WebSocketService.Handlers()
                handlers.opened = { id in
                    connection = id
                    server().wake()
                }
                handlers.woken = {
                    guard let connection else { return }
                    flushes.add(1, ordering: .relaxed)
                    server().flush(connection)
                }
                handlers.writable = { _ in next() }
                return handlers
            },
            eachReceipt: { $0.wake() })
        #expect(messages.count == 2000)
        #expect(messages.enumerated().allSatisfy { $0.element == Self.streamedMessage($0.offset) })
        #expect(flushes.load(ordering: .relaxed) > 100)
    }
}
