/// One shard of a cluster: which of `count` shards this is, and which stacks it holds.
///
/// A stack belongs to shard `fnv1a64(UTF-8 bytes of its id) % count` (FNV-1a, 64 bits: offset basis
/// 0xcbf29ce484222325, prime 0x100000001b3). The rule is part of the contract: every client computes the same
/// (the Python client's `segue.shard_of`), and it never changes for a given count (docs/operations.md).
public struct ShardAssignment: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    /// Shard `index` of `count`; nil unless 0 <= index < count.
    public init?(index: Int, count: Int) {
        guard count > 0, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// Whether the stack belongs to this shard.
    public func owns(_ stackId: String) -> Bool { Self.shard(of: stackId, count: count) == index }

    /// The shard of `count` that holds the stack.
    public static func shard(of stackId: String, count: Int) -> Int {
        precondition(count > 0, "a cluster has at least one shard")
        return Int(fnv1a64(stackId.utf8) % UInt64(count))
    }

    /// FNV-1a, 64 bits, of `bytes`.
    public static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    public var description: String { "shard \(index) of \(count)" }
}
