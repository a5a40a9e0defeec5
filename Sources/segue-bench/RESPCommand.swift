/// A command to a Redis server in RESP, the protocol's request form: an array of bulk strings, each length-prefixed,
/// so arguments may hold any bytes.
enum RESPCommand {
    /// `arguments` as one RESP request, e.g. `*1\r\n$4\r\nPING\r\n`.
    static func encode(_ arguments: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + arguments.reduce(0) { $0 + $1.count + 16 })
        bytes += Array("*\(arguments.count)\r\n".utf8)
        for argument in arguments {
            bytes += Array("$\(argument.count)\r\n".utf8)
            bytes += argument
            bytes += crlf
        }
        return bytes
    }

    /// `arguments` as UTF-8 text, one RESP request.
    static func encode(_ arguments: [String]) -> [UInt8] {
        encode(arguments.map { Array($0.utf8) })
    }

    private static let crlf: [UInt8] = [13, 10]
}
