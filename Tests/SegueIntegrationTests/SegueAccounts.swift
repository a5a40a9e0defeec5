import Foundation
import NATS
import SegueSystem
import SegueTestSupport
import Testing

/// The sample `accounts.conf` of docs/operations.md ("Authentication and permissions"), as written there, with a
/// password for each of its password users and an nkey for shard 1's daemons: what ``NATSCluster`` is started with
/// to run Segue under its confining permissions, and the files and options the daemons and commands are given.
final class SegueAccounts {
    /// The configuration file's text.
    let configuration: String
    /// nats-server's environment: the passwords and the public nkey the file names as `$NAME`.
    let serverEnvironment: [String: String]
    /// The files handed to the daemons and commands.
    let directory: ScratchDirectory
    let shard0Password: String
    let readerPassword: String
    let othersPassword: String
    /// The file holding shard 1's nkey seed.
    let shard1SeedFile: String

    static let shard0User = "segued-0"
    static let readerUser = "segue-reader"
    static let othersUser = "others"

    init() throws {
        configuration = try Self.documentedConfiguration()
        directory = try ScratchDirectory(prefix: "segue-accounts")
        shard0Password = Self.randomPassword()
        readerPassword = Self.randomPassword()
        othersPassword = Self.randomPassword()
        let nkey = NKeySeed.generate(.user)
        shard1SeedFile = directory.url.appendingPathComponent("shard-1.nk").path
        try (nkey.seed + "\n").write(toFile: shard1SeedFile, atomically: true, encoding: .utf8)
        serverEnvironment = [
            "SEGUED_0_PASSWORD": shard0Password, "SEGUED_1_NKEY": nkey.publicKey,
            "SEGUE_READER_PASSWORD": readerPassword, "OTHERS_PASSWORD": othersPassword,
        ]
        for (user, password) in [
            (Self.shard0User, shard0Password), (Self.readerUser, readerPassword), (Self.othersUser, othersPassword),
        ] {
            try (password + "\n").write(toFile: passwordFile(user), atomically: true, encoding: .utf8)
        }
    }

    /// Starts a 3-node cluster under this configuration.
    func startCluster() throws -> NATSCluster {
        try NATSCluster.start(configuration: configuration, environment: serverEnvironment)
    }

    /// The file holding `user`'s password.
    func passwordFile(_ user: String) -> String { directory.url.appendingPathComponent("\(user).password").path }

    /// The options of a daemon of `shard` (0 with its user and password file, 1 with its nkey seed).
    func daemonArguments(shard: Int) -> [String] {
        shard == 0
            ? ["--nats-user", Self.shard0User, "--nats-password-file", passwordFile(Self.shard0User)]
            : ["--nats-nkey", shard1SeedFile]
    }

    /// The variables that make `segue` commands use the reader user.
    var readerEnvironment: [String: String] {
        ["SEGUE_NATS_USER": Self.readerUser, "SEGUE_NATS_PASSWORD_FILE": passwordFile(Self.readerUser)]
    }

    /// What the NATS module is given to connect as shard 0's daemons (1: its nkey), the reader, or the other
    /// account's user.
    func authentication(shard: Int) -> NATSAuthentication {
        shard == 0
            ? NATSAuthentication(user: Self.shard0User, password: shard0Password)
            : NATSAuthentication(nkeySeedFile: shard1SeedFile)
    }
    var readerAuthentication: NATSAuthentication {
        NATSAuthentication(user: Self.readerUser, password: readerPassword)
    }
    var othersAuthentication: NATSAuthentication {
        NATSAuthentication(user: Self.othersUser, password: othersPassword)
    }

    /// The fenced block of docs/operations.md that starts with `# accounts.conf`.
    static func documentedConfiguration() throws -> String {
        let operations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/operations.md")
        let text = try String(contentsOf: operations, encoding: .utf8)
        let start = try #require(text.range(of: "```\n# accounts.conf"), "docs/operations.md has no accounts.conf")
        let end = try #require(text.range(of: "\n```\n", range: start.upperBound..<text.endIndex))
        return String(text[text.index(start.lowerBound, offsetBy: 4)..<end.lowerBound]) + "\n"
    }

    private static func randomPassword() -> String {
        "pw-" + (0..<16).map { _ in String("abcdefghijklmnopqrstuvwxyz0123456789".randomElement()!) }.joined()
    }
}
