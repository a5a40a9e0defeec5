import Foundation
import SegueClusterClient
import SegueSystem
import Testing

/// `segue keygen --cluster` and segued's `--cluster-key`, refused before anything connects.
@Suite struct ClusterKeyCommandLineTests {
    @Test func keygenWritesTheClustersKeyPair() throws {
        let scratch = try ScratchDirectory(prefix: "segue-cluster-keygen")
        let prefix = scratch.path + "/cluster"
        let made = try runSegue(["keygen", "--cluster", "--out", prefix])
        #expect(made.status == 0, "\(made)")
        let attributes = try FileManager.default.attributesOfItem(atPath: prefix + ".key")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let key = try ClusterKeyFiles.signingKey(fromFile: prefix + ".key")
        #expect(try ClusterKeyFiles.publicKey(prefix + ".pub") == key.publicKey)
        #expect(made.stdout.contains(key.publicKey.description))
        #expect(try runSegue(["keygen", "--cluster", "--out", prefix]).status == 1)
    }

    @Test func aKeyFileThatCannotBeReadKeepsTheFailureAsTheCause() {
        do throws(ClusterError) {
            _ = try ClusterKeyFiles.signingKey(fromFile: "/nonexistent/cluster.key")
            Issue.record("read a key file that does not exist")
        } catch {
            #expect(error.context == "cannot read /nonexistent/cluster.key")
            guard let cause = error.cause else {
                Issue.record("no cause: \(error)")
                return
            }
            #expect(error.description == "\(error.context): \(cause)")
        }
    }

    @Test func seguedInAClusterNeedsTheClustersSigningKey() throws {
        let scratch = try ScratchDirectory(prefix: "segue-cluster-key")
        let cluster = ["--cluster", "nats://127.0.0.1:1", "--shard", "0", "--shards", "1", "--data", scratch.path]
        let segued = try BuildProducts.executable("segued")
        let missing = try ChildProcess(segued, cluster).finish(timeoutMs: 20000)
        #expect(missing.status == 2 && missing.stderr.contains("--cluster needs --cluster-key"), "\(missing)")
        // A CURVE key is not a signing key, nor is the public half.
        #expect(try runSegue(["keygen", "--out", scratch.path + "/curve"]).status == 0)
        #expect(try runSegue(["keygen", "--cluster", "--out", scratch.path + "/cluster"]).status == 0)
        for file in ["curve.key", "cluster.pub"] {
            let wrong = try ChildProcess(segued, cluster + ["--cluster-key", scratch.path + "/" + file])
                .finish(timeoutMs: 20000)
            #expect(wrong.status == 2 && wrong.stderr.contains("is not a cluster signing key"), "\(wrong)")
        }
        let alone = try ChildProcess(segued, ["--cluster-key", scratch.path + "/cluster.key"]).finish(timeoutMs: 20000)
        #expect(alone.status == 2 && alone.stderr.contains("--cluster-key needs --cluster"), "\(alone)")
        // A client's --cluster-public-key: only with --cluster, and only a key.
        let lonely = try runSegue(["state", "a", "--cluster-public-key", scratch.path + "/cluster.pub"])
        #expect(lonely.status == 2 && lonely.stderr.contains("--cluster-public-key needs --cluster"), "\(lonely)")
        let notAKey = try runSegue(
            ["state", "a", "--cluster", "nats://127.0.0.1:1", "--cluster-public-key", scratch.path + "/curve.pub"])
        #expect(notAKey.status == 2 && notAKey.stderr.contains("64-digit hexadecimal public key"), "\(notAKey)")
    }
}
