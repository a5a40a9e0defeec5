import Foundation
import SegueSystem
import SegueTestSupport

/// A CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl in a scratch directory.
final class TestCertificates {
    let directory: ScratchDirectory
    var ca: String { path("ca.pem") }
    var clientCertificate: String { path("client.pem") }
    var clientKey: String { path("client-key.pem") }
    var server: NATSCluster.TLSFiles {
        NATSCluster.TLSFiles(certificate: path("server.pem"), key: path("server-key.pem"), ca: ca)
    }

    /// - Throws: `HarnessError` when openssl is missing or fails.
    init() throws {
        directory = try ScratchDirectory(prefix: "segue-tls")
        try openssl([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Segue test CA",
            "-keyout", path("ca-key.pem"), "-out", ca,
        ])
        try sign("server", extensions: "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth")
        try sign("client", extensions: "extendedKeyUsage=clientAuth")
    }

    private func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

    /// Makes `NAME.pem` and `NAME-key.pem`, signed by the CA.
    private func sign(_ name: String, extensions: String) throws {
        let request = path("\(name).csr")
        let extensionsFile = path("\(name).ext")
        try extensions.write(toFile: extensionsFile, atomically: true, encoding: .utf8)
        try openssl([
            "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=\(name)", "-keyout", path("\(name)-key.pem"),
            "-out", request,
        ])
        try openssl([
            "x509", "-req", "-in", request, "-CA", ca, "-CAkey", path("ca-key.pem"), "-CAcreateserial", "-days", "2",
            "-extfile", extensionsFile, "-out", path("\(name).pem"),
        ])
    }

    /// The openssl executable, nil when there is none (the TLS test is then skipped).
    static let opensslExecutable = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private func openssl(_ arguments: [String]) throws {
        guard let executable = Self.opensslExecutable else { throw HarnessError("openssl not found") }
        let output = try ChildProcess(URL(fileURLWithPath: executable), arguments).finish(timeoutMs: 30000)
        guard output.status == 0 else { throw HarnessError("openssl \(arguments[0]) failed: \(output.stderr)") }
    }
}
