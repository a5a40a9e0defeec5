import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a libzmq call that returns -1 on failure, retrying while it fails with `EINTR`.
///
/// `zmq_errno()` is read on the line right after the call so nothing in between can clobber it.
/// - Returns: the call's non-negative result.
@inline(__always)
func retryingInterrupts(
    _ operation: @autoclosure () -> String,
    endpoint: String? = nil,
    _ call: () -> Int32
) throws(ZMQError) -> Int32 {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = zmq_errno()
        if code == EINTR { continue }
        throw ZMQError(code, operation: operation(), endpoint: endpoint)
    }
}

/// Like ``retryingInterrupts(_:endpoint:_:)``, but `EAGAIN` is a value: it returns `nil` instead of throwing.
@inline(__always)
func retryingInterruptsUnlessWouldBlock(
    _ operation: @autoclosure () -> String,
    _ call: () -> Int32
) throws(ZMQError) -> Int32? {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = zmq_errno()
        if code == EINTR { continue }
        if code == EAGAIN { return nil }
        throw ZMQError(code, operation: operation())
    }
}
