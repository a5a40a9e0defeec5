import Foundation
import NATS
import SegueClusterClient
import SegueSystem
import SegueTestSupport
import Testing

extension NATSClusterSuites {
    /// Cluster mode on NATS servers that authenticate their clients and confine them (the sample accounts.conf of
    /// docs/operations.md): daemons and commands connect with their credentials, serve and fail over under their
    /// permissions, are refused without them, and never print a secret.
    @Suite struct NATSAuthenticationTests {
        @Test func daemonsServeAndFailOverUnderConfinedPermissions() throws {
            let accounts = try SegueAccounts()
            let nats = try accounts.startCluster()
            let holder = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 2, node: "holder-0", extraArguments: accounts.daemonArguments(shard: 0)
            )
            let other = try ClusterDaemon(
                cluster: nats, shard: 1, shards: 2, node: "holder-1", extraArguments: accounts.daemonArguments(shard: 1)
            )
            // The standby names its user in the URLs, nats://segued-0@HOST:PORT, its password in a file.
            let userURLs = nats.urls.replacing("nats://", with: "nats://\(SegueAccounts.shard0User)@")
            let standby = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 2, node: "standby-0", urls: userURLs,
                extraArguments: ["--nats-password-file", accounts.passwordFile(SegueAccounts.shard0User)])
            _ = other
            var reader = accounts.readerEnvironment
            reader["SEGUE_CLUSTER"] = nats.urls
            let first = ClusterFailoverTests.stacks(of: 0, shards: 2, count: 1)[0]
            let second = ClusterFailoverTests.stacks(of: 1, shards: 2, count: 1)[0]
            let tail = try startSegue(["tail", "--from", "1", "--json"], environment: reader)
            defer { tail.stop() }

            for stack in [first, second] {
                let created = try runSegue(["create", stack, "--screens", "Home"], environment: reader)
                #expect(created.status == 0, "\(created.stderr)")
            }
            // The permissions let a holder answer on its presence subject, and the standby ask there.
            #expect(!holder.process.stderr.contains("no presence subject"), "\(holder.process.stderr)")
            holder.process.kill()
            try standby.awaitReady(timeoutMs: 15000)
            let pushed = try runSegue(["push", first, "Detail", "--immediate"], environment: reader)
            #expect(pushed.status == 0, "\(pushed.stderr)")

            #expect(try ClusterDaemon.positionsByShard(tail, count: 5) == [0: [1, 2, 3, 4], 1: [1]])

            // What no user of Segue's may do: another shard's subjects and lease, or any write for the reader.
            let shard0 = try NATSConnection(
                servers: [nats.urls], name: "segue-test", authentication: accounts.authentication(shard: 0))
            try expectRefused(on: shard0, publishing: ClusterLayout.eventsSubject(shard: 1))
            try expectRefused(on: shard0, creatingLease: ClusterLayout.leaseKey(shard: 1))
            let readOnly = try NATSConnection(
                servers: [nats.urls], name: "segue-test", authentication: accounts.readerAuthentication)
            try expectRefused(on: readOnly, publishing: ClusterLayout.eventsSubject(shard: 0))
            try expectRefused(on: readOnly, creatingLease: ClusterLayout.leaseKey(shard: 0))
            // Another account sees nothing of Segue's.
            #expect(throws: ClusterError.self) {
                try ClusterDirectory(
                    servers: [nats.urls], timeout: .seconds(1), authentication: accounts.othersAuthentication)
            }
            // Everything the daemons, the standby's takeover, the commands and tail did was within their permissions:
            // the servers log a refusal as `"CLIENT NAME" - Publish Violation - User …` (or Subscription), and only
            // this test's own attempts above were refused.
            let refusals = (0..<nats.count).flatMap { nats.log(node: $0).split(separator: "\n") }
                .filter { $0.contains(" Violation - User ") }
            #expect(refusals.contains { $0.contains("segue-test") })
            #expect(refusals.allSatisfy { $0.contains("segue-test") }, "\(refusals)")
        }

        @Test func clientsWithoutOrWithWrongCredentialsAreRefusedWithoutShowingThem() throws {
            let accounts = try SegueAccounts()
            let nats = try accounts.startCluster()
            let scratch = try ScratchDirectory(prefix: "segued-refused")
            let secret = "secret-\(UInt32.random(in: 0...UInt32.max))"
            let wrongURLs = nats.urls.replacing("nats://", with: "nats://\(SegueAccounts.shard0User):\(secret)@")

            let none = try ClusterDaemon.refusal(cluster: nats, shard: 0, shards: 1, data: scratch.path)
            #expect(none.status == 1)
            #expect(none.stderr.contains("the NATS servers refused the credentials"), "\(none.stderr)")
            let wrong = try ClusterDaemon.refusal(
                cluster: nats, shard: 0, shards: 1, data: scratch.path, urls: wrongURLs)
            #expect(wrong.status == 1)
            #expect(wrong.stderr.contains("the NATS servers refused the credentials"), "\(wrong.stderr)")
            #expect(wrong.stderr.contains("nats://segued-0:***@127.0.0.1:"), "\(wrong.stderr)")
            #expect(!(wrong.stdout + wrong.stderr).contains(secret), "\(wrong.stderr)")

            let stack = ClusterFailoverTests.stacks(of: 0, shards: 1, count: 1)[0]
            let anonymous = try runSegue(["state", stack, "--cluster", nats.urls])
            #expect(anonymous.status != 0 && anonymous.stderr.contains("refused the credentials"), "\(anonymous)")
            let readerURLs = nats.urls.replacing("nats://", with: "nats://\(SegueAccounts.readerUser):\(secret)@")
            let command = try runSegue(["state", stack, "--cluster", readerURLs])
            #expect(command.status != 0 && command.stderr.contains("refused the credentials"), "\(command)")
            #expect(!(command.stdout + command.stderr).contains(secret), "\(command)")
            let tail = try runSegue(["tail", "--cluster", readerURLs])
            #expect(tail.status != 0 && tail.stderr.contains("segue-reader:***@"), "\(tail)")
            #expect(!(tail.stdout + tail.stderr).contains(secret), "\(tail)")
        }

        @Test func aDaemonAndTheCommandLineConnectWithACredentialsFile() throws {
            let authority = try TestOperator()
            let nats = try NATSCluster.start(size: 1, configuration: authority.configuration)
            let scratch = try ScratchDirectory(prefix: "segue-creds")
            let creds = scratch.url.appendingPathComponent("segued.creds").path
            try authority.credentials.write(toFile: creds, atomically: true, encoding: .utf8)
            let daemon = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 1, node: "creds-0",
                extraArguments: ["--replicas", "1", "--nats-creds", creds])
            _ = daemon
            let created = try runSegue(
                ["create", "signed", "--screens", "Home", "--cluster", nats.urls],
                environment: ["SEGUE_NATS_CREDS": creds])
            // When the server refuses the command line's credentials, what it logged says why.
            #expect(created.status == 0, "\(created)\nnats-server: \(nats.logTail(node: 0))")
            let anonymous = try runSegue(["state", "signed", "--cluster", nats.urls])
            #expect(anonymous.status != 0 && anonymous.stderr.contains("refused the credentials"), "\(anonymous)")
        }

        @Test(.enabled(if: TestCertificates.opensslExecutable != nil, "openssl makes the certificates"))
        func aDaemonAndTheCommandLineConnectOverTLS() throws {
            let certificates = try TestCertificates()
            let nats = try NATSCluster.start(size: 1, tls: certificates.server)
            let tls = [
                "--nats-tls-ca", certificates.ca, "--nats-tls-cert", certificates.clientCertificate,
                "--nats-tls-key", certificates.clientKey,
            ]
            let daemon = try ClusterDaemon(
                cluster: nats, shard: 0, shards: 1, node: "tls-0", extraArguments: ["--replicas", "1"] + tls)
            _ = daemon
            let created = try runSegue(["create", "secure", "--screens", "Home", "--cluster", nats.urls] + tls)
            #expect(created.status == 0, "\(created)")
            let plain = try runSegue(["state", "secure", "--cluster", nats.urls, "--timeout-ms", "1000"])
            #expect(plain.status != 0, "\(plain)")
        }

        private func expectRefused(on connection: NATSConnection, publishing subject: String) throws {
            let error = #expect(throws: NATSError.self) {
                try connection.publish(subject: subject, payload: Array("forged".utf8))
            }
            #expect(error?.isPermissionViolation == true, "\(String(describing: error))")
        }

        /// A lease key written (created) through the bucket: JetStream never answers a publish the server refused,
        /// and the connection's last error names the refused subject.
        private func expectRefused(on connection: NATSConnection, creatingLease key: String) throws {
            let jetStream = try JetStream(connection: connection, timeout: .seconds(1))
            let leases = try KeyValueBucket.open(jetStream: jetStream, bucket: ClusterLayout.leaseBucket)
            #expect(throws: NATSError.self) { try leases.create(key: key, value: Array("forged".utf8)) }
            let refusal = try #require(connection.lastError)
            #expect(refusal.isPermissionViolation, "\(refusal)")
            #expect(refusal.text.contains("\"$KV.\(ClusterLayout.leaseBucket).\(key)\""), "\(refusal)")
        }
    }
}
