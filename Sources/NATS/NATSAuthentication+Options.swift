import CNats

extension NATSAuthentication {
    /// Sets these credentials and TLS files on the C client's options; `tls://` URLs ask for TLS too.
    func apply(to options: OpaquePointer?, urls: [String], operation: String) throws(NATSError) {
        if let user, let password {
            try check(operation) { natsOptions_SetUserInfo(options, user, password) }
        }
        if let credentialsFile {
            try check(operation) { natsOptions_SetUserCredentialsFromFiles(options, credentialsFile, nil) }
        }
        if let nkeySeedFile {
            let publicKey = try NKeySeed.publicKey(ofSeedFile: nkeySeedFile, operation: operation)
            try check(operation) { natsOptions_SetNKeyFromSeed(options, publicKey, nkeySeedFile) }
        }
        if tls != nil || urls.contains(where: { $0.hasPrefix("tls://") }) {
            try check(operation) { natsOptions_SetSecure(options, true) }
        }
        guard let tls else { return }
        if let caFile = tls.caFile {
            try check("\(operation): load the CA certificates \(caFile)") {
                natsOptions_LoadCATrustedCertificates(options, caFile)
            }
        }
        if let certificate = tls.certificateFile, let key = tls.keyFile {
            try check("\(operation): load the certificate \(certificate) and key \(key)") {
                natsOptions_LoadCertificatesChain(options, certificate, key)
            }
        }
    }
}
