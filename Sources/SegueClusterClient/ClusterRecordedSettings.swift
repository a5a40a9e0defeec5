import Ed25519
import NATS
import SegueWire

/// What a cluster records of itself in its settings bucket, for every daemon and client to agree on: the public
/// key that verifies its records (`public-key`, hexadecimal), and the number of shards (`shards`, a decimal count
/// in a `SignedRecord`, since a stack's shard depends on it).
package enum ClusterRecordedSettings {
    /// The public key the cluster's daemons recorded, for a client not given one.
    /// - Throws: `ClusterError` when there is none (no daemon has started) or it is not a key.
    package static func publicKey(in bucket: KeyValueBucket) throws(ClusterError) -> ClusterPublicKey {
        let value: [UInt8]?
        do {
            value = try bucket.get(publicKeyKey)?.value
        } catch {
            throw ClusterError("cannot read the cluster's public key", cause: error)
        }
        guard let value else {
            throw ClusterError("the cluster records no public key: has a segued --cluster started?")
        }
        guard let bytes = Hex.decode(String(decoding: value, as: UTF8.self)), let key = ClusterPublicKey(bytes: bytes)
        else {
            throw ClusterError(
                "the cluster's recorded public key (\(ClusterLayout.settingsBucket)/\(publicKeyKey)) is not a key")
        }
        return key
    }

    /// The number of shards in the `shards` value, when a daemon of the cluster signed it.
    package static func shards(in value: [UInt8], key: ClusterPublicKey) throws(RecordRefusal) -> Int {
        let record = try SignedRecord.verifiedRecord(value, place: shardsPlace, key: key)
        guard let count = Int(String(decoding: record, as: UTF8.self)), count > 0 else {
            throw RecordRefusal("a signed record that is not a number of shards")
        }
        return count
    }

    package static let publicKeyKey = "public-key"
    package static let shardsPlace = "\(ClusterLayout.settingsBucket)/\(ClusterLayout.shardsKey)"
}
