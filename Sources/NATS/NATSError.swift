import CNats

/// A failure reported by the NATS C client or by a JetStream server: the `natsStatus`, the JetStream API error code
/// when the server gave one, and the text of `nats_GetLastError` read right after the failing call.
public struct NATSError: Error, Sendable, CustomStringConvertible {
    /// The `natsStatus` value (`NATS_TIMEOUT`, `NATS_NO_SERVER`, `NATS_ERR` for a JetStream refusal, …).
    public let status: UInt32
    /// The JetStream API error code (`jsErrCode`, such as 10071 for a wrong last sequence), when there was one.
    public let jetStreamCode: Int?
    /// What was attempted, such as `"publish segue.shard.1"`.
    public let operation: String
    /// The client's or the server's explanation.
    public let text: String

    /// Creates an error from its parts; `text` defaults to the client's description of `status`.
    init(_ status: natsStatus, jetStreamCode: Int? = nil, operation: String, text: String? = nil) {
        self.status = status.rawValue
        self.jetStreamCode = jetStreamCode
        self.operation = operation
        self.text = text ?? String(cString: natsStatus_GetText(status))
    }

    /// Reads `nats_GetLastError` now: call it right after the failing call, on the same thread.
    static func last(_ status: natsStatus, jetStreamCode: jsErrCode = jsErrCode(0), operation: String) -> NATSError {
        var lastStatus = NATS_OK
        let lastText = nats_GetLastError(&lastStatus).map { withoutSourceLocation(String(cString: $0)) }
        let code = Int(jetStreamCode.rawValue)
        return NATSError(
            status, jetStreamCode: code == 0 ? nil : code, operation: operation,
            text: lastText.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The same error, attributed to `operation`.
    func with(operation: String) -> NATSError {
        NATSError(natsStatus(rawValue: status), jetStreamCode: jetStreamCode, operation: operation, text: text)
    }

    /// The client's text without the `(js.c:535): ` it starts with, the place in its sources.
    private static func withoutSourceLocation(_ text: String) -> String {
        guard text.hasPrefix("("), let end = text.firstRange(of: "): ") else { return text }
        return String(text[end.upperBound...])
    }

    /// The client's name for ``status``, such as `"Timeout"`.
    public var statusText: String {
        String(cString: natsStatus_GetText(natsStatus(rawValue: status)))
    }

    /// `"operation: text (status, JetStream error N)"`.
    public var description: String {
        let code = jetStreamCode.map { ", JetStream error \($0)" } ?? ""
        let detail = text == statusText ? "" : ": \(text)"
        return "\(operation)\(detail) (\(statusText)\(code))"
    }
}

extension NATSError {
    /// JetStream's "wrong last sequence" (10071): a publish that expected another last sequence, the fence that keeps
    /// a stale writer out.
    public var isWrongLastSequence: Bool { jetStreamCode == Self.wrongLastSequenceCode }
    /// A key-value create refused because the key holds a value: the server reports it as a wrong last sequence
    /// (10071) for the key's subject.
    public var isKeyExists: Bool { isWrongLastSequence }
    /// A key-value update refused because the key's revision is no longer the one given (10071 as well).
    public var isStaleRevision: Bool { isWrongLastSequence }
    /// A stream exists with another configuration than the one asked for (10058, "stream name already in use").
    public var isStreamMismatch: Bool { jetStreamCode == Self.streamNameInUseCode }
    /// The stream (10059) or the key (`NATS_NOT_FOUND`) does not exist.
    public var isNotFound: Bool { jetStreamCode == Self.streamNotFoundCode || status == NATS_NOT_FOUND.rawValue }
    /// The call gave up waiting, for a server or for an acknowledgment.
    public var isTimeout: Bool { status == NATS_TIMEOUT.rawValue }
    /// No server could be reached (the first connection failed).
    public var isNoServer: Bool { status == NATS_NO_SERVER.rawValue }
    /// A failure that passes on its own: no answer in time, or JetStream unavailable while its servers elect a
    /// metadata leader (10008, "JetStream system temporarily unavailable").
    public var isPassing: Bool { isTimeout || jetStreamCode == Self.clusterUnavailableCode }

    static let wrongLastSequenceCode = Int(JSStreamWrongLastSequenceErr.rawValue)
    static let streamNameInUseCode = Int(JSStreamNameExistErr.rawValue)
    static let streamNotFoundCode = Int(JSStreamNotFoundErr.rawValue)
    static let clusterUnavailableCode = Int(JSClusterNotAvailErr.rawValue)
}

/// Runs a NATS C call and throws its failure as a ``NATSError`` (with `nats_GetLastError`'s text).
@inline(__always)
func check(_ operation: @autoclosure () -> String, _ call: () -> natsStatus) throws(NATSError) {
    let status = call()
    if status != NATS_OK { throw NATSError.last(status, operation: operation()) }
}

/// Runs a JetStream C call that also reports a `jsErrCode`, and throws both in a ``NATSError``.
@inline(__always)
func checkJetStream(
    _ operation: @autoclosure () -> String, _ call: (UnsafeMutablePointer<jsErrCode>) -> natsStatus
) throws(NATSError) {
    var code = jsErrCode(0)
    let status = call(&code)
    if status != NATS_OK { throw NATSError.last(status, jetStreamCode: code, operation: operation()) }
}
