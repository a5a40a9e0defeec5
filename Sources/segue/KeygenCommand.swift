import SegueClient
import SegueClusterClient
import SegueCommandLine
import SegueJSON
import ZMQ

#if canImport(Glibc)
    import Glibc
#endif

/// `segue keygen [--cluster] [--out PREFIX]`: makes a CURVE key pair for segued or for a client, or with
/// `--cluster` the signing key of a cluster's daemons.
enum KeygenCommand {
    static let subcommand = Subcommand(
        name: "keygen", brief: "make a CURVE key pair (PREFIX.key secret, PREFIX.pub public)", spec: spec, run: run)

    static let spec = CommandSpec(
        name: "segue keygen",
        summary: "Make a CURVE key pair, or with --cluster a cluster's signing key. With --out, the secret key goes "
            + "to PREFIX.key (mode 0600) and the public key to PREFIX.pub; without it both are printed.",
        options: [
            .init("out", "PREFIX", help: "write PREFIX.key and PREFIX.pub (never overwrites)"),
            .init(
                "cluster",
                help: "make a cluster's signing key instead (Ed25519, hexadecimal): segued --cluster-key PREFIX.key "
                    + "on every daemon of the cluster, PREFIX.pub for clients' --cluster-public-key"),
            .init("json", help: "print the keys (or the files written) as JSON"),
        ],
        examples: [
            "segue keygen --out server     # segued --curve-secret-key server.key",
            "segue keygen --out alice      # add alice.pub's line to segued's --authorized-keys file",
            "segue keygen --cluster --out cluster   # segued --cluster ... --cluster-key cluster.key",
        ])

    static func run(_ arguments: ParsedArguments) throws {
        let pair: (publicKey: String, secretKey: String)
        var files: (secret: String, public: String)?
        if arguments.flag("cluster") {
            let key = ClusterSigningKey.generate()
            pair = (key.publicKey.description, ClusterKeyFiles.seedText(key))
            files = (ClusterKeyFiles.secretText(key), ClusterKeyFiles.publicText(key))
        } else {
            do {
                pair = try Curve.generateKeyPair()
            } catch {
                throw CLIFailure(code: .unavailable, message: "cannot make a key pair: \(error)")
            }
        }
        let json = arguments.flag("json")
        guard let prefix = arguments.string("out") else {
            if json {
                var object = JSONObject()
                object.add("publicKey", pair.publicKey)
                object.add("secretKey", pair.secretKey)
                Console.line(object.description)
            } else {
                Console.line("public \(pair.publicKey)")
                Console.line("secret \(pair.secretKey)")
            }
            return
        }
        let secretPath = prefix + ".key"
        let publicPath = prefix + ".pub"
        try write(files?.secret ?? "\(pair.secretKey)\n# public \(pair.publicKey)\n", to: secretPath, mode: 0o600)
        do {
            try write(files?.public ?? "\(pair.publicKey)\n", to: publicPath, mode: 0o644)
        } catch {
            // Half a pair is worse than none: PREFIX.pub would not match the new PREFIX.key. This run created the
            // key file (exclusively), so removing it takes nothing that was there before.
            unlink(secretPath)
            throw error
        }
        if json {
            var object = JSONObject()
            object.add("publicKey", pair.publicKey)
            object.add("secretKeyFile", secretPath)
            object.add("publicKeyFile", publicPath)
            Console.line(object.description)
        } else {
            Console.line("wrote \(secretPath) (secret, keep it private) and \(publicPath) (public: \(pair.publicKey))")
        }
    }

    /// Creates `path` exclusively (an existing key is never overwritten) with `mode`, and writes `text`.
    private static func write(_ text: String, to path: String, mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw CLIFailure(
                code: .invalidArgument,
                message: "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        // The umask may have narrowed the mode; a secret key must be exactly 0600 and is never wider.
        fchmod(fd, mode)
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw CLIFailure(
                    code: .unavailable, message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        guard fsync(fd) == 0 else {
            throw CLIFailure(code: .unavailable, message: "cannot sync \(path): \(String(cString: strerror(errno)))")
        }
    }
}
