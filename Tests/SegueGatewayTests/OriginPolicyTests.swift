import Testing

@testable import SegueGateway
@testable import WebSockets

/// Whom the gateway serves, by Host, Origin and token: its own names only, so a rebound name is refused.
struct OriginPolicyTests {
    private func request(host: String, origin: String = "", token: String = "") -> WebSocketHandshake {
        WebSocketHandshake(origin: origin, host: host, token: token)
    }

    @Test func onLoopbackItsAddressAndLocalhostWithThePortAreItsOwn() {
        let policy = OriginPolicy(listenHost: "127.0.0.1", port: 7780, allowedHosts: [], token: nil)
        for own in ["127.0.0.1:7780", "localhost:7780", "LocalHost:7780", "[::1]:7780"] {
            #expect(policy.isOwn(host: own), "\(own)")
            #expect(policy.acceptsUpgrade(request(host: own, origin: "http://\(own)")), "\(own)")
        }
        for other in ["attacker.example:7780", "127.0.0.1", "127.0.0.1:7781", "localhost", "127.0.0.2:7780", ""] {
            #expect(!policy.isOwn(host: other), "\(other)")
            #expect(!policy.servesFiles(to: request(host: other)), "\(other)")
            #expect(!policy.acceptsUpgrade(request(host: other, origin: "http://\(other)")), "\(other)")
        }
    }

    @Test func theOriginMustBeTheHostOverHTTPOrHTTPS() {
        let policy = OriginPolicy(listenHost: "127.0.0.1", port: 7780, allowedHosts: [], token: nil)
        let host = "127.0.0.1:7780"
        #expect(policy.acceptsUpgrade(request(host: host, origin: "https://127.0.0.1:7780")))
        #expect(policy.acceptsUpgrade(request(host: host)))  // no Origin: not a browser
        #expect(!policy.acceptsUpgrade(request(host: host, origin: "http://attacker.example:7780")))
        // Another of the gateway's own names is as good: the page is the gateway's either way.
        #expect(policy.acceptsUpgrade(request(host: host, origin: "http://localhost:7780")))
        #expect(!policy.acceptsUpgrade(request(host: host, origin: "http://localhost:7781")))
        #expect(!policy.acceptsUpgrade(request(host: host, origin: "ws://127.0.0.1:7780")))
        #expect(!policy.acceptsUpgrade(request(host: host, origin: "null")))
    }

    @Test func onEveryAddressAnyAddressLiteralWithThePortIsItsOwnButNoName() {
        let policy = OriginPolicy(listenHost: "0.0.0.0", port: 8080, allowedHosts: [], token: "secret-token")
        #expect(policy.isOwn(host: "192.168.1.20:8080"))
        #expect(policy.isOwn(host: "[fe80::1]:8080"))
        #expect(!policy.isOwn(host: "192.168.1.20:8081"))
        #expect(!policy.isOwn(host: "gateway.example:8080"))
        #expect(!policy.isOwn(host: "localhost:8080"))
        // A browser leaves out port 80, so an address alone is its own there.
        let on80 = OriginPolicy(listenHost: "::", port: 80, allowedHosts: [], token: "secret-token")
        #expect(on80.isOwn(host: "10.0.0.5") && on80.isOwn(host: "[::1]") && on80.isOwn(host: "10.0.0.5:80"))
    }

    @Test func allowedNamesServeWithAnyPortOrTheirOwn() {
        let policy = OriginPolicy(
            listenHost: "127.0.0.1", port: 7780, allowedHosts: ["Segue.Example.test", "proxy.example.test:8443"],
            token: nil)
        #expect(policy.isOwn(host: "segue.example.test") && policy.isOwn(host: "segue.example.test:443"))
        #expect(policy.isOwn(host: "proxy.example.test:8443"))
        #expect(!policy.isOwn(host: "proxy.example.test") && !policy.isOwn(host: "proxy.example.test:443"))
        #expect(!policy.isOwn(host: "example.test") && !policy.isOwn(host: "evil.segue.example.test"))
        // A proxy that sends the gateway's own address as Host, and the browser's Origin, its public name.
        #expect(policy.acceptsUpgrade(request(host: "127.0.0.1:7780", origin: "https://segue.example.test")))
    }

    @Test func aTokenIsRequiredWhenSetAndStandsInForTheHost() {
        let policy = OriginPolicy(listenHost: "0.0.0.0", port: 7780, allowedHosts: [], token: "secret-token")
        let publicName = "public.example.test"
        #expect(
            policy.acceptsUpgrade(request(host: publicName, origin: "https://\(publicName)", token: "secret-token")))
        #expect(
            !policy.acceptsUpgrade(request(host: publicName, origin: "https://\(publicName)", token: "secret-tokeN")))
        #expect(!policy.acceptsUpgrade(request(host: "10.0.0.5:7780", origin: "http://10.0.0.5:7780")))
        #expect(
            !policy.acceptsUpgrade(request(host: publicName, origin: "https://attacker.example", token: "secret-token"))
        )
        // Files go to its own hosts only, token or not.
        #expect(!policy.servesFiles(to: request(host: publicName, token: "secret-token")))
        #expect(policy.servesFiles(to: request(host: "10.0.0.5:7780")))
    }
}
