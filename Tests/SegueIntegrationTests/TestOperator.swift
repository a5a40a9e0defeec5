import Foundation
import NATS
import Testing

/// A NATS operator with one account (and the system account) and a user, as JWTs signed with nkeys (what `nsc`
/// makes): the configuration of a server in operator mode (`operator`, a memory resolver preloaded with the
/// accounts), and the user's `.creds` file for `--nats-creds`.
struct TestOperator {
    /// The server configuration's text.
    let configuration: String
    /// The text of the user's credentials file.
    let credentials: String

    init() throws {
        let operatorKeys = NKeySeed.generate(.operator)
        let account = NKeySeed.generate(.account)
        let user = NKeySeed.generate(.user)
        // JetStream needs a system account to start in operator mode.
        let system = NKeySeed.generate(.account)
        let operatorJWT = try Self.jwt(
            subject: operatorKeys.publicKey, issuer: operatorKeys, name: "segue-test",
            nats: ["type": "operator", "version": 2])
        let limits: [String: Any] = [
            "subs": -1, "data": -1, "payload": -1, "imports": -1, "exports": -1, "wildcards": true, "conn": -1,
            "leaf": -1, "mem_storage": -1, "disk_storage": -1, "streams": -1, "consumer": -1,
        ]
        let accountJWT = try Self.jwt(
            subject: account.publicKey, issuer: operatorKeys, name: "SEGUE",
            nats: ["type": "account", "version": 2, "limits": limits])
        let systemJWT = try Self.jwt(
            subject: system.publicKey, issuer: operatorKeys, name: "SYS", nats: ["type": "account", "version": 2])
        let userJWT = try Self.jwt(
            subject: user.publicKey, issuer: account, name: "segued",
            nats: [
                "type": "user", "version": 2, "pub": [String: Any](), "sub": [String: Any](), "subs": -1, "data": -1,
                "payload": -1,
            ])
        configuration = """
            operator: "\(operatorJWT)"
            system_account: \(system.publicKey)
            resolver: MEMORY
            resolver_preload: { \(account.publicKey): "\(accountJWT)", \(system.publicKey): "\(systemJWT)" }

            """
        credentials = """
            -----BEGIN NATS USER JWT-----
            \(userJWT)
            ------END NATS USER JWT------

            -----BEGIN USER NKEY SEED-----
            \(user.seed)
            ------END USER NKEY SEED------

            """
    }

    /// A JWT of `nats` claims about `subject`, signed by `issuer`.
    private static func jwt(
        subject: String, issuer: (seed: String, publicKey: String), name: String, nats: [String: Any]
    ) throws -> String {
        let header = ["typ": "JWT", "alg": "ed25519-nkey"]
        let claims: [String: Any] = [
            "jti": UUID().uuidString, "iat": Int(Date().timeIntervalSince1970), "iss": issuer.publicKey,
            "sub": subject, "name": name, "nats": nats,
        ]
        let body = try [header as [String: Any], claims].map {
            base64URL(try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]))
        }.joined(separator: ".")
        let signature = try #require(NKeySeed.sign(Array(body.utf8), seed: issuer.seed))
        return body + "." + base64URL(Data(signature))
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    }
}
