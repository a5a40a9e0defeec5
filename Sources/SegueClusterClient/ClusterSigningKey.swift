import Ed25519

/// The cluster's Ed25519 key pair. Every daemon of a cluster holds the secret key and signs each record it writes to
/// NATS with it (docs/security.md, "NATS"); whoever holds the public key, a daemon or a client, tells those records
/// from anything else published on Segue's subjects. Key files and `--cluster-public-key` write keys in hexadecimal.
public typealias ClusterSigningKey = Ed25519KeyPair

/// The cluster's public key: what verifies the records its daemons sign.
public typealias ClusterPublicKey = Ed25519PublicKey
