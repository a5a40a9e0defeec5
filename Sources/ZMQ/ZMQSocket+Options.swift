import CZeroMQ

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ZMQSocket {
    // MARK: - Typed options

    /// Sets a typed option (`zmq_setsockopt`), e.g. `try socket.setOption(.linger, 0)`.
    /// - Throws: ``ZMQError/invalidArgument`` for an out-of-range or malformed value (e.g. a CURVE key that is not
    ///   40 Z85 characters) or an option this socket type does not take; ``ZMQError/terminated``;
    ///   ``ZMQError/notSocket``.
    public func setOption<Value>(_ option: SocketOption<Value>, _ value: Value) throws(ZMQError) {
        let operation = "setsockopt \(option.label)"
        let handle = try liveHandle(operation)
        let name = option.name
        switch option.encoding {
        case .int:
            guard let number = value as? Int, var raw = Int32(exactly: number) else {
                throw ZMQError(EINVAL, operation: "\(operation) \(value) (out of range)")
            }
            _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, &raw, MemoryLayout<Int32>.size) }
        case .int64:
            guard var raw = value as? Int64 else { throw ZMQError(EINVAL, operation: operation) }
            _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, &raw, MemoryLayout<Int64>.size) }
        case .bool:
            guard let flag = value as? Bool else { throw ZMQError(EINVAL, operation: operation) }
            var raw: Int32 = flag ? 1 : 0
            _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, &raw, MemoryLayout<Int32>.size) }
        case .bytes:
            guard let bytes = value as? [UInt8] else { throw ZMQError(EINVAL, operation: operation) }
            _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, bytes, bytes.count) }
        case .string:
            guard let text = value as? String else { throw ZMQError(EINVAL, operation: operation) }
            let bytes = Array(text.utf8)
            _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, bytes, bytes.count) }
        case .z85Key:
            guard let text = value as? String else { throw ZMQError(EINVAL, operation: operation) }
            let bytes = Array(text.utf8)
            guard bytes.count == 40 else {
                throw ZMQError(EINVAL, operation: "\(operation) (a Z85 key has 40 characters, not \(bytes.count))")
            }
            // libzmq decodes (and validates) a 40-byte value as Z85.
            _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, bytes, bytes.count) }
        }
    }

    /// Reads a typed option (`zmq_getsockopt`), e.g. `try socket.getOption(.receiveHighWaterMark)`.
    /// - Throws: ``ZMQError/invalidArgument`` for an option this socket type does not have; ``ZMQError/terminated``;
    ///   ``ZMQError/notSocket``.
    public func getOption<Value>(_ option: SocketOption<Value>) throws(ZMQError) -> Value {
        let operation = "getsockopt \(option.label)"
        let handle = try liveHandle(operation)
        let name = option.name
        let result: Any
        switch option.encoding {
        case .int:
            result = Int(try readInt32(handle, name, operation))
        case .int64:
            var raw: Int64 = 0
            var size = MemoryLayout<Int64>.size
            _ = try retryingInterrupts(operation) { zmq_getsockopt(handle, name, &raw, &size) }
            result = raw
        case .bool:
            result = try readInt32(handle, name, operation) != 0
        case .bytes(let maxSize):
            var buffer = [UInt8](repeating: 0, count: maxSize)
            var size = maxSize
            _ = try retryingInterrupts(operation) { zmq_getsockopt(handle, name, &buffer, &size) }
            result = Array(buffer.prefix(min(size, maxSize)))
        case .string:
            result = try readCString(handle, name, operation, capacity: 1024)
        case .z85Key:
            // A 41-byte buffer asks libzmq for the Z85 form plus its terminating NUL.
            result = try readCString(handle, name, operation, capacity: 41)
        }
        guard let value = result as? Value else { throw ZMQError(EINVAL, operation: operation) }
        return value
    }

    private func readInt32(
        _ handle: UnsafeMutableRawPointer,
        _ name: Int32,
        _ operation: String
    ) throws(ZMQError) -> Int32 {
        var raw: Int32 = 0
        var size = MemoryLayout<Int32>.size
        _ = try retryingInterrupts(operation) { zmq_getsockopt(handle, name, &raw, &size) }
        return raw
    }

    private func readCString(
        _ handle: UnsafeMutableRawPointer,
        _ name: Int32,
        _ operation: String,
        capacity: Int
    ) throws(ZMQError) -> String {
        var buffer = [UInt8](repeating: 0, count: capacity)
        var size = capacity
        _ = try retryingInterrupts(operation) { zmq_getsockopt(handle, name, &buffer, &size) }
        let filled = buffer.prefix(min(size, capacity))
        let text = filled.prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: - Untyped options

    /// Sets any C `int` option by number, for options without a typed ``SocketOption``.
    public func setOption(_ name: Int32, int value: Int32) throws(ZMQError) {
        let operation = "setsockopt option \(name)"
        let handle = try liveHandle(operation)
        var raw = value
        _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, &raw, MemoryLayout<Int32>.size) }
    }

    /// Sets any byte-string option by number, for options without a typed ``SocketOption``.
    public func setOption(_ name: Int32, bytes: [UInt8]) throws(ZMQError) {
        let operation = "setsockopt option \(name)"
        let handle = try liveHandle(operation)
        _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, bytes, bytes.count) }
    }

    /// Reads any C `int` option by number, for options without a typed ``SocketOption``.
    public func getOption(_ name: Int32) throws(ZMQError) -> Int32 {
        let operation = "getsockopt option \(name)"
        return try readInt32(try liveHandle(operation), name, operation)
    }

    // MARK: - Subscriptions

    /// Subscribes a SUB socket to messages whose first part starts with `prefix` (`ZMQ_SUBSCRIBE`); an empty
    /// prefix subscribes to everything. Subscriptions reach publishers asynchronously.
    /// - Throws: ``ZMQError/invalidArgument`` on a socket type other than SUB/XSUB.
    public func subscribe(_ prefix: [UInt8]) throws(ZMQError) {
        try setSubscription(ZMQ_SUBSCRIBE, "ZMQ_SUBSCRIBE", prefix)
    }

    /// Subscribes to messages whose first part starts with the UTF-8 bytes of `prefix` (`""` = everything).
    public func subscribe(_ prefix: String) throws(ZMQError) {
        try subscribe(Array(prefix.utf8))
    }

    /// Removes one earlier ``subscribe(_:)-([UInt8])`` of the same prefix (`ZMQ_UNSUBSCRIBE`).
    public func unsubscribe(_ prefix: [UInt8]) throws(ZMQError) {
        try setSubscription(ZMQ_UNSUBSCRIBE, "ZMQ_UNSUBSCRIBE", prefix)
    }

    /// Removes one earlier subscription to the UTF-8 bytes of `prefix`.
    public func unsubscribe(_ prefix: String) throws(ZMQError) {
        try unsubscribe(Array(prefix.utf8))
    }

    private func setSubscription(_ name: Int32, _ label: String, _ prefix: [UInt8]) throws(ZMQError) {
        let operation = "setsockopt \(label)"
        let handle = try liveHandle(operation)
        _ = try retryingInterrupts(operation) { zmq_setsockopt(handle, name, prefix, prefix.count) }
    }
}
