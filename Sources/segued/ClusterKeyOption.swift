import SegueCluster
import SegueClusterClient
import SegueCommandLine

/// `--cluster-key FILE`: the cluster's signing key, which every daemon of a cluster must be given (docs/security.md,
/// "NATS"): it signs every record the daemon writes to NATS, and tells the records of the cluster's daemons from
/// anything else published there.
enum ClusterKeyOption {
    static let option = CommandSpec.Option(
        "cluster-key", "FILE",
        help: "with --cluster: the cluster's signing key (segue keygen --cluster), the same for all its daemons; it "
            + "signs every record this daemon writes to NATS")

    /// The key, required with `--cluster`; nil without it.
    static func key(from arguments: ParsedArguments, clustered: Bool) throws(UsageError) -> ClusterSigningKey? {
        guard let path = arguments.string("cluster-key") else {
            if clustered {
                throw UsageError(
                    "segued: --cluster needs --cluster-key FILE, the cluster's signing key (make one with "
                        + "`segue keygen --cluster --out cluster` and give every daemon of the cluster the same)")
            }
            return nil
        }
        guard clustered else { throw UsageError("segued: --cluster-key needs --cluster") }
        do {
            return try ClusterKeyFiles.signingKey(fromFile: path)
        } catch {
            throw UsageError("segued: --cluster-key: \(error)")
        }
    }
}
