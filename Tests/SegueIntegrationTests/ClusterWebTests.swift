import Foundation
import SegueClient
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension NATSClusterSuites {
    /// `segue web` in front of a whole cluster: one page monitors every shard's stacks and drives a stack of each at
    /// its shard's holder, and goes on through a failover with nothing lost or repeated.
    @Suite struct ClusterWebTests {
        @Test func onePageMonitorsAndDrivesEveryShardAndGoesOnThroughAFailover() throws {
            let started = try TwoShardCluster()
            let (holders, standby) = (started.holders, started.standby)
            let (cluster, first, second) = (started.environment, started.first, started.second)
            #expect(try runSegue(["create", first, "--screens", "Home"], environment: cluster).status == 0)

            // No daemon is started, and none of the one-daemon endpoints is looked at.
            let web = try startSegue(
                [
                    "web", "--listen", "127.0.0.1:0", "--control", "tcp://127.0.0.1:1", "--segued",
                    "/nonexistent/segued",
                ], environment: cluster)
            defer { web.kill() }
            let ready = try #require(web.readLine(timeoutMs: 30000), "stderr: \(web.stderr)")
            let port = try #require(
                ready.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) }, "\(ready)")
            let page = try WebPage(port: port)
            let hello = try #require(
                page.waitUntil { $0.first?.hasPrefix(#"{"hello":"#) == true } ? jsonObject(page.messages[0]) : nil)
            let shards = (hello["hello"] as? [String: Any])?["cluster"] as? [String: Any]
            #expect(shards?["shards"] as? Int == 2, "\(hello)")

            page.send(#"{"watch":{"all":true},"ref":"all"}"#)
            #expect(try page.answer(to: "all")["watching"] != nil)
            // A request to shard 1's holder, and an input to shard 0's ingest.
            page.send(
                #"{"request":{"command":{"stackId":"\#(second)","create":{"screens":["Home"],"config":{"size":{"width":390,"height":844}}}}},"ref":"create"}"#
            )
            #expect(try reply(page.answer(to: "create"))["command"] != nil)
            page.send(#"{"input":{"command":{"stackId":"\#(first)","push":{"screen":"Detail","immediate":true}}}}"#)
            // shard 0: created (before the page), then the push's began, finished, completed; shard 1: created.
            #expect(page.waitUntil { positions(in: $0, of: first) == [2, 3, 4] }, "\(page.messages)")
            #expect(page.waitUntil { positions(in: $0, of: second) == [1] }, "\(page.messages)")
            page.send(#"{"request":{"listStacks":{}},"ref":"list"}"#)
            let listed = try reply(page.answer(to: "list"))["stacks"] as? [String: Any]
            #expect(listed?["stackIds"] as? [String] == [first, second].sorted(), "\(String(describing: listed))")

            // The holder of shard 0 dies while the gateway is stopped; its successor serves a push meanwhile, which
            // the page can only get from the successor's log.
            web.process.signal(SIGSTOP)
            holders[0].process.kill()
            try standby.awaitReady(timeoutMs: 15000)
            let pushed = try runSegue(["push", first, "More", "--immediate"], environment: cluster)
            #expect(pushed.status == 0, "\(pushed)")
            web.process.signal(SIGCONT)
            while let line = web.readErrorLine(timeoutMs: 15000), !line.contains("changed hands") {}
            #expect(web.stderr.contains("shard 0 of 2 changed hands, from holder-0 to standby-0"), "\(web.stderr)")
            #expect(page.waitUntil { positions(in: $0, of: first) == [2, 3, 4, 5, 6, 7] }, "\(page.messages)")

            // The page drives the stack at its new holder, and the monitor still lists every shard.
            page.send(
                #"{"request":{"command":{"stackId":"\#(first)","pop":{"immediate":true}}},"ref":"pop"}"#)
            #expect(try reply(page.answer(to: "pop"))["command"] != nil)
            #expect(
                page.waitUntil { positions(in: $0, of: first) == [2, 3, 4, 5, 6, 7, 8, 9, 10] }, "\(page.messages)")
            page.send(#"{"request":{"listStacks":{}},"ref":"again"}"#)
            let again = try reply(page.answer(to: "again"))["stacks"] as? [String: Any]
            #expect(again?["stackIds"] as? [String] == [first, second].sorted(), "\(String(describing: again))")

            // Time travel reads the stack's whole history from its shard's holder now.
            page.send(#"{"history":{"stackId":"\#(first)"},"ref":"history"}"#)
            let history = try page.answer(to: "history")["history"] as? [String: Any]
            #expect((history?["events"] as? [Any])?.count == 10, "\(String(describing: history))")
            #expect(web.stop(signal: SIGINT) == 0, "\(web.stderr)")
            _ = holders
        }

        /// The `reply` of an answer, failing on an error.
        private func reply(_ answer: [String: Any]) throws -> [String: Any] {
            try #require(answer["reply"] as? [String: Any], "\(answer)")
        }

        /// The positions of `stack`'s events among the page's messages, in the order they came.
        private func positions(in messages: [String], of stack: String) -> [Int] {
            messages.compactMap { message in
                guard message.hasPrefix(#"{"event":"#), let object = try? jsonObject(message),
                    let event = object["event"] as? [String: Any], event["stackId"] as? String == stack
                else { return nil }
                return (event["position"] as? NSNumber)?.intValue
            }
        }
    }
}
