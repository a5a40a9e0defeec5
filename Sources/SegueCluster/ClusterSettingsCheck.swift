import NATS
import SegueClusterClient
import SegueWire

/// A daemon's agreement with what its cluster recorded of itself (`ClusterRecordedSettings`): the first daemon
/// records its public key and shard count, every later one must have the same.
struct ClusterSettingsCheck {
    let bucket: KeyValueBucket
    let refused: RefusedRecords?

    /// Records this daemon's key and shard count on the first start; refuses a daemon that disagrees with what is
    /// recorded. A count that no daemon of the cluster signed is refused, counted and written again.
    func check(key: ClusterSigningKey, shards: Int) throws(ClusterError) {
        let recordedKey = try recordedPublicKey(creatingWith: key.publicKey)
        guard recordedKey == key.publicKey else {
            throw ClusterError(
                "the cluster's records are signed with the key \(recordedKey), not this daemon's --cluster-key "
                    + "(public \(key.publicKey)): give every daemon of a cluster the same key")
        }
        let shardsPlace = ClusterRecordedSettings.shardsPlace
        let value = SignedRecord(signing: Array("\(shards)".utf8), place: shardsPlace, with: key).encoded()
        do {
            _ = try bucket.create(key: ClusterLayout.shardsKey, value: value)
            return
        } catch {
            guard error.isKeyExists else { throw ClusterError("cannot record the number of shards", cause: error) }
        }
        let entry: (value: [UInt8], revision: UInt64)?
        do {
            entry = try bucket.get(ClusterLayout.shardsKey)
        } catch {
            throw ClusterError("cannot read the number of shards", cause: error)
        }
        guard let entry else { return try check(key: key, shards: shards) }  // deleted meanwhile: record it again
        let recorded: Int
        do throws(RecordRefusal) {
            recorded = try ClusterRecordedSettings.shards(in: entry.value, key: key.publicKey)
        } catch {
            refused?.refuse(shardsPlace, reason: error.description)
            do {
                _ = try bucket.update(key: ClusterLayout.shardsKey, value: value, lastRevision: entry.revision)
            } catch {
                throw ClusterError("cannot record the number of shards again", cause: error)
            }
            return
        }
        guard recorded == shards else {
            throw ClusterError(
                "the cluster has \(recorded) shards, not the \(shards) of --shards: a stack's shard depends on the "
                    + "count, so every daemon must be given the same")
        }
    }

    /// The recorded public key; records `key` first when there is none.
    private func recordedPublicKey(creatingWith key: ClusterPublicKey) throws(ClusterError) -> ClusterPublicKey {
        do {
            _ = try bucket.create(key: ClusterRecordedSettings.publicKeyKey, value: Array(key.description.utf8))
            return key
        } catch {
            guard error.isKeyExists else { throw ClusterError("cannot record the cluster's public key", cause: error) }
        }
        return try ClusterRecordedSettings.publicKey(in: bucket)
    }
}
