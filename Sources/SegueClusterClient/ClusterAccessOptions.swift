import NATS
import SegueCommandLine

/// The options that say how to reach a cluster's NATS servers, shared by `segued --cluster` and the `segue`
/// commands that take `--cluster` (docs/security.md, "NATS (cluster mode)"): the URLs, and a user and password,
/// a credentials file or an nkey seed file, and TLS. A password is only ever read from a file (or a URL), never
/// taken as an option's value, so that it appears in no process list.
public enum ClusterAccessOptions {
    /// The authentication and TLS options, beside a command's own `--cluster`; with `environment`, each falls back
    /// to its `SEGUE_NATS_*` variable (the `segue` commands, as `--cluster` falls back to `SEGUE_CLUSTER`).
    public static func options(environment: Bool) -> [CommandSpec.Option] {
        specs.map { spec in
            .init(
                spec.name, spec.value, help: spec.help,
                environment: environment ? "SEGUE_" + spec.name.uppercased().replacing("-", with: "_") : nil)
        }
    }

    /// The names of ``options(environment:)``.
    public static let names = specs.map(\.name)

    private static let specs: [(name: String, value: String, help: String)] = [
        (
            "nats-user", "NAME",
            "with --cluster: the NATS user (or NAME@ in the URLs); its password is read from "
                + "--nats-password-file"
        ),
        ("nats-password-file", "FILE", "with --nats-user: a file whose first line is the NATS user's password"),
        ("nats-creds", "FILE", "with --cluster: a NATS credentials file (user JWT and nkey seed, as nsc writes it)"),
        ("nats-nkey", "FILE", "with --cluster: a file holding the NATS user's nkey seed (SU...)"),
        ("nats-tls-ca", "FILE", "with --cluster: TLS to the NATS servers, trusting the CA certificates in FILE (PEM)"),
        ("nats-tls-cert", "FILE", "with --nats-tls-key: TLS with this client certificate chain (PEM)"),
        ("nats-tls-key", "FILE", "with --nats-tls-cert: the client certificate's private key (PEM)"),
    ]

    /// The cluster of `--cluster` (the option named `cluster`, or its variable) with its credentials, nil without
    /// it.
    /// - Throws: `UsageError` (`program: …`) for URLs that are not `nats://` or `tls://` ones, an option of these
    ///   without `--cluster`, a file that cannot be read, or options that do not go together. No message shows a
    ///   password or token.
    public static func access(from arguments: ParsedArguments, program: String) throws(UsageError) -> ClusterAccess? {
        guard let value = arguments.string("cluster") else {
            if let given = names.first(where: { !arguments.strings($0).isEmpty }) {
                throw UsageError("\(program): --\(given) needs --cluster")
            }
            return nil
        }
        guard var servers = ClusterLayout.servers(value) else {
            throw UsageError(
                "\(program): --cluster takes nats://HOST:PORT URLs separated by commas, not "
                    + "'\(NATSServerURL.redacted([value]))'")
        }
        let methods = ["nats-password-file", "nats-creds", "nats-nkey"].filter { arguments.string($0) != nil }
        guard methods.count <= 1 else {
            throw UsageError("\(program): --nats-user, --nats-creds and --nats-nkey are alternatives: give one")
        }
        let files = Files(arguments: arguments, program: program)
        var authentication = NATSAuthentication()
        if let passwordFile = arguments.string("nats-password-file") {
            // nats://NAME@HOST names the user whose password the file holds (without the file it is a token).
            let lone = servers.compactMap(NATSServerURL.loneUser(_:))
            let user = arguments.string("nats-user") ?? lone.first?.user
            guard let user else {
                throw UsageError(
                    "\(program): --nats-password-file needs the user, with --nats-user NAME or nats://NAME@HOST:PORT")
            }
            guard lone.allSatisfy({ $0.user == user }) else {
                throw UsageError("\(program): the URLs and --nats-user name different NATS users")
            }
            servers = servers.map { NATSServerURL.loneUser($0)?.url ?? $0 }
            authentication.user = user
            authentication.password = try files.firstLine("nats-password-file", passwordFile)
        } else if arguments.string("nats-user") != nil {
            throw UsageError(
                "\(program): --nats-user needs --nats-password-file FILE (a password is never taken on the command "
                    + "line)")
        }
        // What is left of the URLs' user information once NAME@ went to --nats-password-file is theirs.
        if !methods.isEmpty, servers.contains(where: { NATSServerURL.secret(of: $0) != nil }) {
            throw UsageError(
                "\(program): the URLs of --cluster hold credentials already; drop them or the --nats-* credentials")
        }
        if let path = arguments.string("nats-creds") {
            authentication.credentialsFile = try files.credentials(path)
        }
        if let path = arguments.string("nats-nkey") {
            authentication.nkeySeedFile = try files.nkeySeed(path)
        }
        authentication.tls = try tlsFiles(arguments, files: files, program: program)
        return ClusterAccess(servers: servers, authentication: authentication)
    }

    private static func tlsFiles(_ arguments: ParsedArguments, files: Files, program: String) throws(UsageError)
        -> NATSTLSFiles?
    {
        let ca = arguments.string("nats-tls-ca")
        let certificate = arguments.string("nats-tls-cert")
        let key = arguments.string("nats-tls-key")
        guard (certificate == nil) == (key == nil) else {
            throw UsageError("\(program): --nats-tls-cert and --nats-tls-key go together")
        }
        guard ca != nil || certificate != nil else { return nil }
        return NATSTLSFiles(
            caFile: try ca.map { (path) throws(UsageError) in try files.readable("nats-tls-ca", path) },
            certificateFile: try certificate.map { (path) throws(UsageError) in
                try files.readable("nats-tls-cert", path)
            },
            keyFile: try key.map { (path) throws(UsageError) in try files.readable("nats-tls-key", path) })
    }
}

/// The files the options name, checked now so that a wrong one is a usage error rather than a failure to connect.
private struct Files {
    let arguments: ParsedArguments
    let program: String

    /// `--name` or, when the value came from the environment, the variable's name.
    private func source(_ name: String) -> String {
        guard arguments.strings(name).isEmpty,
            let variable = arguments.spec.options.first(where: { $0.name == name })?.environment
        else { return "--\(name)" }
        return variable
    }

    /// The file's content, refused when it cannot be read.
    private func content(_ name: String, _ path: String) throws(UsageError) -> String {
        switch SmallTextFile.read(path) {
        case .success(let text): return text
        case .failure(let error): throw UsageError("\(program): \(source(name)) \(path): cannot read it: \(error)")
        }
    }

    /// `path` once it is known to be readable.
    func readable(_ name: String, _ path: String) throws(UsageError) -> String {
        _ = try content(name, path)
        return path
    }

    /// The first line of the file, without its line end: a password.
    func firstLine(_ name: String, _ path: String) throws(UsageError) -> String {
        let line = try content(name, path).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !password.isEmpty else {
            throw UsageError("\(program): \(source(name)) \(path): its first line is empty")
        }
        return password
    }

    /// `path` once it is known to hold a user JWT and a seed, as a `.creds` file does.
    func credentials(_ path: String) throws(UsageError) -> String {
        let text = try content("nats-creds", path)
        guard text.contains("BEGIN NATS USER JWT"), text.contains("BEGIN USER NKEY SEED") else {
            throw UsageError(
                "\(program): \(source("nats-creds")) \(path) is not a NATS credentials file (a user JWT and its "
                    + "nkey seed)")
        }
        return path
    }

    /// `path` once it is known to hold a user nkey seed.
    func nkeySeed(_ path: String) throws(UsageError) -> String {
        let text = try content("nats-nkey", path)
        let seeds = text.split(whereSeparator: \.isNewline).map { $0.filter { !$0.isWhitespace } }
        guard seeds.contains(where: { $0.hasPrefix("SU") && NKeySeed.publicKey(ofSeed: $0) != nil }) else {
            throw UsageError("\(program): \(source("nats-nkey")) \(path) holds no NATS user nkey seed (SU...)")
        }
        return path
    }
}
