import SegueWire

extension SignedRecord {
    /// `record` signed with the cluster's key for `place` (a subject, or `bucket/key`).
    package init(signing record: [UInt8], place: String, with key: ClusterSigningKey) {
        self.init(record: record, signature: key.sign(Self.signedBytes(record, place: place)))
    }

    /// What the signature covers: the place, a newline, the record.
    private static func signedBytes(_ record: [UInt8], place: String) -> [UInt8] {
        Array(place.utf8) + [UInt8(ascii: "\n")] + record
    }

    /// The record in `payload`, when it is a `SignedRecord` that `key` signed for `place`.
    /// - Throws: `RecordRefusal` saying why it is not.
    package static func verifiedRecord(_ payload: [UInt8], place: String, key: ClusterPublicKey) throws(RecordRefusal)
        -> [UInt8]
    {
        let signed: SignedRecord
        do {
            signed = try SignedRecord(decoding: payload)
        } catch {
            throw RecordRefusal("not a SignedRecord (\(payload.count) bytes): \(error)")
        }
        guard key.verifies(signed.signature, of: signedBytes(signed.record, place: place)) else {
            throw RecordRefusal("not signed with the cluster's key for \(place)")
        }
        return signed.record
    }

    /// The record in `payload` decoded as `Record`, when it is a `SignedRecord` that `key` signed for `place`.
    package static func verified<Record: ProtoMessage>(
        _ type: Record.Type, in payload: [UInt8], place: String, key: ClusterPublicKey
    ) throws(RecordRefusal) -> Record {
        let record = try verifiedRecord(payload, place: place, key: key)
        do {
            return try Record(decoding: record)
        } catch {
            throw RecordRefusal("a signed record that is not a \(Record.self): \(error)")
        }
    }
}

/// Why a record read from NATS is not taken: it does not decode, is not signed with the cluster's key, or does not
/// fit where it was found.
package struct RecordRefusal: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
