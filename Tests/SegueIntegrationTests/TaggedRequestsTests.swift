import SegueClient
import SegueWire
import Testing
import ZMQ

/// Requests in flight together on one connection, against a real daemon: each reply comes back with its request's
/// tag, whatever the order and whatever the request.
@Suite("tagged requests")
struct TaggedRequestsTests {
    @Test("replies carry their requests' tags, the reply to a request that does not decode too")
    func repliesCarryTheirTags() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let requests = try TaggedRequests(endpoint: daemon.endpoints.control)
        defer { requests.close() }
        #expect(try requests.send(Request(requestId: "stats", body: .getStats(GetStats())).encoded(), tag: 7))
        #expect(try requests.send([0xFF, 0xFF, 0xFF], tag: 8))
        #expect(
            try requests.send(Request(requestId: "list", body: .listStacks(ListStacks())).encoded(), tag: 1 << 40))

        var poller = ZMQPoller()
        _ = requests.add(to: &poller)
        var replies: [UInt64: Reply] = [:]
        let deadline = Deadline(inMilliseconds: 10_000)
        while replies.count < 3, deadline.remainingMs > 0 {
            _ = try poller.poll(timeoutMs: deadline.remainingMs)
            while let answer = try requests.nextReply() { replies[answer.tag] = try answer.reply.get() }
        }
        #expect(replies.keys.sorted() == [7, 8, 1 << 40])
        #expect(replies[7]?.requestId == "stats")
        #expect(replies[1 << 40]?.requestId == "list")
        #expect(replies[8]?.requestId == "", "the daemon could not read its id")
        #expect(replies[8]?.error?.code == .malformed, "\(String(describing: replies[8]))")
    }
}
