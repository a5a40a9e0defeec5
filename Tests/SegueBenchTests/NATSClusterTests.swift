import LoopbackServers
import Testing

@testable import segue_bench

#if canImport(Glibc)
    import Glibc
#endif

/// The cluster workload's launcher: a real 3-node nats-server cluster on loopback, every server stopped by pid.
struct NATSClusterTests {
    /// The bench's own launcher starts a real cluster and stops every server by pid.
    @Test func startsAndStopsANATSCluster() throws {
        let server = try #require(NATSServerExecutable.find(), "nats-server is not installed")
        let scratch = try ScratchDirectory(parent: "/tmp", label: "nats-test", keep: false)
        defer { scratch.remove() }
        let cluster = try NATSCluster(executable: server, directory: scratch.path)
        let urls = cluster.urls.split(separator: ",")
        #expect(urls.count == 3 && urls.allSatisfy { $0.hasPrefix("nats://127.0.0.1:") })
        let pids = cluster.pids
        #expect(pids.count == 3 && pids.allSatisfy { kill($0, 0) == 0 })
        cluster.stop()
        #expect(pids.allSatisfy { kill($0, 0) != 0 })
    }
}
