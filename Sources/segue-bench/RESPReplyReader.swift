/// Replies read from a Redis connection whose bytes arrive in pieces of any size: bytes are appended as they come,
/// and each complete reply is taken out once all of it has arrived (a pipelined client reads many per read).
struct RESPReplyReader {
    private var buffer: [UInt8] = []
    /// Where the first reply not yet taken starts.
    private var start = 0

    /// Bytes received and not yet taken as replies.
    var pendingBytes: Int { buffer.count - start }

    /// Adds received bytes.
    mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        // Drop what was taken once it is most of the buffer, so it neither grows without bound nor moves every read.
        if start > 65_536 && start * 2 > buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete reply, or nil until more bytes arrive.
    /// - Throws: `RESPProtocolError` when the bytes are not RESP.
    mutating func next() throws(RESPProtocolError) -> RESPReply? {
        var index = start
        guard let reply = try parse(at: &index) else { return nil }
        start = index
        return reply
    }

    /// The reply starting at `index`, moving `index` past it; nil (and `index` unspecified) when it is incomplete.
    private func parse(at index: inout Int) throws(RESPProtocolError) -> RESPReply? {
        guard index < buffer.count else { return nil }
        let kind = buffer[index]
        guard let line = self.line(from: index + 1) else { return nil }
        let text = String(decoding: buffer[(index + 1)..<line.end], as: UTF8.self)
        index = line.next
        switch kind {
        case UInt8(ascii: "+"):
            return .simple(text)
        case UInt8(ascii: "-"):
            return .error(text)
        case UInt8(ascii: ":"):
            return .integer(try Self.number(text))
        case UInt8(ascii: "$"):
            let length = try Self.number(text)
            if length < 0 { return .bulk(nil) }
            let end = index + Int(length)
            guard end + 2 <= buffer.count else { return nil }
            guard buffer[end] == 13 && buffer[end + 1] == 10 else {
                throw RESPProtocolError(description: "a bulk string of \(length) bytes not followed by CRLF")
            }
            let bytes = Array(buffer[index..<end])
            index = end + 2
            return .bulk(bytes)
        case UInt8(ascii: "*"):
            let count = try Self.number(text)
            if count < 0 { return .array(nil) }
            var elements: [RESPReply] = []
            elements.reserveCapacity(Int(min(count, 1024)))
            for _ in 0..<count {
                guard let element = try parse(at: &index) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        default:
            throw RESPProtocolError(description: "a reply starting with byte \(kind), not one of + - : $ *")
        }
    }

    /// The line starting at `from`: where its CRLF starts and where the next line starts; nil until it is complete.
    private func line(from: Int) -> (end: Int, next: Int)? {
        var index = from
        while index + 1 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 { return (index, index + 2) }
            index += 1
        }
        return nil
    }

    private static func number(_ text: String) throws(RESPProtocolError) -> Int64 {
        guard let value = Int64(text) else { throw RESPProtocolError(description: "'\(text)' is not a RESP number") }
        return value
    }
}
