import Foundation
import SegueClient
import SegueSystem
import SegueWire
import Testing
import WebSockets

@testable import SegueGateway

/// `segue web`'s bridge against a daemon on IPv6 loopback: every one of its sockets must reach it, the events
/// subscription too, or a page could send and ask but never watch.
@Suite("gateway over IPv6")
struct GatewayIPv6Tests {
    /// Whether a socket can be bound to `::1` here (a container may have no IPv6 at all).
    static let loopbackHasIPv6: Bool = {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }()

    @Test(
        "a page watching a daemon on tcp://[::1] goes live and receives its events",
        .enabled(if: loopbackHasIPv6, "the loopback has no IPv6 address"))
    func watchOverIPv6() throws {
        let any = "tcp://[::1]:*"
        let daemon = try DaemonProcess.start(endpoints: SegueEndpoints(ingest: any, control: any, events: any))
        defer { daemon.kill() }
        let outboxes = PageOutboxes()
        let woken = DispatchSemaphore(value: 0)
        let bridge = try GatewayBridge(
            transport: try SocketBridgeTransport(endpoints: daemon.endpoints, curve: nil),
            endpoints: daemon.endpoints, curve: nil, outboxes: outboxes, backlog: PageBacklog(),
            hello: Array("{}".utf8), wakeWriter: { woken.signal() })
        let running = try JoinableThread(name: "bridge") { () -> String? in
            do throws(GatewayError) {
                try bridge.run()
                return nil
            } catch {
                return error.description
            }
        }
        defer {
            bridge.stop()
            #expect(running.join() == nil)
        }
        let page = ConnectionID(rawValue: 1)
        outboxes.open(page)
        bridge.post(.opened(page))
        bridge.post(.message(page, Array(#"{"watch": {"stackId": "six"}, "ref": "w"}"#.utf8)))

        var seen: [String] = []
        /// Reads what the bridge queued for the page, each time it wakes the writer, until `condition` holds.
        func waitUntil(_ condition: ([String]) -> Bool) -> Bool {
            let deadline = Deadline(inMilliseconds: 10_000)
            while !condition(seen) {
                guard deadline.remainingMs > 0 else { return false }
                _ = woken.wait(timeout: .now() + .milliseconds(deadline.remainingMs))
                while let message = outboxes.next(for: page) { seen.append(String(decoding: message, as: UTF8.self)) }
            }
            return true
        }
        #expect(waitUntil { $0.contains { $0.hasPrefix(#"{"watching":"#) } }, "\(seen)")

        let control = try ControlClient(endpoint: daemon.endpoints.control)
        defer { control.close() }
        _ = try control.command(
            Command(
                stackId: "six",
                op: .create(
                    CreateStack(screens: ["Home", "Detail"], config: StackConfig(size: Size(width: 400, height: 800)))))
        )
        #expect(waitUntil { $0.contains { $0.hasPrefix(#"{"event":"#) && $0.contains(#""six""#) } }, "\(seen)")
    }
}
