import SegueClient
import SegueWire
import WebSockets

@testable import SegueGateway

/// The bridge's transport in memory: what the bridge sends stays here for the test to read, and the test plays the
/// daemon, queueing the publications and replies its sockets would deliver.
final class MemoryBridgeTransport: BridgeTransport {
    /// One request as the daemon would receive it: decoded, with its tag and its connection (nil: the shared one).
    struct SentRequest {
        let request: Request
        let tag: UInt64
        let page: ConnectionID?
    }

    /// Inputs sent to ingest, encoded.
    private(set) var inputs: [[UInt8]] = []
    private(set) var requests: [SentRequest] = []
    /// The questions the bridge asks to tell whether the daemon answers (a one-id stack list from the start), kept
    /// apart from `requests`, which hold what pages and watches cause.
    private(set) var healthRequests: [SentRequest] = []
    /// Topic prefixes subscribed to, once per subscription (libzmq counts them).
    private(set) var subscriptions: [String] = []
    /// Pages with a control connection of their own now, and how many were ever made.
    private(set) var pageControls: Set<ConnectionID> = []
    private(set) var controlsOpened = 0
    private(set) var closed = false
    /// Whether ingest, the control connections, and new page connections take what they are given.
    var takesInputs = true
    var takesRequests = true
    var opensControls = true

    private var publications: [Publication] = []
    private var replies: [TaggedReply] = []

    /// Publishes on `topic`, delivered only when a subscription is a prefix of it (as a SUB socket filters).
    func publish(_ publication: Publication, topic: String) {
        guard subscriptions.contains(where: { topic.hasPrefix($0) }) else { return }
        publications.append(publication)
    }

    /// Answers `request`; the reply is lost when the page's own connection it was sent on has closed.
    func answer(_ request: SentRequest, with reply: Result<Reply, ClientError>) {
        if let page = request.page, !pageControls.contains(page) { return }
        replies.append(TaggedReply(tag: request.tag, reply: reply))
    }

    /// The probes the bridge asked the daemon for, oldest first.
    var probeTokens: [String] {
        requests.compactMap { sent in
            guard case .publishProbe(let probe) = sent.request.body else { return nil }
            return probe.token
        }
    }

    func sendInput(_ encoded: [UInt8]) -> Bool {
        guard takesInputs else { return false }
        inputs.append(encoded)
        return true
    }

    func sendRequest(_ encoded: [UInt8], tag: UInt64, from page: ConnectionID?) -> Bool {
        guard takesRequests else { return false }
        // The bridge's own encoding: a failure here is a bug of the test's.
        let sent = SentRequest(request: try! Request(decoding: encoded), tag: tag, page: page)
        if case .listStacks(let list) = sent.request.body, list.after.isEmpty, list.maxCount == 1, page == nil {
            healthRequests.append(sent)
        } else {
            requests.append(sent)
        }
        return true
    }

    func openControl(for page: ConnectionID) -> Bool {
        guard opensControls else { return false }
        pageControls.insert(page)
        controlsOpened += 1
        return true
    }

    func closeControl(of page: ConnectionID) {
        pageControls.remove(page)
    }

    func subscribe(_ prefix: String) {
        subscriptions.append(prefix)
    }

    func unsubscribe(_ prefix: String) {
        if let index = subscriptions.firstIndex(of: prefix) { subscriptions.remove(at: index) }
    }

    func nextPublication() -> Publication? {
        publications.isEmpty ? nil : publications.removeFirst()
    }

    func takeReplies() -> [TaggedReply] {
        defer { replies = [] }
        return replies
    }

    func close() {
        closed = true
    }

    func wait(timeoutMs: Int, orUntilReadable fileDescriptor: Int32) {}

    /// The tags the bridge asked who has not answered, and what it is told.
    private(set) var askedWhoIsSilent: [UInt64] = []
    var silentName = "the daemon at tcp://127.0.0.1:2"
    func unanswered(_ tag: UInt64) -> String {
        askedWhoIsSilent.append(tag)
        return silentName
    }
}
