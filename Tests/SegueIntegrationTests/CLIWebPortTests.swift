import Foundation
import SegueTestSupport
import Testing

/// `segue web` on a port another server holds.
@Suite struct CLIWebPortTests {
    @Test func aBusyListenPortIsRefusedWithTheWayOut() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        let first = try startSegue(["web", "--listen", "127.0.0.1:0"], environment: daemon.environment)
        defer { first.kill() }
        let url = try #require(Self.readyURL(first), "\(first.stderr)")
        let port = try #require(url.port)
        let second = try runSegue(["web", "--listen", "127.0.0.1:\(port)"], environment: daemon.environment)
        #expect(second.status == 1, "\(second)")
        #expect(
            second.stderr.contains(
                "127.0.0.1:\(port) is in use (by another segue web?); choose another with "
                    + "--listen 127.0.0.1:PORT"), "\(second)")
    }

    @Test func withoutListenTheDefaultPortGivesWayToTheNextFree() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.kill() }
        // Make sure the default port is held: by this first segue web, or (its start refused) by whatever has it.
        let first = try startSegue(["web", "--listen", "127.0.0.1:7780"], environment: daemon.environment)
        defer { first.kill() }
        let firstReady = Self.readyURL(first)
        #expect(firstReady != nil || first.stderr.contains("is in use"), "\(first.stderr)")
        let second = try startSegue(["web"], environment: daemon.environment)
        defer { second.kill() }
        let url = try #require(Self.readyURL(second), "\(second.stderr)")
        #expect(url.port != nil && url.port != 7780, "\(url)")
    }

    /// The address a starting `segue web` prints on its ready line, or nil when it ends without one.
    static func readyURL(_ web: ChildProcess) -> URL? {
        while let line = web.readLine(timeoutMs: 30_000) {
            if line.hasPrefix("segue web ready url=") {
                return URL(string: String(line.dropFirst("segue web ready url=".count)))
            }
        }
        return nil
    }
}
