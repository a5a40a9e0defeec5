import CNats

/// A JetStream key-value bucket (`kvStore`): the latest value of each key, with its revision (the sequence of the
/// write in the bucket's stream), optionally forgotten after a TTL.
///
/// Creates and updates are conditional, which makes a key a lease: the holder creates it, renews it with
/// ``update(key:value:lastRevision:)`` well within the TTL; if it stops, the key lapses and another's
/// ``create(key:value:)`` succeeds, after which the old holder's next update fails (``NATSError/isStaleRevision``).
///
/// Thread safety: the C client's key-value stores are thread-safe, hence `@unchecked Sendable`.
public final class KeyValueBucket: @unchecked Sendable {
    /// The bucket's name.
    public let name: String
    /// The `kvStore *`, valid until `deinit`.
    private let handle: OpaquePointer
    /// Keeps the connection alive; creates and updates are published through it.
    private let jetStream: JetStream

    deinit {
        kvStore_Destroy(handle)
    }

    /// The bucket's stream, as the C client names it.
    private static func streamName(_ bucket: String) -> String { "KV_\(bucket)" }

    /// A TTL in milliseconds, the unit the options that set it take (JetStream keeps nanoseconds): `after 1000 ms`,
    /// `never`.
    private static func shownTTL(_ nanoseconds: Int64) -> String {
        guard nanoseconds > 0 else { return "never" }
        let (milliseconds, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000)
        return "after \(rest == 0 ? "\(milliseconds)" : "\(Double(nanoseconds) / 1_000_000)") ms"
    }

    /// Opens bucket `bucket`, creating it (with `replicas` copies, each key forgotten `ttl` after its last write, or
    /// never when nil) if it does not exist.
    /// - Throws: ``NATSError`` with ``NATSError/isStreamMismatch`` when it exists with other replicas or TTL.
    public static func ensure(jetStream: JetStream, bucket: String, replicas: Int, ttl: Duration? = nil)
        throws(NATSError) -> KeyValueBucket
    {
        try KeyValueBucket(jetStream: jetStream, bucket: bucket, replicas: replicas, maxAge: ttl?.nanoseconds ?? 0)
    }

    /// Opens bucket `bucket`, which must exist (a client reading what daemons wrote).
    /// - Throws: ``NATSError`` with ``NATSError/isNotFound`` when it does not exist.
    public static func open(jetStream: JetStream, bucket: String) throws(NATSError) -> KeyValueBucket {
        let operation = "open key-value bucket \(bucket)"
        guard try jetStream.streamInfo(streamName(bucket)) != nil else {
            throw NATSError(
                NATS_NOT_FOUND, jetStreamCode: NATSError.streamNotFoundCode, operation: operation,
                text: "no bucket \(bucket)")
        }
        var store: OpaquePointer?
        try check(operation) { js_KeyValue(&store, jetStream.handle, bucket) }
        return KeyValueBucket(jetStream: jetStream, bucket: bucket, store: store!)
    }

    /// The same bucket, read and written through `jetStream` (on the same connection, waiting less for answers, say:
    /// a lease renewed well within its TTL, whose renewal sent to a server just lost is sent again before it lapses).
    public func reopened(on jetStream: JetStream) throws(NATSError) -> KeyValueBucket {
        var store: OpaquePointer?
        try check("open key-value bucket \(name)") { js_KeyValue(&store, self.jetStream.handle, name) }
        return KeyValueBucket(jetStream: jetStream, bucket: name, store: store!)
    }

    private init(jetStream: JetStream, bucket: String, store: OpaquePointer) {
        name = bucket
        handle = store
        self.jetStream = jetStream
    }

    private init(jetStream: JetStream, bucket: String, replicas: Int, maxAge: Int64) throws(NATSError) {
        let operation = "ensure key-value bucket \(bucket)"
        var store: OpaquePointer?
        if let existing = try jetStream.streamInfo(Self.streamName(bucket)) {
            guard existing.replicas == replicas, existing.maxAge == maxAge else {
                throw NATSError(
                    NATS_ERR, jetStreamCode: NATSError.streamNameInUseCode, operation: operation,
                    text: "bucket exists with \(existing.replicas) replicas and keys lapsing "
                        + "\(Self.shownTTL(existing.maxAge)), not \(replicas) and \(Self.shownTTL(maxAge))")
            }
            try check(operation) { js_KeyValue(&store, jetStream.handle, bucket) }
        } else {
            var config = kvConfig()
            kvConfig_Init(&config)
            config.History = 1
            config.TTL = maxAge
            config.Replicas = Int32(replicas)
            config.StorageType = js_FileStorage
            try check(operation) {
                bucket.withCString { cBucket in
                    config.Bucket = cBucket
                    return js_CreateKeyValue(&store, jetStream.handle, &config)
                }
            }
        }
        name = bucket
        handle = store!
        self.jetStream = jetStream
    }

    /// The key's value and revision, nil if it has none (never written, deleted, or lapsed).
    ///
    /// Read from the bucket's stream leader, so it reflects every write acknowledged before it.
    public func get(_ key: String) throws(NATSError) -> (value: [UInt8], revision: UInt64)? {
        guard let entry = try lastEntry(key), !entry.deleted else { return nil }
        return (entry.value, entry.revision)
    }

    /// Writes the key's first value: only if it has none now.
    /// - Returns: the new revision.
    /// - Throws: ``NATSError`` with ``NATSError/isKeyExists`` when the key holds a value.
    @discardableResult
    public func create(key: String, value: [UInt8]) throws(NATSError) -> UInt64 {
        do {
            return try write(key: key, value: value, lastRevision: 0)
        } catch  where error.isWrongLastSequence {
            // A deleted key still has its delete marker as last message: writing over that is a create too.
            guard let marker = try deletionMarkerRevision(key) else { throw error }
            return try write(key: key, value: value, lastRevision: marker)
        }
    }

    /// Writes a new value for the key: only if its revision is still `lastRevision`.
    /// - Returns: the new revision.
    /// - Throws: ``NATSError`` with ``NATSError/isStaleRevision`` when the key was written since, or has lapsed.
    @discardableResult
    public func update(key: String, value: [UInt8], lastRevision: UInt64) throws(NATSError) -> UInt64 {
        try write(key: key, value: value, lastRevision: lastRevision)
    }

    /// Deletes the key (it then reads as absent, and can be created again).
    public func delete(_ key: String) throws(NATSError) {
        try check("delete \(name).\(key)") { kvStore_Delete(handle, key) }
    }

    /// Deletes the key only if its revision is still `lastRevision`: a lease given up by its holder, never one
    /// another has taken since.
    /// - Throws: ``NATSError`` with ``NATSError/isStaleRevision`` when the key was written since, or has lapsed.
    public func delete(_ key: String, lastRevision: UInt64) throws(NATSError) {
        do {
            _ = try jetStream.publish(
                subject: subject(key), payload: [],
                headers: ["KV-Operation": "DEL", ExpectationHeader.lastSubjectSequence: String(lastRevision)],
                messageID: nil)
        } catch {
            throw error.with(operation: "delete at revision \(lastRevision) \(name).\(key)")
        }
    }

    /// Publishes the value to the key's subject, expecting the key's last revision to be `lastRevision` (0: none),
    /// through ``JetStream`` so that a refusal keeps its JetStream error code, which `kvStore_Create` and
    /// `kvStore_Update` drop.
    private func write(key: String, value: [UInt8], lastRevision: UInt64) throws(NATSError) -> UInt64 {
        do {
            return try jetStream.publish(
                subject: subject(key), payload: value,
                headers: [ExpectationHeader.lastSubjectSequence: String(lastRevision)], messageID: nil
            ).sequence
        } catch {
            let attempt = lastRevision == 0 ? "create" : "update from revision \(lastRevision) of"
            throw error.with(operation: "\(attempt) \(name).\(key)")
        }
    }

    /// The revision of the key's delete (or purge) marker, nil when its last message is a value or it has none.
    private func deletionMarkerRevision(_ key: String) throws(NATSError) -> UInt64? {
        guard let entry = try lastEntry(key), entry.deleted else { return nil }
        return entry.revision
    }

    /// The key's last message in the bucket's stream: a value, or a delete or purge marker. Nil when it has none.
    ///
    /// Asked of the stream leader (`js_GetLastMsg`), not of any replica as `kvStore_Get`'s direct get is, which
    /// can miss a write acknowledged a moment ago.
    private func lastEntry(_ key: String) throws(NATSError) -> (value: [UInt8], revision: UInt64, deleted: Bool)? {
        var message: OpaquePointer?
        defer { natsMsg_Destroy(message) }
        var code = jsErrCode(0)
        let status = js_GetLastMsg(&message, jetStream.handle, Self.streamName(name), subject(key), nil, &code)
        if status == NATS_NOT_FOUND { return nil }
        guard status == NATS_OK, let message else {
            throw NATSError.last(status, jetStreamCode: code, operation: "get \(name).\(key)")
        }
        var operation: UnsafePointer<CChar>?
        let deleted =
            natsMsgHeader_Get(message, "KV-Operation", &operation) == NATS_OK
            && operation.map { ["DEL", "PURGE"].contains(String(cString: $0)) } == true
        let length = Int(natsMsg_GetDataLength(message))
        let value = length == 0 ? [] : Array(UnsafeRawBufferPointer(start: natsMsg_GetData(message), count: length))
        return (value, natsMsg_GetSequence(message), deleted)
    }

    private func subject(_ key: String) -> String { "$KV.\(name).\(key)" }
}
