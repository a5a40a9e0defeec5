import CNats
import Synchronization

/// JetStream on a ``NATSConnection`` (`jsCtx`): streams, publishing with acknowledgments, reading back.
///
/// Thread safety: the C client's JetStream contexts are thread-safe, and ``publishBatch(subject:payloads:expectedLastSequence:)``
/// serializes batches itself, hence `@unchecked Sendable`.
public final class JetStream: @unchecked Sendable {
    /// The connection, kept alive as long as this context.
    public let connection: NATSConnection
    /// How long a JetStream API call or a publish waits for the server's answer.
    public let timeout: Duration
    /// The `jsCtx *` for synchronous calls.
    let handle: OpaquePointer
    /// The context for pipelined publishes, whose acknowledgments go to ``batchAcks``.
    let batchHandle: OpaquePointer
    /// Where the acknowledgments of the batch in flight are gathered; one batch at a time.
    let batchAcks: BatchAcknowledgments
    /// Held for the whole of a batch, so two batches never share ``batchAcks``.
    let batchTurn = Mutex(())

    /// Opens JetStream on `connection`.
    /// - Parameter timeout: how long API calls and publishes wait for an answer (a new stream leader can take a few
    ///   seconds to be elected after a server is lost).
    public init(connection: NATSConnection, timeout: Duration = .seconds(5)) throws(NATSError) {
        self.connection = connection
        self.timeout = timeout
        var options = jsOptions()
        jsOptions_Init(&options)
        options.Wait = timeout.roundedUpMilliseconds
        var context: OpaquePointer?
        try check("open JetStream") { natsConnection_JetStream(&context, connection.handle, &options) }
        let acks = BatchAcknowledgments()
        options.PublishAsync.AckHandler = BatchAcknowledgments.handler
        options.PublishAsync.AckHandlerClosure = Unmanaged.passUnretained(acks).toOpaque()
        var batchContext: OpaquePointer?
        let status = natsConnection_JetStream(&batchContext, connection.handle, &options)
        guard status == NATS_OK, let batchContext else {
            let error = NATSError.last(status, operation: "open JetStream")
            jsCtx_Destroy(context)
            throw error
        }
        handle = context!
        batchHandle = batchContext
        batchAcks = acks
    }

    deinit {
        jsCtx_Destroy(handle)
        jsCtx_Destroy(batchHandle)
    }

    /// Makes sure stream `name` exists as an append-only log, capturing `subjects` with `replicas` copies (file
    /// storage): it keeps every message (no limits, no rollups) and refuses deleting and purging them. Creates it if
    /// it does not exist, and leaves it as it is if it does with that configuration.
    /// - Throws: ``NATSError`` with ``NATSError/isStreamMismatch`` when it exists with other subjects, replicas or
    ///   limits (never changed silently: a stream with limits would drop messages of the log), or when the cluster
    ///   cannot place it.
    public func ensureStream(name: String, subjects: [String], replicas: Int) throws(NATSError) {
        let operation = "ensure stream \(name)"
        if let existing = try streamInfo(name) {
            guard existing.subjects.sorted() == subjects.sorted(), existing.replicas == replicas else {
                throw NATSError(
                    NATS_ERR, jetStreamCode: NATSError.streamNameInUseCode, operation: operation,
                    text: "stream exists with subjects \(existing.subjects) and \(existing.replicas) replicas, "
                        + "not \(subjects) and \(replicas)")
            }
            guard existing.isAppendOnlyLog else {
                throw NATSError(
                    NATS_ERR, jetStreamCode: NATSError.streamNameInUseCode, operation: operation,
                    text: "stream exists with limits, rollups, sealing or deletion allowed, so it may drop messages: "
                        + "it is not a log of record; remove it, or create it as segued does")
            }
            return
        }
        var config = jsStreamConfig()
        jsStreamConfig_Init(&config)
        config.Replicas = Int64(replicas)
        config.Storage = js_FileStorage
        config.DenyDelete = true
        config.DenyPurge = true
        var info: UnsafeMutablePointer<jsStreamInfo>?
        defer { jsStreamInfo_Destroy(info) }
        try checkJetStream(operation) { code in
            withCStrings(subjects) { pointers in
                name.withCString { cName in
                    config.Name = cName
                    config.Subjects = pointers.baseAddress
                    config.SubjectsLen = Int32(pointers.count)
                    return js_AddStream(&info, handle, &config, nil, code)
                }
            }
        }
    }

    /// The sequence of the oldest message stream `stream` keeps: 1, or 0 while it has none, unless earlier messages
    /// were removed.
    public func firstSequence(stream: String) throws(NATSError) -> UInt64 {
        try existingStream(stream, for: "first sequence").firstSequence
    }

    /// The sequence of the last message stored in stream `stream`, 0 when it has none yet.
    public func lastSequence(stream: String) throws(NATSError) -> UInt64 {
        try existingStream(stream, for: "last sequence").lastSequence
    }

    /// The name of the server that leads stream `stream`'s Raft group (every write goes through it), nil while it has
    /// none (an election going on) or when the servers do not run as a cluster.
    public func leader(stream: String) throws(NATSError) -> String? {
        try existingStream(stream, for: "leader").leader
    }

    /// The same JetStream, on the same connection, waiting at most `timeout` for each answer: a request that went to a
    /// leader just lost is then tried again soon after the next one is elected.
    public func answering(within timeout: Duration) throws(NATSError) -> JetStream {
        try JetStream(connection: connection, timeout: timeout)
    }

    /// The stream's summary; a stream that does not exist is a ``NATSError/isNotFound`` error for `operation`.
    private func existingStream(_ stream: String, for operation: String) throws(NATSError) -> StreamSummary {
        guard let info = try streamInfo(stream) else {
            throw NATSError(
                NATS_NOT_FOUND, jetStreamCode: NATSError.streamNotFoundCode, operation: "\(operation) of \(stream)",
                text: "no stream \(stream)")
        }
        return info
    }

    /// What ``ensureStream(name:subjects:replicas:)`` and ``lastSequence(stream:)`` read of a stream.
    struct StreamSummary {
        var subjects: [String]
        var replicas: Int
        var lastSequence: UInt64
        /// How long a message is kept, in nanoseconds; 0 for ever.
        var maxAge: Int64
        /// The sequence of the oldest message kept; past 1 when earlier ones were removed.
        var firstSequence: UInt64
        /// Whether it keeps every message for ever and refuses removing any (``ensureStream``'s configuration).
        var isAppendOnlyLog: Bool
        /// The server leading its Raft group, nil while there is none.
        var leader: String?
    }

    /// The stream's configuration and state, nil if there is no such stream.
    func streamInfo(_ name: String) throws(NATSError) -> StreamSummary? {
        var info: UnsafeMutablePointer<jsStreamInfo>?
        defer { jsStreamInfo_Destroy(info) }
        var code = jsErrCode(0)
        let status = js_GetStreamInfo(&info, handle, name, nil, &code)
        if status == NATS_NOT_FOUND || Int(code.rawValue) == NATSError.streamNotFoundCode { return nil }
        guard status == NATS_OK, let info, let config = info.pointee.Config else {
            throw NATSError.last(status, jetStreamCode: code, operation: "stream info \(name)")
        }
        let subjects = (0..<Int(config.pointee.SubjectsLen)).compactMap { index in
            config.pointee.Subjects[index].map { String(cString: $0) }
        }
        let limits = config.pointee
        let appendOnly =
            limits.MaxMsgs == -1 && limits.MaxBytes == -1 && limits.MaxAge == 0 && limits.MaxMsgsPerSubject == -1
            && limits.Retention == js_LimitsPolicy && !limits.AllowRollup && !limits.Sealed && limits.DenyDelete
            && limits.DenyPurge
        return StreamSummary(
            subjects: subjects, replicas: Int(config.pointee.Replicas), lastSequence: info.pointee.State.LastSeq,
            maxAge: config.pointee.MaxAge, firstSequence: info.pointee.State.FirstSeq, isAppendOnlyLog: appendOnly,
            leader: info.pointee.Cluster?.pointee.Leader.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 })
    }
}
