import Testing

@testable import segue_bench

/// The redis workload speaks RESP over a plain socket: its requests must be what a server parses, and its reader
/// must take replies whole however the bytes are split across reads.
struct RESPTests {
    @Test func encodesACommandAsAnArrayOfBulkStrings() {
        #expect(RESPCommand.encode(["PING"]) == Array("*1\r\n$4\r\nPING\r\n".utf8))
        let entry = [UInt8](repeating: 0x0D, count: 3)
        let xadd = RESPCommand.encode([Array("XADD".utf8), Array("s".utf8), Array("*".utf8), Array("e".utf8), entry])
        #expect(xadd == Array("*5\r\n$4\r\nXADD\r\n$1\r\ns\r\n$1\r\n*\r\n$1\r\ne\r\n$3\r\n\r\r\r\r\n".utf8))
    }

    @Test func readsEachKindOfReply() throws {
        var reader = RESPReplyReader()
        reader.append(Array("+PONG\r\n-ERR no\r\n:42\r\n$5\r\nhe\r\no\r\n$-1\r\n*2\r\n:1\r\n$1\r\nx\r\n*-1\r\n".utf8))
        #expect(try reader.next() == .simple("PONG"))
        #expect(try reader.next() == .error("ERR no"))
        #expect(try reader.next() == .integer(42))
        #expect(try reader.next() == .bulk(Array("he\r\no".utf8)))
        #expect(try reader.next() == .bulk(nil))
        #expect(try reader.next() == .array([.integer(1), .bulk(Array("x".utf8))]))
        #expect(try reader.next() == .array(nil))
        #expect(try reader.next() == nil)
        #expect(reader.pendingBytes == 0)
    }

    @Test func waitsForTheRestOfAReplySplitAcrossReads() throws {
        let bytes = Array("$15\r\n1700000000000-0\r\n*2\r\n+a\r\n+b\r\n".utf8)
        for split in 1..<bytes.count {
            var reader = RESPReplyReader()
            var replies: [RESPReply] = []
            reader.append(bytes[..<split])
            while let reply = try reader.next() { replies.append(reply) }
            reader.append(bytes[split...])
            while let reply = try reader.next() { replies.append(reply) }
            #expect(replies == [.bulk(Array("1700000000000-0".utf8)), .array([.simple("a"), .simple("b")])])
        }
    }

    @Test func refusesBytesThatAreNotRESP() {
        var reader = RESPReplyReader()
        reader.append(Array("HTTP/1.1 400\r\n".utf8))
        #expect(throws: RESPProtocolError.self) { try reader.next() }
        var badLength = RESPReplyReader()
        badLength.append(Array("$x\r\n".utf8))
        #expect(throws: RESPProtocolError.self) { try badLength.next() }
    }
}
