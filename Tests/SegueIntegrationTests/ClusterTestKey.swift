import Foundation
import SegueClusterClient
import SegueSystem

/// The signing key every test cluster's daemons are given: one per test process, in a file of its scratch directory.
final class ClusterTestKey: Sendable {
    static let shared = try! ClusterTestKey()

    let key: ClusterSigningKey
    /// The `--cluster-key` file.
    let file: String
    /// Kept for the process's life: the file lives in it.
    private let scratch: ScratchDirectory

    private init() throws {
        key = ClusterSigningKey.generate()
        scratch = try ScratchDirectory(prefix: "segue-cluster-key")
        file = scratch.path + "/cluster.key"
        try ClusterKeyFiles.secretText(key).write(toFile: file, atomically: false, encoding: .utf8)
    }
}
