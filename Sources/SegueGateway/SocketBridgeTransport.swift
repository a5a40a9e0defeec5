import SegueClient
import SegueWire
import WebSockets
import ZMQ

/// The bridge's transport in `segue web`: a subscriber to the daemon's events, a producer for its ingest and
/// control connections, all made by SegueClient, which connects every one of them the same way (IPv6 turned on
/// for an IPv6 host, CURVE when given, no linger).
///
/// Made on the thread that makes the gateway, then used by the bridge's thread only: starting that thread orders
/// the handover, as libzmq requires of a socket that changes threads.
final class SocketBridgeTransport: BridgeTransport {
    let endpoints: SegueEndpoints
    private let curve: CurveClientKeys?
    private let context: ZMQContext
    private let subscriber: Subscriber
    private let ingest: Producer
    /// The gateway's own control connection: probes, and the requests of pages past
    /// `GatewayLimits.maxPageControlConnections`.
    private let sharedControl: TaggedRequests
    /// Each page's own control connection, made at its first request and closed when it closes: the daemon's
    /// per-client quotas (8 history reads waiting, its reply queue) then hold per page, so one page's flood
    /// cannot make another page's requests fail.
    private var pageControls: [ConnectionID: TaggedRequests] = [:]
    private var poller = ZMQPoller()
    /// Whether the page connections changed since the poller was made.
    private var pollerStale = true
    private var sharedIndex = 0
    private var pageIndices: [(index: Int, page: ConnectionID)] = []
    /// The control connections readable at the last wait (nil for the shared one).
    private var readable: [ConnectionID?] = []

    /// Connects to the daemon's three endpoints.
    /// - Throws: `GatewayError.daemonUnreachable` when a socket cannot be made or connected.
    init(endpoints: SegueEndpoints, curve: CurveClientKeys?) throws(GatewayError) {
        self.endpoints = endpoints
        self.curve = curve
        do throws(ClientError) {
            context = try Self.context()
            subscriber = try Subscriber(
                endpoint: endpoints.events, context: context, receiveHighWaterMark: 1000, curve: curve)
            // A daemon that stops reading pans must not make the gateway queue without end.
            ingest = try Producer(
                endpoint: endpoints.ingest, context: context, sendTimeoutMs: 0, lingerMs: 0,
                sendHighWaterMark: 10_000, curve: curve)
            sharedControl = try TaggedRequests(endpoint: endpoints.control, context: context, curve: curve)
        } catch {
            throw .daemonUnreachable(error)
        }
    }

    private static func context() throws(ClientError) -> ZMQContext {
        do throws(ZMQError) {
            return try ZMQContext()
        } catch {
            throw .zmq(error)
        }
    }

    /// Closes every socket.
    func close() {
        for control in pageControls.values { control.close() }
        pageControls = [:]
        sharedControl.close()
        ingest.close()
        subscriber.close()
    }

    func sendInput(_ encoded: [UInt8]) -> Bool {
        (try? ingest.send(encoded: encoded)) != nil
    }

    func sendRequest(_ encoded: [UInt8], tag: UInt64, from page: ConnectionID?) -> Bool {
        let control = page.flatMap { pageControls[$0] } ?? sharedControl
        return (try? control.send(encoded, tag: tag)) ?? false
    }

    func openControl(for page: ConnectionID) -> Bool {
        guard let control = try? TaggedRequests(endpoint: endpoints.control, context: context, curve: curve) else {
            return false
        }
        pageControls[page] = control
        pollerStale = true
        return true
    }

    func closeControl(of page: ConnectionID) {
        guard let control = pageControls.removeValue(forKey: page) else { return }
        control.close()
        pollerStale = true
    }

    func subscribe(_ prefix: String) {
        try? subscriber.subscribe(prefix)
    }

    func unsubscribe(_ prefix: String) {
        try? subscriber.unsubscribe(prefix)
    }

    func nextPublication() -> Publication? {
        (try? subscriber.next(timeoutMs: 0)) ?? nil
    }

    func takeReplies() -> [TaggedReply] {
        var replies: [TaggedReply] = []
        for line in readable {
            // A page that closed since the wait has lost its connection, and its replies.
            let control: TaggedRequests?
            if let page = line { control = pageControls[page] } else { control = sharedControl }
            guard let control else { continue }
            while let reply = try? control.nextReply() { replies.append(reply) }
        }
        readable = []
        return replies
    }

    func unanswered(_ tag: UInt64) -> String { "the daemon at \(endpoints.control)" }

    func wait(timeoutMs: Int, orUntilReadable fileDescriptor: Int32) {
        // `fileDescriptor` is the bridge's inbox, the same at every wait.
        if pollerStale {
            poller = ZMQPoller()
            addSockets(to: &poller)
            _ = poller.add(fileDescriptor: fileDescriptor)
            pollerStale = false
        }
        _ = try? poller.poll(timeoutMs: timeoutMs)
        noteReadable(in: poller)
    }

    /// Adds the subscriber, the shared control connection and each page's own to `poller`, for a wait of the
    /// caller's (one over several daemons' transports); `noteReadable(in:)` then reads what it found.
    func addSockets(to poller: inout ZMQPoller) {
        _ = subscriber.add(to: &poller)
        sharedIndex = sharedControl.add(to: &poller)
        pageIndices = pageControls.map { page, control in (control.add(to: &poller), page) }
    }

    /// Notes which control connections `poller`'s last poll found readable, for `takeReplies()`.
    func noteReadable(in poller: ZMQPoller) {
        readable = pageIndices.filter { poller.isReadable($0.index) }.map(\.page)
        if poller.isReadable(sharedIndex) { readable.append(nil) }
    }
}
