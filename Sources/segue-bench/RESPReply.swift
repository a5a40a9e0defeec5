/// A reply of a Redis server in RESP2, the form a server speaks to a client that did not ask for RESP3.
enum RESPReply: Equatable, Sendable {
    /// `+OK`
    case simple(String)
    /// `-ERR ...`: the command failed.
    case error(String)
    /// `:42`
    case integer(Int64)
    /// `$5\r\nhello`, nil for the null bulk string `$-1`.
    case bulk([UInt8]?)
    /// `*2\r\n...`, nil for the null array `*-1`.
    case array([RESPReply]?)
}

/// Bytes that are not RESP: the connection cannot be read further.
struct RESPProtocolError: Error, Sendable, CustomStringConvertible {
    let description: String
}
