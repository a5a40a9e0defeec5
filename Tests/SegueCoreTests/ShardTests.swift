import SegueWire
import Testing

@testable import SegueCore

/// Shards: the documented stack-to-shard rule, and an engine holding one shard refusing the others' stacks.
@Suite("shards")
struct ShardTests {
    @Test("a stack's shard is FNV-1a 64 of its id's UTF-8 bytes modulo the count (docs/operations.md's table)")
    func documentedRule() {
        // The same values as docs/operations.md and the Python client's tests.
        #expect(ShardAssignment.fnv1a64("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(ShardAssignment.fnv1a64("main".utf8) == 0x1f59_62a2_ce98_03c8)
        #expect(ShardAssignment.fnv1a64("Ünïcødé".utf8) == 0x3f3e_0b2c_3497_b500)
        let expected: [(String, Int, Int)] = [
            ("main", 0, 2), ("demo", 0, 0), ("shop", 1, 2), ("stack-42", 0, 1), ("Ünïcødé", 0, 0),
        ]
        for (stack, ofTwo, ofThree) in expected {
            #expect(ShardAssignment.shard(of: stack, count: 2) == ofTwo, "\(stack)")
            #expect(ShardAssignment.shard(of: stack, count: 3) == ofThree, "\(stack)")
            #expect(ShardAssignment.shard(of: stack, count: 1) == 0)
        }
        #expect(ShardAssignment(index: 2, count: 2) == nil && ShardAssignment(index: 0, count: 0) == nil)
    }

    @Test("an engine holding shard 1 of 2 creates its stacks and refuses the others' with WRONG_SHARD")
    func wrongShard() throws {
        var h = CoreHarness()
        h.core.shard = ShardAssignment(index: 1, count: 2)
        let create = Command.Op.create(CreateStack(screens: ["Home"], config: CoreHarness.config()))
        #expect(h.command(create, stack: "shop").error == nil)
        let refused = try #require(h.command(create, stack: "main").error)
        #expect(refused.code == .wrongShard)
        #expect(refused.message.contains("belongs to shard 0 of 2; this engine holds shard 1"), "\(refused.message)")
        #expect(h.core.stacks["main"] == nil)
    }
}
