import Ed25519
import NATS
import SegueWire

/// What a cluster records of itself in its settings bucket, for every daemon and client to agree on: the public
/// key that verifies its records (`public-key`, hexadecimal), and the number of shards (`shards`, a decimal count
/// in a `SignedRecord`, since a stack's shard depends on it).
struct ClusterRecordedSettings {
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
        let value = SignedRecord(signing: Array("\(shards)".utf8), place: Self.shardsPlace, with: key).encoded()
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
            recorded = try Self.shards(in: entry.value, key: key.publicKey)
        } catch {
            refused?.refuse("\(ClusterLayout.settingsBucket)/\(ClusterLayout.shardsKey)", reason: error.description)
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
            _ = try bucket.create(key: Self.publicKeyKey, value: Array(key.description.utf8))
            return key
        } catch {
            guard error.isKeyExists else { throw ClusterError("cannot record the cluster's public key", cause: error) }
        }
        return try Self.publicKey(in: bucket)
    }

    /// The public key the cluster's daemons recorded, for a client not given one.
    /// - Throws: `ClusterError` when there is none (no daemon has started) or it is not a key.
    static func publicKey(in bucket: KeyValueBucket) throws(ClusterError) -> ClusterPublicKey {
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
    static func shards(in value: [UInt8], key: ClusterPublicKey) throws(RecordRefusal) -> Int {
        let record = try SignedRecord.verifiedRecord(value, place: shardsPlace, key: key)
        guard let count = Int(String(decoding: record, as: UTF8.self)), count > 0 else {
            throw RecordRefusal("a signed record that is not a number of shards")
        }
        return count
    }

    static let publicKeyKey = "public-key"
    private static let shardsPlace = "\(ClusterLayout.settingsBucket)/\(ClusterLayout.shardsKey)"
}
