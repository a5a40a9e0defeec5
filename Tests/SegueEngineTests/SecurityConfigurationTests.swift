import SegueEngine
import Testing
import ZMQ

@Suite struct SecurityConfigurationTests {
    @Test func authorizedKeysAllowLabelsCommentsAndHashInKeys() throws {
        let first = try Curve.generateKeyPair().publicKey
        // Z85 uses '#' (never first in a 32-bit group), so a '#' inside a key must not start a comment.
        var hashed = try Curve.generateKeyPair().publicKey
        while !hashed.contains("#") { hashed = try Curve.generateKeyPair().publicKey }
        let text = "# the team\n\(first) alice\n\n   \(hashed)\tbob # laptop\n"
        let keys = try AuthorizedKeys(parsing: text, source: "keys")
        #expect(keys.keys.count == 2)
        #expect(keys.allows(try #require(Z85.decode(first))))
        #expect(keys.allows(try #require(Z85.decode(hashed))))
    }

    @Test func aLineThatIsNotAKeyIsNamed() {
        #expect(throws: EngineError.self) { try AuthorizedKeys(parsing: "ok\nnot-a-key\n", source: "keys") }
        do {
            _ = try AuthorizedKeys(parsing: "# fine\nnot-a-key\n", source: "allowed")
        } catch {
            #expect(error.description.contains("allowed line 2"))
        }
    }

    @Test func aSecretKeyFileIsNotAnAllowlist() throws {
        let pair = try Curve.generateKeyPair()
        // What `segue keygen --out NAME` writes to NAME.key.
        let secretFile = "\(pair.secretKey)\n# public \(pair.publicKey)\n"
        do {
            _ = try AuthorizedKeys(parsing: secretFile, source: "alice.key")
            Issue.record("a secret key file parsed as an allowlist")
        } catch {
            #expect(error.description.contains("alice.key line 1 is a secret key"), "\(error)")
        }
        // The public half alone, labelled the same way, is what an allowlist holds.
        let listed = try AuthorizedKeys(parsing: "\(pair.publicKey) alice\n# public \(pair.publicKey)\n", source: "ok")
        #expect(listed.keys.count == 1)
    }
}
