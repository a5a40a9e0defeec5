import Foundation
import SegueSystem
import Testing

/// The `--nats-*` options of `segued --cluster` and of the `segue` commands that take `--cluster`: what does not
/// go together, or names a file that cannot be read, is a usage error (exit 2) before any server is asked, and no
/// message shows a password. No NATS server is needed.
@Suite struct ClusterAccessOptionsTests {
    @Test func wrongCombinationsAndUnreadableFilesAreUsageErrors() throws {
        let scratch = try ScratchDirectory(prefix: "segue-nats-options")
        let notCredentials = scratch.url.appendingPathComponent("plain").path
        try "not a credentials file\n".write(toFile: notCredentials, atomically: true, encoding: .utf8)
        let missing = scratch.url.appendingPathComponent("missing").path
        let cluster = ["--cluster", "nats://127.0.0.1:1"]
        let daemon = ["--data", scratch.path, "--shard", "0", "--shards", "1"] + cluster
        let cases: [(program: String, arguments: [String], environment: [String: String], message: String)] = [
            (
                "segued", daemon + ["--nats-password-file", missing, "--nats-user", "a"], [:],
                "segued: --nats-password-file \(missing): cannot read it: No such file or directory"
            ),
            ("segued", daemon + ["--nats-user", "a"], [:], "--nats-user needs --nats-password-file FILE"),
            (
                "segued", daemon + ["--nats-tls-cert", notCredentials], [:],
                "--nats-tls-cert and --nats-tls-key go together"
            ),
            ("segued", ["--nats-creds", notCredentials], [:], "segued: --nats-creds needs --cluster"),
            ("segued", daemon + ["--nats-creds", notCredentials], [:], "is not a NATS credentials file"),
            ("segue", ["state", "s", "--nats-nkey", notCredentials] + cluster, [:], "holds no NATS user nkey seed"),
            (
                "segue", ["state", "s"] + cluster, ["SEGUE_NATS_TLS_CA": missing],
                "SEGUE_NATS_TLS_CA \(missing): cannot read it"
            ),
            (
                "segue", ["tail", "--nats-password-file", notCredentials] + cluster, [:],
                "--nats-password-file needs the user"
            ),
            (
                "segue",
                [
                    "state", "s", "--nats-user", "a", "--nats-password-file", notCredentials, "--nats-nkey",
                    notCredentials,
                ] + cluster, [:], "--nats-user, --nats-creds and --nats-nkey are alternatives"
            ),
        ]
        for (program, arguments, environment, message) in cases {
            let output = try ChildProcess(try BuildProducts.executable(program), arguments, environment: environment)
                .finish(timeoutMs: 20000)
            #expect(output.status == 2, "\(program) \(arguments): \(output)")
            #expect(output.stderr.contains(message), "\(program) \(arguments): \(output.stderr)")
        }
    }

    @Test func aPasswordInAURLIsNeverShown() throws {
        let output = try runSegue(["state", "s", "--cluster", "http://alice:hunter2@example:4222"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("'http://alice:***@example:4222'"), "\(output.stderr)")
        #expect(!output.stderr.contains("hunter2"))
        let both = try runSegue(["state", "s", "--cluster", "nats://alice:hunter2@127.0.0.1:1", "--nats-nkey", "/x"])
        #expect(both.status == 2 && both.stderr.contains("hold credentials already"), "\(both)")
        #expect(!both.stderr.contains("hunter2"))
    }

    @Test func theHelpShowsTheOptionsAndTheirVariables() throws {
        let segued = try ChildProcess(try BuildProducts.executable("segued"), ["--help"]).finish(timeoutMs: 20000)
        for option in ["--nats-user", "--nats-password-file", "--nats-creds", "--nats-nkey", "--nats-tls-ca"] {
            #expect(segued.stdout.contains(option), "\(option)")
        }
        let tail = try runSegue(["tail", "--help"])
        #expect(tail.stdout.contains("SEGUE_NATS_CREDS") && tail.stdout.contains("--nats-tls-key"), "\(tail.stdout)")
    }
}
