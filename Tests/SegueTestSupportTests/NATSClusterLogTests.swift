import SegueTestSupport
import Testing

/// A node's log is its whole stderr, as of the moment it is asked for, across restarts.
struct NATSClusterLogTests {
    @Test func aNodesLogHoldsEveryStartOfIt() throws {
        try #require(NATSServerExecutable.find() != nil, "nats-server is not installed")
        let cluster = try NATSCluster.start(size: 1)
        defer { cluster.stop() }
        let starts = { cluster.log(node: 0).split(separator: "\n").filter { $0.contains("Server is ready") }.count }
        #expect(starts() == 1)
        try cluster.restart(node: 0)
        #expect(starts() == 2)
        #expect(cluster.isRunning(node: 0))
        cluster.kill(node: 0)
        #expect(!cluster.isRunning(node: 0))
        #expect(starts() == 2)
    }
}
