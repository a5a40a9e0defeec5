import Foundation
import SegueClient
import SegueSystem
import SegueTestSupport
import SegueWire
import Testing

/// CURVE with a ZAP allowlist: only the listed keys get replies and publications; SIGHUP re-reads the list.
@Suite struct CurveTests {
    /// Key pairs made by `segue keygen` in a scratch directory: the server's, an authorized client's, a stranger's.
    final class Keys {
        let directory: ScratchDirectory
        let allowed: URL

        init() throws {
            directory = try ScratchDirectory(prefix: "segue-keys")
            allowed = directory.url.appendingPathComponent("authorized")
            for name in ["server", "alice", "bob"] {
                let output = try runSegue(["keygen", "--out", directory.url.appendingPathComponent(name).path])
                guard output.status == 0 else { throw HarnessError("keygen \(name): \(output)") }
            }
            let alice = try String(contentsOfFile: path("alice") + ".pub", encoding: .utf8)
            try "# who may connect\n\(alice.trimmingCharacters(in: .whitespacesAndNewlines)) alice\n"
                .write(to: allowed, atomically: true, encoding: .utf8)
        }

        func path(_ name: String) -> String {
            directory.url.appendingPathComponent(name).path
        }

        func client(_ name: String) -> [String] {
            ["--curve-server-key", path("server") + ".pub", "--curve-key-file", path(name) + ".key"]
        }

        func daemon() throws -> DaemonProcess {
            try DaemonProcess.start(extraArguments: [
                "--curve-secret-key", path("server") + ".key", "--authorized-keys", allowed.path,
            ])
        }
    }

    @Test func keygenWritesAPrivateSecretKeyAndNeverOverwrites() throws {
        let keys = try Keys()
        let attributes = try FileManager.default.attributesOfItem(atPath: keys.path("alice") + ".key")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let again = try runSegue(["keygen", "--out", keys.path("alice")])
        #expect(again.status == 1)
        #expect(again.stderr.contains("alice.key"))
        // A public key file alone in the way: nothing is written, not even the secret half.
        try Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: keys.path("carol") + ".pub"))
        let half = try runSegue(["keygen", "--out", keys.path("carol")])
        #expect(half.status == 1 && half.stderr.contains("carol.pub"), "\(half)")
        #expect(!FileManager.default.fileExists(atPath: keys.path("carol") + ".key"))
    }

    @Test func onlyAuthorizedKeysGetAnswers() throws {
        let keys = try Keys()
        let daemon = try keys.daemon()
        defer { daemon.kill() }
        let alice = try runSegue(
            ["create", "demo", "--screens", "Home,Detail"] + keys.client("alice"),
            daemon: daemon)
        #expect(alice.status == 0, "\(alice)")
        let bob = try runSegue(["stacks", "--timeout-ms", "700"] + keys.client("bob"), daemon: daemon)
        #expect(bob.status == 1)
        #expect(bob.stderr.contains("UNAVAILABLE"))
        #expect(bob.stderr.contains("hint: segued at \(daemon.endpoints.control) refused this client's key"), "\(bob)")
        let plain = try runSegue(["stacks", "--timeout-ms", "700"], daemon: daemon)
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("requires CURVE: pass --curve-server-key"), "\(plain)")
        // A client that trusts the wrong server key cannot be read by the daemon at all.
        let misled = try runSegue(
            [
                "stacks", "--timeout-ms", "700", "--curve-server-key", keys.path("bob") + ".pub", "--curve-key-file",
                keys.path("alice") + ".key",
            ], daemon: daemon)
        #expect(misled.status == 1)
        #expect(misled.stderr.contains("check that --curve-server-key is the daemon's public key"), "\(misled)")
        // The keys may come from the environment instead, as the endpoints do.
        let fromEnvironment = try runSegue(
            ["stacks"], daemon: daemon,
            environment: [
                "SEGUE_CURVE_SERVER_KEY": keys.path("server") + ".pub",
                "SEGUE_CURVE_KEY_FILE": keys.path("alice") + ".key",
            ])
        #expect(fromEnvironment.status == 0 && fromEnvironment.lines == ["demo"], "\(fromEnvironment)")
        let stats = try runSegue(["stats", "--json"] + keys.client("alice"), daemon: daemon)
        #expect(stats.stdout.contains("\"handshakesRefused\":"), "\(stats)")
        #expect(daemon.stderr.contains("handshake refused"))
        #expect(daemon.stop() == 0)
    }

    @Test func aStrangerReceivesNoPublications() throws {
        let keys = try Keys()
        let daemon = try keys.daemon()
        defer { daemon.kill() }
        let bob = try CurveClientKeys(serverKey: keys.path("server") + ".pub", keyFile: keys.path("bob") + ".key")
        let alice = try CurveClientKeys(serverKey: keys.path("server") + ".pub", keyFile: keys.path("alice") + ".key")
        let stranger = try Subscriber(endpoint: daemon.endpoints.events, prefixes: [""], curve: bob)
        let friend = try Subscriber(endpoint: daemon.endpoints.events, prefixes: [""], curve: alice)
        let producer = try Producer(endpoint: daemon.endpoints.ingest, curve: alice)
        // Publish until the authorized subscriber sees something: by then the stranger has had every chance.
        var seen = false
        for _ in 0..<100 where !seen {
            try producer.send(pan: PanEvent(stackId: "nowhere", gestureId: 1, phase: .panChanged))
            seen = try friend.next(timeoutMs: 50) != nil
        }
        #expect(seen)
        #expect(try stranger.next(timeoutMs: 300) == nil)
        #expect(daemon.stop() == 0)
    }

    @Test func sighupReloadsTheAllowlist() throws {
        let keys = try Keys()
        let daemon = try keys.daemon()
        defer { daemon.kill() }
        #expect(try runSegue(["stacks", "--timeout-ms", "700"] + keys.client("bob"), daemon: daemon).status == 1)
        let bob = try String(contentsOfFile: keys.path("bob") + ".pub", encoding: .utf8)
        let handle = try FileHandle(forWritingTo: keys.allowed)
        handle.seekToEndOfFile()
        handle.write(Data(bob.utf8))
        try handle.close()
        kill(daemon.pid, SIGHUP)
        // The reload is logged when it happens; wait for that line rather than for time.
        let deadline = Date().addingTimeInterval(10)
        while !daemon.stderr.contains("authorized keys reloaded") && Date() < deadline {
            _ = daemon.process.waitForExit(timeoutMs: 20)
        }
        #expect(daemon.stderr.contains("keys=2"))
        let after = try runSegue(["stacks"] + keys.client("bob"), daemon: daemon)
        #expect(after.status == 0, "\(after)")
        #expect(daemon.stop() == 0)
    }

    @Test func bindingBeyondLoopbackNeedsCurveOrInsecure() throws {
        let data = try ScratchDirectory(prefix: "segued-exposed")
        let child = try ChildProcess(
            try BuildProducts.executable("segued"),
            [
                "--data", data.url.path, "--ingest", "tcp://0.0.0.0:*", "--control", "tcp://127.0.0.1:*",
                "--events", "tcp://127.0.0.1:*",
            ])
        let output = try child.finish(timeoutMs: 10_000)
        #expect(output.status == 2)
        #expect(output.stderr.contains("--insecure"))
    }

    /// Runs segued on loopback ports with these key files, to its exit (a refusal: it never gets ready).
    private static func segued(secretKey: String, authorizedKeys: String) throws -> ProcessOutput {
        let data = try ScratchDirectory(prefix: "segued-curve-files")
        defer { withExtendedLifetime(data) {} }
        return try ChildProcess(
            try BuildProducts.executable("segued"),
            [
                "--data", data.url.path, "--ingest", "tcp://127.0.0.1:*", "--control", "tcp://127.0.0.1:*",
                "--events", "tcp://127.0.0.1:*", "--curve-secret-key", secretKey, "--authorized-keys", authorizedKeys,
            ]
        ).finish(timeoutMs: 10_000)
    }

    @Test(arguments: ["alice", "server"])
    func aSecretKeyFileGivenAsTheAllowlistIsRefused(_ owner: String) throws {
        let keys = try Keys()
        let output = try Self.segued(secretKey: keys.path("server") + ".key", authorizedKeys: keys.path(owner) + ".key")
        #expect(output.status == 2, "\(output)")
        #expect(
            output.stderr.contains(keys.path(owner) + ".key") && output.stderr.contains("secret key"),
            "\(output)")
        #expect(!output.stdout.contains("segued ready"))
    }

    @Test func aPublicKeyFileGivenAsTheSecretKeyIsRefused() throws {
        let keys = try Keys()
        let output = try Self.segued(secretKey: keys.path("server") + ".pub", authorizedKeys: keys.allowed.path)
        #expect(output.status == 2, "\(output)")
        #expect(
            output.stderr.contains(
                "--curve-secret-key \(keys.path("server")).pub holds a public key, not a secret key; "
                    + "the secret key is in \(keys.path("server")).key"),
            "\(output)")
        #expect(!output.stdout.contains("segued ready"))

        let client = try runSegue(
            ["stacks", "--control", "tcp://127.0.0.1:1", "--curve-server-key", keys.path("server") + ".pub"]
                + ["--curve-key-file", keys.path("alice") + ".pub"])
        #expect(client.status != 0, "\(client)")
        #expect(
            client.stderr.contains("--curve-key-file \(keys.path("alice")).pub holds a public key, not a secret key"),
            "\(client)")
    }
}
