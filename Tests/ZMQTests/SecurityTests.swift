import Testing
import ZMQ

@Suite("Z85 and CURVE")
struct SecurityTests {
    @Test("Z85 round trip, including the reference vector")
    func z85() {
        // The example from the Z85 specification (ZeroMQ RFC 32).
        let reference: [UInt8] = [0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B]
        #expect(Z85.encode(reference) == "HelloWorld")
        #expect(Z85.decode("HelloWorld") == reference)

        let all = (0..<256).map { UInt8($0) }
        let text = Z85.encode(all)
        #expect(text?.count == 320)
        #expect(text.flatMap(Z85.decode) == all)
        #expect(Z85.encode([]) == "")
        #expect(Z85.decode("") == [])
    }

    @Test("Z85 rejects bad lengths and characters")
    func z85Invalid() {
        #expect(Z85.encode([1, 2, 3]) == nil)
        #expect(Z85.decode("Hell") == nil)
        #expect(Z85.decode("Hell\"") == nil)
        #expect(Z85.decode("Hell\u{0}") == nil)
        #expect(Z85.decode("~~~~~") == nil)
    }

    @Test("curve key pairs are 40-character Z85 keys, and the public key derives from the secret")
    func keyPair() throws {
        try #require(Curve.isAvailable)
        let pair = try Curve.generateKeyPair()
        #expect(pair.publicKey.count == 40)
        #expect(pair.secretKey.count == 40)
        #expect(Z85.decode(pair.publicKey)?.count == 32)
        #expect(Z85.decode(pair.secretKey)?.count == 32)
        #expect(try Curve.publicKey(forSecretKey: pair.secretKey) == pair.publicKey)
        #expect(try Curve.generateKeyPair().secretKey != pair.secretKey)
        #expect(throws: ZMQError.invalidArgument) { try Curve.publicKey(forSecretKey: "short") }
    }

    @Test("CURVE options: a client with the server's key talks, one with a wrong key does not")
    func curveHandshake() throws {
        try #require(Curve.isAvailable)
        let server = try Curve.generateKeyPair()
        let client = try Curve.generateKeyPair()
        let context = try makeContext()

        let pull = try context.makeSocket(.pull)
        defer { pull.close() }
        try pull.setOption(.receiveTimeout, receiveTimeoutMs)
        try pull.setOption(.curveServer, true)
        try pull.setOption(.curveSecretKey, server.secretKey)
        try pull.setOption(.zapDomain, "segue")
        #expect(try pull.getOption(.curveServer))
        #expect(try pull.getOption(.mechanism) == 2)  // ZMQ_CURVE
        #expect(try pull.getOption(.curveSecretKey) == server.secretKey)
        try pull.bind("tcp://127.0.0.1:*")
        let endpoint = try pull.lastEndpoint

        let push = try context.makeSocket(.push)
        defer { push.close() }
        try push.setOption(.curveServerKeyBytes, try #require(Z85.decode(server.publicKey)))
        try push.setOption(.curvePublicKey, client.publicKey)
        try push.setOption(.curveSecretKey, client.secretKey)
        #expect(try push.getOption(.curveServerKey) == server.publicKey)
        #expect(try push.getOption(.curvePublicKeyBytes) == Z85.decode(client.publicKey))
        try push.connect(endpoint)
        try push.send([bytes("secret hello")])
        #expect(try pull.receive() == [bytes("secret hello")])

        let impostor = try context.makeSocket(.push)
        defer { impostor.close() }
        try impostor.setOption(.curveServerKey, client.publicKey)
        try impostor.setOption(.curvePublicKey, client.publicKey)
        try impostor.setOption(.curveSecretKey, client.secretKey)
        try impostor.connect(endpoint)
        try impostor.send([bytes("should not arrive")])
        try pull.setOption(.receiveTimeout, 200)
        #expect(try pull.receive() == nil)

        #expect(throws: ZMQError.invalidArgument) { try push.setOption(.curveSecretKey, "too short") }
    }
}
