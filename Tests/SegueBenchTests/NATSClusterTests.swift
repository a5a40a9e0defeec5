import SegueSystem
import SegueTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The cluster workload's launcher: a real 3-node nats-server cluster on loopback, every server stopped by pid.
struct NATSClusterTests {
    /// The launcher, as the bench starts it, starts a real cluster and stops every server by pid.
    @Test func startsAndStopsANATSCluster() throws {
        let server = try #require(NATSServerExecutable.find(), "nats-server is not installed")
        let scratch = try ScratchDirectory(prefix: "segue-bench-nats-test")
        defer { scratch.remove() }
        let cluster = try NATSCluster.start(executable: server, in: scratch.path, oneProcessGroup: true)
        let urls = cluster.urls.split(separator: ",")
        #expect(urls.count == 3 && urls.allSatisfy { $0.hasPrefix("nats://127.0.0.1:") })
        let pids = cluster.pids
        #expect(pids.count == 3 && pids.allSatisfy { kill($0, 0) == 0 })
        // One kill(2) reaches them all (Ctrl-C).
        #expect(pids.allSatisfy { getpgid($0) == cluster.processGroup })
        cluster.stop()
        #expect(pids.allSatisfy { kill($0, 0) != 0 })
        #expect(cluster.pids.isEmpty)
    }
}
