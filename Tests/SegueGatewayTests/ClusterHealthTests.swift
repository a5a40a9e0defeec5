import Testing

@testable import SegueGateway

/// What a page is told when a cluster does not answer whether it answers: the shards whose holders are silent.
struct ClusterHealthTests {
    @Test func theHealthOfAClusterNamesTheShardsThatHaveNotAnswered() {
        let controls = ["tcp://a:1", "tcp://b:2", "tcp://c:3"]
        #expect(ClusterBridgeTransport.silent(controls, replied: [0, 2]) == "shard 1's holder at tcp://b:2")
        #expect(
            ClusterBridgeTransport.silent(controls, replied: [1]) == "shards 0, 2's holders at tcp://a:1, tcp://c:3")
        #expect(ClusterBridgeTransport.silent(controls, replied: [0, 1, 2]) == "the cluster's holders")
    }
}
