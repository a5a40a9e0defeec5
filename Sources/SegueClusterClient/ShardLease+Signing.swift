import SegueWire

extension ShardLease {
    /// Where a lease is kept, as signatures name it: `segue-leases/shard-K`.
    package static func place(shard: Int) -> String {
        "\(ClusterLayout.leaseBucket)/\(ClusterLayout.leaseKey(shard: shard))"
    }

    /// The lease as the value of its key: a `SignedRecord`.
    package func signedValue(_ key: ClusterSigningKey) -> [UInt8] {
        SignedRecord(signing: encoded(), place: Self.place(shard: Int(shard)), with: key).encoded()
    }

    /// The lease in the value of shard `shard`'s key, when a daemon of the cluster wrote it for that shard.
    /// - Throws: `RecordRefusal` when it does not decode, is not signed with the cluster's key, or names another
    ///   shard.
    package static func verified(_ value: [UInt8], shard: Int, key: ClusterPublicKey) throws(RecordRefusal)
        -> ShardLease
    {
        let lease = try SignedRecord.verified(ShardLease.self, in: value, place: place(shard: shard), key: key)
        guard lease.shard == UInt32(shard) else { throw RecordRefusal("a lease of shard \(lease.shard), not \(shard)") }
        return lease
    }
}
